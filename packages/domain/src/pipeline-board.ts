import { z } from 'zod';
import { OUTCOME_OF_STAGE, STAGES, type Outcome, type Stage } from './pipeline-model.ts';
import { opportunityFilterFields, withOrderedRanges } from './pipeline.ts';
import { opportunitySchema } from './schemas/opportunity.ts';

/**
 * Cards a board column shows before "show more" (about two screens of a column), and the most one
 * request may ask for. Each card is checked and serialised on the way out: the first page's cost
 * grows with their number, not with the number of deals.
 */
export const BOARD_COLUMN_SIZE = 10;
export const BOARD_COLUMN_MAX = 100;

/**
 * GET /api/pipeline/board: the opportunities list's filters, plus a representative (managers; a
 * representative sees only their own deals whatever this says) and, for "show more", one stage
 * with the cards after `offset`.
 */
export const boardQuerySchema = withOrderedRanges(
  z.object({
    ...opportunityFilterFields,
    owner: z.string().trim().min(1).max(200).optional(),
    stage: z.enum(STAGES).optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(BOARD_COLUMN_MAX).default(BOARD_COLUMN_SIZE),
  }),
);
export type BoardQuery = z.infer<typeof boardQuerySchema>;

/** What a card shows, and the version a move sends back (a stale one is refused). */
export const boardCardSchema = opportunitySchema
  .pick({
    id: true,
    stage: true,
    owner_id: true,
    account_manager: true,
    product: true,
    client_company_name: true,
    amount: true,
    lead_status: true,
    next_meeting_date: true,
    closing_date: true,
  })
  .extend({ version: z.number().int() });
export type BoardCard = z.infer<typeof boardCardSchema>;

export const boardColumnSchema = z.object({
  stage: z.enum(STAGES),
  /** Every deal of the stage that the filters keep, and the sum of their amounts. */
  count: z.number().int(),
  amount: z.number(),
  /** The cards from `offset`, in next-meeting order (no meeting last), then id. */
  items: z.array(boardCardSchema),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

/** Every stage in order (or only the one asked for). */
export const boardSchema = z.object({ columns: z.array(boardColumnSchema) });
export type Board = z.infer<typeof boardSchema>;

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
