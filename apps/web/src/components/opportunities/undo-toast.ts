import { useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { undoPatch, type OpportunityDetail } from '@nexa/domain';
import { errorKey } from '../../lib/api-client.ts';
import { conflictCurrent, invalidateDeals, patchOpportunity } from '../../lib/api/edit-opportunity.ts';
import { queryKeys } from '../../lib/api/query-keys.ts';

/** How long a change (or a delete) can be taken back. */
export const UNDO_MS = 10_000;

/**
 * A toast's Undo button. Sonner gives focus back to the element focused before the toaster when focus
 * leaves the toaster; a clicked action's button goes with its toast instead (no blur React sees), so
 * sonner kept that element and focused it once the last toast had gone — seconds later, wherever the
 * person was by then (e2e/undo.spec.ts's focus check at 375 px failed on it now and then). Blurring
 * the button first gives focus back at once, where it was before the Undo.
 */
export const undoAction = (label: string, undo: () => void) => ({
  label,
  onClick: (event: MouseEvent<HTMLButtonElement>) => {
    event.currentTarget.blur();
    undo();
  },
});

/**
 * A change to a deal is answered with a toast that can take it back, as a delete's is. Undo is a
 * normal edit back to the values before the change, sent with the version the change's answer
 * returned: the history shows both changes, and a change someone made in between is refused (409)
 * and said so, never overwritten. Plain calls rather than a mutation: the toast outlives the
 * component that made the change (an inline editor closes, a board card moves).
 */
export function useUndoToast() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  return (
    message: string,
    before: Readonly<Record<string, unknown>>,
    after: OpportunityDetail,
    options: { description?: string } = {},
  ) => {
    const patch = undoPatch(before, after);
    if (!patch) return toast.success(message, { description: options.description });
    return toast.success(message, {
      description: options.description,
      duration: UNDO_MS,
      action: undoAction(
        t('undo.action'),
        () =>
          void patchOpportunity(after.id, patch)
            .then((row) => {
              queryClient.setQueryData(queryKeys.opportunities.detail(after.id), row);
              toast.success(t('undo.done'));
            })
            .catch((err: unknown) => toast.error(t(conflictCurrent(err) ? 'undo.stale' : errorKey(err))))
            .finally(() => invalidateDeals(queryClient)),
      ),
    });
  };
}
