import { describe, expect, it } from 'vitest';
import { forecastFigures } from './forecast-figures.ts';

describe('a forecast call as typed', () => {
  it('reads whole dollars with their separators', () => {
    expect(forecastFigures('1,074,000', '$ 1 373 000')).toEqual({ commit: 1_074_000, bestCase: 1_373_000 });
    expect(forecastFigures('0', '0')).toEqual({ commit: 0, bestCase: 0 });
  });

  it('refuses what the server would: not a whole amount, or a best case below the commit', () => {
    expect(forecastFigures('abc', '100')).toBeNull();
    expect(forecastFigures('', '100')).toBeNull();
    expect(forecastFigures('10.5', '100')).toBeNull();
    expect(forecastFigures('200', '100')).toBeNull();
  });
});
