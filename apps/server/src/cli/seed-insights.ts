import { and, desc, eq, inArray } from 'drizzle-orm';
import { analyzeCallOffline, lineText, parseTranscript, type TranscriptLanguage } from '@nexa/domain';
import type { Db } from '../db/client.ts';
import { callAnalyses, opportunities } from '../db/schema.ts';

/**
 * What the demo's forecast and risk pages show: each representative commits some deals and calls
 * others best case, and a few deals went quiet or stalled, with analysed calls that name a rival,
 * skip the budget or hear a single voice — so every warning has evidence to cite.
 */

const DAY = 86_400_000;

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

export async function seedInsights(db: Db, ownerId: string, repName: string, index: number, now: Date): Promise<void> {
  const open = await db
    .select({ id: opportunities.id, stage: opportunities.stage })
    .from(opportunities)
    .where(and(eq(opportunities.owner_id, ownerId), eq(opportunities.outcome, 'open')))
    .orderBy(desc(opportunities.amount), opportunities.id);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  // The representative's calls: a Proposal deal committed now and then, an early one called best case.
  const commit = open.filter((o, i) => o.stage === 'Proposal' && i % 2 === 0).map((o) => o.id);
  const bestCase = open.filter((o, i) => o.stage === 'New' && i % 3 === 0).map((o) => o.id);
  if (commit.length) await db.update(opportunities).set({ forecast_category: 'commit' }).where(inArray(opportunities.id, commit));
  if (bestCase.length)
    await db.update(opportunities).set({ forecast_category: 'best_case' }).where(inArray(opportunities.id, bestCase));

  // The biggest deals carry the stories: quiet for weeks, stalled in a stage, or with a worrying call.
  for (const [k, deal] of open.slice(0, 3).entries()) {
    const call = CALLS[(index + k) % CALLS.length]!;
    const calledAt = ago(18 + 3 * k);
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
    await db
      .update(opportunities)
      .set({ last_activity_at: k === 1 ? ago(2) : calledAt, stage_changed_at: ago(k === 0 ? 48 : 12) })
      .where(eq(opportunities.id, deal.id));
  }
}
