import { ArrowLeft, AudioLines, Contact as ContactCard, Mail, Phone } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { currencyOf, type Contact, type ContactActivity } from '@nexa/domain';
import { ContactPrivacyActions } from '../../../components/contacts-io/contact-privacy-actions.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { ApiError, errorKey } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useContact, useContactActivity, useDeleteContact, usePatchContact } from '../api/contacts.ts';
import { ContactDialog } from '../components/contact-dialog.tsx';
import { RoleChips } from '../components/roles.tsx';
import { draftOf, talkTime } from '../contact-logic.ts';
import { useContactLinks } from '../workspace.ts';

/**
 * A contact's page: who they are, the deals they are on with their roles, the calls they spoke in
 * with their talk time, and what they asked and required (the cited lines). The server answers only
 * with the viewer's own deals and those deals' calls (a manager: all).
 */
export function ContactPage() {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const { contactId } = useParams();
  const id = Number.parseInt(contactId ?? '', 10);
  const contact = useContact(id);
  const activity = useContactActivity(id);
  usePageMeta(`${contact.data?.full_name ?? t('title')} — Nexa`);
  const notFound = !Number.isInteger(id) || id <= 0 || (contact.error instanceof ApiError && contact.error.status === 404);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex items-start gap-3">
        <Button variant="ghost" size="icon" onClick={() => void navigate(-1)} aria-label={t('page.back')} title={t('page.back')}>
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Button>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
            {contact.data?.full_name ?? t('title')}
          </h1>
          {contact.data && (
            <p className="text-slate-600 [overflow-wrap:anywhere]">
              {[contact.data.title, contact.data.account_name].filter(Boolean).join(' · ')}
            </p>
          )}
        </div>
      </div>
      {notFound ? (
        <Card>
          <CardContent className="py-12 text-center">
            <p className="text-lg font-semibold text-slate-900" role="alert">
              {t('page.notFound')}
            </p>
          </CardContent>
        </Card>
      ) : contact.isError ? (
        <ErrorState>{t('error', { message: t(errorKey(contact.error)) })}</ErrorState>
      ) : !contact.data ? (
        <LoadingState>{t('page.loading')}</LoadingState>
      ) : (
        <>
          <Details contact={contact.data} />
          <Activity query={activity} />
        </>
      )}
    </div>
  );
}

function Details({ contact }: { contact: Contact }) {
  const { t } = useTranslation(['contacts', 'contacts-io']);
  const navigate = useNavigate();
  const links = useContactLinks();
  const [editing, setEditing] = useState(false);
  const { remove, restore } = useDeleteContact();
  const none = t('fields.none');
  const onDelete = () =>
    remove.mutate(contact.id, {
      onSuccess: () => {
        toast.success(t('page.deleted', { name: contact.full_name }), {
          action: {
            label: t('page.undo'),
            onClick: () =>
              restore.mutate(contact.id, {
                onSuccess: () => {
                  toast.success(t('page.restored', { name: contact.full_name }));
                  void navigate(links.contact(contact.id));
                },
              }),
          },
        });
        void navigate(links.list);
      },
      onError: (error) => toast.error(t('page.deleteError', { message: t(errorKey(error)) })),
    });
  const downloadCard = () =>
    downloadFile(`/api/contacts/${contact.id}/vcard`, `contact-${contact.id}.vcf`).catch((error: unknown) =>
      toast.error(t('contacts-io:export.failed'), { description: t(errorKey(error)) }),
    );
  const rows: Array<[string, ReactNode]> = [
    [
      t('fields.email'),
      contact.email ? (
        <a
          href={`mailto:${contact.email}`}
          className="inline-flex items-center gap-1 text-brand-700 hover:underline"
          aria-label={t('page.mailto', { name: contact.full_name })}
        >
          <Mail className="h-4 w-4" aria-hidden />
          {contact.email}
        </a>
      ) : (
        none
      ),
    ],
    [
      t('fields.phone'),
      contact.phone ? (
        <a href={`tel:${contact.phone}`} className="inline-flex items-center gap-1 text-brand-700 hover:underline">
          <Phone className="h-4 w-4" aria-hidden />
          {contact.phone}
        </a>
      ) : (
        none
      ),
    ],
    [t('fields.account'), contact.account_name ?? none],
    [t('fields.language'), contact.language ? t(`languages.${contact.language}`) : t('fields.noLanguage')],
    [t('fields.time_zone'), contact.time_zone ?? none],
  ];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('page.details')}</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void downloadCard()}>
            <ContactCard className="h-4 w-4" aria-hidden />
            {t('contacts-io:export.contact')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            {t('page.edit')}
          </Button>
          <Button variant="ghost" size="sm" className="text-red-700" onClick={onDelete} disabled={remove.isPending}>
            {t('page.delete')}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="contact-details">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
              <dd className="mt-0.5 text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
        {links.manager && (
          <div className="mt-4 border-t border-slate-200 pt-4">
            <ContactPrivacyActions
              contactId={contact.id}
              fullName={contact.full_name}
              onErased={() => void navigate(links.list, { replace: true })}
            />
          </div>
        )}
      </CardContent>
      {editing && <EditContactDialog contact={contact} onClose={() => setEditing(false)} />}
    </Card>
  );
}

