import { startTestServer } from './test-app.ts';
import { it } from 'vitest';
it('probe', async () => {
  const server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
  const u = await server.createUser({ role: 'Sales Representative' });
  const rep = await server.signIn(u.email, u.password);
  const depth = 400_000;
  const nested = '['.repeat(depth) + ']'.repeat(depth);
  const flat = JSON.stringify({ rows: Array.from({ length: 100000 }, (_, i) => i % 10) });
  for (const [name, body, path] of [
    ['flat', flat, '/api/opportunities/import'],
    ['nested', nested, '/api/opportunities/import'],
    ['nested-obj', '{"a":'.repeat(150000) + '1' + '}'.repeat(150000), '/api/me'],
    [
      'nested-analysis',
      nested.slice(0, 0) + '{"companyName":' + '['.repeat(100000) + ']'.repeat(100000) + '}',
      '/api/analysis/company',
    ],
  ] as const) {
    const t0 = performance.now();
    const res = await fetch(server.url + path, {
      method: path === '/api/me' ? 'PATCH' : 'POST',
      headers: { 'content-type': 'application/json', cookie: rep.cookie, origin: 'http://localhost:3000' },
      body,
    });
    console.log(name, body.length, res.status, (await res.text()).slice(0, 100), Math.round(performance.now() - t0), 'ms');
  }
  await server.close();
}, 120000);
