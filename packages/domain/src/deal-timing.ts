import type { Outcome } from './pipeline-model.ts';

/**
 * Dates a seller must act on (issue 38): an open deal's next meeting that has passed, and its close
 * date before today (UTC) — the rules of the "next meeting passed" and "close date passed" risks
 * (deal-risk.ts), shown on board cards and list rows. A won or lost deal is never overdue.
 */
export interface Overdue {
  meeting: boolean;
  closing: boolean;
}

export function overdue(
  deal: { outcome: Outcome; next_meeting_date: string | null; closing_date: string | null },
  now = new Date(),
): Overdue {
  if (deal.outcome !== 'open') return { meeting: false, closing: false };
  const today = now.toISOString().slice(0, 10);
  return {
    meeting: deal.next_meeting_date !== null && new Date(deal.next_meeting_date).getTime() < now.getTime(),
    closing: deal.closing_date !== null && deal.closing_date.slice(0, 10) < today,
  };
}
