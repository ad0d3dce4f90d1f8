import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { undoPatch, type OpportunityDetail } from '@nexa/domain';
import { errorKey } from '../../lib/api-client.ts';
import { conflictCurrent, invalidateDeals, patchOpportunity } from '../../lib/api/edit-opportunity.ts';
import { queryKeys } from '../../lib/api/query-keys.ts';

/** How long a change can be taken back: as long as a delete's Undo. */
export const UNDO_MS = 10_000;

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
      action: {
        label: t('undo.action'),
        onClick: () =>
          void patchOpportunity(after.id, patch)
            .then((row) => {
              queryClient.setQueryData(queryKeys.opportunities.detail(after.id), row);
              toast.success(t('undo.done'));
            })
            .catch((err: unknown) => toast.error(t(conflictCurrent(err) ? 'undo.stale' : errorKey(err))))
            .finally(() => invalidateDeals(queryClient)),
      },
    });
  };
}
