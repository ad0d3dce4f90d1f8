/**
 * Which database the API tests run against: NEXA_TEST_DB=postgres uses TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test); anything else uses PGlite.
 */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.NEXA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
