import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import i18next from '../../../lib/i18n.ts';
import { LeadMark } from './lead-mark.tsx';

afterAll(() => i18next.changeLanguage('en'));

// Issue 38: an empty lead status read as a bare "?" on the activity and lead badges.
describe('the lead mark', () => {
  it.each([
    ['en', null, 'No lead status'],
    ['en', '  ', 'No lead status'],
    ['en', 'Pending', 'Pending'],
    ['en', 'Hot Lead', 'HOT'],
    ['en', 'Closed Won', 'CLOSED WON'],
    ['fr', null, 'Sans statut de lead'],
    ['fr', 'Warm', 'TIÈDE'],
  ] as const)('(%s) %j reads %s, never "?"', async (lang, status, text) => {
    await i18next.changeLanguage(lang);
    await i18next.loadNamespaces('common');
    const { unmount } = render(<LeadMark leadStatus={status} />);
    expect(screen.getByTestId('lead-mark').textContent).toBe(text);
    unmount();
  });
});
