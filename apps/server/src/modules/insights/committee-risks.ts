import { sql, type SQL } from 'drizzle-orm';
import { ECONOMIC_BUYER_EXPECTED_STAGES, type RiskCommittee } from '@nexa/domain';
import { selectRows, type Db } from '../../db/client.ts';
import { iso } from '../../db/iso.ts';

/**
 * The committee behind the two committee risks (issue 36; the rules are lacksEconomicBuyer and
 * silentChampions in @nexa/domain's committee.ts): each deal's economic buyers and champions, and
 * its last N analysed calls whose speakers were recorded (call_speakers), with the contacts who
 * spoke in each. Two statements for a page of deals, each an index probe per deal.
 */

/**
 * The SQL twin of lacksEconomicBuyer for the risk list's candidates (riskCandidates): an open deal
 * (the caller's condition) past the early stages with no member holding economic_buyer.
 */
export const lacksEconomicBuyerSql = (alias = 'o'): SQL =>
  sql.raw(
    `(${alias}.stage IN (${ECONOMIC_BUYER_EXPECTED_STAGES.map((s) => `'${s}'`).join(', ')}) AND NOT EXISTS (
      SELECT 1 FROM deal_contacts dc WHERE dc.opportunity_id = ${alias}.id AND 'economic_buyer' = ANY (dc.roles)))`,
  );

const idList = (ids: readonly number[]) => ids.map((id) => Number(id)).join(',');

/** Each deal's committee as the risk rules read it (a deal with none: empty lists). */
export async function riskCommittees(
  db: Db,
  opportunityIds: readonly number[],
  lastCalls: number,
): Promise<Map<number, RiskCommittee>> {
  const committees = new Map<number, RiskCommittee>(
    opportunityIds.map((id) => [id, { economicBuyers: [], champions: [], calls: [] }]),
  );
  if (!opportunityIds.length) return committees;
  const n = Math.max(1, Math.min(50, Math.trunc(lastCalls)));
  const [members, calls] = await Promise.all([
    selectRows<{ opportunity_id: number; id: number; full_name: string; roles: string[] }>(
      db,
      sql`SELECT dc.opportunity_id, c.id, c.full_name, dc.roles
        FROM unnest(string_to_array(${idList(opportunityIds)}, ',')::int[]) AS d(id)
          JOIN deal_contacts dc ON dc.opportunity_id = d.id
          JOIN contacts c ON c.id = dc.contact_id
        WHERE dc.roles && ARRAY['economic_buyer', 'champion']::text[]
        ORDER BY dc.opportunity_id, c.id`,
    ),
    selectRows<{ opportunity_id: number; analysis_id: string; created_at: Date | string; contact_ids: number[] | null }>(
      db,
      sql`SELECT d.id AS opportunity_id, c.id AS analysis_id, c.created_at,
          (SELECT array_agg(cs.contact_id ORDER BY cs.contact_id) FROM call_speakers cs
            WHERE cs.call_analysis_id = c.id AND cs.contact_id IS NOT NULL) AS contact_ids
        FROM unnest(string_to_array(${idList(opportunityIds)}, ',')::int[]) AS d(id),
        LATERAL (SELECT ca.id, ca.created_at FROM call_analyses ca
          WHERE ca.opportunity_id = d.id AND EXISTS (SELECT 1 FROM call_speakers s WHERE s.call_analysis_id = ca.id)
          ORDER BY ca.created_at DESC, ca.id DESC LIMIT ${sql.raw(String(n))}) c`,
    ),
  ]);
  for (const m of members) {
    const committee = committees.get(Number(m.opportunity_id));
    if (!committee) continue;
    const ref = { id: Number(m.id), full_name: m.full_name };
    if (m.roles.includes('economic_buyer')) committee.economicBuyers.push(ref);
    if (m.roles.includes('champion')) committee.champions.push(ref);
  }
  for (const call of calls) {
    committees.get(Number(call.opportunity_id))?.calls.push({
      analysisId: call.analysis_id,
      createdAt: iso(call.created_at)!,
      contactIds: (call.contact_ids ?? []).map(Number),
    });
  }
  return committees;
}
