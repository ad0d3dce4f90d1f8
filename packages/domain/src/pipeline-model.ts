/**
 * The pipeline model: an opportunity's canonical stage and outcome, decided once when the row is
 * written (sample, CSV import, ingest API, call analysis, later edits) from the status text as it
 * arrived, which is kept as written. Every figure and every badge reads these, never the text
 * (docs/decisions/012-pipeline-model.md).
 */

export const STAGES = ['New', 'Qualified', 'Proposal', 'Negotiation', 'Closed-Win', 'Closed-Lost'] as const;
export type Stage = (typeof STAGES)[number];

export const OUTCOMES = ['open', 'won', 'lost'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const PIPELINE_STATUSES = ['On-going', 'Closed-Win', 'Closed-Lost'] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];
export const isPipelineStatus = (value: string): value is PipelineStatus =>
  (PIPELINE_STATUSES as readonly string[]).includes(value);

export const OUTCOME_OF_STAGE: Readonly<Record<Stage, Outcome>> = {
  New: 'open',
  Qualified: 'open',
  Proposal: 'open',
  Negotiation: 'open',
  'Closed-Win': 'won',
  'Closed-Lost': 'lost',
};

export const isStage = (value: string): value is Stage => (STAGES as readonly string[]).includes(value);

/** The spec's three pipeline groups are the outcome under another name. */
export const PIPELINE_STATUS_OF_OUTCOME: Readonly<Record<Outcome, PipelineStatus>> = {
  open: 'On-going',
  won: 'Closed-Win',
  lost: 'Closed-Lost',
};

export const OUTCOME_OF_PIPELINE_STATUS: Readonly<Record<PipelineStatus, Outcome>> = {
  'On-going': 'open',
  'Closed-Win': 'won',
  'Closed-Lost': 'lost',
};

/**
 * Accented letters folded to ASCII, one for one, so the same fold runs in TypeScript and in SQL's
 * translate() (the migration's backfill): both sides then read the same words.
 */
const FOLD_GROUPS: ReadonlyArray<readonly [string, string]> = [
  ['a', 'àáâãäåāÀÁÂÃÄÅĀ'],
  ['c', 'çćčÇĆČ'],
  ['e', 'èéêëēėęÈÉÊËĒĖĘ'],
  ['i', 'ìíîïīÌÍÎÏĪ'],
  ['n', 'ñńÑŃ'],
  ['o', 'òóôõöøōÒÓÔÕÖØŌ'],
  ['u', 'ùúûüūÙÚÛÜŪ'],
  ['y', 'ýÿÝŸ'],
];
const FOLD_FROM = FOLD_GROUPS.map(([, from]) => from).join('');
const FOLD_TO = FOLD_GROUPS.map(([to, from]) => to.repeat([...from].length)).join('');

/**
 * Which words decide which stage, checked in this order; the first that appears as whole words
 * wins. Lost comes before won so "closed lost" and "not won, lost" are lost; "disqualified" is a
 * word of its own, so it never reads as "qualified". Text that names no stage is an open deal at
 * its first stage, New. Words are folded text: lower case, no accents, punctuation read as spaces.
 */
export const STAGE_WORDS: ReadonlyArray<{ stage: Stage; words: readonly string[]; exact?: readonly string[] }> = [
  {
    stage: 'Closed-Lost',
    words: [
      'lost',
      'lose',
      'loss',
      'closedlost',
      'perdu',
      'perdue',
      'perdus',
      'perdues',
      'echec',
      'echoue',
      'echouee',
      'abandoned',
      'abandonne',
      'abandonnee',
      'dropped',
      'dead',
      'rejected',
      'refuse',
      'refusee',
      'declined',
      'disqualified',
      'unqualified',
      'disqualifie',
      'disqualifiee',
      'cancelled',
      'canceled',
      'annule',
      'annulee',
      'no go',
      'nogo',
      'sans suite',
    ],
  },
  {
    stage: 'Closed-Win',
    words: [
      'won',
      'win',
      'closedwon',
      'closedwin',
      'gagne',
      'gagnee',
      'gagnes',
      'gagnees',
      'signe',
      'signee',
      'signed',
      'booked',
      'remporte',
      'remportee',
      'conclu',
      'conclue',
      'success',
      'succes',
      'reussi',
      'reussie',
    ],
    // The spec's detail page reads a bare "closed" as won; "closed" with more words decides nothing.
    exact: ['closed', 'clos', 'cloture', 'ferme'],
  },
  {
    stage: 'Negotiation',
    words: [
      'negotiation',
      'negotiations',
      'negotiating',
      'negociation',
      'negociations',
      'contract',
      'contracting',
      'contrat',
      'closing',
      'procurement',
      'legal review',
    ],
  },
  {
    stage: 'Proposal',
    words: ['proposal', 'proposition', 'propal', 'quote', 'quoted', 'quotation', 'devis', 'offer', 'offre', 'tender', 'rfp'],
  },
  {
    stage: 'Qualified',
    words: [
      'qualified',
      'qualification',
      'qualifie',
      'qualifiee',
      'discovery',
      'decouverte',
      'demo',
      'demonstration',
      'evaluation',
      'poc',
      'proof of concept',
    ],
  },
];

