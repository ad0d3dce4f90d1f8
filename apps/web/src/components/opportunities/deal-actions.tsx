import { Trash2, Trophy, XCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { OpportunityDetail } from '@nexa/domain';
import { errorKey } from '../../lib/api-client.ts';
import {
  conflictCurrent,
  deleteOpportunity,
  invalidateDeals,
  restoreOpportunity,
  usePatchOpportunity,
} from '../../lib/api/edit-opportunity.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { TextArea, TextField } from '../ui/text-field.tsx';
import { validationKey } from './editable-field.tsx';
import { today } from '../../lib/today.ts';
import { UNDO_MS, undoAction, useUndoToast } from './undo-toast.ts';

export type ClosingStage = 'Closed-Win' | 'Closed-Lost';

/**
 * Marking a deal won or lost: the close date (today unless changed) and, if wished, why. The toast
 * that says so can undo it (the deal reopens at its stage, with its close date and reason as before).
 */
export function CloseDealDialog({
  deal,
  stage,
  onClose,
}: {
  deal: OpportunityDetail;
  stage: ClosingStage | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('opportunities');
  const reasonId = useId();
  const patch = usePatchOpportunity(deal.id);
  const undoToast = useUndoToast();
  const [date, setDate] = useState(today());
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (stage) {
      setDate(today());
      setReason(deal.close_reason ?? '');
      setError(null);
    }
  }, [stage, deal.close_reason]);
  if (!stage) return null;
  const submit = (before: OpportunityDetail) =>
    patch.mutate(
      { version: before.version, stage, closing_date: date, close_reason: reason.trim() || null },
      {
        onSuccess: (row) => {
          undoToast(t(stage === 'Closed-Win' ? 'edit.markedWon' : 'edit.markedLost'), before, row);
          onClose();
        },
        onError: (err) => {
          const current = conflictCurrent(err);
          // Closing is one decision: on a stale version, close the deal as it now is.
          if (current) return submit(current);
          setError(t(validationKey(err)));
        },
      },
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(stage === 'Closed-Win' ? 'edit.markWonTitle' : 'edit.markLostTitle')}
      description={t('edit.closeDescription')}
      closeLabel={t('edit.cancel')}
      testId="close-deal-dialog"
      // Once won (or lost), the button that opened this is gone: the deal's actions keep the focus.
      returnFocusTo={() => document.querySelector<HTMLElement>('[data-testid="deal-actions"] button')}
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!date) return setError(t('edit.validation.closing_date_required'));
          submit(deal);
        }}
      >
        <TextField
          label={t('edit.closeDate')}
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          required
          markRequired={false}
        />
        <div className="space-y-1.5">
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
            {t('edit.closeReason')}
          </label>
          <TextArea id={reasonId} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={500} />
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('edit.cancel')}
          </Button>
          <Button type="submit" disabled={patch.isPending} data-testid="confirm-close">
            {t(stage === 'Closed-Win' ? 'edit.markWon' : 'edit.markLost')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Delete with Undo in its toast. Plain calls rather than mutation callbacks: the deal's own page
 * unmounts once the deal is gone, and the toast and the way back must still happen.
 */
export function useDeleteWithUndo() {
  const { t } = useTranslation('opportunities');
  const queryClient = useQueryClient();
  return async (deal: { id: number; client_company_name: string | null }, after?: () => void) => {
    try {
      await deleteOpportunity(deal.id);
    } catch (err) {
      toast.error(t(errorKey(err)));
      return;
    }
    after?.();
    toast.success(t('edit.deleted', { name: deal.client_company_name || t('detail.unnamed') }), {
      duration: UNDO_MS,
      action: undoAction(
        t('edit.undo'),
        () =>
          void restoreOpportunity(deal.id)
            .then(() => toast.success(t('edit.restored')))
            .catch((err: unknown) => toast.error(t(errorKey(err))))
            .finally(() => invalidateDeals(queryClient)),
      ),
    });
    await invalidateDeals(queryClient);
  };
}

/** The deal's decisions: won, lost, delete (with undo). */
export function DealActions({
  deal,
  onClose,
  backTo,
}: {
  deal: OpportunityDetail;
  onClose: (stage: ClosingStage) => void;
  backTo?: string;
}) {
  const { t } = useTranslation('opportunities');
  const navigate = useNavigate();
  const deleteWithUndo = useDeleteWithUndo();
  return (
    <div className="flex flex-wrap gap-2" data-testid="deal-actions">
      {deal.stage !== 'Closed-Win' && (
        <Button size="sm" variant="secondary" onClick={() => onClose('Closed-Win')} data-testid="mark-won">
          <Trophy className="h-4 w-4 text-green-600" aria-hidden />
          {t('edit.markWon')}
        </Button>
      )}
      {deal.stage !== 'Closed-Lost' && (
        <Button size="sm" variant="secondary" onClick={() => onClose('Closed-Lost')} data-testid="mark-lost">
          <XCircle className="h-4 w-4 text-red-600" aria-hidden />
          {t('edit.markLost')}
        </Button>
      )}
      <Button
        size="sm"
        variant="ghost"
        className="text-red-700"
        onClick={() => void deleteWithUndo(deal, backTo ? () => void navigate(backTo) : undefined)}
        data-testid="delete-deal"
      >
        <Trash2 className="h-4 w-4" aria-hidden />
        {t('edit.delete')}
      </Button>
    </div>
  );
}
