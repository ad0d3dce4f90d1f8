import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { LeadBadge, LeadBadges } from './badge.tsx';

const badgeTexts = (container: HTMLElement) => [...container.querySelectorAll('span[title]')].map((b) => b.textContent);

afterAll(() => i18next.changeLanguage('en'));

describe.each([
  ['en', ['WARM', 'HOT', 'Qualified']],
  ['fr', ['TIÈDE', 'CHAUD', 'Qualified']],
] as const)('lead badges (%s)', (lang, expected) => {
  it('shows one badge per meaning, in the reader’s language', async () => {
    await i18next.changeLanguage(lang);
    await i18next.loadNamespaces('common');
    const { container } = render(<LeadBadges values={['Warm', 'Warm Lead', 'Hot Lead', 'hot', 'Qualified']} />);
    expect(badgeTexts(container)).toEqual(expected);
  });

  it('says the lead status is missing in the reader’s language', async () => {
    await i18next.changeLanguage(lang);
    await i18next.loadNamespaces('common');
    render(<LeadBadge value={null} />);
    expect(screen.getByText(lang === 'fr' ? 'N/D' : 'N/A')).toBeTruthy();
  });
});
