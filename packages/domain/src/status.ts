export const PIPELINE_STATUSES = ['On-going', 'Closed-Win', 'Closed-Lost'] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

const WON = new Set(['closed win', 'closed-win', 'closedwin', 'won']);
const LOST = new Set(['closed lost', 'closed-lost', 'closedlost', 'lost']);

/** Pipeline totals and filters: every status falls in one of three groups. */
export function normaliseStatus(status: string | null | undefined): PipelineStatus {
  const s = (status ?? '').trim().toLowerCase();
  if (WON.has(s)) return 'Closed-Win';
  if (LOST.has(s)) return 'Closed-Lost';
  return 'On-going';
}

/** Detail and list display: known words are tidied, anything else is shown as written. */
export function displayStatus(status: string | null | undefined): string {
  const raw = (status ?? '').trim();
  const s = raw.toLowerCase();
  if (!s) return 'Unknown';
  if (s === 'closed' || s === 'won' || s === 'closed win' || s === 'closed-win') return 'Closed-Win';
  if (s === 'lost' || s === 'closed lost' || s === 'closed-lost') return 'Closed-Lost';
  if (s === 'on-going' || s === 'ongoing') return 'On-going';
  return raw;
}

/**
 * The same grouping as normaliseStatus, as a SQL expression over a column, so the
 * database can store it in a generated column and index it.
 */
export function pipelineStatusSql(column: string): string {
  const list = (values: Set<string>) => [...values].map((v) => `'${v}'`).join(', ');
  return `CASE WHEN lower(btrim(coalesce(${column}, ''))) IN (${list(WON)}) THEN 'Closed-Win' WHEN lower(btrim(coalesce(${column}, ''))) IN (${list(LOST)}) THEN 'Closed-Lost' ELSE 'On-going' END`;
}
