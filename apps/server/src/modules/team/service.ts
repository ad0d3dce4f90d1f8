import {
  RECENT_ACTIVITIES,
  RECENT_OPPORTUNITIES,
  TEAM_DASHBOARD_TOP,
  type AccountManagerNames,
  type Opportunity,
  type RepresentativeDetail,
  type RepresentativesPage,
  type RepresentativesQuery,
  type TeamMember,
  type TeamOverview,
} from '@nexa/domain';
import { quotaStanding, type QuotaStanding } from '@nexa/domain/quota';
import type { Db } from '../../db/client.ts';
import { iso } from '../../db/iso.ts';
import { AppError } from '../../http/errors.ts';
import { isActiveRepresentative, matchingNameHolder } from '../users/service.ts';
import {
  ownedOpportunity,
  readAccountManagerNames,
  recentActivities,
  recentOpportunities,
  representativeFigures,
  representativeQuota,
  saveAccountManagerNames,
  saveQuarterlyQuota,
  searchMembers,
  teamDashboardMembers,
  type MemberRow,
  type RankedMemberRow,
} from './queries.ts';

export const representativeNotFound = () => new AppError('not_found', 'Sales representative not found');

const toMember = (row: MemberRow): TeamMember => ({
  id: row.id,
  full_name: row.full_name,
  email: row.email,
  location: row.location,
  totalSales: row.totalSales,
  wonAmount: row.closedWin,
  totalDeals: row.totalDeals,
  conversionRate: row.conversionRate,
  techScore: row.techScore,
  commScore: row.commScore,
  winRate: row.winRate,
  winRateSource: row.winRateSource,
});

/** The member the dashboard's statement marked as leading on a score (byLeaderRank of @nexa/domain). */
function leader(members: RankedMemberRow[], flag: 'technicalLeader' | 'commercialLeader', shown: 'techScore' | 'commScore') {
  const found = members.find((m) => m[flag]);
  return found ? { id: found.id!, full_name: found.full_name, score: found[shown]! } : null;
}

/**
 * The team dashboard: the team's cards, the leaders, and the TEAM_DASHBOARD_TOP representatives by
 * total sales for its chart and table — the same size at 5 or 5,000 representatives.
 */
export async function getTeamOverview(db: Db): Promise<TeamOverview> {
  const { members, totals } = await teamDashboardMembers(db, TEAM_DASHBOARD_TOP);
  const top = members.filter((m) => m.salesRank <= TEAM_DASHBOARD_TOP);
  return {
    ...totals,
    technicalLeader: leader(members, 'technicalLeader', 'techScore'),
    commercialLeader: leader(members, 'commercialLeader', 'commScore'),
    pipeline: top
      .filter((m) => m.totalDeals > 0)
      .map((m) => ({ id: m.id, full_name: m.full_name, onGoing: m.onGoing, closedWin: m.closedWin, closedLost: m.closedLost })),
    representatives: top.map(toMember),
  };
}

export async function listRepresentatives(db: Db, query: RepresentativesQuery): Promise<RepresentativesPage> {
  const { items, total, representatives } = await searchMembers(db, query);
  return { items: items.map(toMember), total, representatives };
}

export async function getRepresentativeDetail(db: Db, id: string, defaultQuota: number): Promise<RepresentativeDetail> {
  const [figures, recent, activities] = await Promise.all([
    representativeFigures(db, id),
    recentOpportunities(db, id, RECENT_OPPORTUNITIES),
    recentActivities(db, id, RECENT_ACTIVITIES),
  ]);
  if (!figures) throw representativeNotFound();
  // Win rate from the rep_win_rate view (closed-won ÷ closed deals) when the representative has a
  // closed deal; the list computes the same expression, so both show the same number.
  const winRate = figures.viewWinRate === null ? figures.winRate : Math.round(figures.viewWinRate);
  return {
    representative: toMember(figures),
    metrics: {
      ...quotaStanding(figures, defaultQuota),
      winRate,
      winRateSource: figures.winRateSource,
      avgDealSize: figures.avgDealSize,
      salesCycle: figures.salesCycle,
      salesCycleIsDefault: figures.salesCycleIsDefault,
    },
    recentOpportunities: recent,
    recentActivities: activities,
  };
}

/**
 * The representative's own number on their dashboard: the same columns and rule as the manager's
 * page about them (getRepresentativeDetail), so both show the same attainment and gap.
 */
export async function getOwnQuota(db: Db, id: string, defaultQuota: number): Promise<QuotaStanding> {
  return quotaStanding(await representativeQuota(db, id), defaultQuota);
}

async function assertRepresentative(db: Db, id: string): Promise<void> {
  if (!(await isActiveRepresentative(db, id))) throw representativeNotFound();
}

export async function setQuarterlyQuota(db: Db, id: string, quarterlyQuota: number): Promise<void> {
  await assertRepresentative(db, id);
  await saveQuarterlyQuota(db, id, quarterlyQuota);
}

export async function getAccountManagerNames(db: Db, id: string): Promise<AccountManagerNames> {
  const row = await readAccountManagerNames(db, id);
  if (!row) throw representativeNotFound();
  return row;
}

/**
 * A name another person already goes by is refused (409): two people with one name would let the
 * newer one take the other's incoming deals, or leave both unmatched.
 */
export async function setAccountManagerNames(db: Db, id: string, names: AccountManagerNames): Promise<AccountManagerNames> {
  await assertRepresentative(db, id);
  const holder = await matchingNameHolder(db, [names.account_manager_name, ...names.account_manager_aliases], id);
  if (holder) {
    const field = holder.name === names.account_manager_name ? 'account_manager_name' : 'account_manager_aliases';
    throw new AppError('conflict', `Deals named "${holder.name}" already go to ${holder.full_name || holder.email}`, field);
  }
  const row = await saveAccountManagerNames(db, id, names);
  if (!row) throw representativeNotFound();
  return row;
}

/** One of the representative's opportunities, read-only (404 when it is not theirs). */
export async function getRepresentativeOpportunity(db: Db, id: string, oppId: number): Promise<Opportunity> {
  await assertRepresentative(db, id);
  const row = await ownedOpportunity(db, id, oppId);
  if (!row) throw new AppError('not_found', 'Opportunity not found');
  return {
    ...row,
    amount: row.amount === null ? null : Number(row.amount),
    pipeline_status: row.pipeline_status as Opportunity['pipeline_status'],
    next_meeting_date: iso(row.next_meeting_date),
    record_date: iso(row.record_date)!,
    created_at: iso(row.created_at)!,
  };
}
