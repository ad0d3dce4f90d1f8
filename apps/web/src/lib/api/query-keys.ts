/**
 * Every query key of the web app, built here and nowhere else. Keys nest, so invalidating a prefix
 * (`queryKeys.opportunities.all`) refreshes everything below it: the list, the facets, each detail
 * and each detail's call analyses.
 */
export const queryKeys = {
  me: ['me'] as const,
  sessions: ['me', 'sessions'] as const,
  /** The person's calendar connection and feed (Settings). */
  calendar: ['me', 'calendar'] as const,
  invitation: (token: string) => ['invitation', token] as const,
  opportunities: {
    all: ['opportunities'] as const,
    list: (filters: object) => ['opportunities', 'list', filters] as const,
    facets: () => ['opportunities', 'facets'] as const,
    detail: (id: number) => ['opportunities', 'detail', id] as const,
    callAnalyses: (id: number) => ['opportunities', 'detail', id, 'call-analyses'] as const,
    history: (id: number, page: number) => ['opportunities', 'detail', id, 'history', page] as const,
    suggestions: (id: number) => ['opportunities', 'detail', id, 'suggestions'] as const,
    deleted: () => ['opportunities', 'deleted'] as const,
    risks: (id: number) => ['opportunities', 'detail', id, 'risks'] as const,
    /** The deal's buying committee: under the detail, so whatever refreshes the deal refreshes it. */
    committee: (id: number) => ['opportunities', 'detail', id, 'committee'] as const,
    /** The deal's follow-up e-mail, drafted (issue 37). */
    followUpEmail: (id: number) => ['opportunities', 'detail', id, 'follow-up-email'] as const,
    /** Every page of the deal's history: a sent e-mail refreshes them. */
    histories: (id: number) => ['opportunities', 'detail', id, 'history'] as const,
    /** The deal's notes (issue 37): every page below `notes`, so a note written refreshes them all. */
    notes: (id: number) => ['opportunities', 'detail', id, 'notes'] as const,
    notesPage: (id: number, page: number) => ['opportunities', 'detail', id, 'notes', page] as const,
    /** Who a note on the deal may mention. */
    mentionable: (id: number) => ['opportunities', 'detail', id, 'mentionable'] as const,
  },
  contacts: {
    all: ['contacts'] as const,
    list: (filters: object) => ['contacts', 'list', filters] as const,
    detail: (id: number) => ['contacts', 'detail', id] as const,
    activity: (id: number) => ['contacts', 'detail', id, 'activity'] as const,
  },
  insights: {
    all: ['insights'] as const,
    forecast: (quarter: string) => ['insights', 'forecast', quarter] as const,
    forecastDeals: (params: object) => ['insights', 'forecast', 'deals', params] as const,
    changes: () => ['insights', 'forecast', 'changes'] as const,
    risks: (params: object) => ['insights', 'risks', params] as const,
    settings: () => ['insights', 'settings'] as const,
    trends: (representative: string | undefined) => ['insights', 'trends', representative ?? 'team'] as const,
    coaching: (id: string) => ['insights', 'coaching', id] as const,
    forecastCalls: () => ['insights', 'forecast-calls'] as const,
  },
  /** The representative's forecast call this week; its reminder sits below it, so refreshing the call refreshes both. */
  forecastCall: {
    own: () => ['forecast-call'] as const,
    reminder: () => ['forecast-call', 'reminder'] as const,
  },
  pipeline: {
    all: ['pipeline'] as const,
    month: (month: string | undefined) => ['pipeline', month ?? 'current'] as const,
    /** The representative's own quota figures: under pipeline.all, so a won deal refreshes them. */
    quota: () => ['pipeline', 'quota'] as const,
    /** The board under its filters (and representative): a move invalidates pipeline.all, so the dashboard follows. */
    board: (filters: object) => ['pipeline', 'board', filters] as const,
  },
  companies: {
    all: ['companies'] as const,
    list: (filters: object) => ['companies', filters] as const,
  },
  jobs: {
    all: ['jobs'] as const,
    list: () => ['jobs', 'list'] as const,
    detail: (id: string) => ['jobs', 'detail', id] as const,
  },
  leads: {
    all: ['leads'] as const,
    list: (filter: object) => ['leads', 'list', filter] as const,
    demoSlots: () => ['leads', 'demo-slots'] as const,
  },
  team: {
    all: ['team'] as const,
    overview: () => ['team', 'overview'] as const,
    representatives: (params: object) => ['team', 'representatives', params] as const,
    representative: (id: string) => ['team', 'representative', id] as const,
    representativeOpportunity: (repId: string, oppId: number) => ['team', 'representative', repId, 'opportunity', oppId] as const,
  },
  teamAdmin: {
    all: ['team-admin'] as const,
    people: () => ['team-admin', 'people'] as const,
    audit: () => ['team-admin', 'audit'] as const,
    invitations: () => ['team-admin', 'invitations'] as const,
  },
  apiKeys: {
    all: ['integrations', 'api-keys'] as const,
  },
};
