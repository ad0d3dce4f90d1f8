import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Committee } from '@nexa/domain';
import i18next from '../../../lib/i18n.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { CommitteePanel } from './committee-panel.tsx';

const contact = (id: number, full_name: string, title: string) => ({
  id,
  full_name,
  email: `${full_name.split(' ')[0]!.toLowerCase()}@acme.example`,
  phone: null,
  title,
  account_id: 1,
  account_name: 'Acme',
  language: null,
  time_zone: null,
  side: 'buyer' as const,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
});

const COMMITTEE: Committee = {
  version: 4,
  members: [
    { contact: contact(1, 'Helen Carter', 'CFO'), roles: ['economic_buyer'], source: 'person' },
    { contact: contact(2, 'Tom Becker', 'IT Director'), roles: [], source: 'person' },
  ],
};

function renderPanel(committee: Committee, path = '/rep/opportunities/9') {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(queryKeys.opportunities.committee(9), committee);
  client.setQueryData(queryKeys.contacts.list({}), { items: [], total: 0 });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <CommitteePanel opportunityId={9} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the committee panel', () => {
  beforeAll(async () => {
    await i18next.changeLanguage('en');
    await i18next.loadNamespaces(['contacts', 'common']);
  });

  it('lists each member with their roles and a link to their page in the workspace it is in', () => {
    renderPanel(COMMITTEE);
    const [helen, tom] = screen.getAllByTestId('committee-member');
    expect(within(helen!).getByTestId('role-chips').textContent).toBe('Economic buyer');
    expect(helen!.textContent).toContain('CFO · Acme · helen@acme.example');
    expect(tom!.textContent).toContain('No role yet');
    expect(within(helen!).getByRole('link', { name: "Open Helen Carter's page" }).getAttribute('href')).toBe('/rep/contacts/1');
    renderPanel(COMMITTEE, '/manager/representatives/u1/opportunities/9');
    expect(screen.getAllByRole('link', { name: "Open Helen Carter's page" })[1]!.getAttribute('href')).toBe(
      '/manager/contacts/1',
    );
  });

  it('says when nobody is on the committee, and opens the add dialog from the keyboard', async () => {
    renderPanel({ version: 1, members: [] });
    expect(screen.getByTestId('committee-empty').textContent).toBe("Nobody on this deal's committee yet.");
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Add a person' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByTestId('committee-add-dialog');
    expect(within(dialog).getByLabelText('An existing contact')).toHaveProperty('checked', true);
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(7);
    // Adding with no contact chosen says what to do instead of sending.
    await user.click(within(dialog).getByRole('button', { name: 'Add a person' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a contact, or create a new one.');
  });
});
