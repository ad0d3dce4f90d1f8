/**
 * Every documented figure, by its anchor: the headings of docs/metrics.md, the ids of the
 * /help/metrics page's sections and the keys of locales/{en,fr}/metrics.json (metrics-doc.test.ts
 * checks the three agree).
 */
export const METRIC_IDS = [
  'open-opportunities',
  'pipeline-totals',
  'board-column',
  'require-follow-up',
  'upcoming-meetings',
  'companies',
  'win-rate',
  'conversion-rate',
  'average-deal-size',
  'sales-cycle',
  'quota-attainment',
  'gap-to-quota',
  'score-leaders',
  'team-totals',
  'pipeline-all-deals',
  'won-revenue',
] as const;
export type MetricId = (typeof METRIC_IDS)[number];
