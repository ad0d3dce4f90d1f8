import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { RiskReason } from './risk-reason.tsx';

afterAll(() => i18next.changeLanguage('en'));

describe.each([
  ['en', 'No activity for 20 days (since Nov 4, 2026)', 'The close date has passed (Nov 20, 2026)', 'Line 2'],
  ['fr', 'Aucune activité depuis 20 jours (depuis le 4 nov. 2026)', 'La date de clôture est passée (20 nov. 2026)', 'Ligne 2'],
] as const)('a deal risk warning (%s)', (lang, idle, closed, line) => {
  it('says why in the reader’s language, a closing date as a calendar day', async () => {
    await i18next.changeLanguage(lang);
    await i18next.loadNamespaces('insights');
    render(
      <ul>
        <RiskReason warning={{ code: 'no_activity', evidence: { date: '2026-11-04T12:00:00.000Z', days: 20 } }} />
        <RiskReason warning={{ code: 'close_date_passed', evidence: { date: '2026-11-20', days: 4 } }} />
      </ul>,
    );
    expect(screen.getByText(idle)).toBeTruthy();
    expect(screen.getByText(closed)).toBeTruthy();
  });

  it('quotes the transcript lines a call-based warning cites', async () => {
    await i18next.changeLanguage(lang);
    await i18next.loadNamespaces('insights');
    render(
      <ul>
        <RiskReason
          warning={{
            code: 'competitor_mentioned',
            evidence: {
              callsRead: 1,
              lines: [{ analysisId: 'a', opportunityId: 1, line: 2, text: 'Dana: We also evaluate Gong.' }],
            },
          }}
        />
      </ul>,
    );
    const quote = screen.getByTestId('cited-line');
    expect(quote.textContent).toBe(`${line}Dana: We also evaluate Gong.`);
  });
});
