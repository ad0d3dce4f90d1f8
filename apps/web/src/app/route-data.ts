import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { meQueryOptions } from '../lib/api/get-me.ts';
import { opportunityFacetsQueryOptions } from '../lib/api/get-opportunity-facets.ts';
import {
  LIST_PAGE_SIZE,
  listQuery,
  opportunitiesQueryOptions,
  type UrlOpportunityFilters,
} from '../lib/api/get-opportunities.ts';
import { filtersFromSearch } from '../lib/use-url-filters.ts';
import { boardFilters, boardQueryOptions } from '../features/pipeline/api/get-board.ts';
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

export const repDashboard: Prefetch = (client, args) =>
  Promise.all([
    client.prefetchQuery(pipelineQueryOptions()),
    client.prefetchQuery(opportunityFacetsQueryOptions()),
    client.prefetchQuery(opportunitiesQueryOptions(listQuery(urlFilters(args), LIST_PAGE_SIZE.dashboard))),
  ]);

export const repOpportunities: Prefetch = (client, args) =>
  Promise.all([
    client.prefetchQuery(opportunityFacetsQueryOptions()),
    client.prefetchQuery(opportunitiesQueryOptions(listQuery(urlFilters(args), LIST_PAGE_SIZE.page))),
  ]);

export const board: Prefetch = (client, args) =>
  Promise.all([
    client.prefetchQuery(opportunityFacetsQueryOptions()),
    client.prefetchQuery(boardQueryOptions(boardFilters(urlFilters(args)))),
  ]);

export const teamDashboard: Prefetch = (client) => client.prefetchQuery(teamQueryOptions());

export const representative: Prefetch = (client, { params }) =>
  Promise.all([
    client.prefetchQuery(representativeQueryOptions(params.repId!)),
    client.prefetchQuery(coachingQueryOptions(params.repId!)),
  ]);
