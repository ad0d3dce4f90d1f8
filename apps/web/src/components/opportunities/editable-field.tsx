import { Check, Pencil, Sparkles, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CURRENCY_CODES,
  currencyOf,
  DEAL_VALIDATION,
  dealFieldSchemas,
  fieldLabel,
  fieldOf,
  fieldsWith,
  isClosingStage,
  OPPORTUNITY_FIELDS,
  resolvePipeline,
  type Stage,
  type FieldDeclaration,
  type FieldKind,
  type OpportunityDetail,
  type OpportunitySuggestion,
} from '@nexa/domain';
import { ApiError } from '../../lib/api-client.ts';
import { conflictCurrent, useDecideSuggestions, usePatchOpportunity } from '../../lib/api/edit-opportunity.ts';
import { currencyName, formatDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { Button } from '../ui/button.tsx';
import { inputClass, TextArea } from '../ui/text-field.tsx';
import { cn } from '../../lib/cn.ts';
import { today } from '../../lib/today.ts';
import { useUndoToast } from './undo-toast.ts';

/** The control a field is edited with. */
export type EditorKind = 'text' | 'textarea' | 'number' | 'date' | 'datetime' | 'select';
export type EditableFieldName = keyof typeof dealFieldSchemas;

const EDITORS: Partial<Record<FieldKind, EditorKind>> = {
  text: 'text',
  longText: 'textarea',
  money: 'number',
  date: 'date',
  datetime: 'datetime',
  choice: 'select',
  currency: 'select',
};

/** How a field is edited, from its kind (opportunity-fields.ts). */
export const editorOf = (field: EditableFieldName): EditorKind => EDITORS[OPPORTUNITY_FIELDS[field].kind] ?? 'text';

/** A field's choices with their names in the reader's language: a choice's options, or every currency. */
export function optionsOf(field: EditableFieldName, t: (key: string) => string): Array<{ value: string; label: string }> {
  const declared = fieldOf(field);
  if (declared?.kind === 'currency')
    return CURRENCY_CODES.map((code) => ({ value: code, label: `${code} — ${currencyName(code)}` }));
  return (declared?.options ?? []).map((value) => ({
    value,
    label: declared?.optionNames ? t(`${declared.optionNames}.${value}`) : value,
  }));
}

/** Where a field shows in the deal's forms (opportunity-fields.ts: `form`). */
export const formOf = (name: EditableFieldName): NonNullable<FieldDeclaration['form']> =>
  (OPPORTUNITY_FIELDS[name] as FieldDeclaration).form ?? {};

/**
 * The deal form's fields (opportunity-fields.ts: `form`) in the declaration's order, those across
 * the form last; `create`: those of the new-deal dialog.
 */
function formFields(create: boolean): EditableFieldName[] {
  const shown = fieldsWith('form').filter((name) => !create || formOf(name).create);
  const wide = (name: EditableFieldName) => !!formOf(name).wide;
  return [...shown.filter((name) => !wide(name)), ...shown.filter(wide)];
}
export const DEAL_FORM = formFields(false);
export const NEW_DEAL_FORM = formFields(true);

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input reads it: the browser's local wall time. */
function localInput(value: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function draftOf(value: unknown, kind: EditorKind): string {
  if (value === null || value === undefined) return '';
  if (kind === 'datetime') return localInput(String(value));
  return String(value);
}

export function valueOf(draft: string, kind: EditorKind): unknown {
  const text = draft.trim();
  if (kind === 'number') return text === '' ? null : Number(text.replace(/[\s,$€]/g, ''));
  if (kind === 'datetime') return text ? new Date(text).toISOString() : null;
  return text || null;
}

/**
 * A field's value as the page shows it, in the reader's language: an amount in the currency of
 * `deal` (the deal it belongs to), a day, an instant, the text otherwise.
 */
export function displayValue(value: unknown, field: string, na: string, deal: object = {}): string {
  if (value === null || value === undefined || value === '') return na;
  const kind = fieldOf(field)?.kind;
  if (kind === 'money') return formatMoney(Number(value), { currency: currencyOf(deal, field as EditableFieldName) });
  if (kind === 'date') return formatDate(`${String(value)}T12:00:00`) ?? na;
  if (kind === 'datetime') return formatDateTime(String(value)) ?? na;
  return String(value);
}

const CODES = new Set<string>(Object.values(DEAL_VALIDATION));

/** The translation key of a refused value: the shared schema's code, or a generic one. */
export function validationKey(error: unknown): string {
  if (error instanceof ApiError) {
    const code = error.message.split(': ').pop() ?? '';
    if (error.status === 400) return CODES.has(code) ? `edit.validation.${code}` : 'edit.validation.invalid';
    return `common:errors.${error.code}`;
  }
  if (typeof error === 'string' && CODES.has(error)) return `edit.validation.${error}`;
  return 'edit.validation.invalid';
}

/** Checks a value with the schema the server uses; the error code, or null when it passes. */
export function checkValue(field: EditableFieldName, value: unknown): string | null {
  const parsed = dealFieldSchemas[field].safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid');
}

/**
 * One field of a deal, edited where it is shown: Edit opens the control, Enter (or Save) sends only
 * this field with the version read, Escape cancels; either way focus goes back to the Edit button.
 * A saved value is answered with a toast that can undo it. When someone else changed the deal
 * meanwhile, the current value shows with a way to apply this edit again on top of it.
 */
export function EditableField({
  deal,
  field,
  label: givenLabel,
  display,
  suggestion,
  onStage,
  heading = false,
}: {
  deal: OpportunityDetail;
  field: EditableFieldName;
  /** Defaults to the field's label. */
  label?: string;
  /** How the value reads; defaults to displayValue. */
  display?: ReactNode;
  suggestion?: OpportunitySuggestion;
  /** A stage that closes the deal goes through the close dialog instead. */
  onStage?: (stage: Stage) => boolean;
  /** A section of its own (a heading and a paragraph) rather than an item of a description list. */
  heading?: boolean;
}) {
  const { t } = useTranslation('opportunities');
  const kind = editorOf(field);
  const label = givenLabel ?? t(fieldLabel(field));
  const id = useId();
  const patch = usePatchOpportunity(deal.id);
  const undoToast = useUndoToast();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ current: OpportunityDetail; value: unknown } | null>(null);
  const current = (deal as unknown as Record<string, unknown>)[field];
  const Label = heading ? 'h4' : 'dt';
  const Value = heading ? 'p' : 'dd';
  const na = t('detail.na');

  // The editor closes (saved, cancelled, Escape): focus back on the Edit button that opened it, which
  // is drawn again only now.
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const close = () => {
    refocus.current = true;
    setEditing(false);
  };

  const open = () => {
    setDraft(draftOf(current, kind));
    setError(null);
    setConflict(null);
    setEditing(true);
  };

  const send = (value: unknown, version: number) => {
    const before = deal;
    patch.mutate({ version, [field]: value } as never, {
      onSuccess: (row) => {
        if (editing) close();
        setConflict(null);
        undoToast(t('edit.saved', { field: label }), before, row);
      },
      onError: (err) => {
        const now = conflictCurrent(err);
        if (now) {
          setEditing(false);
          setConflict({ current: now, value });
        } else setError(t(validationKey(err)));
      },
    });
  };

  const save = () => {
    const value = valueOf(draft, kind);
    const invalid = checkValue(field, value);
    if (invalid) return setError(t(validationKey(invalid)));
    if (field === 'stage' && onStage?.(value as Stage)) return close();
    send(value, deal.version);
  };

  const inputProps = {
    id,
    value: draft,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Escape') close();
      if (e.key === 'Enter' && (kind !== 'textarea' || e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        save();
      }
    },
    autoFocus: true,
  };

  return (
    <div data-testid={`field-${field}`}>
      <div className="flex items-center justify-between gap-2">
        {editing ? (
          <label htmlFor={id} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {label}
          </label>
        ) : (
          <Label
            className={
              heading ? 'text-sm font-semibold text-slate-900' : 'text-xs font-semibold tracking-wide text-slate-500 uppercase'
            }
          >
            {label}
          </Label>
        )}
        {!editing && (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2"
            ref={editButton}
            onClick={open}
            aria-label={t('edit.editField', { field: label })}
            data-testid={`edit-${field}`}
          >
            <Pencil className="h-3.5 w-3.5" aria-hidden />
          </Button>
        )}
      </div>
      {editing ? (
        <div className="mt-1 space-y-2">
          {kind === 'textarea' ? (
            <TextArea {...inputProps} rows={4} />
          ) : kind === 'select' ? (
            <select {...inputProps} className={cn(inputClass, 'h-10 py-0')}>
              {optionsOf(field, t).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...inputProps}
              type={kind === 'number' ? 'text' : kind === 'date' ? 'date' : kind === 'datetime' ? 'datetime-local' : 'text'}
              inputMode={kind === 'number' ? 'decimal' : undefined}
              className={cn(inputClass, 'h-10 py-0')}
            />
          )}
          {error && (
            <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button size="sm" onClick={save} disabled={patch.isPending} data-testid={`save-${field}`}>
              <Check className="h-4 w-4" aria-hidden />
              {t('edit.save')}
            </Button>
            <Button size="sm" variant="secondary" onClick={close}>
              <X className="h-4 w-4" aria-hidden />
              {t('edit.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Value className="mt-0.5 whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
          {display ?? displayValue(current, field, na, deal)}
        </Value>
      )}
      {conflict && (
        <div role="alert" className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="edit-conflict">
          <p className="font-semibold text-amber-900">{t('edit.conflictTitle')}</p>
          <p className="text-amber-900">
            {t('edit.conflictBody', {
              current: displayValue((conflict.current as unknown as Record<string, unknown>)[field], field, na, conflict.current),
              mine: displayValue(conflict.value, field, na, deal),
            })}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => send(conflict.value, conflict.current.version)} data-testid="reapply-edit">
              {t('edit.reapply')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setConflict(null)}>
              {t('edit.keepCurrent')}
            </Button>
          </div>
        </div>
      )}
      {suggestion && <SuggestionNote deal={deal} suggestion={suggestion} />}
    </div>
  );
}

/**
 * A suggested status text that would close the deal (won or lost) when it is not closed that way
 * already: accepting it needs the close date, which the suggestion does not carry.
 */
export function closesDeal(deal: OpportunityDetail, suggestion: OpportunitySuggestion): boolean {
  if (suggestion.field !== 'status' && suggestion.field !== 'stage') return false;
  const value = typeof suggestion.value === 'string' ? suggestion.value : null;
  const stage = suggestion.field === 'stage' ? value : resolvePipeline(value).stage;
  return !!stage && isClosingStage(stage as Stage) && stage !== deal.stage;
}

/**
 * A machine's value beside the field a person set: accept it (it becomes theirs, with a toast that
 * can undo it) or dismiss it. A status that closes the deal asks for the close date first.
 */
export function SuggestionNote({ deal, suggestion }: { deal: OpportunityDetail; suggestion: OpportunitySuggestion }) {
  const { t } = useTranslation('opportunities');
  const decide = useDecideSuggestions(deal.id);
  const undoToast = useUndoToast();
  const dateId = useId();
  const needsDate = closesDeal(deal, suggestion);
  const [date, setDate] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const accept = () => {
    if (needsDate && !date) return setError(t('edit.validation.closing_date_required'));
    const before = deal;
    // Not the mutation's per-call callbacks: this note unmounts once its suggestion is decided, and
    // the toast must still come.
    decide
      .mutateAsync({ decision: 'accept', ids: [suggestion.id], ...(needsDate ? { closing_date: date } : {}) })
      .then((row) => undoToast(t('edit.accepted', { count: 1 }), before, row))
      .catch((err: unknown) => setError(t(validationKey(err))));
  };
  return (
    <div
      className="mt-2 rounded-lg border border-violet-200 bg-violet-50 p-3 text-sm"
      data-testid={`suggestion-${suggestion.field}`}
    >
      <p className="flex items-center gap-1 font-semibold text-violet-900">
        <Sparkles className="h-4 w-4" aria-hidden />
        {t(`edit.suggestedBy.${suggestion.source}`, { defaultValue: t('edit.suggestedBy.analysis') })}
      </p>
      <p className="mt-1 whitespace-pre-line text-violet-950 [overflow-wrap:anywhere]">
        {displayValue(suggestion.value, suggestion.field, t('detail.na'), deal)}
      </p>
      {needsDate && (
        <div className="mt-2 space-y-1">
          <label htmlFor={dateId} className="block text-xs font-semibold text-violet-900">
            {t('edit.closeDate')}
          </label>
          <input
            id={dateId}
            type="date"
            required
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setError(null);
            }}
            className={cn(inputClass, 'h-10 bg-white py-0')}
            data-testid="suggestion-closing-date"
          />
        </div>
      )}
      {error && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={accept} data-testid={`accept-${suggestion.field}`}>
          {t('edit.accept')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ decision: 'dismiss', ids: [suggestion.id] })}
        >
          {t('edit.dismiss')}
        </Button>
      </div>
    </div>
  );
}
