import {
  FORECAST_CHANGE_KINDS,
  COACHING_BOXES,
  ROLES,
  dealRisks,
  gapToQuota,
  lastWeeks,
  quarterFor,
  readCallAnalysis,
  weekStart,
  winRateFromCounts,
  type Coaching,
  type DealRisks,
  type ForecastCategory,
  type ForecastChanges,
  type ForecastDeals,
  type ForecastDealsQuery,
  type ForecastFiguresWire,
  type ForecastGroup,
  type Forecast,
  type InsightDeal,
  type InsightSettings,
  type InsightSettingsUpdate,
  type Quarter,
  type QuarterKey,
  type RisksPage,
  type RisksQuery,
  type StageProbabilities,
  type Trends,
  UNASSIGNED_OWNER,
} from '@nexa/domain';
import { sumOfShortfalls } from '@nexa/domain/quota';
import type { Actor } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { isActiveRepresentative } from '../users/service.ts';
import { riskCommittees } from './committee-risks.ts';
import {
  baselineSnapshot,
  changedDeals,
  ensureSnapshot,
  groupDeals,
  latestCalls,
  forecastInputs,
  readSettings,
  representativeCalls,
  riskCandidates,
  saveSettings,
  visibleDeal,
  weeklyCallScores,
  weeklyFigures,
  writeForecastCategory,
  type DealRow,
  type PipelineSum,
  type SnapshotWeek,
} from './queries.ts';

/** The manager's insights: forecast, deals at risk, trends and coaching (docs/decisions/020). */

/** Where a background snapshot's failure goes (the routes give the request's logger). */
let onSnapshotError: (error: unknown) => void = () => {};
export const reportSnapshotErrorsTo = (report: (error: unknown) => void) => {
  onSnapshotError = report;
};

const today = (now: Date) => now.toISOString().slice(0, 10);
const round2 = (n: number) => Math.round(n * 100) / 100;

const toWireDeal = (row: DealRow): InsightDeal => ({
  id: row.id,
  client_company_name: row.client_company_name,
  product: row.product,
  owner_id: row.owner_id,
  owner_name: row.owner_name,
  amount: row.amount,
  stage: row.stage,
  forecast_group: row.forecast_group,
  closing_date: row.closing_date,
});

const OPEN_GROUPS: ForecastGroup[] = ['commit', 'best_case', 'pipeline'];

function addPipeline(figures: ForecastFiguresWire, sum: PipelineSum, probabilities: StageProbabilities) {
  figures.weighted += (sum.amount * (probabilities[sum.stage] ?? 0)) / 100;
  if (sum.forecast_group === 'commit') figures.commit += sum.amount;
  else if (sum.forecast_group === 'best_case') figures.bestCase += sum.amount;
  else if (sum.forecast_group === 'pipeline') figures.pipeline += sum.amount;
}

const empty = (quota: number): ForecastFiguresWire => ({
  won: 0,
  commit: 0,
  bestCase: 0,
  pipeline: 0,
  weighted: 0,
  quota,
  gap: 0,
});

const finish = (f: ForecastFiguresWire): ForecastFiguresWire => ({
  ...f,
  weighted: round2(f.weighted),
  gap: gapToQuota(f.quota, f.won, f.commit),
});

/**
 * Per representative and for the team: won (up to today), commit, best case, pipeline, weighted,
 * quota and gap. Owners who are not representatives, and deals without one, are Unassigned: counted
 * in the team's figures, with no quota of their own. The week's snapshot is taken on the way.
 */
export async function getForecast(db: Db, key: QuarterKey, defaultQuota: number, now = new Date()): Promise<Forecast> {
  const quarter = quarterFor(key, now);
  const week = weekStart(now);
  const { members, sums, won, settings, snapshotTaken } = await forecastInputs(db, {
    quarter,
    today: today(now),
    week,
    defaultQuota,
  });
  // The week's snapshot starts on the first forecast read without holding it up; "changes" waits for it.
  if (!snapshotTaken) {
    ensureSnapshot(db, week, [quarterFor('current', now), quarterFor('next', now)]).catch((error: unknown) =>
      onSnapshotError(error),
    );
  }
  const byOwner = new Map(members.map((m) => [m.id!, empty(m.quota)]));
  const unassigned = empty(0);
  const of = (key: string) => byOwner.get(key) ?? unassigned;
  for (const sum of sums) addPipeline(of(sum.owner_key), sum, settings.stageProbabilities);
  for (const w of won) of(w.owner_key).won += w.amount;
  const unassignedHasDeals = sums.some((s) => !byOwner.has(s.owner_key)) || won.some((w) => !byOwner.has(w.owner_key));
  const team = empty(members.reduce((total, m) => total + m.quota, 0));
  for (const f of [...byOwner.values(), unassigned]) {
    for (const field of ['won', 'commit', 'bestCase', 'pipeline', 'weighted'] as const) team[field] += f[field];
  }
  const representatives = members.map((m) => ({ id: m.id, full_name: m.full_name, figures: finish(byOwner.get(m.id!)!) }));
  return {
    quarter,
    team: finish(team),
    representatives: [
      ...representatives,
      ...(unassignedHasDeals ? [{ id: null, full_name: 'Unassigned', figures: finish(unassigned) }] : []),
    ],
    shortfall: sumOfShortfalls(representatives.map((r) => r.figures.gap)),
  };
}

