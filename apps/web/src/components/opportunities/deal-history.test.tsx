import { render } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { ChangeText } from './deal-history.tsx';

afterAll(() => i18next.changeLanguage('en'));

// The representative's page showed "forecast_category : N/D → best_case" on a French screen.
describe.each([
  ['en', 'Forecast category: From the stage → Best case', 'Forecast category: Commit → From the stage'],
  ['fr', 'Catégorie de prévision : Selon l’étape → Meilleur cas', 'Catégorie de prévision : Engagé → Selon l’étape'],
] as const)('a forecast category change (%s)', (lang, set, cleared) => {
  it('names the field and its categories in the reader’s language', async () => {
    await i18next.changeLanguage(lang);
    await i18next.loadNamespaces(['opportunities', 'insights']);
    const text = (before: string | null, after: string | null) =>
      render(<ChangeText change={{ field: 'forecast_category', before, after }} />).container.textContent?.replace(/\s+/g, ' ');
    expect(text(null, 'best_case')).toBe(set);
    expect(text('commit', null)).toBe(cleared);
  });
});
