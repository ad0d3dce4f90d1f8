import type { Access } from '../src/auth/access.ts';
import { SCRIPT_URL } from '../src/http/api-docs.ts';

/**
 * Who may call each /api route. Every route the server registers must be listed here with the
 * rule it declares, so a new route without a decision fails the access-matrix test.
 */
export const MANAGER = ['Sales Manager'] as const;
export const REP = ['Sales Representative'] as const;

export const ACCESS_RULES: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  [`GET ${SCRIPT_URL}`]: 'public',
  'GET /api/me': 'signed-in',
  'PATCH /api/me': 'signed-in',
  'GET /api/me/sessions': 'signed-in',
  'POST /api/me/sessions/revoke-others': 'signed-in',
  'GET /api/team-admin/people': MANAGER,
  'PATCH /api/team-admin/people/:id': MANAGER,
  'POST /api/team-admin/people/:id/reassign-deals': MANAGER,
  'POST /api/team-admin/people/:id/assign-waiting-deals': MANAGER,
  'GET /api/team-admin/invitations': MANAGER,
  'POST /api/team-admin/invitations': MANAGER,
  'POST /api/team-admin/invitations/:id/resend': MANAGER,
  'DELETE /api/team-admin/invitations/:id': MANAGER,
  'GET /api/team-admin/audit': MANAGER,
  'POST /api/invitations/preview': 'public',
  'POST /api/invitations/accept': 'public',
  'GET /api/leads/demo-slots': 'public',
  'POST /api/leads/demo-requests': 'public',
  'GET /api/leads/demo-requests/:id/invite.ics': 'public',
  'POST /api/leads/team-applications': 'public',
  'GET /api/leads': MANAGER,
  'GET /api/leads/export.csv': MANAGER,
  'GET /api/leads/team-applications/:id/resume': MANAGER,
  'POST /api/analysis/company': 'public',
  'GET /api/team': MANAGER,
  'GET /api/team/representatives': MANAGER,
  'GET /api/team/representatives/:id': MANAGER,
  'PUT /api/team/representatives/:id/quota': MANAGER,
  'GET /api/team/representatives/:id/account-manager-names': MANAGER,
  'PUT /api/team/representatives/:id/account-manager-names': MANAGER,
  'GET /api/team/representatives/:id/opportunities/:oppId': MANAGER,
  'GET /api/opportunities': [...REP, ...MANAGER],
  'GET /api/opportunities/facets': [...REP, ...MANAGER],
  'GET /api/opportunities/:id': [...REP, ...MANAGER],
  'GET /api/opportunities/:id/specification': [...REP, ...MANAGER],
  'POST /api/opportunities/sample': REP,
  'POST /api/opportunities/import': REP,
  'GET /api/pipeline': REP,
  'GET /api/companies': REP,
  'GET /api/jobs': 'signed-in',
  'GET /api/jobs/:id': 'signed-in',
  'POST /api/call-analyses': REP,
  'GET /api/opportunities/:id/call-analyses': [...REP, ...MANAGER],
  'GET /api/api-keys': MANAGER,
  'POST /api/api-keys': MANAGER,
  'DELETE /api/api-keys/:id': MANAGER,
  'POST /api/v1/call-insights': 'api-key',
  'POST /api/v1/transcripts': 'api-key',
  'GET /api/v1/jobs/:id': 'api-key',
};
