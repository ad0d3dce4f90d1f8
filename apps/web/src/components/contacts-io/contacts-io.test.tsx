import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { ContactPrivacyActions } from './contact-privacy-actions.tsx';
import PeopleImportDialog from './people-import-dialog.tsx';

const wrap = (node: ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

describe('contacts in and out', () => {
  beforeAll(async () => {
    await i18next.changeLanguage('en');
    await i18next.loadNamespaces(['contacts-io', 'common']);
  });

  it('reads a CRM export, guesses the contacts’ columns and asks for the required one when it is missing', async () => {
    wrap(<PeopleImportDialog kind="contacts" open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import contacts from CSV' });
    const user = userEvent.setup();
    const file = new File(['E-mail,Job Title,Company\npriya@acme.test,CFO,Acme\n'], 'contacts.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('CSV file'), file);
    expect(await within(dialog).findByText('1 row found')).toBeTruthy();
    expect((within(dialog).getByLabelText('E-mail') as HTMLSelectElement).value).toBe('E-mail');
    expect((within(dialog).getByLabelText('Job title') as HTMLSelectElement).value).toBe('Job Title');
    expect((within(dialog).getByLabelText('Company') as HTMLSelectElement).value).toBe('Company');
    expect(within(dialog).getByRole('alert').textContent).toBe('Map the required columns: Full name');
    expect(within(dialog).getByRole('button', { name: 'Import 1 rows' })).toHaveProperty('disabled', true);
  });

  it('erases only once the person’s name is typed', async () => {
    wrap(<ContactPrivacyActions contactId={7} fullName="Priya Nair" onErased={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Erase…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase this person' });
    const confirm = within(dialog).getByRole('button', { name: 'Erase for good' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Type Priya Nair to confirm'), 'priya nair');
    expect(confirm).toHaveProperty('disabled', false);
  });
});
