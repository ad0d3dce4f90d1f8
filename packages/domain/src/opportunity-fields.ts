import { DEFAULT_CURRENCY } from './currency.ts';
import { OUTCOMES, PIPELINE_STATUSES, STAGES } from './pipeline-model.ts';

/**
 * An opportunity's fields, declared once: what each holds and where it takes part. The wire shapes
 * and their rules (schemas/opportunity.ts, schemas/opportunity-edit.ts, csv-import.ts,
 * schemas/call-insights.ts, and so the OpenAPI document), the server's list, sort, export, import and
 * ingest, the web app's forms, tables and history read this table; a field's key is its column's
 * name in apps/server/src/db/schema.ts and its name on the wire. Its label, in each language, is
 * `fields.<key>` in the web app's opportunities namespace (fieldLabel).
 *
 * No zod here: the pages that only show deals (the dashboard's list) read it without loading the
 * validation library (e2e/js-budget.spec.ts).
 */

/**
 * What a field holds, which decides how each side reads, checks, shows and stores it:
 * - `id` the deal's number; `owner` the id of the representative who owns it;
 * - `text` a short text (a name when `oneLine`); `longText` a paragraph;
 * - `money` an amount, in the currency its `currency` field holds; `currency` an ISO 4217 code;
 * - `score` 0–10; `date` a calendar day (YYYY-MM-DD); `datetime` an instant (ISO 8601, with offset);
 * - `choice` one of `options`.
 */
export type FieldKind = 'id' | 'owner' | 'text' | 'longText' | 'money' | 'currency' | 'score' | 'date' | 'datetime' | 'choice';

export interface FieldDeclaration {
  kind: FieldKind;
  /** Never null (a NOT NULL column). */
  notNull?: true;
  /** The longest text anyone may write (text, longText, owner). */
  max?: number;
  /** A name: one line, without tabs or control characters (schemas/text.ts). */
  oneLine?: true;
  /** choice: its values, in their order. */
  options?: readonly string[];
  /** choice: the key prefix of its values' names in the opportunities namespace (`stage` → `stage.New`). */
  optionNames?: string;
  /** What a new deal holds when it is given none (the column's default). */
  initial?: string;
  /** money: the field that holds its currency; without one, DEFAULT_CURRENCY. */
  currency?: string;
  /** In the deal's detail only, not in the shape every view of a deal shares. */
  detailOnly?: true;
  /** In the rows of the lists (GET /api/opportunities). */
  listed?: true;
  /** The lists may be sorted by it. */
  sortable?: true;
  /** A column of the CSV export at this place (1 = first; a new field takes the next one); `header` when not the key. */
  exported?: { column: number; header?: string };
  /** Read from a CSV import: its column is found by the key or one of `aliases` (compared in lower case, `_-.` as spaces). */
  imported?: { aliases: readonly string[]; required?: true };
  /** Set by the ingest API (POST /api/v1/call-insights). */
  ingested?: { required?: true };
  /**
   * A person may set it (create and edit), and its changes are undone by Undo but for the owner.
   * `filled`: once given it cannot be emptied; `create`: required on a new deal, or not given there.
   */
  editable?: { filled?: true; create?: 'required' | 'never' };
  /** In the web app's deal form: in the new-deal dialog too (`create`), on a closed deal only (`closed`), across the form (`wide`). */
  form?: { create?: true; closed?: true; wide?: true };
}

/**
 * Every field, in the order forms, imports and edits take them. Every change to any of them is in
 * the deal's history (the change recorder writes one row per field it changes), shown with the
 * field's label and its kind's format.
 */
