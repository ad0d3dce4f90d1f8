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

// A follow-up e-mail sent from the deal (issue 37) reads as what was sent and to whom, in both languages.
describe.each([
  ['en', 'Sent the e-mail “Pilot plan” to claire@northwind.example, cto@partner.example'],
  ['fr', 'A envoyé l’e-mail « Pilot plan » à claire@northwind.example, cto@partner.example'],
] as const)('a sent follow-up e-mail (%s)', (lang, expected) => {
  it('names its subject and every recipient, Cc included', async () => {
    await i18next.changeLanguage(lang);
    await i18next.loadNamespaces(['opportunities', 'insights']);
    const after = { subject: 'Pilot plan', to: ['claire@northwind.example'], cc: ['cto@partner.example'], invite: true };
    const { container } = render(<ChangeText change={{ field: 'email_sent', before: null, after }} />);
    expect(container.textContent).toBe(expected);
  });
});
