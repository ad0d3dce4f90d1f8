import fs from 'node:fs';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_QUARTERLY_QUOTA,
  DEFAULT_RISK_THRESHOLDS,
  DEFAULT_STAGE_PROBABILITIES,
  FORECAST_FIGURES,
  STAGES,
  cycleDays,
  forecastFigures,
  forecastGroup,
  forecastGroupSql,
  lastWeeks,
  quarterFor,
  resolvePipeline,
  weekStart,
  weightedAmount,
  winRateFromCounts,
  withStage,
  type ForecastCategory,
  type InsightSettings,
  type Stage,
} from '@nexa/domain';
import { DEFAULT_CALL_DUE_DAY } from '@nexa/domain/forecast-call';
import { callAnalyses, contacts, dealContacts, opportunities, opportunityChanges } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * The manager's insights: every forecast and trend figure equals a recomputation from the rows by
 * the domain's rules (property-based), each figure's deals add up to it, and the risk list, the
 * weekly changes, coaching, settings and a representative's forecast call behave as documented.
 */
const DAY = 86_400_000;
type Row = typeof opportunities.$inferInsert;

const STATUS_OF: Record<Stage, string> = {
  New: 'On-going',
  Qualified: 'Qualified',
  Proposal: 'Proposal',
  Negotiation: 'Negotiation',
  'Closed-Win': 'Closed Won',
  'Closed-Lost': 'Closed Lost',
};

const rowArb = (owners: Array<string | null>, now: number) =>
  fc
    .record({
      owner: fc.constantFrom(...owners),
      stage: fc.constantFrom(...STAGES),
      category: fc.constantFrom<ForecastCategory | null>(null, 'pipeline', 'best_case', 'commit'),
      amount: fc.option(
        fc.integer({ min: 0, max: 500 }).map((n) => n * 100),
        { nil: null },
      ),
      recordDays: fc.integer({ min: -120, max: 0 }),
      closingDays: fc.option(fc.integer({ min: -120, max: 200 }), { nil: null }),
    })
    .map((r): Row =>
      withStage({
        owner_id: r.owner,
        account_manager: 'Property',
        status: STATUS_OF[r.stage],
        amount: r.amount,
        forecast_category: r.category,
        client_company_name: 'Prop Co',
        record_date: new Date(now + r.recordDays * DAY),
        closing_date: r.closingDays === null ? null : new Date(now + r.closingDays * DAY).toISOString().slice(0, 10),
      }),
    );

const put = (client: HttpClient, url: string, body: unknown) => client.request('PUT', url, body);

