import { CalendarRange, Search, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  leadStatusKey,
  OUTCOME_OF_STAGE,
  PIPELINE_STATUS_OF_OUTCOME,
  PIPELINE_STATUSES,
  STAGES,
  statusFilterOf,
  UNASSIGNED_OWNER,
} from '@nexa/domain';
import { useOpportunityFacets } from '../../lib/api/get-opportunity-facets.ts';
import type { OpportunityFilters } from '../../lib/api/get-opportunities.ts';
import { useRepresentatives } from '../../lib/api/get-representatives.ts';
import { Input, Select } from '../ui/select.tsx';
import { cn } from '../../lib/cn.ts';

const TYPING_DELAY_MS = 300;

/** Which list the bar filters: a representative's own deals, or the manager's whole team. */
export type ListVariant = 'rep' | 'team';

type Patch = Partial<OpportunityFilters>;

/** Every filter of each variant, cleared together by "Clear filters". */
const FILTER_KEYS: Record<ListVariant, ReadonlyArray<keyof OpportunityFilters>> = {
  rep: ['q', 'product', 'status', 'lead_status', 'from', 'to'],
  team: ['q', 'owner_id', 'stage', 'amount_min', 'amount_max', 'closing_from', 'closing_to'],
};

/**
 * A text the person types, sent once they pause. The URL is the source of truth: the field
 * follows it when it changes from outside (back button, a link, "Clear filters").
 */
function useTypedValue(value: string | undefined, commit: (next: string | undefined) => void) {
  const [text, setText] = useState(value ?? '');
  // The latest callback, so a parent's re-render does not restart the pause.
  const latest = useRef(commit);
  useEffect(() => {
    latest.current = commit;
  });
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    if (text === (value ?? '')) return;
    const timer = setTimeout(() => latest.current(text || undefined), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return [text, setText] as const;
}

/** A start after the end is the range the person meant, typed the other way round: swap them. */
function ordered<T extends string>(start: T | undefined, end: T | undefined, after: (a: T, b: T) => boolean) {
  return start && end && after(start, end) ? [end, start] : [start, end];
}

const laterDay = (a: string, b: string) => a > b;
const larger = (a: string, b: string) => Number(a) > Number(b);

/** The list's filters; every change goes to onChange (and back to page 1). */
export function OpportunityFilterBar({
  value,
  onChange,
  variant = 'rep',
}: {
  value: OpportunityFilters;
  onChange: (patch: Patch) => void;
  variant?: ListVariant;
}) {
  const { t } = useTranslation('opportunities');
  const id = useId();
  const keys = FILTER_KEYS[variant];
  const hasFilters = keys.some((key) => Boolean(value[key]));
  const [text, setText] = useTypedValue(value.q, (q) => onChange({ q, page: undefined }));

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
        {variant === 'rep' ? <RepFilters value={value} onChange={onChange} /> : <TeamFilters value={value} onChange={onChange} />}
      </div>
      {hasFilters && (
        <button
          type="button"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          onClick={() => {
            setText('');
            onChange({ ...Object.fromEntries(keys.map((key) => [key, undefined])), page: undefined });
          }}
        >
          <X className="h-4 w-4" aria-hidden />
          {t('list.clearFilters')}
        </button>
      )}
    </div>
  );
}

/** A dropdown with a visually hidden label. */
function LabelledSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (next: string | undefined) => void;
  children: ReactNode;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <Select id={id} className="min-w-0" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        {children}
      </Select>
    </>
  );
}

/** A button that shows or hides a group of filters; open from the start when one of them is set. */
function useDisclosure(initiallyOpen: boolean, controls: string) {
  const [open, setOpen] = useState(initiallyOpen);
  const toggle = (icon: ReactNode, label: string, className?: string) => (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => setOpen((v) => !v)}
      className={cn(
        'inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50',
        className,
      )}
    >
      {icon}
      {label}
    </button>
  );
  return { open, toggle };
}

function RangeFieldset({ id, legend, children }: { id: string; legend: string; children: ReactNode }) {
  return (
    <fieldset id={id} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <legend className="px-1 text-xs font-semibold text-slate-600">{legend}</legend>
      {children}
    </fieldset>
  );
}

function DateInput({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value?: string;
  onChange: (v?: string) => void;
  min?: string;
  max?: string;
}) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
      {label}
      <Input type="date" value={value ?? ''} min={min} max={max} onChange={(e) => onChange(e.target.value || undefined)} />
    </label>
  );
}

/** The option a status filter means: its pipeline group, or its stage. */
function canonicalStatus(text: string): string {
  const filter = statusFilterOf(text);
  return filter.column === 'outcome' ? PIPELINE_STATUS_OF_OUTCOME[filter.value] : filter.value;
}