const FOLD = new Map([...FOLD_FROM].map((ch, i) => [ch, FOLD_TO[i]!]));

/** The status text as the rule reads it: lower case, accents folded, runs of anything else one space. */
export function foldStatus(status: string | null | undefined): string {
  const lowered = [...(status ?? '').toLowerCase()].map((ch) => FOLD.get(ch) ?? ch).join('');
  return lowered.replace(/[^a-z0-9]+/g, ' ').trim();
}

const pattern = (words: readonly string[]) => new RegExp(` (${words.join('|')}) `);
const MATCHERS = STAGE_WORDS.map(({ stage, words, exact }) => ({ stage, words: pattern(words), exact: new Set(exact ?? []) }));

/** The one rule: the stage the status text names (New when it names none) and its outcome. */
export function resolvePipeline(status: string | null | undefined): { stage: Stage; outcome: Outcome } {
  const folded = foldStatus(status);
  const padded = ` ${folded} `;
  const found = MATCHERS.find((m) => m.exact.has(folded) || m.words.test(padded));
  const stage = found?.stage ?? 'New';
  return { stage, outcome: OUTCOME_OF_STAGE[stage] };
}

/** Texts that name the open group as a whole rather than a stage ("on-going" deals are every open one). */
const OPEN_GROUP_WORDS = new Set(['on going', 'ongoing', 'open', 'opened', 'in progress', 'en cours', 'ouvert', 'ouverte']);

/** A status filter as the stored columns answer it: an outcome (a pipeline group) or one stage. */
export type StatusFilter = { column: 'outcome'; value: Outcome } | { column: 'stage'; value: Stage };

/**
 * Which rows a status filter means, read by the same rule that stored their stage, so every spelling
 * of one meaning filters the same rows: "Won", "Gagné" and "Closed-Win" are the won outcome, "ongoing"
 * and "On-going" the open one, "negotiation" the Negotiation stage. Never the text as received:
 * two spellings of one stage would otherwise find different deals.
 */
export function statusFilterOf(text: string): StatusFilter {
  if (isPipelineStatus(text)) return { column: 'outcome', value: OUTCOME_OF_PIPELINE_STATUS[text] };
  if (isStage(text)) return { column: 'stage', value: text };
  if (OPEN_GROUP_WORDS.has(foldStatus(text))) return { column: 'outcome', value: 'open' };
  const { stage, outcome } = resolvePipeline(text);
  return outcome === 'open' ? { column: 'stage', value: stage } : { column: 'outcome', value: outcome };
}

/**
 * A row to insert, with its stage decided from its status: every path that creates an opportunity
 * (sample, CSV import, ingest API, call analysis, seed) passes its row through here.
 */
export function withStage<T extends object>(row: T & { status?: string | null }): T & { stage: Stage } {
  return { ...row, stage: resolvePipeline(row.status).stage };
}

/** A change to an existing row: when it sets the status, the stage is decided again with it. */
export function withStageOfChange<T extends object>(change: T & { status?: string | null }): T & { stage?: Stage } {
  return 'status' in change ? withStage(change) : change;
}

const quoted = (words: Iterable<string>) => [...words].map((w) => `'${w}'`).join(', ');

/**
 * resolvePipeline as a SQL expression over a text column, for backfilling rows written before the
 * model existed. Migration 0013 holds this text verbatim; a test checks both the text and that the
 * database's answer equals resolvePipeline for every known spelling.
 */
export function stageSql(column: string): string {
  const folded = `btrim(regexp_replace(translate(lower(coalesce(${column}, '')), '${FOLD_FROM}', '${FOLD_TO}'), '[^a-z0-9]+', ' ', 'g'))`;
  const whens = STAGE_WORDS.map(({ stage, words, exact }) => {
    const byWord = `(' ' || ${folded} || ' ') ~ ' (${words.join('|')}) '`;
    const test = exact?.length ? `${folded} IN (${quoted(exact)}) OR ${byWord}` : byWord;
    return `WHEN ${test} THEN '${stage}'`;
  });
  return `CASE ${whens.join(' ')} ELSE 'New' END`;
}

/** The outcome as SQL over the stage column (the database's generated column). */
export function outcomeSql(stageColumn: string): string {
  return `CASE ${stageColumn} WHEN 'Closed-Win' THEN 'won' WHEN 'Closed-Lost' THEN 'lost' ELSE 'open' END`;
}

/** The spec's pipeline group as SQL over the stage column (the database's generated column). */
export function pipelineStatusSql(stageColumn: string): string {
  return `CASE ${stageColumn} WHEN 'Closed-Win' THEN 'Closed-Win' WHEN 'Closed-Lost' THEN 'Closed-Lost' ELSE 'On-going' END`;
}

/**
 * `owner_id=unassigned`: the deals no representative owns (the team figures' Unassigned group). Here,
 * beside the other zod-free constants, so the filters' first page does not pull zod in with it.
 */
export const UNASSIGNED_OWNER = 'unassigned';
