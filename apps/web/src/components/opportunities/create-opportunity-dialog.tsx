import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { createOpportunitySchema, fieldLabel, OPPORTUNITY_FIELDS, ROLES, type FieldDeclaration } from '@nexa/domain';
import { errorKey } from '../../lib/api-client.ts';
import { useCreateOpportunity, useDeletedOpportunities, useRestoreOpportunity } from '../../lib/api/edit-opportunity.ts';
import { useMe } from '../../lib/api/get-me.ts';
import { useRepresentatives } from '../../lib/api/get-representatives.ts';
import { cn } from '../../lib/cn.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { SelectField } from '../ui/select-field.tsx';
import { TextArea, TextField } from '../ui/text-field.tsx';
import { editorOf, formOf, NEW_DEAL_FORM, optionsOf, validationKey, valueOf } from './editable-field.tsx';

type NewDealField = (typeof NEW_DEAL_FORM)[number];

type Draft = Record<NewDealField, string>;

/** A new deal's form, as the fields declare it: empty, but for a choice's first value (a new deal is New). */
const EMPTY = Object.fromEntries(
  NEW_DEAL_FORM.map((name) => [name, (OPPORTUNITY_FIELDS[name] as FieldDeclaration).initial ?? '']),
) as Draft;

const isOwner = (name: NewDealField) => OPPORTUNITY_FIELDS[name].kind === 'owner';

/** The form's text as the shared schema reads it: numbers, instants, null for empty; the owner for managers only. */
function requestOf(draft: Draft, isManager: boolean) {
  return Object.fromEntries(
    NEW_DEAL_FORM.filter((name) => isManager || !isOwner(name)).map((name) => [
      name,
      isOwner(name) || editorOf(name) === 'select' ? draft[name] : valueOf(draft[name], editorOf(name)),
    ]),
  );
}

/** The "New opportunity" dialog (opportunity-buttons.tsx opens it); the new deal opens once it is saved. */
export function CreateOpportunityDialog({
  detailHref,
  open,
  onOpenChange,
}: {
  detailHref?: (id: number) => string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('opportunities');
  const navigate = useNavigate();
  const me = useMe();
  const isManager = me.data?.role === ROLES.manager;
  const reps = useRepresentatives({ q: '', sort: 'full_name', page: 1, pageSize: 200 }, isManager && open);
  const create = useCreateOpportunity();
  const formId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});

  const control = (field: keyof Draft) => ({
    value: draft[field],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value })),
  });
  const bind = (field: keyof Draft) => ({ ...control(field), error: errors[field] });

  const submit = () => {
    const body = requestOf(draft, isManager);
    const parsed = createOpportunitySchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '') as keyof Draft;
        found[field] ??= t(validationKey(issue.message));
      }
      return setErrors(found);
    }
    setErrors({});
    create.mutate(body as never, {
      onSuccess: (deal) => {
        toast.success(t('edit.created'));
        onOpenChange(false);
        setDraft(EMPTY);
        if (detailHref) void navigate(detailHref(deal.id));
      },
      onError: (err) => {
        const field = (err as { field?: string }).field as keyof Draft | undefined;
        if (field && field in EMPTY) setErrors({ [field]: t(validationKey(err)) });
        else toast.error(t(errorKey(err)));
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('edit.newTitle')}
      closeLabel={t('edit.cancel')}
      testId="create-opportunity"
    >
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {NEW_DEAL_FORM.map((name) => {
          const label = t(fieldLabel(name));
          const required = (OPPORTUNITY_FIELDS[name] as FieldDeclaration).editable?.create === 'required';
          const editor = editorOf(name);
          if (isOwner(name))
            return (
              isManager && (
                <div key={name}>
                  <SelectField label={label} required {...control(name)}>
                    <option value="">{t('edit.chooseOwner')}</option>
                    {(reps.data?.items ?? [])
                      .filter((rep) => rep.id)
                      .map((rep) => (
                        <option key={rep.id} value={rep.id!}>
                          {rep.full_name}
                        </option>
                      ))}
                  </SelectField>
                  {errors[name] && <p className="mt-1 text-sm text-red-700">{errors[name]}</p>}
                </div>
              )
            );
          if (editor === 'select')
            return (
              <SelectField key={name} label={label} {...control(name)}>
                {optionsOf(name, t).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
            );
          if (editor === 'textarea')
            return (
              <div key={name} className={cn('space-y-1.5', formOf(name).wide && 'sm:col-span-2')}>
                <label htmlFor={`${formId}-${name}`} className="block text-sm font-medium text-slate-800">
                  {label}
                </label>
                <TextArea id={`${formId}-${name}`} rows={3} {...control(name)} />
                {errors[name] && <p className="text-sm text-red-700">{errors[name]}</p>}
              </div>
            );
          return (
            <TextField
              key={name}
              label={label}
              required={required}
              type={editor === 'datetime' ? 'datetime-local' : editor === 'date' ? 'date' : undefined}
              inputMode={editor === 'number' ? 'decimal' : undefined}
              placeholder={t(`hints.${name}`, { defaultValue: '' }) || undefined}
              {...bind(name)}
            />
          );
        })}
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('edit.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending} data-testid="create-submit">
            {t('edit.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** "Recently deleted": deals deleted in the last 30 days, each with Restore. */
export function RecentlyDeletedDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('opportunities');
  const deleted = useDeletedOpportunities(open);
  const restore = useRestoreOpportunity();
  const items = deleted.data?.items ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('edit.recentlyDeleted')}
      description={t('edit.recentlyDeletedHint')}
      closeLabel={t('edit.close')}
      testId="recently-deleted-dialog"
    >
      {deleted.isPending ? (
        <p role="status">{t('detail.loading')}</p>
      ) : items.length === 0 ? (
        <p className="text-slate-600">{t('edit.nothingDeleted')}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {items.map((deal) => (
            <li key={deal.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{deal.client_company_name || t('detail.unnamed')}</p>
                <p className="text-sm text-slate-600">
                  {[deal.product, deal.amount === null ? null : formatMoney(deal.amount), t(`stage.${deal.stage}`)]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="text-xs text-slate-500">{t('edit.deletedAt', { when: formatDateTime(deal.deleted_at) })}</p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                disabled={restore.isPending}
                onClick={() =>
                  restore.mutate(deal.id, {
                    onSuccess: () => toast.success(t('edit.restored')),
                    onError: (err) => toast.error(t(errorKey(err))),
                  })
                }
                aria-label={t('edit.restoreDeal', { name: deal.client_company_name || t('detail.unnamed') })}
              >
                {t('edit.restore')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
