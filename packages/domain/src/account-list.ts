/**
 * The account list's orders (GET /api/accounts `sort`; its schema's default is `name`). A file of its
 * own, without zod or the account rules' tables: the web app's route loader, fetched by every
 * signed-in page, checks a URL's sort against it, and the schema in schemas/accounts.ts takes it.
 */
export const ACCOUNT_SORTS = ['name', '-name', 'created_at', '-created_at'] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];
