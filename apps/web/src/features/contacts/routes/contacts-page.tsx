import { Upload, UserPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Contact } from '@nexa/domain';
import { PeopleExportLinks } from '../../../components/contacts-io/people-export-links.tsx';
import type { PeopleKind } from '../../../components/contacts-io/people-import-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CardList, CardListItem } from '../../../components/ui/card-list.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Pager, Table, Td, Th } from '../../../components/ui/table.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { CARDS_BELOW, useMediaQuery } from '../../../lib/use-media-query.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useSearchText } from '../../../lib/use-search-text.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { CONTACTS_PAGE_SIZE, useContacts, useCreateContact, type ContactFilters } from '../api/contacts.ts';
import { ContactDialog } from '../components/contact-dialog.tsx';
import { emptyDraft } from '../contact-logic.ts';
import { useContactLinks } from '../workspace.ts';

// The CSV import (its parser and mapping) downloads only when someone opens it.
const PeopleImportDialog = lazy(() => import('../../../components/contacts-io/people-import-dialog.tsx'));

/** The contacts the person may see (a representative: those of the accounts where they own a deal), searchable. */
export function ContactsPage() {
  const { t } = useTranslation(['contacts', 'contacts-io']);
  const { manager } = useContactLinks();
  usePageMeta(t('metaTitle'));
  const [filters, setFilters] = useUrlFilters<ContactFilters & Record<string, string | number | undefined>>(['page', 'account']);
  const contacts = useContacts(filters);
  const [text, setText] = useSearchText(filters.q, setFilters);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState<PeopleKind | null>(null);

  const page = filters.page ?? 1;
  const pages = contacts.data ? Math.max(1, Math.ceil(contacts.data.total / CONTACTS_PAGE_SIZE)) : 1;
  // A long list is counted up to a bound (decision 044): "more than", and the pages after it stay reachable.
  const capped = contacts.data?.capped ?? false;
  const items = contacts.data?.items ?? [];

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
          <p className="text-slate-600">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setCreating(true)}>
            <UserPlus className="h-4 w-4" aria-hidden />
            {t('new')}
          </Button>
          <Button variant="secondary" onClick={() => setImporting('contacts')}>
            <Upload className="h-4 w-4" aria-hidden />
            {t('contacts-io:import.open.contacts')}
          </Button>
          {manager && (
            <Button variant="secondary" onClick={() => setImporting('accounts')}>
              <Upload className="h-4 w-4" aria-hidden />
              {t('contacts-io:import.open.accounts')}
            </Button>
          )}
          <PeopleExportLinks kind="contacts" />
        </div>
      </header>
      <Card>
        <CardContent className="space-y-4 pt-4 sm:pt-5">
          <div role="search">
            <SearchInput
              label={t('searchLabel')}
              placeholder={t('search')}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          {contacts.isPending ? (
            <LoadingState>{t('loading')}</LoadingState>
          ) : contacts.isError ? (
            <ErrorState>{t('error', { message: t(errorKey(contacts.error)) })}</ErrorState>
          ) : items.length === 0 ? (
            <EmptyState title={t('empty')} hint={t('emptyHint')} />
          ) : (
            <>
              <p className="text-sm text-slate-600" aria-live="polite">
                {t(capped ? 'countCapped' : 'count', { count: contacts.data?.total ?? 0 })}
              </p>
              <ContactList items={items} />
              <Pager
                page={page}
                pages={pages}
                onPage={(p) => setFilters({ page: p > 1 ? p : undefined })}
                labels={{ previous: t('previous'), next: t('next'), page: t(capped ? 'pageOfMore' : 'pageOf', { page, pages }) }}
              />
            </>
          )}
        </CardContent>
      </Card>
      <CreateContactDialog open={creating} onOpenChange={setCreating} />
      {importing && (
        <Suspense fallback={null}>
          <PeopleImportDialog kind={importing} open onOpenChange={(open) => !open && setImporting(null)} />
        </Suspense>
      )}
    </div>
  );
}

function ContactList({ items }: { items: Contact[] }) {
  const { t } = useTranslation('contacts');
  const links = useContactLinks();
  const cards = useMediaQuery(CARDS_BELOW);
  const none = t('fields.none');
  const name = (c: Contact) => (
    <Link to={links.contact(c.id)} className="font-medium text-brand-700 hover:underline">
      {c.full_name}
    </Link>
  );
  if (cards) {
    return (
      <CardList>
        {items.map((c) => (
          <CardListItem
            key={c.id}
            data-testid="contact-row"
            title={name(c)}
            fields={[
              { label: t('columns.title'), value: c.title ?? none },
              { label: t('columns.account'), value: c.account_name ?? none },
              { label: t('columns.email'), value: c.email ?? none, wide: true },
            ]}
          />
        ))}
      </CardList>
    );
  }
  return (
    <Table label={t('title')}>
      <thead>
        <tr>
          <Th>{t('columns.name')}</Th>
          <Th>{t('columns.title')}</Th>
          <Th>{t('columns.account')}</Th>
          <Th>{t('columns.email')}</Th>
          <Th>{t('columns.phone')}</Th>
        </tr>
      </thead>
      <tbody>
        {items.map((c) => (
          <tr key={c.id} data-testid="contact-row">
            <Td>{name(c)}</Td>
            <Td>{c.title ?? none}</Td>
            <Td>{c.account_name ?? none}</Td>
            <Td className="[overflow-wrap:anywhere]">{c.email ?? none}</Td>
            <Td className="whitespace-nowrap">{c.phone ?? none}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function CreateContactDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const links = useContactLinks();
  const create = useCreateContact();
  return (
    <ContactDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('new')}
      initial={emptyDraft}
      saving={create.isPending}
      testId="contact-create-dialog"
      onSave={(input) =>
        create.mutate(input, {
          onSuccess: (contact) => {
            toast.success(t('form.created'));
            onOpenChange(false);
            void navigate(links.contact(contact.id));
          },
          onError: (error) => toast.error(t('form.error', { message: t(errorKey(error)) })),
        })
      }
    />
  );
}
