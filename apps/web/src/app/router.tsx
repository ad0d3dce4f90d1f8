import { createBrowserRouter, Navigate, type DataRouter, type RouteObject } from 'react-router';
import { ROLES } from '@nexa/domain';
import { RouteErrorPage } from './error-page.tsx';
import i18next from '../lib/i18n.ts';
import { paths } from '../lib/paths.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { browserQueryClient } from './query-client.ts';
import type * as RouteData from './route-data.ts';

// Each area is its own chunk: the landing page never downloads workspace or form code.
// `namespaces`: the page's translations, fetched in parallel with its chunk instead of after it renders.
const lazyPage =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K, namespaces?: string[]): RouteObject['lazy'] =>
  async () => {
    const [module] = await Promise.all([load(), namespaces ? i18next.loadNamespaces(namespaces) : undefined]);
    return { Component: module[name] };
  };

// A page that does not exist is rare: its code is not part of every page's entry chunk.
const notFoundPage = lazyPage(() => import('./not-found.tsx'), 'NotFoundPage');

/** Marks a signed-in page's route with the reads it starts (app/route-data.ts). */
export interface RouteDataHandle {
  data: Exclude<keyof typeof RouteData, 'REFUSED'>;
}

/**
 * A loader that starts a page's reads while its code downloads (app/route-data.ts, decision 021). It
 * returns at once: the page renders as soon as its code is there, and finds its data in the cache or
 * on its way. route-data.ts is a chunk of its own, fetched beside the page's, so the public pages
 * (whose entry chunk holds this file) carry none of the workspaces' API code. The route's handle
 * names the same reads for the server, which awaits them with the request's own cache before it
 * renders the page (src/entry-server.tsx); its loaders do nothing there.
 */
const prefetch = (page: RouteDataHandle['data']): Pick<RouteObject, 'loader' | 'handle'> => ({
  loader: (args) => {
    if (import.meta.env.SSR) return null;
    void import('./route-data.ts').then((data) => data[page](browserQueryClient(), args)).catch(() => undefined);
    return null;
  },
  handle: { data: page } satisfies RouteDataHandle,
});

/** What the build needs to pre-render a public page (src/entry-server.tsx, decision 010). */
export interface PrerenderHandle {
  /** The page's module, relative to src/: the build manifest names its chunks by it. */
  module: string;
  namespaces: string[];
}

// The public site's pages by source file, so one name serves both the import and the build manifest.
const sitePages = import.meta.glob<Record<string, React.ComponentType>>('../features/site/routes/*-page.tsx');

/** A public site page: loaded lazily like any other, and pre-rendered to static HTML at build time. */
function sitePage(file: string, name: string, namespaces: string[]): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = sitePages[`../features/site/routes/${file}`];
  if (!load) throw new Error(`No site page ${file}`);
  const prerender: PrerenderHandle = { module: `features/site/routes/${file}`, namespaces };
  return { lazy: lazyPage(load, name, namespaces), handle: { prerender } };
}

/**
 * A page for anyone signed in (settings, the metrics' definitions), inside the person's own
 * workspace frame, chosen by their role.
 */
