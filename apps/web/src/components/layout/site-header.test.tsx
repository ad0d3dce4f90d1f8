import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { SiteHeader } from './site-header.tsx';

async function renderAt(path: string, lang: 'en' | 'fr') {
  await i18next.changeLanguage(lang);
  await i18next.loadNamespaces('common');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteHeader />
    </MemoryRouter>,
  );
}

afterAll(() => i18next.changeLanguage('en'));

describe.each([
  ['en', { try: 'Try it', why: 'Why Nexa', open: 'Open menu' }],
  ['fr', { try: 'Essayer', why: 'Pourquoi Nexa', open: 'Ouvrir le menu' }],
] as const)('site header (%s)', (lang, text) => {
  it('does not mark "Try it", a section of the home page, as the page being read', async () => {
    await renderAt('/', lang);
    for (const link of screen.getAllByRole('link', { name: text.try })) expect(link.getAttribute('aria-current')).toBeNull();
  });

  it('still marks a real page as current', async () => {
    await renderAt('/why-nexa', lang);
    expect(screen.getAllByRole('link', { name: text.why })[0]!.getAttribute('aria-current')).toBe('page');
  });

  it('closes the mobile menu on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    await renderAt('/', lang);
    await user.click(screen.getByRole('button', { name: text.open }));
    expect(document.getElementById('mobile-menu')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: text.open }));
  });
});