/** The groups a figure is made of. */
const GROUPS_OF: Record<ForecastDealsQuery['figure'], ForecastGroup[]> = {
  won: ['closed'],
  commit: ['commit'],
  bestCase: ['best_case'],
  pipeline: ['pipeline'],
  weighted: OPEN_GROUPS,
};

/** The deals behind one figure, biggest first, with the figure's total over all of them. */
export async function getForecastDeals(db: Db, query: ForecastDealsQuery, now = new Date()): Promise<ForecastDeals> {
  const quarter = quarterFor(query.quarter, now);
  const groups = GROUPS_OF[query.figure];
  const owner = query.representative;
  const [items, { settings, sums, won }] = await Promise.all([
    groupDeals(db, {
      quarter,
      groups,
      owner,
      today: today(now),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    forecastInputs(db, { quarter, today: today(now), week: weekStart(now), defaultQuota: 0, owner, groups }),
  ]);
  const probability = settings.stageProbabilities;
  let total = 0;
  let sum = 0;
  if (query.figure === 'won') {
    for (const w of won) {
      total += w.deals;
      sum += w.amount;
    }
  } else {
    for (const s of sums) {
      if (!groups.includes(s.forecast_group)) continue;
      total += s.deals;
      sum += query.figure === 'weighted' ? (s.amount * (probability[s.stage] ?? 0)) / 100 : s.amount;
    }
  }
  return {
    items: items.map((row) => ({
      ...toWireDeal(row),
      weighted: row.outcome === 'open' ? round2(((row.amount ?? 0) * (probability[row.stage] ?? 0)) / 100) : (row.amount ?? 0),
    })),
    total,
    sum: round2(sum),
  };
}

/** The latest changes listed; the counts cover every change. */
const CHANGES_LISTED = 100;

/**
 * The last answer per database, reused while no deal was touched or deleted since and for at most
 * CHANGES_REUSED_MS (a write whose transaction started before the latest activity but committed
 * after it leaves the stamp as it was): reading every deal touched since the snapshot costs
 * milliseconds per thousand, on each of a manager's requests (docs/decisions/022).
 */
const CHANGES_REUSED_MS = 5_000;
const lastChanges = new WeakMap<Db, { key: string; at: number; value: ForecastChanges }>();

/** What changed in the two forecast quarters since last week's snapshot (the rule: forecastChange). */
export async function getForecastChanges(db: Db, now = new Date()): Promise<ForecastChanges> {
  const week = weekStart(now);
  const window = [quarterFor('current', now), quarterFor('next', now)];
  await ensureSnapshot(db, week, window);
  const snapshot = (await baselineSnapshot(db, week))!;
  const key = [snapshot.week, snapshot.taken_at, snapshot.stamp, ...window.map((q) => q.start)].join('|');
  const last = lastChanges.get(db);
  if (last && last.key === key && now.getTime() - last.at < CHANGES_REUSED_MS) return last.value;
  const value = await readChanges(db, snapshot, window);
  lastChanges.set(db, { key, at: now.getTime(), value });
  return value;
}

async function readChanges(db: Db, snapshot: SnapshotWeek, window: Quarter[]): Promise<ForecastChanges> {
  const found = await changedDeals(db, snapshot, window, CHANGES_LISTED);
  const counts = Object.fromEntries(FORECAST_CHANGE_KINDS.map((k) => [k, 0])) as ForecastChanges['counts'];
  for (const c of found.counts) counts[c.kind] = c.deals;
  return {
    week: snapshot.week,
    since: snapshot.taken_at,
    counts,
    items: found.items.map((row) => ({
      kind: row.kind,
      deal: toWireDeal(row),
      before:
        row.before_group === null
          ? null
          : { forecast_group: row.before_group, amount: row.before_amount, quarter: row.before_quarter },
      after: { forecast_group: row.forecast_group, amount: row.amount, quarter: row.closing_quarter },
    })),
  };
}

const CURSOR = /^(-?\d+(?:\.\d+)?|null):(\d+)$/;

/** The team's open deals that carry a warning, biggest first, a page at a time. */
export async function listRisks(db: Db, query: RisksQuery, now = new Date()): Promise<RisksPage> {
  const settings = await readSettings(db);
  const match = query.after ? CURSOR.exec(query.after) : null;
  const after = match ? { amount: match[1] === 'null' ? null : Number(match[1]), id: Number(match[2]) } : null;
  const candidates = await riskCandidates(db, {
    thresholds: settings.riskThresholds,
    owner: query.representative,
    after,
    limit: query.limit,
    today: today(now),
  });
  const ids = candidates.map((c) => c.id);
  const [calls, committees] = await Promise.all([
    latestCalls(db, ids),
    riskCommittees(db, ids, settings.riskThresholds.championSilentCalls),
  ]);
  const items = candidates
    .map((deal) => ({
      deal: toWireDeal(deal),
      warnings: dealRisks(
        deal,
        calls.filter((c) => c.opportunityId === deal.id).map(readCallAnalysis),
        settings.riskThresholds,
        now,
        committees.get(deal.id),
      ),
    }))
    .filter((item) => item.warnings.length > 0);
  const last = candidates.at(-1);
  return { items, next: candidates.length === query.limit && last ? `${last.amount ?? 'null'}:${last.id}` : null };
}

/** One deal's warnings: its representative sees their own, a manager any. */
export async function getDealRisks(db: Db, actor: Actor, id: number, now = new Date()): Promise<DealRisks> {
  const deal = await visibleDeal(db, id, actor.role === ROLES.manager ? null : actor.userId);
  if (!deal) throw notFound('Opportunity');
  const [settings, calls] = await Promise.all([readSettings(db), latestCalls(db, [id])]);
  const committees = await riskCommittees(db, [id], settings.riskThresholds.championSilentCalls);
  return {
    warnings: dealRisks(deal, calls.map(readCallAnalysis), settings.riskThresholds, now, committees.get(id)),
    open: deal.outcome === 'open',
    forecast_category: deal.forecast_category,
    forecast_group: deal.forecast_group,
  };
}

export const getSettings = readSettings;

export async function putSettings(db: Db, actor: Actor, settings: InsightSettingsUpdate): Promise<InsightSettings> {
  await saveSettings(db, settings, actor.userId);
  return readSettings(db);
}

export const TREND_WEEKS = 13;

const average = (sum: number, count: number) => (count === 0 ? null : Math.round(sum / count));
const score = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value * 10) / 10);