function ownWorkspacePage(path: string, page: RouteObject['lazy']): RouteObject {
  return {
    path,
    ...prefetch('signedIn'),
    lazy: async () => {
      const { RouteGuard } = await import('./route-guard.tsx');
      return { element: <RouteGuard /> };
    },
    children: [
      {
        lazy: lazyPage(() => import('./layouts/settings-layout.tsx'), 'SettingsLayout'),
        children: [{ index: true, lazy: page }],
      },
    ],
  };
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, ...sitePage('landing-page.tsx', 'LandingPage', ['site', 'analysis']) },
          { path: paths.whyNexa.path, ...sitePage('why-page.tsx', 'WhyPage', ['why', 'analysis']) },
          { path: paths.about.path, ...sitePage('about-page.tsx', 'AboutPage', ['about']) },
          { path: paths.securityTrust.path, ...sitePage('security-page.tsx', 'SecurityPage', ['security']) },
          { path: paths.terms.path, ...sitePage('terms-page.tsx', 'TermsPage', ['legal']) },
          {
            path: paths.earlyAccess.path,
            lazy: lazyPage(() => import('../features/leads/routes/early-access-page.tsx'), 'EarlyAccessPage'),
          },
          {
            path: paths.bookDemo.path,
            lazy: lazyPage(() => import('../features/leads/routes/book-demo-page.tsx'), 'BookDemoPage'),
          },
          {
            path: paths.joinTheTeam.path,
            lazy: lazyPage(() => import('../features/leads/routes/join-the-team-page.tsx'), 'JoinTheTeamPage'),
          },
          { path: paths.signIn.path, lazy: lazyPage(() => import('../features/auth/routes/sign-in-page.tsx'), 'SignInPage') },
          {
            path: paths.resetPassword.path,
            lazy: lazyPage(() => import('../features/auth/routes/reset-password-page.tsx'), 'ResetPasswordPage'),
          },
          { path: paths.invite.path, lazy: lazyPage(() => import('../features/auth/routes/invite-page.tsx'), 'InvitePage') },
          { path: paths.signUp.path, element: <Navigate to={paths.earlyAccess.getHref()} replace /> },
          { path: '*', lazy: notFoundPage },
        ],
      },
      {
        path: paths.rep.dashboard.path,
        // The guard (TanStack Query profile, sonner) loads with the workspace, not with the public site.
        ...prefetch('signedIn'),
        lazy: async () => {
          const { RouteGuard } = await import('./route-guard.tsx');
          return { element: <RouteGuard role={ROLES.representative} /> };
        },
        children: [
          {
            lazy: lazyPage(() => import('./layouts/rep-layout.tsx'), 'RepLayout'),
            children: [
              {
                index: true,
                ...prefetch('repDashboard'),
                lazy: lazyPage(() => import('./routes/rep-dashboard.tsx'), 'RepDashboard', [
                  'pipeline',
                  'opportunities',
                  'metrics',
                ]),
              },
              {
                path: 'opportunities',
                ...prefetch('repOpportunities'),
                lazy: lazyPage(() => import('../features/opportunities/routes/opportunities-page.tsx'), 'OpportunitiesPage'),
              },
              {
                path: 'pipeline',
                ...prefetch('board'),
                lazy: lazyPage(() => import('../features/pipeline/routes/board-page.tsx'), 'RepPipelinePage', [
                  'pipeline',
                  'opportunities',
                ]),
              },
              {
                path: 'opportunities/:oppId',
                lazy: lazyPage(() => import('./routes/rep-opportunity.tsx'), 'RepOpportunity', [
                  'opportunities',
                  'call-analysis',
                  'insights',
                  'follow-up',
                  'contacts',
                  'deal-notes',
                ]),
              },
              {
                path: 'companies',
                lazy: lazyPage(() => import('../features/companies/routes/companies-page.tsx'), 'CompaniesPage', [
                  'companies',
                  'metrics',
                ]),
              },
              {
                path: 'companies/:accountId',
                lazy: lazyPage(() => import('../features/companies/routes/account-page.tsx'), 'AccountPage', ['accounts']),
              },
              {
                path: 'tasks',
                lazy: lazyPage(() => import('../features/tasks/routes/tasks-page.tsx'), 'TasksPage', ['tasks']),
              },
              {
                path: 'contacts',
                lazy: lazyPage(() => import('../features/contacts/routes/contacts-page.tsx'), 'ContactsPage', ['contacts']),
              },
              {
                path: 'contacts/:contactId',
                lazy: lazyPage(() => import('../features/contacts/routes/contact-page.tsx'), 'ContactPage', [
                  'contacts',
                  'insights',
                ]),
              },
              {
                path: 'analyze',
                lazy: lazyPage(() => import('../features/call-analysis/routes/analyze-call-page.tsx'), 'AnalyzeCallPage', [
                  'call-analysis',
                ]),
              },
              { path: '*', lazy: notFoundPage },
            ],
          },
        ],
      },
      {
        path: paths.manager.dashboard.path,
        // The guard (TanStack Query profile, sonner) loads with the workspace, not with the public site.
        ...prefetch('signedIn'),
        lazy: async () => {
          const { RouteGuard } = await import('./route-guard.tsx');
          return { element: <RouteGuard role={ROLES.manager} /> };
        },
        children: [
          {
            lazy: lazyPage(() => import('./layouts/manager-layout.tsx'), 'ManagerLayout'),
            children: [
              {
                index: true,
                ...prefetch('teamDashboard'),
                lazy: lazyPage(() => import('../features/team/routes/team-dashboard-page.tsx'), 'TeamDashboardPage', [
                  'team',
                  'metrics',
                ]),
              },
              {
                path: 'representatives',
                lazy: lazyPage(() => import('../features/team/routes/representatives-page.tsx'), 'RepresentativesPage', [
                  'team',
                  'metrics',
                ]),
              },
              {
                path: 'pipeline',
                lazy: lazyPage(() => import('../features/pipeline/routes/board-page.tsx'), 'ManagerPipelinePage', [
                  'pipeline',
                  'opportunities',
                ]),
              },
              {
                path: 'representatives/:repId',
                ...prefetch('representative'),
                lazy: lazyPage(() => import('../features/team/routes/representative-page.tsx'), 'RepresentativePage', [
                  'team',
                  // The recent deals' stage badges.
                  'opportunities',
                  'call-analysis',
                  'insights',
                  'metrics',
                ]),
              },
              {
                path: 'representatives/:repId/opportunities/:oppId',
                lazy: lazyPage(() => import('./routes/manager-opportunity.tsx'), 'ManagerOpportunity', [
                  'team',
                  'call-analysis',
                  'insights',
                  'contacts',
                  'follow-up',
                  'deal-notes',
                ]),
              },
              {
                path: 'opportunities',
                lazy: lazyPage(
                  () => import('../features/opportunities/routes/team-opportunities-page.tsx'),
                  'TeamOpportunitiesPage',
                  ['opportunities'],
                ),
              },
              {
                path: 'forecast',
                lazy: lazyPage(() => import('../features/insights/routes/forecast-page.tsx'), 'ForecastPage', ['insights']),
              },
              {
                path: 'forecast/settings',
                lazy: lazyPage(() => import('../features/insights/routes/insight-settings-page.tsx'), 'InsightSettingsPage', [
                  'insights',
                ]),
              },
              {
                path: 'risks',
                lazy: lazyPage(() => import('../features/insights/routes/risks-page.tsx'), 'RisksPage', ['insights']),
              },
              {
                // Every account of the team, and an account's page with the manager's links (issue 36).
                path: 'accounts',
                ...prefetch('managerAccounts'),
                lazy: lazyPage(() => import('../features/companies/routes/accounts-page.tsx'), 'AccountsPage', ['accounts']),
              },
              {
                path: 'accounts/:accountId',
                lazy: lazyPage(() => import('../features/companies/routes/account-page.tsx'), 'AccountPage', ['accounts']),
              },
              {
                path: 'contacts',
                lazy: lazyPage(() => import('../features/contacts/routes/contacts-page.tsx'), 'ContactsPage', ['contacts']),
              },
              {
                path: 'contacts/:contactId',
                lazy: lazyPage(() => import('../features/contacts/routes/contact-page.tsx'), 'ContactPage', [
                  'contacts',
                  'insights',
                ]),
              },
              {
                path: 'tasks',
                lazy: lazyPage(() => import('../features/tasks/routes/team-overdue-page.tsx'), 'TeamOverduePage', ['tasks']),
              },
              {
                path: 'trends',
                lazy: lazyPage(() => import('../features/insights/routes/trends-page.tsx'), 'TrendsPage', ['insights']),
              },
              { path: 'leads', lazy: lazyPage(() => import('../features/leads/routes/leads-inbox-page.tsx'), 'LeadsInboxPage') },
              {
                path: 'integrations',
                lazy: lazyPage(() => import('../features/integrations/routes/integrations-page.tsx'), 'IntegrationsPage'),
              },
              {
                path: 'webhooks',
                lazy: lazyPage(() => import('../features/webhooks/routes/webhooks-page.tsx'), 'WebhooksPage', ['webhooks']),
              },
              {
                path: 'team',
                lazy: lazyPage(() => import('../features/team-admin/routes/team-admin-page.tsx'), 'TeamAdminPage', [
                  'team-admin',
                ]),
              },
              { path: '*', lazy: notFoundPage },
            ],
          },
        ],
      },
      ownWorkspacePage(
        paths.metricsHelp.path,
        lazyPage(() => import('../features/help/routes/metrics-help-page.tsx'), 'MetricsHelpPage', ['metrics']),
      ),
      ownWorkspacePage(
        paths.settings.path,
        lazyPage(() => import('../features/settings/routes/settings-page.tsx'), 'SettingsPage', ['settings']),
      ),
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/**
 * Settles once the router has loaded the lazy routes of its location (their modules and messages),
 * so its first render is the whole page — as the pre-renderer rendered it, which hydration needs.
 * A module that fails to load settles it too: the router then shows its error page.
 */
export function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