export const OPPORTUNITY_FIELDS = {
  id: { kind: 'id', notNull: true, listed: true, sortable: true, exported: { column: 1 } },
  account_manager: {
    kind: 'text',
    max: 200,
    oneLine: true,
    listed: true,
    sortable: true,
    exported: { column: 3 },
    imported: { aliases: ['account manager', 'owner', 'sales rep', 'representative', 'rep'] },
    ingested: { required: true },
  },
  product: {
    kind: 'text',
    max: 200,
    oneLine: true,
    listed: true,
    sortable: true,
    exported: { column: 6 },
    imported: { aliases: ['product', 'product name', 'produit'], required: true },
    ingested: {},
    editable: { filled: true, create: 'required' },
    form: { create: true },
  },
  client_company_name: {
    kind: 'text',
    max: 200,
    oneLine: true,
    listed: true,
    sortable: true,
    exported: { column: 4 },
    imported: {
      aliases: [
        'client company name',
        'client company',
        'company',
        'company name',
        'account',
        'entreprise',
        'société',
        'societe',
      ],
      required: true,
    },
    ingested: { required: true },
    editable: { filled: true, create: 'required' },
    form: { create: true },
  },
  client_name: {
    kind: 'text',
    max: 200,
    oneLine: true,
    listed: true,
    sortable: true,
    exported: { column: 5 },
    imported: { aliases: ['client name', 'client', 'contact', 'contact name'] },
    ingested: {},
    editable: {},
    form: { create: true },
  },
  amount: {
    kind: 'money',
    currency: 'currency',
    listed: true,
    sortable: true,
    exported: { column: 10 },
    imported: { aliases: ['amount', 'value', 'deal value', 'deal amount', 'montant'], required: true },
    ingested: {},
    editable: {},
    form: { create: true },
  },
  /** The amount's currency (ISO 4217): the call analysis and quotes read it; figures do not convert (docs/metrics.md). */
  currency: {
    kind: 'currency',
    initial: DEFAULT_CURRENCY,
    notNull: true,
    listed: true,
    exported: { column: 15 },
    imported: { aliases: ['currency', 'currency code', 'devise'] },
    ingested: {},
    editable: {},
    form: { create: true },
  },
  stage: {
    kind: 'choice',
    options: STAGES,
    optionNames: 'stage',
    initial: 'New',
    notNull: true,
    listed: true,
    sortable: true,
    exported: { column: 7 },
    editable: {},
    form: { create: true },
  },
  /** The status text as it was received; the stage is read from it (and it follows the stage). */
  status: {
    kind: 'text',
    max: 100,
    listed: true,
    sortable: true,
    exported: { column: 8 },
    imported: { aliases: ['status', 'stage', 'statut'] },
    ingested: {},
    editable: { create: 'never' },
  },
  /** open / won / lost: what every figure counts (decided from the stage). */
  outcome: { kind: 'choice', options: OUTCOMES, notNull: true, listed: true, exported: { column: 9 } },
  /** The outcome as the spec's pipeline group. */
  pipeline_status: { kind: 'choice', options: PIPELINE_STATUSES, notNull: true, listed: true, sortable: true },
  lead_status: {
    kind: 'text',
    max: 100,
    listed: true,
    sortable: true,
    exported: { column: 13 },
    imported: { aliases: ['lead status', 'lead', 'temperature'] },
    ingested: {},
    editable: {},
    form: { create: true },
  },
  next_meeting_date: {
    kind: 'datetime',
    listed: true,
    sortable: true,
    exported: { column: 12 },
    imported: { aliases: ['next meeting date', 'next meeting', 'meeting date', 'meeting', 'prochain rendez-vous'] },
    ingested: {},
    editable: {},
    form: { create: true },
  },
  closing_date: {
    kind: 'date',
    listed: true,
    sortable: true,
    exported: { column: 11 },
    imported: { aliases: ['closing date', 'close date', 'closed date', 'date de clôture'] },
    ingested: {},
    editable: {},
    form: { create: true },
  },
  close_reason: { kind: 'longText', max: 500, detailOnly: true, editable: {}, form: { closed: true } },
  notes: { kind: 'longText', max: 5000, detailOnly: true, editable: {}, form: { create: true, wide: true } },
  /** What the call analysis wrote, which the representative may correct (on the answers' tabs). */
  technical_feedback: { kind: 'longText', max: 5000, editable: {} },
  commercial_feedback: { kind: 'longText', max: 5000, editable: {} },
  /** Its export column holds the owner's name. A manager gives the deal to another representative. */
  owner_id: {
    kind: 'owner',
    max: 100,
    listed: true,
    exported: { column: 2, header: 'representative' },
    editable: {},
    form: { create: true },
  },
  company_industry: {
    kind: 'text',
    max: 200,
    imported: { aliases: ['company industry', 'industry', 'secteur'] },
    ingested: {},
  },
  company_size: { kind: 'text' },
  domain_website: { kind: 'text' },
  company_summary: { kind: 'longText' },
  record_date: { kind: 'datetime', notNull: true, listed: true, sortable: true, exported: { column: 14 } },
  technical_scoring: { kind: 'score', sortable: true },
  commercial_scoring: { kind: 'score', sortable: true },
  technical_answers: { kind: 'longText' },
  commercial_answers: { kind: 'longText' },
  technical_attached_file: { kind: 'text' },
  created_at: { kind: 'datetime', notNull: true },
} as const satisfies Record<string, FieldDeclaration>;

