import type { TranscriptLine } from './transcript.ts';
import { words } from './unicode-words.ts';

/**
 * Who is the representative and who is the prospect (docs/decisions/019). Rules, in order, the
 * first that decides wins and is recorded: a person's choice (the rep swapped roles), an explicit
 * label beside the name, the representative's or the deal's contact name, the integration's
 * speaker metadata, then the wording. A wrong guess here turns every figure upside down, so the
 * weakest rule comes last.
 */

export type SpeakerRole = 'rep' | 'prospect';
export type RoleRule = 'person' | 'label' | 'name' | 'metadata' | 'wording';

export interface SpeakerRoleDecision {
  speaker: string;
  role: SpeakerRole;
  rule: RoleRule;
}

export interface RoleOptions {
  /** The representative's name (the signed-in rep, or the account manager an integration named). */
  sellerName?: string | null;
  /** The deal's contact name (client_name). */
  contactName?: string | null;
  /** The deal's company: a speaker labelled with it ("Dana (Globex)") is on the prospect's side. */
  clientCompany?: string | null;
  /** From the integration that sent the transcript: speaker name → role. */
  metadata?: Record<string, SpeakerRole> | null;
  /** Set by a person (the rep swapped roles and re-ran): speaker name → role. Wins over everything. */
  overrides?: Record<string, SpeakerRole> | null;
}

const REP_LABEL =
  /^(?:rep|sales ?rep|sales|seller|vendor|ae|account (?:executive|manager)|sales engineer|se|presales|pre-sales|host|commercial|commerciale|vendeur|vendeuse|ingénieur commercial|ingénieure commerciale|avant-vente|nous|us|our side|représentant|représentante)$/;
const PROSPECT_LABEL =
  /^(?:prospect|client|cliente|customer|buyer|acheteur|acheteuse|lead|guest|invité|invitée|them|interlocuteur|interlocutrice)$/;

export const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function roleOfLabel(label: string, clientCompany?: string | null): SpeakerRole | null {
  const l = norm(label).replace(/\s+/g, ' ');
  const plain = label.toLowerCase().trim();
  if (REP_LABEL.test(plain) || REP_LABEL.test(l)) return 'rep';
  if (PROSPECT_LABEL.test(plain) || PROSPECT_LABEL.test(l)) return 'prospect';
  if (clientCompany && norm(clientCompany) && (norm(clientCompany).includes(l) || l.includes(norm(clientCompany))))
    return 'prospect';
  return null;
}

/** "Sam" matches "Sam Lee" and "Sam Lee (rep)"; a first name alone is enough, a shared word like "de" is not. */
function sameName(speaker: string, name: string | null | undefined): boolean {
  if (!name) return false;
  const a = norm(speaker).split(' ');
  const b = norm(name).split(' ');
  if (norm(speaker) === norm(name)) return true;
  return a.some((t) => t.length > 2 && b.includes(t)) && (a[0] === b[0] || a.at(-1) === b.at(-1));
}

