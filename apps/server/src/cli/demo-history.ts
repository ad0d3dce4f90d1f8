import { OUTCOME_OF_STAGE, seededRandom, type Stage } from '@nexa/domain';
import type { opportunities, opportunityChanges } from '../db/schema.ts';

type NewOpportunity = typeof opportunities.$inferInsert;
type NewChange = Omit<typeof opportunityChanges.$inferInsert, 'opportunity_id'>;

const OPEN_PATH: readonly Stage[] = ['New', 'Qualified', 'Proposal', 'Negotiation'];
const HOUR = 3_600_000;

/**
 * A believable history for a demo deal: it arrived by import when it was recorded, its call was
 * analysed a few days later, and its representative moved it stage by stage up to where it stands
 * (a closed deal on its close date). The row is given the matching stage_changed_at,
 * last_activity_at and field sources, so the history and the row tell the same story.
 */
export function demoHistory(row: NewOpportunity, ownerId: string, seed: number, now: Date): NewChange[] {
  const random = seededRandom(seed);
  const recorded = new Date(row.record_date ?? now).getTime();
  const stage = row.stage;
  const closed = OUTCOME_OF_STAGE[stage] !== 'open';
  // Where the story ends: the close date for a closed deal, else a little before now.
  const end = closed && row.closing_date ? Date.parse(`${row.closing_date}T16:00:00Z`) : now.getTime() - random.int(2, 72) * HOUR;
  const span = Math.max(end - recorded, 6 * HOUR);
  const at = (share: number) => new Date(Math.min(recorded + span * share, now.getTime()));

  const path = closed ? [...OPEN_PATH.slice(0, random.int(2, 4)), stage] : OPEN_PATH.slice(0, OPEN_PATH.indexOf(stage) + 1);
  const person = { source: 'person' as const, actor_id: ownerId };
  const changes: NewChange[] = [
    {
      at: new Date(recorded),
      source: 'import',
      actor_id: ownerId,
      field: 'created',
      before: null,
      after: { product: row.product ?? null, client_company_name: row.client_company_name ?? null, amount: row.amount ?? null },
    },
  ];
  const analysed = at(0.15);
  for (const field of ['technical_scoring', 'commercial_scoring'] as const) {
    if (row[field] !== null && row[field] !== undefined) {
      changes.push({ at: analysed, source: 'analysis', actor_id: ownerId, field, before: null, after: row[field] });
    }
  }
  const moves = path.length - 1;
  for (let i = 1; i <= moves; i++) {
    const when = i === moves && closed ? new Date(Math.min(end, now.getTime())) : at(0.2 + (0.8 * i) / (moves + 1));
    changes.push({ at: when, ...person, field: 'stage', before: path[i - 1], after: path[i] });
    if (i === moves && closed)
      changes.push({ at: when, ...person, field: 'closing_date', before: null, after: row.closing_date });
  }
  const stageChanges = changes.filter((c) => c.field === 'stage');
  row.stage_changed_at = stageChanges.length ? stageChanges[stageChanges.length - 1]!.at! : new Date(recorded);
  row.last_activity_at = changes.reduce((latest, c) => (c.at! > latest ? c.at! : latest), new Date(recorded));
  row.field_sources = {
    technical_scoring: 'analysis',
    commercial_scoring: 'analysis',
    ...(moves ? { stage: 'person', status: 'person' } : {}),
    ...(closed ? { closing_date: 'person' } : {}),
  };
  return changes;
}
