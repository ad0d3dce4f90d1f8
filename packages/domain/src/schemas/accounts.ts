import { z } from 'zod';
import { ACCOUNT_SORTS } from '../account-list.ts';
import { STAGES } from '../pipeline-model.ts';
import { cappedPageOf, pageQuerySchema } from './opportunity.ts';

/*
 * The accounts API (issue 36): GET /api/accounts, GET/PATCH /api/accounts/:id, merge, split and undo.
 * Figures (open pipeline, won, deals) are over the deals the caller may see (docs/decisions on accounts).
 */

export const accountIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);
export const accountIdParamsSchema = z.object({ id: accountIdSchema });
export const accountMergeIdParamsSchema = z.object({ id: accountIdSchema });

export const accountListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  sort: z.enum(ACCOUNT_SORTS).default('name'),
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

/** What the account list and page show of its deals: counted once in SQL (accounts/queries.ts). */
export const accountFiguresSchema = z.object({
  deal_count: z.number().int(),
  open_deals: z.number().int(),
  /** The open deals' amounts added up. */
  open_pipeline: z.number(),
  won_deals: z.number().int(),
  /** The won deals' amounts added up. */
  won_amount: z.number(),
});
export type AccountFigures = z.infer<typeof accountFiguresSchema>;

export const accountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string().nullable(),
  industry: z.string().nullable(),
  size: z.string().nullable(),
  country: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountListItemSchema = accountSchema.extend({ figures: accountFiguresSchema });
export type AccountListItem = z.infer<typeof accountListItemSchema>;

/** A page of the account list, counted up to the page's offset + LIST_COUNT_AHEAD (decision 044): `capped` when there are more. */
export const accountPageSchema = cappedPageOf(accountListItemSchema);
export type AccountPage = z.infer<typeof accountPageSchema>;

export const accountDealSchema = z.object({
  id: z.number().int(),
  product: z.string().nullable(),
  stage: z.enum(STAGES),
  outcome: z.enum(['open', 'won', 'lost']),
  amount: z.number().nullable(),
  currency: z.string(),
  owner_id: z.string().nullable(),
  owner_name: z.string().nullable(),
  next_meeting_date: z.string().nullable(),
  closing_date: z.string().nullable(),
});
export type AccountDeal = z.infer<typeof accountDealSchema>;

export const accountContactSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type AccountContact = z.infer<typeof accountContactSchema>;

export const ACCOUNT_CHANGE_KINDS = ['merge', 'split', 'migration'] as const;

/** A merge or split the account took part in, newest first. */
export const accountChangeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ACCOUNT_CHANGE_KINDS),
  at: z.string(),
  actor: z.string().nullable(),
  /** The account that remained (merge) or was made (split). */
  account_id: z.number().int(),
  account_name: z.string(),
  /** The other accounts' names (merged in, or split from). */
  others: z.array(z.string()),
  /** The spellings the migration folded together (kind migration). */
  names: z.array(z.string()),
  deals: z.number().int(),
  contacts: z.number().int(),
  undone_at: z.string().nullable(),
  undoable: z.boolean(),
});
export type AccountChange = z.infer<typeof accountChangeSchema>;

export const accountDetailSchema = z.object({
  account: accountSchema,
  figures: accountFiguresSchema,
  deals: z.array(accountDealSchema),
  /** More deals than listed (the list stops at 200). */
  more_deals: z.boolean(),
  contacts: z.array(accountContactSchema),
  more_contacts: z.boolean(),
  history: z.array(accountChangeSchema),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const accountPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    /** A web address or host: stored as its bare host (domainOf); empty clears it. */
    domain: optionalText(300),
    industry: optionalText(100),
    size: optionalText(50),
    country: optionalText(100),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to change' });
export type AccountPatch = z.infer<typeof accountPatchSchema>;

export const accountMergeSchema = z.object({ from: z.array(accountIdSchema).min(1).max(50) }).strict();
export type AccountMerge = z.infer<typeof accountMergeSchema>;

export const accountSplitSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    deal_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(1000).default([]),
    contact_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(1000).default([]),
  })
  .strict()
  .refine((split) => split.deal_ids.length + split.contact_ids.length > 0, { message: 'Choose deals or contacts to move' });
export type AccountSplit = z.infer<typeof accountSplitSchema>;

/** What a merge, split or undo answers: the change (for its undo) and the account to show. */
export const accountChangeResultSchema = z.object({ change_id: z.number().int(), account: accountSchema });
export type AccountChangeResult = z.infer<typeof accountChangeResultSchema>;