function EditContactDialog({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const patch = usePatchContact(contact.id);
  const initial = useMemo(() => draftOf(contact), [contact]);
  return (
    <ContactDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('page.editTitle', { name: contact.full_name })}
      initial={initial}
      saving={patch.isPending}
      testId="contact-edit-dialog"
      onSave={(input) =>
        patch.mutate(input, {
          onSuccess: () => (toast.success(t('form.saved')), onClose()),
          onError: (error) => toast.error(t('form.error', { message: t(errorKey(error)) })),
        })
      }
    />
  );
}

function Activity({ query }: { query: { data?: ContactActivity; isPending: boolean; isError: boolean; error: unknown } }) {
  const { t } = useTranslation('contacts');
  const links = useContactLinks();
  if (query.isPending) return <LoadingState>{t('page.loading')}</LoadingState>;
  if (query.isError || !query.data) return <ErrorState>{t('error', { message: t(errorKey(query.error)) })}</ErrorState>;
  const { deals, calls, asked } = query.data;
  const dealOf = (id: number) => deals.find((d) => d.id === id);
  const dealName = (id: number) => {
    const deal = dealOf(id);
    return deal ? [deal.client_company_name, deal.product].filter(Boolean).join(' — ') || `#${id}` : `#${id}`;
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section title={t('page.deals')} empty={deals.length === 0 ? t('page.noDeals') : null} className="lg:col-span-2">
        <ul className="divide-y divide-slate-100" data-testid="contact-deals">
          {deals.map((deal) => (
            <li
              key={deal.id}
              className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="contact-deal"
            >
              <div className="min-w-0">
                <Link to={links.deal(deal)} className="font-medium text-brand-700 hover:underline [overflow-wrap:anywhere]">
                  {dealName(deal.id)}
                </Link>
                <p className="text-sm text-slate-600">
                  {t(`insights:stages.${deal.stage}`, { defaultValue: deal.stage })}
                  {deal.amount !== null && ` · ${formatMoney(deal.amount, { currency: currencyOf(deal) })}`}
                </p>
              </div>
              <RoleChips roles={deal.roles} />
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('page.calls')} empty={calls.length === 0 ? t('page.noCalls') : null}>
        <ul className="space-y-3" data-testid="contact-calls">
          {calls.map((call) => (
            <li
              key={`${call.analysisId}-${call.speaker}`}
              className="rounded-lg bg-slate-50 p-3 text-sm"
              data-testid="contact-call"
            >
              <p className="flex items-center gap-2 font-medium text-slate-900">
                <AudioLines className="h-4 w-4 text-slate-500" aria-hidden />
                <time dateTime={call.createdAt}>{formatDateTime(call.createdAt)}</time>
              </p>
              <p className="text-slate-700 [overflow-wrap:anywhere]">
                {call.transcript_name ?? dealName(call.opportunityId)} {t('page.asSpeaker', { speaker: call.speaker })}
              </p>
              <p className="text-slate-600">
                {talkTime(call.talk_seconds) !== null && (
                  <span data-testid="talk-time">
                    {t('page.talk')}: {talkTime(call.talk_seconds)}
                  </span>
                )}
                {talkTime(call.talk_seconds) !== null && call.lines !== null && ' · '}
                {call.lines !== null && t('page.lines', { count: call.lines })}
              </p>
              {dealOf(call.opportunityId) && (
                <Link to={`${links.deal(dealOf(call.opportunityId)!)}#call-analysis`} className="text-brand-700 hover:underline">
                  {t('page.openCall')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('page.asked')} empty={asked.length === 0 ? t('page.noAsked') : null}>
        <ul className="space-y-3" data-testid="contact-asked">
          {asked.map((item, i) => (
            <li key={`${item.analysisId}-${i}`} className="space-y-1 text-sm" data-testid="contact-asked-item">
              <p className="text-slate-900">
                <span className="font-semibold">{t(`page.${item.kind}`)}: </span>
                {item.text}
              </p>
              {item.lines.map((line) => (
                <blockquote
                  key={line.line}
                  className="border-l-2 border-brand-300 bg-slate-50 py-1 pr-2 pl-3 text-slate-800 [overflow-wrap:anywhere]"
                  data-testid="cited-line"
                >
                  <span className="mr-2 text-xs font-semibold text-slate-600">{t('page.line', { line: line.line })}</span>
                  {line.text}
                </blockquote>
              ))}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

/** A card of the activity: its title, then its list or, when there is nothing, `empty`. */
function Section({
  title,
  empty,
  className,
  children,
}: {
  title: string;
  empty: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{empty === null ? children : <p className="text-sm text-slate-600">{empty}</p>}</CardContent>
    </Card>
  );
}
