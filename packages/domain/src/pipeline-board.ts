import { z } from 'zod';
import { STAGES } from './pipeline-model.ts';
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