/** Search, product, status, lead status and next-meeting date range: a representative's own deals. */
function RepFilters({ value, onChange }: { value: OpportunityFilters; onChange: (patch: Patch) => void }) {
  const { t } = useTranslation('opportunities');
  const facets = useOpportunityFacets();
  const id = useId();
  const dates = useDisclosure(Boolean(value.from || value.to), `${id}-dates`);
  const setRange = (from: string | undefined, to: string | undefined) => {
    const [start, end] = ordered(from, to, laterDay);
    onChange({ from: start, to: end, page: undefined });
  };
  // The canonical vocabulary only, in the page's language: the pipeline groups, then the open stages
  // (won and lost are groups already). A status as some CRM spelled it is not an option of its own:
  // the server reads every spelling as the stored model does, so one meaning is one option. A link
  // that spells it otherwise ("Won") shows the option it means.
  const openStages = STAGES.filter((stage) => OUTCOME_OF_STAGE[stage] === 'open');
  const status = value.status && canonicalStatus(value.status);
  const leadStatuses = facets.data?.lead_statuses ?? [];
  const leadStatus =
    value.lead_status && (leadStatuses.find((s) => leadStatusKey(s) === leadStatusKey(value.lead_status!)) ?? value.lead_status);

  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        <LabelledSelect
          id={`${id}-product`}
          label={t('list.product')}
          value={value.product}
          onChange={(product) => onChange({ product, page: undefined })}
        >
          <option value="">{t('list.allProducts')}</option>
          {facets.data?.products.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </LabelledSelect>
        <LabelledSelect
          id={`${id}-status`}
          label={t('list.status')}
          value={status}
          onChange={(status) => onChange({ status, page: undefined })}
        >
          <option value="">{t('list.allStatuses')}</option>
          <optgroup label={t('list.pipelineStatuses')}>
            {PIPELINE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('list.stages')}>
            {openStages.map((stage) => (
              <option key={stage} value={stage}>
                {t(`stage.${stage}`)}
              </option>
            ))}
          </optgroup>
        </LabelledSelect>
        <LabelledSelect
          id={`${id}-lead`}
          label={t('list.leadStatus')}
          value={leadStatus}
          onChange={(lead_status) => onChange({ lead_status, page: undefined })}
        >
          <option value="">{t('list.allLeadStatuses')}</option>
          {leadStatuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </LabelledSelect>
        {dates.toggle(<CalendarRange className="h-4 w-4" aria-hidden />, t('list.dateRange'))}
      </div>
      {dates.open && (
        <RangeFieldset id={`${id}-dates`} legend={t('list.dateRangeHint')}>
          <DateInput label={t('list.from')} value={value.from} max={value.to} onChange={(from) => setRange(from, value.to)} />
          <DateInput label={t('list.to')} value={value.to} min={value.from} onChange={(to) => setRange(value.from, to)} />
          {(value.from || value.to) && (
            <button
              type="button"
              className="h-10 text-sm font-medium text-brand-700 hover:underline"
              onClick={() => onChange({ from: undefined, to: undefined, page: undefined })}
            >
              {t('list.clearDates')}
            </button>
          )}
        </RangeFieldset>
      )}
    </>
  );
}

/** An amount in dollars, sent once the person pauses typing. */
function AmountInput({ label, value, onCommit }: { label: string; value?: string; onCommit: (v?: string) => void }) {
  const [text, setText] = useTypedValue(value, onCommit);
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
      {label}
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        step={1000}
        className="w-36"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </label>
  );
}

/** Representative, stage, amount and close-date range: the manager's whole team. */
function TeamFilters({ value, onChange }: { value: OpportunityFilters; onChange: (patch: Patch) => void }) {
  const { t } = useTranslation('opportunities');
  const representatives = useRepresentatives({ q: '', sort: 'full_name', page: 1, pageSize: 200 });
  const id = useId();
  const more = useDisclosure(
    Boolean(value.amount_min || value.amount_max || value.closing_from || value.closing_to),
    `${id}-more`,
  );
  const setAmounts = (min: string | undefined, max: string | undefined) => {
    const [low, high] = ordered(min, max, larger);
    onChange({ amount_min: low, amount_max: high, page: undefined });
  };
  const setClosing = (from: string | undefined, to: string | undefined) => {
    const [start, end] = ordered(from, to, laterDay);
    onChange({ closing_from: start, closing_to: end, page: undefined });
  };

  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        <LabelledSelect
          id={`${id}-owner`}
          label={t('team.representative')}
          value={value.owner_id}
          onChange={(owner_id) => onChange({ owner_id, page: undefined })}
        >
          <option value="">{t('team.allRepresentatives')}</option>
          {representatives.data?.items.map((rep) => (
            <option key={rep.id ?? UNASSIGNED_OWNER} value={rep.id ?? UNASSIGNED_OWNER}>
              {rep.id ? rep.full_name : t('team.unassigned')}
            </option>
          ))}
        </LabelledSelect>
        <LabelledSelect
          id={`${id}-stage`}
          label={t('team.stage')}
          value={value.stage}
          onChange={(stage) => onChange({ stage, page: undefined })}
        >
          <option value="">{t('team.allStages')}</option>
          {STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {t(`stage.${stage}`)}
            </option>
          ))}
        </LabelledSelect>
        {/* The third control of a two-column grid on a phone: a row of its own, so its label fits on one line. */}
        {more.toggle(<SlidersHorizontal className="h-4 w-4" aria-hidden />, t('team.moreFilters'), 'col-span-2 sm:col-span-1')}
      </div>
      {more.open && (
        <div id={`${id}-more`} className="grid gap-3 md:grid-cols-2">
          <RangeFieldset id={`${id}-amount`} legend={t('team.amountBetween')}>
            <AmountInput
              label={t('team.amountMin')}
              value={value.amount_min}
              onCommit={(min) => setAmounts(min, value.amount_max)}
            />
            <AmountInput
              label={t('team.amountMax')}
              value={value.amount_max}
              onCommit={(max) => setAmounts(value.amount_min, max)}
            />
          </RangeFieldset>
          <RangeFieldset id={`${id}-closing`} legend={t('team.closingBetween')}>
            <DateInput
              label={t('list.from')}
              value={value.closing_from}
              max={value.closing_to}
              onChange={(from) => setClosing(from, value.closing_to)}
            />
            <DateInput
              label={t('list.to')}
              value={value.closing_to}
              min={value.closing_from}
              onChange={(to) => setClosing(value.closing_from, to)}
            />
          </RangeFieldset>
        </div>
      )}
    </>
  );
}
