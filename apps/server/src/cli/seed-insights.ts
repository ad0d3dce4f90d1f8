import { and, desc, eq, sql } from 'drizzle-orm';
import { analyzeCallOffline, lineText, parseTranscript, type ForecastCategory, type TranscriptLanguage } from '@nexa/domain';
import type { Db } from '../db/client.ts';
import { callAnalyses, opportunities } from '../db/schema.ts';

/**
 * What the demo's forecast and risk pages show: each representative commits some deals and calls
 * others best case (recorded in the deals' history), and the biggest deals have analysed calls that
 * name a rival, skip the budget or hear a single voice — so the call-based warnings have lines to cite.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const CALLS: Array<{ language: TranscriptLanguage; text: (rep: string) => string }> = [
  {
    // A rival named, no budget, no decision maker, one prospect voice.
    language: 'en',
    text: (rep) => `${rep}: Thanks for making time today, Dana.
Dana Lee: Sure. We are also evaluating Gong, so I want to compare before we go further.
${rep}: Of course. We integrate natively with Salesforce and support SSO with Okta.
Dana Lee: Do you support SAML and audit logs?
${rep}: Yes, both, and your data can stay in the EU region.
Dana Lee: Good. Send me the security documentation.`,
  },
  {
    // A well-qualified call: budget, decision maker, two voices, a next step.
    language: 'en',
    text: (rep) => `${rep}: Good morning Priya, good morning Tom.
Priya Nair: Morning. Our budget for this is around 60k for the first year.
Tom Becker: And our CFO signs off on anything above 50k, so she will join the next call.
${rep}: Perfect. I will send the proposal and we can review it together next Tuesday.
Priya Nair: Works for us, we want to go live by the end of the quarter.`,
  },
  {
    // French: a competitor mentioned and no budget.
    language: 'fr',
    text: (rep) => `${rep}: Bonjour Claire, merci pour votre temps.
Claire Dubois: Nous regardons aussi un concurrent, Clari, pour la même chose.
${rep}: Je comprends. Notre plateforme s'intègre avec votre CRM et gère le SSO.
Claire Dubois: Est-ce que vous hébergez les données en France ?
${rep}: Oui, chez un hébergeur certifié, avec chiffrement au repos.`,
  },
];

/** A person's forecast call on these deals, recorded as their change a minute after the deal's last activity. */
async function setCategory(db: Db, ids: number[], category: ForecastCategory, now: Date) {
  if (!ids.length) return;
  await db.execute(sql`WITH called AS (
      UPDATE opportunities SET forecast_category = ${category}, version = version + 1,
        last_activity_at = last_activity_at + interval '1 minute',
        field_sources = field_sources || jsonb_build_object('forecast_category', 'person')
      WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) AND last_activity_at < ${new Date(now.getTime() - HOUR)}
      RETURNING id, owner_id, last_activity_at)
    INSERT INTO opportunity_changes (opportunity_id, at, source, actor_id, field, before, after)
    SELECT id, last_activity_at, 'person', owner_id, 'forecast_category', 'null'::jsonb, to_jsonb(${category}::text) FROM called`);
}

export async function seedInsights(db: Db, ownerId: string, repName: string, index: number, now: Date): Promise<void> {
  const open = await db
    .select({ id: opportunities.id, stage: opportunities.stage, lastActivity: opportunities.last_activity_at })
    .from(opportunities)
    .where(and(eq(opportunities.owner_id, ownerId), eq(opportunities.outcome, 'open')))
    .orderBy(desc(opportunities.amount), opportunities.id);

  // The biggest deals carry the stories: a call before their last activity that names a rival,
  // skips the budget or hears one voice (the history already says how long they have been quiet).
  for (const [k, deal] of open.slice(0, 3).entries()) {
    const call = CALLS[(index + k) % CALLS.length]!;
    const calledAt = new Date(deal.lastActivity.getTime() - DAY);
    const lines = parseTranscript(call.text(repName));
    await db.insert(callAnalyses).values({
      opportunity_id: deal.id,
      provider: 'offline',
      language: call.language,
      transcript_name: `call-${k + 1}.txt`,
      transcript_lines: lines.map(lineText),
      result: analyzeCallOffline(lines, { language: call.language, referenceDate: calledAt, sellerName: repName }),
      created_at: calledAt,
    });
  }

  // The representative's calls: a Proposal deal committed now and then, an early one called best case.
  await setCategory(
    db,
    open.filter((o, i) => (o.stage === 'Proposal' || o.stage === 'Qualified') && i % 2 === 0).map((o) => o.id),
    'commit',
    now,
  );
  await setCategory(
    db,
    open.filter((o, i) => o.stage === 'New' && i % 3 === 0).map((o) => o.id),
    'best_case',
    now,
  );
}
