import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LayoutDashboard } from 'lucide-react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { WorkspaceLayout } from './workspace-layout.tsx';

const me = { id: 'u1', full_name: 'Alex Martin', email: 'alex@demo.nexa.test', role: 'sales_rep' };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(me), { headers: { 'content-type': 'application/json' } }))),
  );
});
afterEach(() => vi.unstubAllGlobals());
afterAll(() => i18next.changeLanguage('en'));

describe.each([
  ['en', 'Open menu'],
  ['fr', 'Ouvrir le menu'],
] as const)('workspace menu (%s)', (lang, openLabel) => {
  it('closes on Escape and gives focus back to its button', async () => {
    await i18next.changeLanguage(lang);
    await i18next.loadNamespaces(['workspace', 'common']);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/rep']}>
          <Routes>
            <Route element={<WorkspaceLayout items={[{ to: '/rep', labelKey: 'nav.dashboard', icon: LayoutDashboard }]} />}>
              <Route path="/rep" element={<p>dashboard</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: openLabel }));
    expect(document.getElementById('workspace-menu')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(document.getElementById('workspace-menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: openLabel }));
  });
});