describe('insights', () => {
  let server: TestServer;
  let manager: HttpClient;
  let repClient: HttpClient;
  let otherRepClient: HttpClient;
  const reps: Array<{ id: string; name: string }> = [];

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
    for (const name of ['Ada Insight', 'Ben Insight']) {
      const user = await server.createUser({ role: 'Sales Representative', fullName: name });
      reps.push({ id: user.id, name });
      const client = await server.signIn(user.email, user.password);
      if (!repClient) repClient = client;
      else otherRepClient = client;
    }
    const m = await server.createUser({ role: 'Sales Manager' });
    manager = await server.signIn(m.email, m.password);
  });
  afterAll(() => server.close());

  const body = async (client: HttpClient, url: string) => {
    const res = await client.get(url);
    expect({ url, status: res.status, error: res.status === 200 ? undefined : res.body }).toEqual({
      url,
      status: 200,
      error: undefined,
    });
    return res.body;
  };

  it('forecast figures, their deals and the weekly trends equal a recomputation from the rows (property)', async () => {
    const nowMs = Date.now();
    const owners = [reps[0]!.id, reps[1]!.id, null];
    const probabilities = fc.record(
      Object.fromEntries(STAGES.map((s) => [s, fc.integer({ min: 0, max: 100 })])) as Record<Stage, fc.Arbitrary<number>>,
    );
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb(owners, nowMs), { maxLength: 30 }), probabilities, async (rows, stageProbabilities) => {
        const db = server.database.db;
        await db.execute(sql`TRUNCATE opportunities CASCADE`);
        if (rows.length) await db.insert(opportunities).values(rows);
        const saved = await put(manager, '/api/insights/settings', {
          stageProbabilities,
          riskThresholds: DEFAULT_RISK_THRESHOLDS,
        });
        expect(saved.status).toBe(200);
        const now = new Date();
        const asForecast = (r: Row) => ({
          stage: r.stage as Stage,
          outcome: resolvePipeline(r.status).outcome,
          forecast_category: r.forecast_category ?? null,
          amount: r.amount ?? null,
          closing_date: r.closing_date ?? null,
        });
        for (const key of ['current', 'next'] as const) {
          const quarter = quarterFor(key, now);
          const forecast = await body(manager, `/api/insights/forecast?quarter=${key}`);
          expect(forecast.quarter).toEqual(quarter);
          const groups = [
            ...reps.map((r) => ({ id: r.id as string | null, name: r.name, quota: DEFAULT_QUARTERLY_QUOTA })),
            { id: null, name: 'Unassigned', quota: 0 },
          ];
          const expected = groups.map((g) => ({
            id: g.id,
            full_name: g.name,
            figures: forecastFigures(
              rows.filter((r) => r.owner_id === g.id).map(asForecast),
              quarter,
              g.quota,
              stageProbabilities,
              now,
            ),
          }));
          const unassignedShown = forecast.representatives.some((r: { id: string | null }) => r.id === null);
          expect(forecast.representatives).toEqual(unassignedShown ? expected : expected.slice(0, 2));
          expect(forecast.team).toEqual(
            forecastFigures(rows.map(asForecast), quarter, 2 * DEFAULT_QUARTERLY_QUOTA, stageProbabilities, now),
          );
          // The team's gap read the other way (issue 38): the sum of each representative's own gap.
          expect(forecast.shortfall).toBe(
            expected.filter((g) => g.id !== null).reduce((sum, g) => sum + Math.max(0, g.figures.gap), 0),
          );

          // Each figure's deals: the rows in it, biggest first, adding up to the figure.
          for (const figure of FORECAST_FIGURES) {
            for (const owner of [undefined, reps[0]!.id, 'unassigned']) {
              const deals = await body(
                manager,
                `/api/insights/forecast/deals?quarter=${key}&figure=${figure}&pageSize=200${owner ? `&representative=${owner}` : ''}`,
              );
              const mine = rows.filter((r) => owner === undefined || r.owner_id === (owner === 'unassigned' ? null : owner));
              const today = now.toISOString().slice(0, 10);
              const inFigure = mine.filter((r) => {
                const d = r.closing_date;
                if (!d || d < quarter.start || d > quarter.end) return false;
                const g = forecastGroup(r.stage as Stage, resolvePipeline(r.status).outcome, r.forecast_category ?? null);
                if (figure === 'won') return g === 'closed' && d <= today;
                if (figure === 'weighted') return g === 'commit' || g === 'best_case' || g === 'pipeline';
                return g === { commit: 'commit', bestCase: 'best_case', pipeline: 'pipeline' }[figure];
              });
              const valueOf = (r: Row) =>
                figure === 'weighted' ? weightedAmount(r.amount ?? null, r.stage as Stage, stageProbabilities) : (r.amount ?? 0);
              expect(deals.total).toBe(inFigure.length);
              expect(deals.items).toHaveLength(inFigure.length);
              expect(deals.sum).toBeCloseTo(
                inFigure.reduce((s, r) => s + valueOf(r), 0),
                2,
              );
              const amounts = deals.items.map((d: { amount: number | null }) => d.amount ?? -1);
              expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
            }
          }
        }

        // Trends, team-wide and for one representative.
        const weeks = lastWeeks(13, now);
        for (const owner of [undefined, reps[0]!.id]) {
          const trends = await body(manager, `/api/insights/trends${owner ? `?representative=${owner}` : ''}`);
          const mine = rows.filter((r) => owner === undefined || r.owner_id === owner);
          expect(trends.points).toEqual(
            weeks.map((week) => {
              const created = mine.filter((r) => weekStart(r.record_date as Date) === week);
              const closed = mine.filter(
                (r) => r.closing_date && weekStart(r.closing_date) === week && resolvePipeline(r.status).outcome !== 'open',
              );
              const won = closed.filter((r) => resolvePipeline(r.status).outcome === 'won');
              const days = closed.map((r) => cycleDays(r.record_date as Date, r.closing_date!));
              return {
                week,
                pipelineCreated: created.reduce((s, r) => s + (r.amount ?? 0), 0),
                wonAmount: won.reduce((s, r) => s + (r.amount ?? 0), 0),
                winRate: winRateFromCounts(won.length, closed.length - won.length),
                averageCycle: days.length ? Math.round(days.reduce((s, d) => s + d, 0) / days.length) : null,
                technicalScore: null,
                commercialScore: null,
              };
            }),
          );
        }
      }),
      { numRuns: 6, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 2_147_483_647) },
    );
  }, 240_000);

  it("the migration's generated forecast group is the domain's rule, and the database agrees for every stage and category", async () => {
    const migration = fs.readFileSync(new URL('../src/db/migrations/0017_forecast_risks_trends.sql', import.meta.url), 'utf8');
    expect(migration).toContain(`GENERATED ALWAYS AS (${forecastGroupSql()}) STORED`);
    const db = server.database.db;
    await db.execute(sql`TRUNCATE opportunities CASCADE`);
    const categories = [null, 'pipeline', 'best_case', 'commit'] as const;
    const combos = STAGES.flatMap((stage) => categories.map((category) => ({ stage, category })));
    const inserted = await db
      .insert(opportunities)
      .values(combos.map(({ stage, category }) => withStage({ status: STATUS_OF[stage], forecast_category: category })))
      .returning({
        stage: opportunities.stage,
        outcome: opportunities.outcome,
        category: opportunities.forecast_category,
        group: opportunities.forecast_group,
      });
    for (const row of inserted) expect(row.group).toBe(forecastGroup(row.stage, row.outcome, row.category));
  });

  it('settings: defaults, validation (400) and managers only (403)', async () => {
    await server.database.db.execute(sql`DELETE FROM insight_settings`);
    const defaults = await body(manager, '/api/insights/settings');
    expect(defaults).toEqual({
      stageProbabilities: DEFAULT_STAGE_PROBABILITIES,
      riskThresholds: DEFAULT_RISK_THRESHOLDS,
      forecastCallDueDay: DEFAULT_CALL_DUE_DAY,
    });
    const bad = await put(manager, '/api/insights/settings', {
      ...defaults,
      riskThresholds: { noActivityDays: 0, stuckInStageDays: 30 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('bad_request');
    const tooLikely = await put(manager, '/api/insights/settings', {
      ...defaults,
      stageProbabilities: { ...DEFAULT_STAGE_PROBABILITIES, New: 101 },
    });
    expect(tooLikely.status).toBe(400);
    expect((await put(repClient, '/api/insights/settings', defaults)).status).toBe(403);
    const changed: InsightSettings = {
      ...defaults,
      riskThresholds: { ...defaults.riskThresholds, noActivityDays: 7, stuckInStageDays: 21 },
    };
    expect((await put(manager, '/api/insights/settings', changed)).body).toEqual(changed);
    expect(await body(manager, '/api/insights/settings')).toEqual(changed);
    await put(manager, '/api/insights/settings', defaults);
  });

  it('a representative sets the forecast category of their own open deal, recorded in its history', async () => {
    const db = server.database.db;
    await db.execute(sql`TRUNCATE opportunities CASCADE`);
    const [open, won, others] = await db
      .insert(opportunities)
      .values([
        withStage({ owner_id: reps[0]!.id, status: 'Proposal', amount: 1000, closing_date: quarterFor('current').end }),
        withStage({ owner_id: reps[0]!.id, status: 'Closed Won', amount: 500 }),
        withStage({ owner_id: reps[1]!.id, status: 'New', amount: 10 }),
      ])
      .returning({ id: opportunities.id, version: opportunities.version });
    const url = (id: number) => `/api/opportunities/${id}/forecast-category`;

    const set = await put(repClient, url(open!.id), { category: 'commit' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ forecast_category: 'commit', forecast_group: 'commit' });
    const [row] = await db.select().from(opportunities).where(eq(opportunities.id, open!.id));
    expect(row).toMatchObject({ forecast_category: 'commit', version: open!.version + 1 });
    expect(row!.field_sources).toMatchObject({ forecast_category: 'person' });
    const changes = await db.select().from(opportunityChanges).where(eq(opportunityChanges.opportunity_id, open!.id));
    expect(changes).toEqual([
      expect.objectContaining({
        source: 'person',
        actor_id: reps[0]!.id,
        field: 'forecast_category',
        before: null,
        after: 'commit',
      }),
    ]);

    const commit = await body(manager, `/api/insights/forecast/deals?figure=commit&representative=${reps[0]!.id}`);
    expect(commit.items.map((d: { id: number }) => d.id)).toEqual([open!.id]);

    // Back to the stage's default.
    expect((await put(repClient, url(open!.id), { category: null })).body).toEqual({
      forecast_category: null,
      forecast_group: 'best_case',
    });
    // A closed deal counts by its outcome; another rep's deal is not visible; nonsense is refused.
    const closed = await put(repClient, url(won!.id), { category: 'commit' });
    expect(closed.status).toBe(409);
    expect(closed.body.error.code).toBe('conflict');
    expect((await put(repClient, url(others!.id), { category: 'commit' })).status).toBe(404);
    const bad = await put(repClient, url(open!.id), { category: 'maybe' });
    expect(bad.status).toBe(400);
    expect((await put(manager, url(others!.id), { category: 'best_case' })).status).toBe(200);
  });

  it('deals at risk: each warning with its evidence, the call-based ones citing the transcript line', async () => {
    const db = server.database.db;
    await db.execute(sql`TRUNCATE opportunities CASCADE`);
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY);
    const [stale, calm, rival, closed] = await db
      .insert(opportunities)
      .values([
        withStage({
          owner_id: reps[0]!.id,
          client_company_name: 'Stale Co',
          status: 'Proposal',
          amount: 9000,
          closing_date: ago(3).toISOString().slice(0, 10),
          next_meeting_date: ago(2),
          last_activity_at: ago(20),
          stage_changed_at: ago(45),
        }),
        withStage({
          owner_id: reps[0]!.id,
          client_company_name: 'Calm Co',
          status: 'Proposal',
          amount: 5000,
          next_meeting_date: new Date(now + 2 * DAY),
        }),
        withStage({
          owner_id: reps[1]!.id,
          client_company_name: 'Rival Co',
          status: 'Negotiation',
          amount: 3000,
          next_meeting_date: new Date(now + 2 * DAY),
        }),
        withStage({ owner_id: reps[0]!.id, status: 'Closed Lost', amount: 99_999, last_activity_at: ago(300) }),
      ])
      .returning({ id: opportunities.id });
    // The calm deal's committee names its economic buyer, so a late-stage deal without one is the exception.
    const [buyer] = await db.insert(contacts).values({ full_name: 'Priya Shah', title: 'CFO' }).returning({ id: contacts.id });
    await db.insert(dealContacts).values({ opportunity_id: calm!.id, contact_id: buyer!.id, roles: ['economic_buyer'] });
    const [analysis] = await db
      .insert(callAnalyses)
      .values({
        opportunity_id: rival!.id,
        provider: 'offline',
        language: 'en',
        result: {
          technicalScore: { score: 6, reasons: [] },
          commercialScore: { score: 3, reasons: [] },
          nextMeeting: null,
          nextSteps: [],
        },
        transcript_lines: ['Sam: Thanks for your time.', 'Dana: We are also evaluating Gong for this.', 'Sam: Understood.'],
      })
      .returning({ id: callAnalyses.id });

    const page = await body(manager, '/api/insights/risks');
    expect(page.items.map((i: { deal: { id: number } }) => i.deal.id)).toEqual([stale!.id, rival!.id]);
    expect(page.next).toBeNull();
    const [staleItem, rivalItem] = page.items;
    expect(staleItem.warnings.map((w: { code: string }) => w.code)).toEqual([
      'no_activity',
      'meeting_past',
      'close_date_passed',
      'stuck_in_stage',
      'no_economic_buyer',
    ]);
    expect(staleItem.warnings[0].evidence.days).toBe(20);
    expect(rivalItem.warnings.map((w: { code: string }) => w.code)).toEqual([
      'no_economic_buyer',
      'single_threaded',
      'no_decision_maker',
      'budget_not_discussed',
      'competitor_mentioned',
    ]);
    const rivalNamed = rivalItem.warnings.find((w: { code: string }) => w.code === 'competitor_mentioned');
    expect(rivalNamed.evidence.lines).toEqual([
      { analysisId: analysis!.id, opportunityId: rival!.id, line: 2, text: 'Dana: We are also evaluating Gong for this.' },
    ]);

    // One representative's, a page at a time.
    const first = await body(manager, `/api/insights/risks?representative=${reps[0]!.id}&limit=1`);
    expect(first.items.map((i: { deal: { id: number } }) => i.deal.id)).toEqual([stale!.id]);
    const second = await body(
      manager,
      `/api/insights/risks?representative=${reps[0]!.id}&limit=1&after=${encodeURIComponent(first.next)}`,
    );
    expect(second.items).toEqual([]);

    // A representative reads their own deal's badge; not another's; the manager any.
    expect((await body(repClient, `/api/opportunities/${stale!.id}/risks`)).warnings).toHaveLength(5);
    expect((await body(repClient, `/api/opportunities/${calm!.id}/risks`)).warnings).toEqual([]);
    expect((await body(repClient, `/api/opportunities/${closed!.id}/risks`)).warnings).toEqual([]);
    expect((await repClient.get(`/api/opportunities/${rival!.id}/risks`)).status).toBe(404);
    expect((await body(otherRepClient, `/api/opportunities/${rival!.id}/risks`)).warnings).toHaveLength(5);
    expect((await repClient.get('/api/insights/risks')).status).toBe(403);

    // Thresholds are settings: a longer quiet period clears "no activity".
    await put(manager, '/api/insights/settings', {
      stageProbabilities: DEFAULT_STAGE_PROBABILITIES,
      riskThresholds: { noActivityDays: 30, stuckInStageDays: 60 },
    });
    const relaxed = await body(manager, `/api/opportunities/${stale!.id}/risks`);
    expect(relaxed.warnings.map((w: { code: string }) => w.code)).toEqual([
      'meeting_past',
      'close_date_passed',
      'no_economic_buyer',
    ]);
    await put(manager, '/api/insights/settings', {
      stageProbabilities: DEFAULT_STAGE_PROBABILITIES,
      riskThresholds: DEFAULT_RISK_THRESHOLDS,
    });
  });

  it('what changed since the snapshot: added, won, lost, slipped, moved', async () => {
    const db = server.database.db;
    await db.execute(sql`TRUNCATE opportunities CASCADE`);
    await db.execute(sql`DELETE FROM forecast_snapshot_weeks`);
    const current = quarterFor('current');
    const next = quarterFor('next');
    const deal = (name: string, status: string) =>
      withStage({ owner_id: reps[0]!.id, client_company_name: name, status, amount: 1000, closing_date: current.end });
    const inserted = await db
      .insert(opportunities)
      .values([
        deal('Win Co', 'Negotiation'),
        deal('Lose Co', 'Proposal'),
        deal('Slip Co', 'Proposal'),
        deal('Move Co', 'New'),
        deal('Still Co', 'New'),
      ])
      .returning({ id: opportunities.id });
    const [win, lose, slip, move] = inserted.map((r) => r.id);
    await body(manager, '/api/insights/forecast');
    const none = await body(manager, '/api/insights/forecast/changes');
    expect(none.items).toEqual([]);
    expect(none.week).toBe(weekStart(new Date()));

    await db
      .update(opportunities)
      .set(withStage({ status: 'Closed Won' }))
      .where(eq(opportunities.id, win!));
    await db
      .update(opportunities)
      .set(withStage({ status: 'Closed Lost' }))
      .where(eq(opportunities.id, lose!));
    await db.update(opportunities).set({ closing_date: next.start }).where(eq(opportunities.id, slip!));
    await put(repClient, `/api/opportunities/${move}/forecast-category`, { category: 'commit' });
    const [added] = await db.insert(opportunities).values(deal('New Co', 'Qualified')).returning({ id: opportunities.id });

    const changes = await body(manager, '/api/insights/forecast/changes');
    const kinds = Object.fromEntries(changes.items.map((i: { kind: string; deal: { id: number } }) => [i.deal.id, i.kind]));
    expect(kinds).toEqual({ [win!]: 'won', [lose!]: 'lost', [slip!]: 'slipped', [move!]: 'moved', [added!.id]: 'added' });
    expect(changes.counts).toMatchObject({ won: 1, lost: 1, slipped: 1, moved: 1, added: 1, removed: 0 });
    const slipped = changes.items.find((i: { kind: string }) => i.kind === 'slipped');
    expect(slipped.before.quarter).toBe(current.start);
    expect(slipped.after.quarter).toBe(next.start);
  });

  it('coaching: call scores over time and the boxes most often left empty, linking to the calls', async () => {
    const db = server.database.db;
    await db.execute(sql`TRUNCATE opportunities CASCADE`);
    const [deal] = await db
      .insert(opportunities)
      .values(withStage({ owner_id: reps[0]!.id, client_company_name: 'Coach Co', status: 'Qualified', amount: 100 }))
      .returning({ id: opportunities.id });
    const call = (lines: string[], score: number, at: Date) => ({
      opportunity_id: deal!.id,
      provider: 'offline',
      language: 'en' as const,
      result: {
        technicalScore: { score, reasons: [] },
        commercialScore: { score: score - 1, reasons: [] },
        nextMeeting: null,
        nextSteps: [],
      },
      transcript_lines: lines,
      created_at: at,
    });
    const inserted = await db
      .insert(callAnalyses)
      .values([
        call(['Sam: Hello.', 'Dana: Our budget is 20k.'], 5, new Date(Date.now() - 8 * DAY)),
        call(['Sam: Hello.', 'Dana: The CFO decides by Q1.'], 7, new Date(Date.now() - DAY)),
      ])
      .returning({ id: callAnalyses.id });
    const coaching = await body(manager, `/api/insights/representatives/${reps[0]!.id}/coaching`);
    expect(coaching.calls.map((c: { analysisId: string; technicalScore: number }) => [c.analysisId, c.technicalScore])).toEqual([
      [inserted[0]!.id, 5],
      [inserted[1]!.id, 7],
    ]);
    // Most often empty first: the MEDDICC boxes neither call filled, and the next meeting.
    expect(coaching.emptyBoxes[0]).toMatchObject({ count: 2 });
    expect(coaching.emptyBoxes.find((b: { box: string }) => b.box === 'nextMeeting')).toMatchObject({ count: 2 });
    // No checklist stored with these rows: the boxes are read from the transcript by the analyzer's rules.
    expect(coaching.emptyBoxes.find((b: { box: string }) => b.box === 'economicBuyer')).toMatchObject({
      count: 1,
      calls: [expect.objectContaining({ analysisId: inserted[0]!.id })],
    });
    const budget = coaching.emptyBoxes.find((b: { box: string }) => b.box === 'budget');
    expect(budget).toMatchObject({
      count: 1,
      calls: [expect.objectContaining({ analysisId: inserted[1]!.id, opportunityId: deal!.id, client_company_name: 'Coach Co' })],
    });

    // The trend's call scores are the week's averages.
    const trends = await body(manager, `/api/insights/trends?representative=${reps[0]!.id}`);
    const scored = trends.points.filter((p: { technicalScore: number | null }) => p.technicalScore !== null);
    expect(scored.map((p: { technicalScore: number }) => p.technicalScore).sort()).toEqual([5, 7]);
    expect((await manager.get('/api/insights/representatives/nobody/coaching')).status).toBe(404);
    expect((await manager.get('/api/insights/trends?representative=nobody')).status).toBe(404);
  });
});
