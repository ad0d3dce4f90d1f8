import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dealName } from '@nexa/domain/deal-name';
import { useOpportunities } from '../../../lib/api/get-opportunities.ts';
import { cn } from '../../../lib/cn.ts';
import { formatMoney } from '../../../lib/format.ts';

export interface PickedOpportunity {
  id: number;
  name: string;
}

const SEARCH_DELAY_MS = 250;

/** The deal's name as every page writes it (the domain's dealName), its number when it has none. */
export const opportunityName = (o: { client_company_name: string | null; product: string | null; id: number }) =>
  dealName(o) ?? `#${o.id}`;

/**
 * The rep's opportunities, searched on the server (20 at a time) and chosen with native radio
 * buttons: arrow keys move the choice and screen readers announce the group, with no combobox code.
 */
export function OpportunityPicker({
  selected,
  onSelect,
  error,
}: {
  selected: PickedOpportunity | null;
  onSelect: (opportunity: PickedOpportunity) => void;
  error?: string;
}) {
  const { t } = useTranslation('call-analysis');
  const id = useId();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const results = useOpportunities({ q: q || undefined, pageSize: 20, sort: '-id' });
  const items = results.data?.items ?? [];
  const shown = selected && !items.some((o) => o.id === selected.id) ? [selected] : [];

  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-800">
        {t('form.search')}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-slate-500" aria-hidden />
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('form.searchPlaceholder')}
          aria-controls={`${id}-results`}
          className="block h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm"
        />
      </div>
      <div
        id={`${id}-results`}
        role="radiogroup"
        aria-label={t('form.results')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-busy={results.isFetching}
        className={cn('max-h-64 overflow-y-auto rounded-lg border', error ? 'border-red-400' : 'border-slate-200')}
        data-testid="opportunity-results"
      >
        {shown.map((o) => (
          <Option key={o.id} name={`${id}-opp`} label={o.name} checked onChange={() => onSelect(o)} />
        ))}
        {items.map((o) => {
          const name = opportunityName(o);
          return (
            <Option
              key={o.id}
              name={`${id}-opp`}
              label={name}
              detail={o.amount === null ? undefined : formatMoney(o.amount)}
              checked={selected?.id === o.id}
              onChange={() => onSelect({ id: o.id, name })}
            />
          );
        })}
        {results.isPending && <p className="p-3 text-sm text-slate-600">{t('form.searching')}</p>}
        {!results.isPending && items.length === 0 && shown.length === 0 && (
          <p className="p-3 text-sm text-slate-600">{t('form.noResults')}</p>
        )}
      </div>
      {selected && (
        <p className="text-sm text-slate-700" aria-live="polite" data-testid="opportunity-selected">
          {t('form.selected', { name: selected.name })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Option({
  name,
  label,
  detail,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  detail?: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 border-b border-slate-100 px-3 py-2 text-sm last:border-b-0 has-[:focus-visible]:bg-brand-50',
        checked ? 'bg-brand-50' : 'hover:bg-slate-50',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} className="h-4 w-4 shrink-0 accent-brand-600" />
      <span className="min-w-0 flex-1 text-slate-900 [overflow-wrap:anywhere]">{label}</span>
      {detail && <span className="shrink-0 text-slate-600 tabular-nums">{detail}</span>}
    </label>
  );
}
