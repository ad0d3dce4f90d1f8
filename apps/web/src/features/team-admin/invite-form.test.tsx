import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { InviteForm } from './components/invite-form.tsx';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <InviteForm />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['team-admin', 'workspace', 'common']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the invitation’s name on CRM deals', () => {
  it('says a name the schema refuses is too long, not that it is taken', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderForm();
    await userEvent.type(screen.getByLabelText('E-mail'), 'new.rep@example.test');
    await userEvent.type(screen.getByLabelText('Name on CRM deals (optional)'), 'x'.repeat(201));
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter the name on one line, in at most 200 characters.')).toBeTruthy();
    expect(screen.queryByText(/already go to someone else/)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says a name someone already goes by is taken (the server’s 409 on that field)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'conflict', message: 'Taken', field: 'account_manager_name' } }, 409)),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText('E-mail'), 'new.rep@example.test');
    await userEvent.type(screen.getByLabelText('Name on CRM deals (optional)'), 'Alex Martin');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/Deals with this name already go to someone else/)).toBeTruthy();
  });
});