async function knownRepresentative(db: Db, id: string | undefined) {
  if (id !== undefined && id !== UNASSIGNED_OWNER && !(await isActiveRepresentative(db, id))) {
    throw new AppError('not_found', 'Sales representative not found');
  }
}

/** 13 weekly points, oldest first: team-wide, or one representative's. */
export async function getTrends(db: Db, representative: string | undefined, now = new Date()): Promise<Trends> {
  await knownRepresentative(db, representative);
  const weeks = lastWeeks(TREND_WEEKS, now);
  const [figures, scores] = await Promise.all([
    weeklyFigures(db, weeks[0]!, representative),
    weeklyCallScores(db, weeks[0]!, representative),
  ]);
  const figuresOf = new Map(figures.map((f) => [f.week, f]));
  const scoresOf = new Map(scores.map((s) => [s.week, s]));
  return {
    points: weeks.map((week) => {
      const f = figuresOf.get(week);
      const s = scoresOf.get(week);
      return {
        week,
        pipelineCreated: round2(f?.created_amount ?? 0),
        wonAmount: round2(f?.won_amount ?? 0),
        winRate: winRateFromCounts(f?.won_deals ?? 0, f?.lost_deals ?? 0),
        averageCycle: average(f?.cycle_days_sum ?? 0, f?.cycle_count ?? 0),
        technicalScore: score(s?.technical),
        commercialScore: score(s?.commercial),
      };
    }),
  };
}

export const COACHING_CALLS = 30;

/** A representative's call scores over time and the qualification boxes their calls most often leave empty. */
export async function getCoaching(db: Db, representativeId: string): Promise<Coaching> {
  await knownRepresentative(db, representativeId);
  const calls = await representativeCalls(db, representativeId, COACHING_CALLS);
  const readings = calls.map((call) => ({ call, reading: readCallAnalysis(call) }));
  const ref = ({ call }: (typeof readings)[number]) => ({
    analysisId: call.id,
    opportunityId: call.opportunityId,
    client_company_name: call.client_company_name,
    createdAt: call.createdAt,
  });
  return {
    calls: readings
      .map((r) => ({ ...ref(r), technicalScore: r.reading.technicalScore, commercialScore: r.reading.commercialScore }))
      .reverse(),
    emptyBoxes: COACHING_BOXES.map((box) => {
      const left = readings.filter((r) => !r.reading.filled[box]);
      return { box, count: left.length, calls: left.map(ref) };
    })
      .filter((b) => b.count > 0)
      .sort((a, b) => b.count - a.count),
  };
}

/** A representative's forecast call on their own open deal (a manager's on any); 409 on a closed deal. */
export async function setForecastCategory(db: Db, actor: Actor, id: number, category: ForecastCategory | null) {
  const written = await writeForecastCategory(db, {
    id,
    ownerOnly: actor.role === ROLES.manager ? null : actor.userId,
    category,
    actorId: actor.userId,
  });
  if (!written) throw notFound('Opportunity');
  if (written.before.outcome !== 'open') {
    throw new AppError('conflict', 'A closed deal counts by its outcome; its forecast category cannot be set');
  }
  return written.after;
}
