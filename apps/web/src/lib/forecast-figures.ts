import { areCallFigures } from '@nexa/domain/forecast-call';

/** "1,074,000", "$ 1 074 000" or "1074000": whole dollars, else NaN (refused). */
const wholeDollars = (text: string) => {
  const cleaned = text.replace(/[\s,$]/g, '');
  return /^\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
};

/**
 * A forecast call's commit and best case as typed, by the domain's rule (areCallFigures: whole
 * dollars, the best case not below the commit): the representative's call and the manager's
 * adjustment read them alike. Null when the server would refuse them. Not the zod schema: its ~25 KB
 * would land on the dashboard's first load, over the 200 KB budget (e2e/js-budget.spec.ts).
 */
export function forecastFigures(commit: string, bestCase: string): { commit: number; bestCase: number } | null {
  const figures = { commit: wholeDollars(commit), bestCase: wholeDollars(bestCase) };
  return areCallFigures(figures) ? figures : null;
}
