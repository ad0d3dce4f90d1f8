import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUALIFICATION_BOXES, type CallAnalysisHistory } from '@nexa/domain';
import i18next from '../../lib/i18n.ts';
import { QualificationChecklist } from './call-evidence.tsx';

type Result = NonNullable<CallAnalysisHistory['latest']>['result'];

const empty = { ticked: false, text: null, lines: [] };
const result = {
  language: 'en',
  quick: true,
  technicalRequirements: [],
  commercialPoints: [],
  technicalScore: { score: 5, reasons: [] },
  commercialScore: { score: 5, reasons: [] },
  feedback: { technical: '', commercial: '' },
  nextSteps: [],
  suggestedLeadStatus: null,
  nextMeeting: null,
  qualification: Object.fromEntries(QUALIFICATION_BOXES.map((box) => [box, empty])),
} as unknown as Result;

describe('the MEDDICC boxes name the committee (issue 36)', () => {
  beforeAll(async () => {
    await i18next.changeLanguage('en');
    await i18next.loadNamespaces(['call-analysis', 'contacts']);
  });

  it('links the economic buyer and the champion to their pages, and says when there is none', async () => {
    render(
      <MemoryRouter>
        <QualificationChecklist
          result={result}
          cited={{}}
          people={{
            economicBuyer: [{ id: 7, full_name: 'Helen Carter' }],
            champion: [],
            href: (id) => `/rep/contacts/${id}`,
          }}
        />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('qualification-economicBuyer-people')).toBeTruthy());
    const buyer = screen.getByTestId('qualification-economicBuyer-people');
    expect(buyer.textContent).toBe('On the deal: Helen Carter');
    expect(screen.getByRole('link', { name: 'Helen Carter' }).getAttribute('href')).toBe('/rep/contacts/7');
    expect(screen.getByTestId('qualification-champion-people').textContent).toBe("No champion named on the deal's committee");
    // Only those two boxes speak of people.
    expect(screen.queryByTestId('qualification-budget-people')).toBeNull();
  });

  it('shows nothing of the committee where the page gives none', () => {
    render(
      <MemoryRouter>
        <QualificationChecklist result={result} cited={{}} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('qualification-economicBuyer-people')).toBeNull();
  });
});
