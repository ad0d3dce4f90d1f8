/** Every path of the app in one place; links use getHref() so a route is renamed once. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  whyNexa: { path: '/why-nexa', getHref: () => '/why-nexa' },
  about: { path: '/about', getHref: () => '/about' },
  securityTrust: { path: '/security-trust', getHref: () => '/security-trust' },
  terms: { path: '/terms', getHref: () => '/terms' },
  joinTheTeam: { path: '/join-the-team', getHref: () => '/join-the-team' },
  earlyAccess: { path: '/early-access', getHref: () => '/early-access' },
  bookDemo: { path: '/book-demo', getHref: () => '/book-demo' },
  signIn: { path: '/signin', getHref: () => '/signin' },
  signUp: { path: '/signup', getHref: () => '/signup' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  invite: { path: '/invite', getHref: () => '/invite' },
  /** The signed-in person's own profile, in either workspace. */
  settings: { path: '/settings', getHref: () => '/settings' },
  /** How each figure is computed, one anchor per metric (docs/metrics.md), in either workspace. */
  metricsHelp: {
    path: '/help/metrics',
    getHref: (metric?: string) => (metric ? `/help/metrics#${metric}` : '/help/metrics'),
  },
  rep: {
    dashboard: { path: '/rep', getHref: () => '/rep' },
    opportunities: { path: '/rep/opportunities', getHref: () => '/rep/opportunities' },
    pipeline: { path: '/rep/pipeline', getHref: () => '/rep/pipeline' },
    opportunity: { path: '/rep/opportunities/:oppId', getHref: (id: number | string) => `/rep/opportunities/${id}` },
    companies: { path: '/rep/companies', getHref: () => '/rep/companies' },
    /** An account of My Companies (issue 36). */
    account: { path: '/rep/companies/:accountId', getHref: (id: number | string) => `/rep/companies/${id}` },
    contacts: { path: '/rep/contacts', getHref: () => '/rep/contacts' },
    contact: { path: '/rep/contacts/:contactId', getHref: (id: number | string) => `/rep/contacts/${id}` },
    /** What the representative owes whom: today, overdue, upcoming, done (issue 37). */
    tasks: {
      path: '/rep/tasks',
      getHref: (view?: 'today' | 'overdue' | 'upcoming' | 'done') => (view ? `/rep/tasks?view=${view}` : '/rep/tasks'),
    },
    analyze: {
      path: '/rep/analyze',
      /** With an opportunity: the form opens with it chosen. */
      getHref: (opportunityId?: number) => (opportunityId ? `/rep/analyze?opportunity=${opportunityId}` : '/rep/analyze'),
    },
  },
  manager: {
    dashboard: { path: '/manager', getHref: () => '/manager' },
    representatives: { path: '/manager/representatives', getHref: () => '/manager/representatives' },
    pipeline: { path: '/manager/pipeline', getHref: () => '/manager/pipeline' },
    representative: {
      path: '/manager/representatives/:repId',
      getHref: (id: string) => `/manager/representatives/${encodeURIComponent(id)}`,
    },
    representativeOpportunity: {
      path: '/manager/representatives/:repId/opportunities/:oppId',
      getHref: (repId: string, oppId: number | string) =>
        `/manager/representatives/${encodeURIComponent(repId)}/opportunities/${oppId}`,
    },
    /** Every representative's deals, filtered in the URL. */
    opportunities: { path: '/manager/opportunities', getHref: () => '/manager/opportunities' },
    leads: { path: '/manager/leads', getHref: () => '/manager/leads' },
    integrations: { path: '/manager/integrations', getHref: () => '/manager/integrations' },
    webhooks: { path: '/manager/webhooks', getHref: () => '/manager/webhooks' },
    team: { path: '/manager/team', getHref: () => '/manager/team' },
    forecast: { path: '/manager/forecast', getHref: () => '/manager/forecast' },
    forecastSettings: { path: '/manager/forecast/settings', getHref: () => '/manager/forecast/settings' },
    risks: { path: '/manager/risks', getHref: () => '/manager/risks' },
    /** Every account of the team (issue 36), and an account's page in the manager's workspace. */
    accounts: { path: '/manager/accounts', getHref: () => '/manager/accounts' },
    account: { path: '/manager/accounts/:accountId', getHref: (id: number | string) => `/manager/accounts/${id}` },
    contacts: { path: '/manager/contacts', getHref: () => '/manager/contacts' },
    contact: { path: '/manager/contacts/:contactId', getHref: (id: number | string) => `/manager/contacts/${id}` },
    /** The team's overdue tasks. */
    tasks: { path: '/manager/tasks', getHref: () => '/manager/tasks' },
    trends: { path: '/manager/trends', getHref: () => '/manager/trends' },
  },
} as const;

/**
 * A deal's page in the manager's workspace: opened through its representative, or the team's list for
 * a deal without one (the contacts' and the accounts' pages link to deals this one way).
 */
export const managerDealHref = (deal: { id: number; owner_id?: string | null }) =>
  deal.owner_id ? paths.manager.representativeOpportunity.getHref(deal.owner_id, deal.id) : paths.manager.opportunities.getHref();