type Fields = typeof OPPORTUNITY_FIELDS;
export type OpportunityFieldKey = keyof Fields;

/** The fields that declare `flag`. */
export type FieldsWith<Flag extends keyof FieldDeclaration> = {
  [K in OpportunityFieldKey]: Fields[K] extends { [P in Flag]: unknown } ? K : never;
}[OpportunityFieldKey];

const ALL = Object.entries(OPPORTUNITY_FIELDS) as Array<[OpportunityFieldKey, FieldDeclaration]>;

/** The fields that declare `flag`, in the declaration's order. */
export const fieldsWith = <Flag extends keyof FieldDeclaration>(flag: Flag): Array<FieldsWith<Flag>> =>
  ALL.filter(([, field]) => field[flag] !== undefined).map(([key]) => key as FieldsWith<Flag>);

/** A field's declaration by name (history rows and suggestions name fields as text); undefined for a name that is not one. */
export const fieldOf = (name: string): FieldDeclaration | undefined =>
  Object.hasOwn(OPPORTUNITY_FIELDS, name) ? (OPPORTUNITY_FIELDS as Record<string, FieldDeclaration>)[name] : undefined;

/** The translation key of a field's label (opportunities namespace), for any column a history row names. */
export const fieldLabel = (name: string): string => `fields.${name}`;

/** The fields of one kind, in order. */
export const fieldsOfKind = (kind: FieldKind): OpportunityFieldKey[] =>
  ALL.filter(([, field]) => field.kind === kind).map(([key]) => key);

/** The CSV export's columns in their order: the field and the column's name. */
export const EXPORT_COLUMNS: ReadonlyArray<{ field: FieldsWith<'exported'>; header: string }> = fieldsWith('exported')
  .map((field) => {
    const { column, header } = (OPPORTUNITY_FIELDS[field] as FieldDeclaration).exported!;
    return { field, header: header ?? field, column };
  })
  .sort((a, b) => a.column - b.column)
  .map(({ field, header }) => ({ field, header }));

/** The currency a money field of `row` is in: its currency field's value, else the workspace's. */
export function currencyOf(row: object, money: OpportunityFieldKey = 'amount'): string {
  const holder = (OPPORTUNITY_FIELDS[money] as FieldDeclaration).currency;
  const code = holder ? (row as Record<string, unknown>)[holder] : undefined;
  return typeof code === 'string' && code ? code : DEFAULT_CURRENCY;
}

// --- the values each kind carries, for the schemas' types ---

type Base<F> = F extends { kind: 'id' | 'money' | 'score' }
  ? number
  : F extends { kind: 'choice'; options: infer O extends readonly string[] }
    ? O[number]
    : string;
/** A field's value on the wire. */
export type WireValue<F> = F extends { notNull: true } ? Base<F> : Base<F> | null;
/** A field's value as a person sets it: a text may be emptied (null) unless `filled`, an owner or a currency never. */
export type EditValue<F> = F extends { kind: 'choice' | 'owner' | 'currency' }
  ? Base<F>
  : F extends { editable: { filled: true } }
    ? string
    : Base<F> | null;
/** A field's value as an import row carries it: a required cell always has one; an empty currency takes the default (undefined). */
export type ImportValue<F> = F extends { imported: { required: true } }
  ? Base<F>
  : F extends { kind: 'currency' | 'choice' }
    ? Base<F> | undefined
    : Base<F> | null;
/** A field's value in an ingest request (which may leave out a field it does not require). */
export type IngestValue<F> = Base<F>;
