import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { createOpportunitySchema, ROLES, STAGES } from '@nexa/domain';
import { errorKey } from '../../lib/api-client.ts';
import { useCreateOpportunity, useDeletedOpportunities, useRestoreOpportunity } from '../../lib/api/edit-opportunity.ts';
import { useMe } from '../../lib/api/get-me.ts';
import { useRepresentatives } from '../../lib/api/get-representatives.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { SelectField } from '../ui/select-field.tsx';
import { TextArea, TextField } from '../ui/text-field.tsx';
import { validationKey, valueOf } from './editable-field.tsx';

const EMPTY = {
  product: '',
  client_company_name: '',
  client_name: '',
  amount: '',
  stage: 'New',
  lead_status: '',
  next_meeting_date: '',
  closing_date: '',
  notes: '',
  owner_id: '',
};
type Draft = typeof EMPTY;

/** The form's text as the shared schema reads it: numbers, instants, null for empty. */
function requestOf(draft: Draft, isManager: boolean) {
  return {
    product: draft.product,
    client_company_name: draft.client_company_name,
    client_name: valueOf(draft.client_name, 'text'),
    amount: valueOf(draft.amount, 'number'),
    stage: draft.stage,
    lead_status: valueOf(draft.lead_status, 'text'),
    next_meeting_date: valueOf(draft.next_meeting_date, 'datetime'),
    closing_date: valueOf(draft.closing_date, 'date'),
    notes: valueOf(draft.notes, 'textarea'),
    ...(isManager ? { owner_id: draft.owner_id } : {}),
  };
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
  const notesId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});

  const bind = (field: keyof Draft) => ({
    value: draft[field],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value })),
    error: errors[field],
  });

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
        <TextField label={t('detail.product')} required {...bind('product')} />
        <TextField label={t('detail.company')} required {...bind('client_company_name')} />
        <TextField label={t('detail.contact')} {...bind('client_name')} />
        <TextField label={t('edit.amount')} inputMode="decimal" {...bind('amount')} />
        <SelectField
          label={t('edit.stage')}
          value={draft.stage}
          onChange={(e) => setDraft((d) => ({ ...d, stage: e.target.value }))}
        >
          {STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {t(`stage.${stage}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('edit.leadStatus')} placeholder={t('edit.leadStatusHint')} {...bind('lead_status')} />
        <TextField label={t('edit.nextMeeting')} type="datetime-local" {...bind('next_meeting_date')} />
        <TextField label={t('detail.closeDate')} type="date" {...bind('closing_date')} />
        {isManager && (
          <div>
            <SelectField
              label={t('edit.owner')}
              value={draft.owner_id}
              onChange={(e) => setDraft((d) => ({ ...d, owner_id: e.target.value }))}
              required
            >
              <option value="">{t('edit.chooseOwner')}</option>
              {(reps.data?.items ?? [])
                .filter((rep) => rep.id)
                .map((rep) => (
                  <option key={rep.id} value={rep.id!}>
                    {rep.full_name}
                  </option>
                ))}
            </SelectField>
            {errors.owner_id && <p className="mt-1 text-sm text-red-700">{errors.owner_id}</p>}
          </div>
        )}
        <div className="space-y-1.5 sm:col-span-2">
          <label htmlFor={notesId} className="block text-sm font-medium text-slate-800">
            {t('edit.notes')}
          </label>
          <TextArea
            id={notesId}
            rows={3}
            value={draft.notes}
            onChange={(e) => setDraft((d) => ({ ...d, notes: e.target.value }))}
          />
          {errors.notes && <p className="text-sm text-red-700">{errors.notes}</p>}
        </div>
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
