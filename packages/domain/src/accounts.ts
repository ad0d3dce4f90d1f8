/*
 * Accounts (client companies as records, issue 36): the rule that says when two company names or web
 * addresses are the same company, and the buying roles a deal's contacts take.
 *
 * The rule is written twice, once here and once as SQL (accountMatchKeySql, domainOfSql), because the
 * migration that created the accounts grouped the existing deals in the database: both versions are
 * built from the same tables below, use only steps that mean the same thing in JavaScript and in
 * PostgreSQL (an explicit character table instead of locale-dependent lower-casing or accent
 * stripping), and accounts.sql.test.ts runs random names through both on PGlite and PostgreSQL.
 */

/** Letters written as one letter with an accent, and the plain letter they match as. */
const SPECIAL_LETTERS: Record<string, string> = {
  Ø: 'o',
  ø: 'o',
  Đ: 'd',
  đ: 'd',
  Ð: 'd',
  ð: 'd',
  Ł: 'l',
  ł: 'l',
  Ħ: 'h',
  ħ: 'h',
  ı: 'i',
  Ŧ: 't',
  ŧ: 't',
};

/** Letters that match as two letters (applied before the table below). */
const LIGATURES: ReadonlyArray<readonly [string, string]> = [
  ['ß', 'ss'],
  ['Æ', 'ae'],
  ['æ', 'ae'],
  ['Œ', 'oe'],
  ['œ', 'oe'],
];

/** Spaces and punctuation outside ASCII that separate words like a space does. */
const UNICODE_SEPARATORS =
  '\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000\u2010\u2011\u2012\u2013\u2014\u2015\u00ab\u00bb\u201c\u201d\u201e\u00b7\u2022\u2026\u00ae\u2122\u00a9';
/** Apostrophes outside ASCII, matched as the ASCII one (which is then dropped). */
const UNICODE_APOSTROPHES = '\u2018\u2019\u201a\u02bc\u00b4';
/** ASCII white space other than the space: matched as a space. */
const ASCII_SPACES = '\t\n\r\f\v';

function buildLetterTable(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (let code = 65; code <= 90; code++) {
    from += String.fromCharCode(code);
    to += String.fromCharCode(code + 32);
  }
  for (let code = 0xc0; code <= 0x24f; code++) {
    const letter = String.fromCharCode(code);
    const special = SPECIAL_LETTERS[letter];
    const base = special ?? letter.normalize('NFD').charAt(0);
    if (/^[A-Za-z]$/.test(base) && base !== letter) {
      from += letter;
      to += base.toLowerCase();
    }
  }
  for (const separator of UNICODE_SEPARATORS + ASCII_SPACES) {
    from += separator;
    to += ' ';
  }
  for (const apostrophe of UNICODE_APOSTROPHES) {
    from += apostrophe;
    to += "'";
  }
  return { from, to };
}

/** PostgreSQL's translate(): each character of `from` becomes the one at its place in `to`. */
const LETTERS = buildLetterTable();
const LETTER_MAP = new Map<string, string>();
for (let i = 0; i < LETTERS.from.length; i++) LETTER_MAP.set(LETTERS.from[i]!, LETTERS.to[i]!);

function translate(text: string): string {
  let out = '';
  for (const character of text) out += LETTER_MAP.get(character) ?? character;
  return out;
}

/** Top-level domains dropped from a name written as a web address ("Acme.com" is Acme). */
const NAME_TLDS = [
  'com',
  'net',
  'org',
  'io',
  'ai',
  'co',
  'app',
  'dev',
  'fr',
  'de',
  'uk',
  'eu',
  'us',
  'ca',
  'es',
  'it',
  'nl',
  'be',
  'ch',
];

/**
 * Legal forms dropped from the end of a name: "Acme Inc.", "ACME, Ltd" and "Acme SAS" are Acme. Only
 * at the end, and never the whole name ("SA" alone stays "sa").
 */
export const LEGAL_SUFFIXES = [
  'inc',
  'incorporated',
  'ltd',
  'limited',
  'llc',
  'llp',
  'lp',
  'corp',
  'corporation',
  'co',
  'company',
  'plc',
  'pty',
  'gmbh',
  'ag',
  'kg',
  'ug',
  'sa',
  'sas',
  'sasu',
  'sarl',
  'eurl',
  'sca',
  'srl',
  'spa',
  'bv',
  'nv',
  'oy',
  'ab',
  'kk',
] as const;

