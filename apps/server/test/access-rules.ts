import type { Access } from '../src/auth/access.ts';

/**
 * Who may call each /api route. Every route the server registers must be listed here with the
 * rule it declares, so a new route without a decision fails the access-matrix test.
 */
export const MANAGER = ['Sales Manager'] as const;
export const REP = ['Sales Representative'] as const;

export const ACCESS_RULES: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/me': 'signed-in',
  'PATCH /api/me': 'signed-in',
  'GET /api/opportunities': [...REP, ...MANAGER],
  'GET /api/opportunities/facets': [...REP, ...MANAGER],
  'GET /api/opportunities/:id': [...REP, ...MANAGER],
  'GET /api/opportunities/:id/specification': [...REP, ...MANAGER],
  'POST /api/opportunities/sample': REP,
  'POST /api/opportunities/import': REP,
  'GET /api/pipeline': REP,
  'GET /api/companies': REP,
};
