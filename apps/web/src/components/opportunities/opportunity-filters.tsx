import { CalendarRange, Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PIPELINE_STATUSES } from '@nexa/domain';
import { useOpportunityFacets } from '../../lib/api/get-opportunity-facets.ts';
import type { OpportunityFilters } from '../../lib/api/get-opportunities.ts';
import { Input, Select } from '../ui/select.tsx';

const SEARCH_DELAY_MS = 300;

/** Search, product, status, lead status and next-meeting date range; every change goes to onChange. */
export function OpportunityFilterBar({
  value,
  onChange,
}: {
  value: OpportunityFilters;
  onChange: (patch: Partial<OpportunityFilters>) => void;
}) {
  const { t } = useTranslation('opportunities');
  const facets = useOpportunityFacets();
  const id = useId();
  const [text, setText] = useState(value.q ?? '');
  const [showDates, setShowDates] = useState(Boolean(value.from || value.to));

  // The URL is the source of truth: follow it when it changes from outside (back button, a link).
  useEffect(() => setText(value.q ?? ''), [value.q]);
  useEffect(() => {
    if (text === (value.q ?? '')) return;
    const timer = setTimeout(() => onChange({ q: text || undefined, page: undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value.q, onChange]);

  // A start after the end is the range the person meant, typed the other way round: swap the two
  // dates rather than send a range the server refuses.
  const setRange = (from: string | undefined, to: string | undefined) => {
    const [start, end] = from && to && from > to ? [to, from] : [from, to];
    onChange({ from: start, to: end, page: undefined });
  };

  const pipeline = new Set<string>(PIPELINE_STATUSES);
  const recorded = (facets.data?.statuses ?? []).filter((s) => !pipeline.has(s));
  const hasFilters = Boolean(value.q || value.product || value.status || value.lead_status || value.from || value.to);

  return (
    <div className="space-y-3" role="search">
      <div className="flex flex-col gap-3">
        <label className="relative block" htmlFor={`${id}-q`}>
          <span className="sr-only">{t('list.searchLabel')}</span>
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
          <Input
            id={`${id}-q`}
            type="search"
            className="w-full pl-9"
            placeholder={t('list.search')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
          <label className="sr-only" htmlFor={`${id}-product`}>
            {t('list.product')}
          </label>
          <Select
            id={`${id}-product`}
            value={value.product ?? ''}
            onChange={(e) => onChange({ product: e.target.value || undefined, page: undefined })}
          >
            <option value="">{t('list.allProducts')}</option>
            {facets.data?.products.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
          <label className="sr-only" htmlFor={`${id}-status`}>
            {t('list.status')}
          </label>
          <Select
            id={`${id}-status`}
            value={value.status ?? ''}
            onChange={(e) => onChange({ status: e.target.value || undefined, page: undefined })}
          >
            <option value="">{t('list.allStatuses')}</option>
            <optgroup label={t('list.pipelineStatuses')}>
              {PIPELINE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </optgroup>
            {recorded.length > 0 && (
              <optgroup label={t('list.recordedStatuses')}>
                {recorded.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </optgroup>
            )}
          </Select>
          <label className="sr-only" htmlFor={`${id}-lead`}>
            {t('list.leadStatus')}
          </label>
          <Select
            id={`${id}-lead`}
            value={value.lead_status ?? ''}
            onChange={(e) => onChange({ lead_status: e.target.value || undefined, page: undefined })}
          >
            <option value="">{t('list.allLeadStatuses')}</option>
            {facets.data?.lead_statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
          <button
            type="button"
            aria-expanded={showDates}
            aria-controls={`${id}-dates`}
            onClick={() => setShowDates((v) => !v)}
            className="inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            <CalendarRange className="h-4 w-4" aria-hidden />
            {t('list.dateRange')}
          </button>
        </div>
      </div>
      {showDates && (
        <fieldset
          id={`${id}-dates`}
          className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
        >
          <legend className="px-1 text-xs font-semibold text-slate-600">{t('list.dateRangeHint')}</legend>
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
            {t('list.from')}
            <Input
              type="date"
              value={value.from ?? ''}
              max={value.to}
              onChange={(e) => setRange(e.target.value || undefined, value.to)}
            />
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
            {t('list.to')}
            <Input
              type="date"
              value={value.to ?? ''}
              min={value.from}
              onChange={(e) => setRange(value.from, e.target.value || undefined)}
            />
          </label>
          {(value.from || value.to) && (
            <button
              type="button"
              className="h-10 text-sm font-medium text-brand-700 hover:underline"
              onClick={() => onChange({ from: undefined, to: undefined, page: undefined })}
            >
              {t('list.clearDates')}
            </button>
          )}
        </fieldset>
      )}
      {hasFilters && (
        <button
          type="button"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          onClick={() => {
            setText('');
            onChange({
              q: undefined,
              product: undefined,
              status: undefined,
              lead_status: undefined,
              from: undefined,
              to: undefined,
              page: undefined,
            });
          }}
        >
          <X className="h-4 w-4" aria-hidden />
          {t('list.clearFilters')}
        </button>
      )}
    </div>
  );
}
