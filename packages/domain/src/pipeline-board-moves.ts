// The board's pure moves, apart from its zod schemas (pipeline-board.ts): the board page imports
// these, and a module of schemas would bring zod (25 KB gzip) to its first load.
import { OUTCOME_OF_STAGE, type Outcome, type Stage } from './pipeline-model.ts';
import type { Board, BoardCard, BoardColumn } from './pipeline-board.ts';

/** Moving a deal here closes it: the close date (today by default) and an optional reason are asked. */
export const isClosingStage = (stage: Stage): boolean => OUTCOME_OF_STAGE[stage] !== 'open';

/** The board's columns summed per outcome: the dashboard's pipeline totals. */
export function boardTotalsByOutcome(columns: readonly Pick<BoardColumn, 'stage' | 'count' | 'amount'>[]) {
  const totals: Record<Outcome, { count: number; amount: number }> = {
    open: { count: 0, amount: 0 },
    won: { count: 0, amount: 0 },
    lost: { count: 0, amount: 0 },
  };
  for (const column of columns) {
    const total = totals[OUTCOME_OF_STAGE[column.stage]];
    total.count += column.count;
    total.amount += column.amount;
  }
  return totals;
}

/** Card order within a column: next meeting (none last), then id — the server's order. */
function cardOrder(a: BoardCard, b: BoardCard): number {
  if (a.next_meeting_date !== b.next_meeting_date) {
    if (a.next_meeting_date === null) return 1;
    if (b.next_meeting_date === null) return -1;
    return Date.parse(a.next_meeting_date) - Date.parse(b.next_meeting_date);
  }
  return a.id - b.id;
}

/**
 * The board as it will be once the card has moved: the card leaves its column (count and amount
 * follow) and takes its place in the other, with the fields the move changed. Used to show a move
 * at once, before the server answers; the board is unchanged when the card is not on it.
 */
export function moveCard(board: Board, id: number, to: Stage, changes: Partial<BoardCard> = {}): Board {
  const card = board.columns.flatMap((c) => c.items).find((c) => c.id === id);
  if (!card || card.stage === to) return board;
  const moved: BoardCard = { ...card, ...changes, stage: to };
  const amount = (c: BoardCard) => c.amount ?? 0;
  return {
    columns: board.columns.map((column) => {
      if (column.stage === card.stage)
        return {
          ...column,
          count: column.count - 1,
          amount: column.amount - amount(card),
          items: column.items.filter((c) => c.id !== id),
        };
      if (column.stage === to)
        return {
          ...column,
          count: column.count + 1,
          amount: column.amount + amount(moved),
          items: [...column.items, moved].sort(cardOrder),
        };
      return column;
    }),
  };
}

/** A card's version on the board; undefined when the card is not on it. */
export const cardVersion = (board: Board, id: number): number | undefined =>
  board.columns.flatMap((column) => column.items).find((card) => card.id === id)?.version;

/**
 * The board with a card's version as the server's answer to a move gave it: a next move of the card,
 * made before the board is read again, then sends the version the deal has, not the one it had.
 */
export function withCardVersion(board: Board, id: number, version: number): Board {
  if (cardVersion(board, id) === undefined) return board;
  return {
    columns: board.columns.map((column) => ({
      ...column,
      items: column.items.map((card) => (card.id === id ? { ...card, version } : card)),
    })),
  };
}
