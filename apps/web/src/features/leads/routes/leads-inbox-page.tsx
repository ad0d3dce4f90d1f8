import { Download, FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEAD_TYPES, type Lead, type LeadType } from '@nexa/domain';
import { Card } from '../../../components/ui/card.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Table, Td, Th } from '../../../components/ui/table.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { exportHref, resumeHref, useLeads } from '../api/get-leads.ts';

const PAGE_SIZE = 25;

const TYPE_STYLE: Record<LeadType, string> = {
  demo: 'bg-brand-50 text-brand-700 ring-brand-200',
  early_access: 'bg-amber-50 text-amber-800 ring-amber-200',
  application: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
};

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function LeadDetails({ lead }: { lead: Lead }) {
  const { t } = useTranslation('leads');
  const links = [lead.github_link, lead.linkedin_link].filter((l): l is string => Boolean(l));
  return (
    <div className="space-y-1 text-sm text-slate-700">
      {lead.type === 'demo' && lead.selected_date && (
        <p>
          <span className="font-medium">{t('inbox.slot')}</span>{' '}
          {formatDate(lead.selected_date, {
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            timeZoneName: 'short',
          })}
        </p>
      )}
      {lead.notes && <p className="whitespace-pre-line break-words">{lead.notes}</p>}
      {lead.phone_number && <p>{lead.phone_number}</p>}
      {links.map((href) => (
        <p key={href} className="truncate">
          <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 hover:underline">
            {href}
          </a>
        </p>
      ))}
      {lead.introduction_text && <p className="line-clamp-3 whitespace-pre-line break-words">{lead.introduction_text}</p>}
      {lead.has_resume && (
        <a
          href={resumeHref(lead.id)}
          download
          className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline"
          data-testid="resume-download"
        >
          <FileText className="h-4 w-4" aria-hidden />
          {t('inbox.downloadResume', { name: lead.resume_original_name ?? '' })}
        </a>
      )}
    </div>
  );
}

function TypeBadge({ type }: { type: LeadType }) {
  const { t } = useTranslation('leads');
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset whitespace-nowrap',
        TYPE_STYLE[type],
      )}
    >
      {t(`inbox.types.${type}`)}
    </span>
  );
}

export function LeadsInboxPage() {
  const { t } = useTranslation('leads');
  usePageMeta(`${t('inbox.title')} — Nexa`);
  const [type, setType] = useState<LeadType | undefined>();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), 300);
  useEffect(() => setPage(1), [type, q]);
  const leads = useLeads({ type, q, page, pageSize: PAGE_SIZE });
  const total = leads.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filters: Array<LeadType | undefined> = [undefined, ...LEAD_TYPES];

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('inbox.title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('inbox.intro')}</p>
        </div>
        <a href={exportHref({ type, q })} download className={buttonVariants({ variant: 'secondary' })}>
          <Download className="h-4 w-4" aria-hidden />
          {t('inbox.export')}
        </a>
      </div>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div role="group" aria-label={t('inbox.filterLabel')} className="flex flex-wrap gap-2">
          {filters.map((value) => (
            <button
              key={value ?? 'all'}
              type="button"
              aria-pressed={type === value}
              onClick={() => setType(value)}
              className={cn(
                'rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset',
                type === value
                  ? 'bg-slate-900 text-white ring-slate-900'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {value ? t(`inbox.types.${value}`) : t('inbox.all')}
            </button>
          ))}
        </div>
        <SearchInput
          label={t('inbox.searchLabel')}
          className="w-full lg:w-80"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('inbox.searchPlaceholder')}
        />
      </div>

      {leads.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {t(errorKey(leads.error))}
          <Button variant="link" onClick={() => void leads.refetch()}>
            {t('inbox.retry')}
          </Button>
        </div>
      ) : leads.isPending ? (
        <p className="text-sm text-slate-600">{t('common:loading')}</p>
      ) : total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          {t('inbox.empty')}
        </p>
      ) : (
        <>
          <ul className="space-y-3 md:hidden" aria-label={t('inbox.title')}>
            {leads.data.items.map((lead) => (
              <li key={lead.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="lead-row">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-slate-900">{lead.full_name}</p>
                    <p className="truncate text-sm text-slate-600">{lead.email}</p>
                    {lead.company_name && <p className="truncate text-sm text-slate-600">{lead.company_name}</p>}
                  </div>
                  <TypeBadge type={lead.type} />
                </div>
                <div className="mt-3">
                  <LeadDetails lead={lead} />
                </div>
                <p className="mt-3 text-xs text-slate-500">{formatDateTime(lead.created_at)}</p>
              </li>
            ))}
          </ul>
          <Card className="hidden overflow-hidden md:block">
            <Table className="table-fixed">
              <caption className="sr-only">{t('inbox.title')}</caption>
              <thead className="bg-slate-50">
                <tr>
                  <Th className="w-40 px-4 py-3">{t('inbox.received')}</Th>
                  <Th className="w-36 px-4 py-3">{t('inbox.type')}</Th>
                  <Th className="w-64 px-4 py-3">{t('inbox.contact')}</Th>
                  <Th className="px-4 py-3">{t('inbox.details')}</Th>
                </tr>
              </thead>
              <tbody>
                {leads.data.items.map((lead) => (
                  <tr key={lead.id} className="align-top" data-testid="lead-row">
                    <Td className="px-4 py-3 align-top text-slate-600">{formatDateTime(lead.created_at)}</Td>
                    <Td className="px-4 py-3 align-top">
                      <TypeBadge type={lead.type} />
                    </Td>
                    <Td className="px-4 py-3 align-top">
                      <p className="truncate font-semibold text-slate-900">{lead.full_name}</p>
                      <p className="truncate text-slate-600">
                        <a href={`mailto:${lead.email}`} className="hover:underline">
                          {lead.email}
                        </a>
                      </p>
                      {lead.company_name && <p className="truncate text-slate-600">{lead.company_name}</p>}
                    </Td>
                    <Td className="px-4 py-3 align-top">
                      <LeadDetails lead={lead} />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Card>
          <nav aria-label={t('inbox.pagination')} className="flex items-center justify-between gap-3 text-sm text-slate-600">
            <p>{t('inbox.pageOf', { page, pages, total })}</p>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t('inbox.previous')}
              </Button>
              <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                {t('inbox.next')}
              </Button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
