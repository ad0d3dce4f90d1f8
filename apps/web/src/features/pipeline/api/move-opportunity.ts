import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveCard, type Board, type Stage } from '@nexa/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export interface Move {
  id: number;
  /** The version the board showed: a deal changed since is refused (409) rather than overwritten. */
  version: number;
  stage: Stage;
  /** Asked when the move closes the deal (won or lost). */
  closing_date?: string;
  close_reason?: string;
}

export const moveOpportunity = ({ id, ...change }: Move) =>
  api.patch<{ id: number; version: number; stage: Stage }>(`/api/opportunities/${id}`, change);

/**
 * A move shows at once on the board it was made on; the server's refusal puts the card back. Either
 * way the pipeline (board and dashboard) and the opportunities are read again afterwards.
 */
export function useMoveOpportunity(boardKey: readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moveOpportunity,
    onMutate: async (move) => {
      await client.cancelQueries({ queryKey: boardKey });
      const before = client.getQueryData<Board>(boardKey);
      if (before) {
        const changes = move.closing_date ? { closing_date: move.closing_date } : {};
        client.setQueryData<Board>(boardKey, moveCard(before, move.id, move.stage, changes));
      }
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) client.setQueryData(boardKey, context.before);
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.pipeline.all }),
        client.invalidateQueries({ queryKey: queryKeys.opportunities.all }),
        client.invalidateQueries({ queryKey: queryKeys.team.all }),
      ]),
  });
}
