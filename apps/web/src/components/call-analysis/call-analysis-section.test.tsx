import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUALIFICATION_BOXES, type CallAnalysisHistory } from '@nexa/domain';
import i18next from '../../lib/i18n.ts';
import { CallAnalysisSection } from './call-analysis-section.tsx';
import { QualificationChecklist } from './call-evidence.tsx';

const summary = {
  id: '0b7d7c59-3f0e-4c2a-9a55-1d2e3f4a5b6c',
  createdAt: '2026-11-20T14:05:00.000Z',
  createdBy: { id: 'u1', full_name: 'Alex Martin' },
  apiKeyName: null,
  provider: 'offline',
  model: null,
  language: 'en' as const,
  transcriptName: 'acme-discovery.txt',
};

const HISTORY: CallAnalysisHistory = {
  items: [
    summary,
    {
      ...summary,
      id: '1b7d7c59-3f0e-4c2a-9a55-1d2e3f4a5b6c',
      createdBy: null,
      apiKeyName: 'Meeting bot',
      provider: 'openai',
      model: 'gpt-4o-mini',
    },
  ],
  latest: {
    ...summary,
    lineCount: 40,
    citedLines: {
      '3': 'Priya (Acme): Do you support single sign-on with Okta?',
      '4': 'Alex (Nexa): Yes, SAML 2.0 and OIDC, Okta included.',
      '12': 'Priya (Acme): Our budget is around 40,000 dollars a year.',
    },
    result: {
      language: 'en',
      quick: true,
      technicalRequirements: [
        {
          question: 'Do you support single sign-on with Okta?',
          response: 'Yes, SAML 2.0 and OIDC, Okta included.',
          lines: [4, 3],
        },
      ],
      commercialPoints: [
        { text: 'Budget: about $40,000 a year.', lines: [12] },
        { text: 'Cited line that the server no longer has.', lines: [30] },
      ],
      technicalScore: { score: 7, reasons: [{ text: 'SSO requirement answered.', lines: [3] }] },
      commercialScore: { score: 6.5, reasons: [] },
      feedback: { technical: 'Confirm the Okta tenant setup.', commercial: '' },
      nextSteps: [{ text: 'Send the security questionnaire.', lines: [] }],
      suggestedLeadStatus: { value: 'Warm', lines: [12] },
      nextMeeting: null,
    },
  },
};

const ok = (data: CallAnalysisHistory) => ({ data, isPending: false, isError: false });

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['call-analysis']);
});

describe('CallAnalysisSection', () => {
  it('shows the scores, points and requirements, and the quick-analysis notice', () => {
    render(<CallAnalysisSection query={ok(HISTORY)} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Call analysis' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Quick analysis');
    expect(screen.getByTestId('call-score-technical-value').textContent).toBe('7/10');
    expect(screen.getByTestId('call-score-commercial-value').textContent).toBe('6.5/10');
    expect(screen.getByRole('progressbar', { name: 'Technical score: 7/10' }).getAttribute('aria-valuenow')).toBe('7');
    expect(screen.getAllByTestId('commercial-point')).toHaveLength(2);
    expect(screen.getByTestId('technical-requirement').textContent).toContain('Do you support single sign-on with Okta?');
    expect(screen.getByTestId('suggested-lead-status').textContent).toContain('Warm');
    expect(screen.getByTestId('next-meeting').textContent).toBe('None mentioned');
  });

  it('reveals the cited transcript lines of a point on demand, with their numbers, in order', async () => {
    render(<CallAnalysisSection query={ok(HISTORY)} />);
    const requirement = screen.getByTestId('technical-requirement');
    const toggle = within(requirement).getByRole('button', { name: 'Show transcript lines (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(requirement).queryByTestId('cited-lines')).toBeNull();

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide transcript lines');
    const lines = within(requirement).getByTestId('cited-lines');
    expect(toggle.getAttribute('aria-controls')).toBe(lines.id);
    const items = within(lines)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Line 3Priya (Acme): Do you support single sign-on with Okta?',
      'Line 4Alex (Nexa): Yes, SAML 2.0 and OIDC, Okta included.',
    ]);

    await userEvent.click(toggle);
    expect(within(requirement).queryByTestId('cited-lines')).toBeNull();
  });

  it('works from the keyboard, says when a cited line is missing, and offers nothing for an uncited point', async () => {
    render(<CallAnalysisSection query={ok(HISTORY)} />);
    const [, missing] = screen.getAllByTestId('commercial-point');
    within(missing!).getByRole('button', { name: 'Show transcript lines (1)' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(within(missing!).getByTestId('cited-lines').textContent).toBe('Line 30This line is no longer available.');
    expect(within(screen.getByTestId('next-step')).queryByRole('button')).toBeNull();
  });

  it('lists the history: a person or an integration, with the provider and model', () => {
    render(<CallAnalysisSection query={ok(HISTORY)} />);
    const history = within(screen.getByTestId('call-analysis-history')).getAllByRole('listitem');
    expect(history[0]!.textContent).toContain('By Alex Martin');
    expect(history[0]!.textContent).toContain('Latest');
    expect(history[0]!.textContent).toContain('offline · English · acme-discovery.txt');
    expect(history[1]!.textContent).toContain('By the integration Meeting bot');
    expect(history[1]!.textContent).toContain('openai · gpt-4o-mini');
  });

  it('shows the one qualification checklist: the ten boxes, each ticked one with the buyer’s quote, and how many were found', () => {
    const empty: { ticked: boolean; text: string | null; lines: number[] } = { ticked: false, text: null, lines: [] };
    const qualification = Object.fromEntries(QUALIFICATION_BOXES.map((box) => [box, empty])) as unknown as NonNullable<
      NonNullable<CallAnalysisHistory['latest']>['result']['qualification']
    >;
    qualification.budget = {
      ticked: true,
      text: 'Our budget is around 40,000 dollars a year.',
      lines: [12],
      quote: 'Our budget is around 40,000 dollars a year.',
    };
    render(<QualificationChecklist result={{ ...HISTORY.latest!.result, qualification }} cited={HISTORY.latest!.citedLines} />);
    const checklist = screen.getByTestId('qualification-checklist');
    expect(within(checklist).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByTestId('qualification-count').textContent).toBe('1 of 10 found in the call');
    expect(screen.getByTestId('qualification-budget').dataset.ticked).toBe('true');
    expect(screen.getByTestId('qualification-budget').textContent).toContain('“Our budget is around 40,000 dollars a year.”');
    expect(screen.getByTestId('qualification-economicBuyer').textContent).toBe('Economic buyer — not found in the call');
    expect(screen.getByTestId('qualification-paperProcess').dataset.ticked).toBe('false');
  });

  it('has an empty state and an error state', () => {
    const { rerender } = render(<CallAnalysisSection query={ok({ items: [], latest: null })} />);
    expect(screen.getByText('No call has been analyzed for this opportunity yet.')).toBeTruthy();
    rerender(<CallAnalysisSection query={{ data: undefined, isPending: false, isError: true }} />);
    expect(screen.getByRole('alert').textContent).toBe('The call analysis could not be loaded.');
  });
});
