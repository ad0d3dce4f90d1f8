// What other modules may use of the integrations: team administration revokes a leaving manager's keys.
export { revokeKeysCreatedBy } from './queries.ts';
