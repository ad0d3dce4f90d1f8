import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { ROLES, type Role } from '@nexa/domain';
import { meQueryOptions } from '../lib/api/get-me.ts';
import { opportunityFacetsQueryOptions } from '../lib/api/get-opportunity-facets.ts';
import {
  LIST_PAGE_SIZE,
  listQuery,
  opportunitiesQueryOptions,
  type UrlOpportunityFilters,
} from '../lib/api/get-opportunities.ts';
import { filtersFromSearch } from '../lib/use-url-filters.ts';
import { accountQuery, accountsQueryOptions } from '../features/companies/api/accounts.ts';
import { boardFilters, boardQueryOptions } from '../features/pipeline/api/get-board.ts';
import { forecastCallReminderQueryOptions } from '../features/pipeline/api/forecast-call.ts';
import { pipelineQueryOptions } from '../features/pipeline/api/get-pipeline.ts';
import { coachingQueryOptions } from '../features/team/api/get-coaching.ts';
import { representativeQueryOptions } from '../features/team/api/get-representative.ts';
import { teamQueryOptions } from '../features/team/api/get-team.ts';

/**
 * What each signed-in first page reads, started by its route's loader while the page's code downloads
 * (issue 22, decision 021). The same query options as the pages' hooks, so the pages find the answers
 * (or the requests under way) in the cache instead of asking once they have rendered. Nothing here
 * waits: a failed read is the page's to show, as before.
 */

/** Each page's reads, as its loader starts them. */
type Prefetch = (client: QueryClient, args: RouteArgs) => Promise<unknown>;
/** What a page's reads take of its route: its address and parameters (a loader's, or the server's match). */
type RouteArgs = Pick<LoaderFunctionArgs, 'request' | 'params'>;

const urlFilters = ({ request }: RouteArgs) =>
  filtersFromSearch<UrlOpportunityFilters>(new URL(request.url).searchParams, ['page']);

export const signedIn: Prefetch = (client) => client.prefetchQuery(meQueryOptions());

/** What a page's reads answer when the visitor may not see the page: nothing was read. */
export const REFUSED = 'refused';

/**
 * A page's reads, started only once the profile says the visitor has the page's role: a signed-out
 * or wrong-role visit is sent away by the guard without a single data request (issue 33). The
 * profile is the guard's own read (the same query), so a signed-in page waits for it, not twice.
 */
const forRole =
  (role: Role, reads: Prefetch): Prefetch =>
  async (client, args) => {
    const me = await client.ensureQueryData(meQueryOptions()).catch(() => undefined);
    if (me?.role !== role) return REFUSED;
    return reads(client, args);
  };

export const repDashboard: Prefetch = forRole(ROLES.representative, (client, args) =>
  Promise.all([
    client.prefetchQuery(pipelineQueryOptions()),
    client.prefetchQuery(opportunityFacetsQueryOptions()),
    client.prefetchQuery(opportunitiesQueryOptions(listQuery(urlFilters(args), LIST_PAGE_SIZE.dashboard))),
    // Drawn at the top of the page: in the server's render, it does not push the page down on arrival.
    client.prefetchQuery(forecastCallReminderQueryOptions()),
  ]),
);

export const repOpportunities: Prefetch = forRole(ROLES.representative, (client, args) =>
  Promise.all([
    client.prefetchQuery(opportunityFacetsQueryOptions()),
    client.prefetchQuery(opportunitiesQueryOptions(listQuery(urlFilters(args), LIST_PAGE_SIZE.page))),
  ]),
);

export const board: Prefetch = forRole(ROLES.representative, (client, args) =>
  Promise.all([
    client.prefetchQuery(opportunityFacetsQueryOptions()),
    client.prefetchQuery(boardQueryOptions(boardFilters(urlFilters(args)))),
  ]),
);

export const teamDashboard: Prefetch = forRole(ROLES.manager, (client) => client.prefetchQuery(teamQueryOptions()));

export const representative: Prefetch = forRole(ROLES.manager, (client, { params }) =>
  Promise.all([
    client.prefetchQuery(representativeQueryOptions(params.repId!)),
    client.prefetchQuery(coachingQueryOptions(params.repId!)),
  ]),
);

/** The manager's Accounts (issue 36): the page of accounts its URL asks for. */
export const managerAccounts: Prefetch = forRole(ROLES.manager, (client, { request }) =>
  client.prefetchQuery(accountsQueryOptions(accountQuery(filtersFromSearch(new URL(request.url).searchParams, ['page'])))),
);
