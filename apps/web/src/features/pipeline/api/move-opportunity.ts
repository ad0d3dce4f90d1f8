import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardVersion, moveCard, withCardVersion, type Board, type OpportunityDetail, type Stage } from '@nexa/domain';
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

/** The deal as the move left it (its Undo puts back what the move changed). */
export const moveOpportunity = ({ id, ...change }: Move) => api.patch<OpportunityDetail>(`/api/opportunities/${id}`, change);

/**
 * A move shows at once on the board it was made on; the server's refusal puts the card back. Either
 * way the pipeline (board and dashboard) and the opportunities are read again afterwards. Moves run
 * one after another, each with the version the last answer left on the board: moving a card twice in
 * quick succession (to Proposal, then closing it) is not refused as a conflict with one's own move.
 */
export function useMoveOpportunity(boardKey: readonly unknown[]) {
  const client = useQueryClient();
  const onBoard = () => client.getQueryData<Board>(boardKey);
  return useMutation({
    scope: { id: 'pipeline-board-move' },
    mutationFn: (move: Move) => {
      const board = onBoard();
      return moveOpportunity({ ...move, version: (board && cardVersion(board, move.id)) ?? move.version });
    },
    onSuccess: (answer) => {
      const board = onBoard();
      if (board) client.setQueryData<Board>(boardKey, withCardVersion(board, answer.id, answer.version));
    },
    onMutate: async (move) => {
      await client.cancelQueries({ queryKey: boardKey });
      const before = onBoard();
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
