import { afterAll, describe, expect, it } from 'vitest';
import { formatCompactMoney, formatDate, formatPercent, formatScore, formatWeekday } from './format.ts';
import i18next from './i18n.ts';

// French separates thousands and the percent sign with narrow no-break spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

afterAll(() => i18next.changeLanguage('en'));

describe('numbers in the active language', () => {
  it('writes chart amounts short enough for an axis', async () => {
    await i18next.changeLanguage('en');
    expect([0, 650_000, 2_600_000].map(formatCompactMoney)).toEqual(['$0', '$650K', '$2.6M']);
    await i18next.changeLanguage('fr');
    // "2 600 000 $US" did not fit the axis and was read "600 000 $US".
    expect([0, 650_000, 2_600_000].map((v) => plain(formatCompactMoney(v)))).toEqual(['0 $US', '650 k $US', '2,6 M $US']);
  });

  it('writes scores and percentages as the reader’s language does', async () => {
    await i18next.changeLanguage('en');
    expect([formatScore(6.8), formatScore(7), formatPercent(43)]).toEqual(['6.8', '7', '43%']);
    await i18next.changeLanguage('fr');
    expect([formatScore(6.8), formatScore(7), plain(formatPercent(43))]).toEqual(['6,8', '7', '43 %']);
  });

  it('writes a date in the language and zone asked for, however many were asked before', async () => {
    const at = '2026-11-26T23:30:00.000Z';
    await i18next.changeLanguage('en');
    const day = (timeZone: string) => formatDate(at, { dateStyle: 'medium', timeZone });
    expect([day('America/New_York'), day('Pacific/Kiritimati'), day('America/New_York')]).toEqual([
      'Nov 26, 2026',
      'Nov 27, 2026',
      'Nov 26, 2026',
    ]);
    await i18next.changeLanguage('fr');
    expect(plain(day('Pacific/Kiritimati')!)).toBe('27 nov. 2026');
  });
});

describe('weekday names', () => {
  it('names ISO weekdays (1 = Monday … 7 = Sunday) in the active language', async () => {
    await i18next.changeLanguage('en');
    expect([1, 4, 7].map(formatWeekday)).toEqual(['Monday', 'Thursday', 'Sunday']);
    await i18next.changeLanguage('fr');
    expect([1, 4, 7].map(formatWeekday)).toEqual(['lundi', 'jeudi', 'dimanche']);
  });
});
