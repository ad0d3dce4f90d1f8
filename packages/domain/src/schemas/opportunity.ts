import { z } from 'zod';
import { CHANGE_SOURCES } from '../deal-history.ts';
import {
  fieldsWith,
  OPPORTUNITY_FIELDS,
  type FieldDeclaration,
  type FieldsWith,
  type OpportunityFieldKey,
  type WireValue,
} from '../opportunity-fields.ts';

/** A field's schema on the wire, from its kind. */
function wireSchemaOf(field: FieldDeclaration): z.ZodType {
  const value =
    field.kind === 'id'
      ? z.number().int()
      : field.kind === 'money' || field.kind === 'score'
        ? z.number()
        : field.kind === 'choice'
          ? z.enum(field.options!)
          : z.string();
  return field.notNull ? value : value.nullable();
}

type Declared = typeof OPPORTUNITY_FIELDS;
type WireShape<K extends OpportunityFieldKey> = { [P in K]: z.ZodType<WireValue<Declared[P]>> };

/** The wire schemas of these fields (opportunity-fields.ts), in the declaration's order. */
function wireShape<K extends OpportunityFieldKey>(keys: readonly K[]): WireShape<K> {
  return Object.fromEntries(keys.map((key) => [key, wireSchemaOf(OPPORTUNITY_FIELDS[key])])) as WireShape<K>;
}

const SHARED_FIELDS = (Object.keys(OPPORTUNITY_FIELDS) as OpportunityFieldKey[]).filter(
  (key) => !(OPPORTUNITY_FIELDS[key] as FieldDeclaration).detailOnly,
);

/**
 * An opportunity on the wire, as every view of one shares it: the declared fields (the
 * specification's names, secured_call_insight, plus ownership) but those of the detail only.
 */
export const opportunitySchema = z.object(
  wireShape(SHARED_FIELDS as Array<Exclude<OpportunityFieldKey, FieldsWith<'detailOnly'>>>),
);
export type Opportunity = z.infer<typeof opportunitySchema>;

/** The largest id a PostgreSQL integer column holds. */
const MAX_ID = 2_147_483_647;

/**
 * A deal's id as a path segment or a form field: decimal digits, as the API writes it. Number() also
 * reads `0x10`, `0o20`, `1.6e1`, `+16`, ` 16` and `016` as 16; an id has one spelling, every other is
 * a 400. The document shows it as the integer it is (the digits pattern is this schema's business).
 */
export const opportunityIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Expected a deal id: a positive whole number in decimal digits')
  .transform(Number)
  .pipe(z.number().int().max(MAX_ID, 'Expected a deal id: a positive whole number in decimal digits'))
  .meta({ type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID, pattern: undefined });

export const opportunityIdParamsSchema = z.object({ id: opportunityIdSchema });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/**
 * How far past a page's first row a capped list counts (decision 044): the account and contact
 * lists count their rows up to the page's offset plus this many, since counting every contact a
 * representative sees cost more than reading the page; `capped` says there are more, and the next
 * pages stay reachable (each page counts from its own offset).
 */
export const LIST_COUNT_AHEAD = 1000;

/**
 * How far past a page's first row a searched contact list counts (decision 052): a search many
 * contacts match answers "more than 100" and asks for a narrower text, instead of finding 1,000 of
 * them first (a word one contact in twelve has meant walking 12,000 of a representative's entries).
 */
export const SEARCH_COUNT_AHEAD = 100;

/** A page whose total is counted up to its offset + LIST_COUNT_AHEAD; `capped` when there are more rows than that. */
export const cappedPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), capped: z.boolean() });

/** A row of a list: what the tables show, without the long call-analysis texts. */
export const opportunityListItemSchema = z.object(wireShape(fieldsWith('listed')));
export type OpportunityListItem = z.infer<typeof opportunityListItemSchema>;

/**
 * The detail: the opportunity, what editing it needs, and its owner's win rate (closed-won ÷ closed,
 * rounded; null when none is closed). PATCH answers the same shape.
 */
export const opportunityDetailSchema = opportunitySchema.extend({
  owner_win_rate: z.number().nullable(),
  /** Bumped by every change: an edit names the version it saw (stale → 409). */
  version: z.number().int(),
  ...wireShape(fieldsWith('detailOnly')),
  stage_changed_at: z.string(),
  last_activity_at: z.string(),
  /** field → who last wrote it: a machine never replaces a person's value, it suggests. */
  field_sources: z.record(z.string(), z.enum(CHANGE_SOURCES)),
});
export type OpportunityDetail = z.infer<typeof opportunityDetailSchema>;