const SELLER_WORDS = words(
  /\b(?:we (?:support|offer|provide|can|have|integrate|include|host|encrypt|store|deliver|ship|run)|our (?:platform|product|solution|pricing|connectors?|api|customers|roadmap|team|engineers|support|sla|standard|enterprise|plan|offer)|i'll send|i will send|i'll share|let me (?:show|send|share|check)|thanks for (?:joining|your time|taking)|nous (?:proposons|supportons|offrons|pouvons|avons|intégrons|hébergeons|chiffrons|fournissons)|notre (?:plateforme|solution|produit|offre|api|feuille de route|équipe|support|sla)|nos (?:clients|connecteurs|offres|ingénieurs)|je vous (?:envoie|enverrai|transmets|montre|propose)|merci (?:d'avoir|pour votre temps))\b/,
  'giu',
);
const BUYER_WORDS = words(
  /\b(?:do you|does it|does your|can you|can it|is there|how do you|how much|your (?:solution|platform|product|tool|pricing|api)|we need|we have|we use|we run|our (?:team|budget|cfo|cto|ceo|board|depots|stores|agents|it|security|compliance|legal|users|reps|warehouses|sites)|est-ce que vous|pouvez-vous|votre (?:solution|plateforme|produit|outil|offre|api)|vous supportez|vous gérez|nous avons besoin|il nous faut|on utilise|nous utilisons|notre (?:budget|dsi|daf|direction|équipe|comité)|nos (?:équipes|agences|sites|utilisateurs|commerciaux))\b/,
  'giu',
);

function wordingScore(lines: readonly TranscriptLine[]): number {
  let score = 0;
  for (const line of lines) {
    score += line.text.match(SELLER_WORDS)?.length ?? 0;
    score -= line.text.match(BUYER_WORDS)?.length ?? 0;
    // Questions come from both sides; the one who asks "you" about a product is the buyer more often.
  }
  return score;
}

export function resolveRoles(lines: readonly TranscriptLine[], options: RoleOptions = {}): SpeakerRoleDecision[] {
  const speakers = [...new Set(lines.map((l) => l.speaker).filter((s): s is string => Boolean(s)))];
  const decided = new Map<string, SpeakerRoleDecision>();
  const decide = (speaker: string, role: SpeakerRole, rule: RoleRule) => {
    if (!decided.has(speaker)) decided.set(speaker, { speaker, role, rule });
  };
  const lookup = (map: Record<string, SpeakerRole> | null | undefined, speaker: string) => {
    if (!map) return undefined;
    if (map[speaker]) return map[speaker];
    const key = Object.keys(map).find((k) => norm(k) === norm(speaker));
    return key ? map[key] : undefined;
  };

  for (const speaker of speakers) {
    const chosen = lookup(options.overrides, speaker);
    if (chosen) decide(speaker, chosen, 'person');
  }
  for (const speaker of speakers) {
    const label = lines.find((l) => l.speaker === speaker && l.label)?.label;
    const role = label ? roleOfLabel(label, options.clientCompany) : null;
    if (role) decide(speaker, role, 'label');
  }
  for (const speaker of speakers) {
    if (sameName(speaker, options.sellerName)) decide(speaker, 'rep', 'name');
    else if (sameName(speaker, options.contactName)) decide(speaker, 'prospect', 'name');
  }
  for (const speaker of speakers) {
    const role = lookup(options.metadata, speaker);
    if (role) decide(speaker, role, 'metadata');
  }

  const open = speakers.filter((s) => !decided.has(s));
  if (open.length) {
    const scores = new Map(open.map((s) => [s, wordingScore(lines.filter((l) => l.speaker === s))]));
    const repKnown = [...decided.values()].some((d) => d.role === 'rep');
    const prospectKnown = [...decided.values()].some((d) => d.role === 'prospect');
    // One seller on a call is the common case: when none is known yet, the most seller-like speaker is.
    const best = [...open].sort((a, b) => scores.get(b)! - scores.get(a)!)[0]!;
    for (const speaker of open) {
      const score = scores.get(speaker)!;
      let role: SpeakerRole;
      if (!repKnown && speaker === best && (score > 0 || prospectKnown || open.length > 1)) role = 'rep';
      // A colleague of the rep (a sales engineer) talks like the seller, clearly.
      else role = score >= 3 ? 'rep' : 'prospect';
      decide(speaker, role, 'wording');
    }
  }
  return speakers.map((s) => decided.get(s)!);
}

/** Roles swapped, for the rep's "swap and re-run": every speaker's role flipped, decided by a person. */
export function swappedRoles(decisions: readonly SpeakerRoleDecision[]): Record<string, SpeakerRole> {
  return Object.fromEntries(decisions.map((d) => [d.speaker, d.role === 'rep' ? 'prospect' : 'rep']));
}

export interface TalkShare {
  /** The representative's share of the words spoken, 0–100. */
  repWords: number;
  /** …of the speaking time, where the transcript has timestamps; else null. */
  repTime: number | null;
}

const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

export function talkShare(lines: readonly TranscriptLine[], roleOf: (line: TranscriptLine) => SpeakerRole | null): TalkShare {
  let repWords = 0;
  let allWords = 0;
  let repTime = 0;
  let allTime = 0;
  let timed = true;
  // The start of the next timed turn after each line, found once from the end (a 2 MB call has 20,000 lines).
  const nextStart: Array<number | null> = new Array<number | null>(lines.length).fill(null);
  for (let i = lines.length - 2; i >= 0; i -= 1) nextStart[i] = lines[i + 1]!.start ?? nextStart[i + 1]!;
  lines.forEach((line, i) => {
    const role = roleOf(line);
    if (!role) return;
    const count = wordCount(line.text);
    allWords += count;
    if (role === 'rep') repWords += count;
    // A turn lasts until its cue ends, or until the next turn starts.
    const next = nextStart[i] != null ? { start: nextStart[i] } : null;
    const end = line.end ?? next?.start ?? null;
    if (line.start == null || end == null) {
      // The last turn has no end: estimate from its words (about 2.5 words a second).
      if (line.start != null && !next) {
        const seconds = count / 2.5;
        allTime += seconds;
        if (role === 'rep') repTime += seconds;
      } else timed = false;
      return;
    }
    const seconds = Math.max(0, end - line.start);
    allTime += seconds;
    if (role === 'rep') repTime += seconds;
  });
  return {
    repWords: allWords ? Math.round((repWords / allWords) * 100) : 0,
    repTime: timed && allTime > 0 ? Math.round((repTime / allTime) * 100) : null,
  };
}
