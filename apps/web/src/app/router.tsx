import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ROLES } from '@nexa/domain';
import { RouteErrorPage } from './error-page.tsx';
import { NotFoundPage } from './not-found.tsx';
import i18next from '../lib/i18n.ts';
import { paths } from '../lib/paths.ts';
import { PublicLayout } from './layouts/public-layout.tsx';

// Each area is its own chunk: the landing page never downloads workspace or form code.
// `namespaces`: the page's translations, fetched in parallel with its chunk instead of after it renders.
const lazyPage =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K, namespaces?: string[]): RouteObject['lazy'] =>
  async () => {
    const [module] = await Promise.all([load(), namespaces ? i18next.loadNamespaces(namespaces) : undefined]);
    return { Component: module[name] };
  };

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            lazy: lazyPage(() => import('../features/site/routes/landing-page.tsx'), 'LandingPage', ['site', 'analysis']),
          },
          {
            path: paths.whyNexa.path,
            lazy: lazyPage(() => import('../features/site/routes/why-page.tsx'), 'WhyPage', ['why', 'analysis']),
          },
          {
            path: paths.about.path,
            lazy: lazyPage(() => import('../features/site/routes/about-page.tsx'), 'AboutPage', ['about']),
          },
          {
            path: paths.securityTrust.path,
            lazy: lazyPage(() => import('../features/site/routes/security-page.tsx'), 'SecurityPage', ['security']),
          },
          {
            path: paths.terms.path,
            lazy: lazyPage(() => import('../features/site/routes/terms-page.tsx'), 'TermsPage', ['legal']),
          },
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
          { path: paths.signUp.path, element: <Navigate to={paths.earlyAccess.getHref()} replace /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: paths.rep.dashboard.path,
        // The guard (TanStack Query profile, sonner) loads with the workspace, not with the public site.
        lazy: async () => {
          const { RouteGuard } = await import('./route-guard.tsx');
          return { element: <RouteGuard role={ROLES.representative} /> };
        },
        children: [
          {
            lazy: lazyPage(() => import('./layouts/rep-layout.tsx'), 'RepLayout'),
            children: [
              { index: true, lazy: lazyPage(() => import('../features/pipeline/routes/dashboard-page.tsx'), 'RepDashboardPage') },
              {
                path: 'opportunities',
                lazy: lazyPage(() => import('../features/opportunities/routes/opportunities-page.tsx'), 'OpportunitiesPage'),
              },
              {
                path: 'opportunities/:oppId',
                lazy: lazyPage(() => import('../features/opportunities/routes/opportunity-page.tsx'), 'OpportunityPage', [
                  'opportunities',
                  'call-analysis',
                ]),
              },
              {
                path: 'companies',
                lazy: lazyPage(() => import('../features/companies/routes/companies-page.tsx'), 'CompaniesPage'),
              },
              {
                path: 'analyze',
                lazy: lazyPage(() => import('../features/call-analysis/routes/analyze-call-page.tsx'), 'AnalyzeCallPage', [
                  'call-analysis',
                ]),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      {
        path: paths.manager.dashboard.path,
        // The guard (TanStack Query profile, sonner) loads with the workspace, not with the public site.
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
                lazy: lazyPage(() => import('../features/team/routes/team-dashboard-page.tsx'), 'TeamDashboardPage'),
              },
              {
                path: 'representatives',
                lazy: lazyPage(() => import('../features/team/routes/representatives-page.tsx'), 'RepresentativesPage'),
              },
              {
                path: 'representatives/:repId',
                lazy: lazyPage(() => import('../features/team/routes/representative-page.tsx'), 'RepresentativePage', [
                  'team',
                  'call-analysis',
                ]),
              },
              {
                path: 'representatives/:repId/opportunities/:oppId',
                lazy: lazyPage(
                  () => import('../features/team/routes/representative-opportunity-page.tsx'),
                  'RepresentativeOpportunityPage',
                  ['team', 'call-analysis'],
                ),
              },
              { path: 'leads', lazy: lazyPage(() => import('../features/leads/routes/leads-inbox-page.tsx'), 'LeadsInboxPage') },
              {
                path: 'integrations',
                lazy: lazyPage(() => import('../features/integrations/routes/integrations-page.tsx'), 'IntegrationsPage'),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