const TLD_PATTERN = `^([a-z0-9-]+([.][a-z0-9-]+)*)[.](${NAME_TLDS.join('|')})$`;
const SUFFIX_PATTERN = `( (${LEGAL_SUFFIXES.join('|')}))+$`;
// Anything that is not a letter or digit in ASCII separates words; characters beyond ASCII are kept.
const SEPARATOR_JS = /[^a-z0-9\u0080-\u{10ffff}]+/gu;
const SEPARATOR_SQL = '[^a-z0-9\\u0080-\\U0010ffff]+';

/**
 * The key two company names share when they are the same company: lower case, accents and
 * punctuation gone, legal forms at the end dropped ("ACME, Inc." and "Acmé" are both "acme"). Empty
 * when the name holds nothing but spaces (no company).
 */
export function accountMatchKey(name: string): string {
  let text = name;
  for (const [ligature, letters] of LIGATURES) text = text.split(ligature).join(letters);
  text = translate(text);
  const fallback = text.replace(/ +/g, ' ').replace(/^ | $/g, '');
  text = text.replace(new RegExp(TLD_PATTERN), '$1');
  text = text.replace(/[.']/g, '');
  text = text.replace(SEPARATOR_JS, ' ').replace(/^ | $/g, '');
  const stripped = text.replace(new RegExp(SUFFIX_PATTERN), '');
  const key = stripped === '' ? text : stripped;
  return key === '' ? fallback : key;
}

const GENERIC_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.fr',
  'hotmail.com',
  'hotmail.fr',
  'outlook.com',
  'outlook.fr',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'orange.fr',
  'wanadoo.fr',
  'free.fr',
  'laposte.net',
  'sfr.fr',
  'linkedin.com',
  'facebook.com',
  'example.com',
] as const;

const HOST_PATTERN = '^([a-z0-9]([a-z0-9-]*[a-z0-9])?[.])+[a-z][a-z0-9-]*[a-z0-9]$';

/**
 * The bare host of a web address, lower case ("https://www.Acme.com/about" → "acme.com"); null when
 * it is not one, or when it is a mail or social host many companies share (gmail.com, linkedin.com).
 */
export function domainOf(address: string | null | undefined): string | null {
  if (address == null) return null;
  let text = '';
  for (const character of address) {
    const code = character.charCodeAt(0);
    text += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : character;
  }
  text = text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  text = text.replace(/^[^/?#]*@/, '');
  text = text.replace(/[/?#].*$/s, '');
  text = text.replace(/:[0-9]*$/, '');
  text = text.replace(/^www[.]/, '');
  text = text.replace(/[.]$/, '');
  if (text.length > 253 || !new RegExp(HOST_PATTERN).test(text)) return null;
  return (GENERIC_DOMAINS as readonly string[]).includes(text) ? null : text;
}

/**
 * A text as an SQL string literal (standard_conforming_strings: only quotes are doubled), control
 * characters written as chr(n) so the SQL text holds none (an editor or a newline conversion would
 * change them silently).
 */
function literal(text: string): string {
  const parts: string[] = [];
  let run = '';
  for (const character of text) {
    if (character.charCodeAt(0) < 32) {
      if (run) parts.push(`'${run.replaceAll("'", "''")}'`);
      parts.push(`chr(${character.charCodeAt(0)})`);
      run = '';
    } else run += character;
  }
  if (run || parts.length === 0) parts.push(`'${run.replaceAll("'", "''")}'`);
  return parts.length === 1 ? parts[0]! : `(${parts.join(' || ')})`;
}

/** accountMatchKey as an SQL expression over a text column or expression (same steps, same tables). */
export function accountMatchKeySql(column: string): string {
  let text = column;
  for (const [ligature, letters] of LIGATURES) text = `replace(${text}, ${literal(ligature)}, ${literal(letters)})`;
  const translated = `translate(${text}, ${literal(LETTERS.from)}, ${literal(LETTERS.to)})`;
  const trim = (expression: string) => `regexp_replace(${expression}, '^ | $', '', 'g')`;
  let words = `regexp_replace(l.t, ${literal(TLD_PATTERN)}, '\\1')`;
  words = `regexp_replace(${words}, '[.'']', '', 'g')`;
  words = trim(`regexp_replace(${words}, ${literal(SEPARATOR_SQL)}, ' ', 'g')`);
  return `(SELECT CASE WHEN k.key <> '' THEN k.key ELSE k.fallback END FROM
  (SELECT CASE WHEN s.stripped = '' THEN s.words ELSE s.stripped END AS key, s.fallback FROM
  (SELECT w.words, regexp_replace(w.words, ${literal(SUFFIX_PATTERN)}, '') AS stripped, w.fallback FROM
  (SELECT ${words} AS words, ${trim(`regexp_replace(l.t, ' +', ' ', 'g')`)} AS fallback FROM
  (SELECT ${translated} AS t) l) w) s) k)`;
}

/** domainOf as an SQL expression over a text column or expression. */
export function domainOfSql(column: string): string {
  const steps = [
    [`'^[ \\t\\r\\n]+|[ \\t\\r\\n]+$'`, `''`, `'g'`],
    [`'^[a-z][a-z0-9+.-]*://'`, `''`],
    [`'^[^/?#]*@'`, `''`],
    [`'[/?#].*$'`, `''`],
    [`':[0-9]*$'`, `''`],
    [`'^www[.]'`, `''`],
    [`'[.]$'`, `''`],
  ];
  let text = `translate(${column}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;
  for (const step of steps) text = `regexp_replace(${text}, ${step.join(', ')})`;
  return `(SELECT CASE WHEN length(h.host) <= 253 AND h.host ~ ${literal(HOST_PATTERN)}
    AND h.host NOT IN (${GENERIC_DOMAINS.map(literal).join(', ')}) THEN h.host END
  FROM (SELECT ${text} AS host) h)`;
}

/** The roles a contact takes in a deal's buying committee (deal_contacts.roles). */
export const BUYING_ROLES = [
  'economic_buyer',
  'champion',
  'decision_maker',
  'technical_evaluator',
  'user',
  'legal_procurement',
  'blocker',
] as const;
export type BuyingRole = (typeof BUYING_ROLES)[number];

export function isBuyingRole(value: unknown): value is BuyingRole {
  return typeof value === 'string' && (BUYING_ROLES as readonly string[]).includes(value);
}

/** Each role's i18n key (namespace `accounts`, both languages). */
export const BUYING_ROLE_LABEL_KEYS: Record<BuyingRole, string> = {
  economic_buyer: 'accounts:roles.economic_buyer',
  champion: 'accounts:roles.champion',
  decision_maker: 'accounts:roles.decision_maker',
  technical_evaluator: 'accounts:roles.technical_evaluator',
  user: 'accounts:roles.user',
  legal_procurement: 'accounts:roles.legal_procurement',
  blocker: 'accounts:roles.blocker',
};

/** The side of a call a person speaks for (contacts.side, call_speakers.side). */
export const CONTACT_SIDES = ['buyer', 'seller'] as const;
export type ContactSide = (typeof CONTACT_SIDES)[number];

/** The figures of an account over the deals a person may see (the SQL in accounts/queries.ts says the same). */
export interface AccountDealFigures {
  deal_count: number;
  open_deals: number;
  open_pipeline: number;
  won_deals: number;
  won_amount: number;
}

/** An account's figures from its deals: every deal counts, open and won amounts are added up (an empty amount is 0). */
export function accountFigures(deals: ReadonlyArray<{ outcome: string; amount: number | null }>): AccountDealFigures {
  const figures = { deal_count: 0, open_deals: 0, open_pipeline: 0, won_deals: 0, won_amount: 0 };
  for (const deal of deals) {
    figures.deal_count++;
    if (deal.outcome === 'open') {
      figures.open_deals++;
      figures.open_pipeline += deal.amount ?? 0;
    } else if (deal.outcome === 'won') {
      figures.won_deals++;
      figures.won_amount += deal.amount ?? 0;
    }
  }
  return figures;
}
