import { forecastCallAdjustmentSchema } from '@nexa/domain/schemas/forecast-call';

/** "1,074,000", "$ 1 074 000" or "1074000": whole dollars, else NaN (the schema refuses it). */
const wholeDollars = (text: string) => {
  const cleaned = text.replace(/[\s,$]/g, '');
  return /^\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
};

/**
 * A forecast call's commit and best case as typed, by the server's own rule (whole dollars, the best
 * case not below the commit): the representative's call and the manager's adjustment read them alike.
 * Null when the server would refuse them.
 */
export function forecastFigures(commit: string, bestCase: string): { commit: number; bestCase: number } | null {
  const parsed = forecastCallAdjustmentSchema.safeParse({ commit: wholeDollars(commit), bestCase: wholeDollars(bestCase) });
  return parsed.success ? parsed.data : null;
}
