import { isPhoneName, nextTurnStarts, type TranscriptLine } from './transcript.ts';
import { escapeRegExp, words } from './unicode-words.ts';

/**
 * Who is the representative and who is the prospect (docs/decisions/019, issue 34). Rules, in order,
 * the first that decides wins and is recorded: a person's choice (the rep swapped roles, or set a
 * role on an earlier call of the deal), an explicit label beside the name, the representative's or
 * the deal's contact name, a member of the workspace (everyone in it sells), the integration's
 * speaker metadata, the call's introductions ("our solutions architect, Maya", "my colleague Tom
 * from IT", "Bonjour Camille"), then the wording. A wrong guess here turns every figure upside
 * down, so the weakest rule comes last. A speaker named by a phone number is a speaker like any other.
 */

export type SpeakerRole = 'rep' | 'prospect';
export type RoleRule = 'person' | 'label' | 'name' | 'team' | 'metadata' | 'introduction' | 'wording';

export interface SpeakerRoleDecision {
  speaker: string;
  role: SpeakerRole;
  rule: RoleRule;
}

export interface RoleOptions {
  /** The representative's name (the signed-in rep, or the account manager an integration named). */
  sellerName?: string | null;
  /** The workspace's people (full names and aliases): every one of them is on the seller's side. */
  sellerTeam?: readonly string[] | null;
  /** The deal's contact name (client_name). */
  contactName?: string | null;
  /** The deal's company: a speaker labelled with it ("Dana (Globex)") is on the prospect's side. */
  clientCompany?: string | null;
  /** From the integration that sent the transcript: speaker name → role. */
  metadata?: Record<string, SpeakerRole> | null;
  /** Set by a person (the rep swapped roles and re-ran, or chose a role on this deal before): speaker name → role. Wins over everything. */
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

/** Generic speaker names, accents, case and punctuation folded by norm ("Speaker (2)" is "speaker 2"). */
const GENERIC_NAME =
  /^(?:caller|speaker|participant|guest|user|unknown|phone|dial ?in|appelant|intervenant|invite|interlocuteur|locuteur|utilisateur|telephone)(?: ?\d+)?$/;
/**
 * "Caller 3", "Speaker 2", "Intervenant 1", "Guest", a phone number, a name of punctuation alone:
 * a name that names nobody. The role rules, the speaker matcher and the panel all ask this one.
 */
export function namesNobody(name: string): boolean {
  return isPhoneName(name) || GENERIC_NAME.test(norm(name)) || !norm(name.replace(/\(.*?\)/g, ' '));
}

function roleOfLabel(label: string, clientCompany?: string | null): SpeakerRole | null {
  const l = norm(label).replace(/\s+/g, ' ');
  const plain = label.toLowerCase().trim();
  if (REP_LABEL.test(plain) || REP_LABEL.test(l)) return 'rep';
  if (PROSPECT_LABEL.test(plain) || PROSPECT_LABEL.test(l)) return 'prospect';
  if (clientCompany && norm(clientCompany) && (norm(clientCompany).includes(l) || l.includes(norm(clientCompany))))
    return 'prospect';
  return null;
}

/**
 * "Sam" and "Sam L." match "Sam Lee", accents and case aside; "Sam Lee" does not match "Sam Park"
 * (two people of one first name, one on each side, are common enough), nor does a shared "de".
 */
export function sameName(speaker: string, name: string | null | undefined): boolean {
  if (!name) return false;
  return sameTokens(speaker, norm(speaker).split(' ').filter(Boolean), norm(name).split(' ').filter(Boolean));
}

/** sameName on names already normalised and split (a workspace of thousands is split once). */
function sameTokens(speaker: string, a: readonly string[], b: readonly string[]): boolean {
  if (!a.length || !b.length) return false;
  if (a.join(' ') === b.join(' ')) return true;
  if (namesNobody(speaker)) return false;
  if (a[0] !== b[0] || a[0]!.length < 2) {
    // "Lee" alone for "Sam Lee" is too weak; a full name in another order ("Lee Sam") is the same person.
    return a.length > 1 && a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');
  }
  if (a.length === 1 || b.length === 1) return true;
  const lastA = a.at(-1)!;
  const lastB = b.at(-1)!;
  // "Ravi P." for "Ravi Patel": an initial matches the surname it begins.
  return lastA === lastB || (lastA.length === 1 && lastB.startsWith(lastA)) || (lastB.length === 1 && lastA.startsWith(lastB));
}

const SELLER_WORDS = words(
  /\b(?:we (?:support|offer|provide|can|have|integrate|include|host|encrypt|store|deliver|ship|run)|our (?:platform|product|solution|pricing|connectors?|api|customers|roadmap|team|engineers|support|sla|standard|enterprise|plan|offer)|i'll send|i will send|i'll share|let me (?:show|send|share|check)|thanks for (?:joining|your time|taking)|your (?:current|existing|team|process|setup|environment|stack|users|today)|how do you (?:handle|manage|do|deal|track) (?:it|that|this) today|do you have (?:a |any )?budget|what(?:'s| is) your (?:budget|timeline|time frame|process|decision process)|who (?:else )?(?:is|would be|will be) involved|(?:get|come) back to you|i'll (?:check|follow up|get back|loop in)|look like (?:at|for) you|avez-vous (?:un |du )?budget|quel est votre (?:budget|calendrier|processus)|qui (?:d'autre )?(?:est|sera) impliqué|je reviens vers vous|je vous recontacte|nous (?:proposons|supportons|offrons|pouvons|avons|intégrons|hébergeons|chiffrons|fournissons)|notre (?:plateforme|solution|produit|offre|api|feuille de route|équipe|support|sla)|nos (?:clients|connecteurs|offres|ingénieurs)|je vous (?:envoie|enverrai|transmets|montre|propose)|merci (?:d'avoir|pour votre temps)|(?:vos|votre) (?:équipes?|processus|environnement|outils? actuels?|utilisateurs))\b/,
  'giu',
);
const BUYER_WORDS = words(
  /\b(?:do you|does it|are you (?:\w+ )?(?:certified|compliant|soc|iso|gdpr|hipaa)|êtes-vous (?:certifiés?|conformes?)|does your|can you|can it|is there|how much|your (?:solution|platform|product|tool|pricing|api)|we need|we have|we use|we run|our (?:team|budget|cfo|cto|ceo|board|depots|stores|agents|it|security|compliance|legal|users|reps|warehouses|sites)|est-ce que vous|pouvez-vous|votre (?:solution|plateforme|produit|outil|offre|api)|vous supportez|vous gérez|nous avons besoin|il nous faut|on utilise|nous utilisons|notre (?:budget|dsi|daf|direction|comité)|nos (?:équipes|agences|sites|utilisateurs|commerciaux))\b/,
  'giu',
);

/** How seller-like a text reads: seller phrases count up, buyer phrases down. */
function wordingScoreOf(raw: string): number {
  // "qu’il", "I’ll": the typographic apostrophe read as the plain one the phrases are written with.
  const text = raw.includes('’') ? raw.replace(/’/g, "'") : raw;
  return (text.match(SELLER_WORDS)?.length ?? 0) - (text.match(BUYER_WORDS)?.length ?? 0);
}

/** A question about the vendor's product or terms: the buyer's, whoever asks it ("Do you support SSO?", "Pouvez-vous héberger au Canada ?"). */
const VENDOR_QUESTION = words(
  /\b(?:(?:do|does|can|could|will|would|is|are) (?:you|your \w+|it|the (?:platform|product|app|tool|solution))\b[^?]{0,80}?\s(?:support\w*|integrat\w*|offer\w*|provide\w*|host\w*|encrypt\w*|stor\w*|handle\w*|certif\w*|complian\w*|work with|connect\w*|run on|pric\w*|charg\w*|sso|api|on-prem\w*|export\w*|sync\w*|deploy\w*|include\w*|scale\w*)|your (?:solution|platform|product|tool|pricing|api|roadmap|app|contract|sla)|how much|combien (?:ça|cela|coûte|coute)|est-ce que (?:vous|votre|ça|cela)\b[^?]{0,80}?(?:support\w*|intèg\w*|intég\w*|propos\w*|héberg\w*|chiffr\w*|gèr\w*|gér\w*|certifi\w*|conform\w*|fonctionn\w*|march\w*)|(?:vous|votre \w+) (?:supportez|gérez|proposez|hébergez|intégrez|chiffrez)|pouvez-vous|votre (?:solution|plateforme|produit|outil|offre|api|application|contrat))\b/,
  'iu',
);

/**
 * One line's side when the transcript names nobody: a question about the vendor's product is the
 * buyer's, any other question (about the buyer's environment, budget, process) the seller's, a
 * statement the seller's when it reads like a pitch, else the buyer's.
 */
export function contentRoleOf(raw: string): 'rep' | 'prospect' {
  const text = raw.includes('’') ? raw.replace(/’/g, "'") : raw;
  if (text.trim().endsWith('?')) return VENDOR_QUESTION.test(text) ? 'prospect' : 'rep';
  return wordingScoreOf(text) > 0 ? 'rep' : 'prospect';
}

function wordingScore(lines: readonly TranscriptLine[]): number {
  let score = 0;
  for (const line of lines) score += wordingScoreOf(line.text);
  return score;
}

/*
 * Introductions. Each clause that names another speaker says, by its grammar, whether that person
 * is on the speaker's own side ("our solutions architect, Maya", "Priyanka is on with me", "Tom,
 * my colleague from IT", "je suis accompagnée de Thomas", "Ravi de chez nous") or on the other
 * side ("Hi Kenji", "Bonjour Camille", "your CFO, Dana", "votre RSSI"), or on the deal's company's
 * side ("Dana from Globex"). The sides then spread from the speakers known by a stronger rule.
 */
/** Said near a name, these put that person on the speaker's side ("X is on with me", "je suis accompagnée de X"). */
const ALLY = words(
  /\b(?:with me|with us|joining (?:me|us)|i(?:'ve| have) (?:brought|got|asked)|brought|colleagues?|teammates?|avec moi|avec nous|accompagnée?s? (?:de|par)|je vous présente|de chez nous|chez nous|de notre (?:côté|équipe)|de (?:mon|notre) équipe|collègues?)\b/,
  'iu',
);
/**
 * A possessive in apposition to a name: "our solutions architect, Maya", "Nadia is our senior sales
 * engineer", "Aurélie, notre DAF", "my colleague Tom"; "your CFO, Dana", "Dana, votre RSSI".
 */
const POSSESSIVE_BEFORE = (p: string) => words(`\\b(?:${p})\\s+[\\p{L}'’ -]{0,40}?[\\s,]*$`, 'iu');
const POSSESSIVE_AFTER = (p: string) =>
  words(
    `^\\s*(?:,\\s*|'s\\s+|\\s+(?:is|est|who is|qui est|c'est|from|of|in|on|de|du|dans|,)\\s+(?:also\\s+|aussi\\s+)?)(?:one of\\s+|l'une? de\\s+)?(?:${p})\\b`,
    'iu',
  );
const OUR = 'our|my|notre|nos|mon|ma';
const YOUR = 'your|votre|vos|ton|ta';
const OURS_BEFORE = POSSESSIVE_BEFORE(OUR);
const OURS_AFTER = POSSESSIVE_AFTER(OUR);
const YOURS_BEFORE = POSSESSIVE_BEFORE(YOUR);
const YOURS_AFTER = POSSESSIVE_AFTER(YOUR);
const GREETING = words(
  /^(?:(?:hi|hey|hello|morning|afternoon|good (?:morning|afternoon|evening)|welcome|nice to meet you|bonjour|bonsoir|allô|allo|salut|bienvenue|enchantée?|buenos días|buenas tardes|hola|bom dia|olá|dzień dobry|and|et|y|e)\b[\s,!]*)+$/,
  'iu',
);
/** "Erik here", "it's Roberta", "this is Daniel", "c'est Yannick", "ici Paul", "Paul à l'appareil": how a dial-in names itself. */
const SELF_NAME =
  /(?:^|[.,!?]\s*|\b(?:hi|hello|bonjour|allô|oui)[,!]?\s+)(?:(?:it's|it is|this is|c'est|ici|je suis|my name is|je m'appelle)\s+(\p{Lu}[\p{L}'’-]+)|(\p{Lu}[\p{L}'’-]+)\s+(?:here|speaking|à l'appareil)\b)/u;

interface Mention {
  from: string;
  to: string;
  /** +1 same side as the speaker, -1 the other side. */
  relation: 1 | -1;
  weight: number;
}

/** The names a speaker is called by in the call: the first name (and the full name), or the name a dial-in gives itself. */
function aliasesOf(speaker: string, lines: readonly TranscriptLine[]): string[] {
  if (!namesNobody(speaker)) {
    const parts = speaker
      .replace(/\(.*?\)/g, ' ')
      .trim()
      .split(/\s+/);
    const out = [speaker.trim()];
    if (parts[0] && parts[0].length > 1) out.push(parts[0]);
    return out;
  }
  let seen = 0;
  for (const line of lines) {
    if (line.speaker !== speaker) continue;
    const m = SELF_NAME.exec(line.text);
    if (m) return [m[1] ?? m[2]!];
    if ((seen += 1) >= 3) break;
  }
  return [];
}

function mentionsIn(
  lines: readonly TranscriptLine[],
  speakers: readonly string[],
  clientCompany?: string | null,
): {
  mentions: Mention[];
  company: Map<string, number>;
} {
  const aliases = new Map<string, string[]>();
  for (const s of speakers) aliases.set(s, aliasesOf(s, lines));
  // An alias two speakers share ("Sophie") says nothing about either.
  const owners = new Map<string, string[]>();
  for (const [s, list] of aliases) for (const a of list) owners.set(a, [...(owners.get(a) ?? []), s]);
  const entries = [...owners].filter(([, who]) => new Set(who).size === 1).map(([alias, who]) => ({ alias, speaker: who[0]! }));
  if (!entries.length) return { mentions: [], company: new Map() };
  entries.sort((a, b) => b.alias.length - a.alias.length);
  const NAMES = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${entries.map((e) => escapeRegExp(e.alias)).join('|')})(?![\\p{L}\\p{N}])`,
    'gu',
  );
  const speakerOfAlias = new Map(entries.map((e) => [e.alias, e.speaker]));
  const company = clientCompany && norm(clientCompany) ? norm(clientCompany).split(' ')[0]! : null;
  // "Dana from Globex", "Dana de chez Globex": the deal's company names its own people.
  const fromCompany =
    company && company.length > 2 ? new RegExp(`^(?:\\w+ )?(?:from|at|de|chez|de chez|d) ${escapeRegExp(company)}\\b`) : null;
  const companyOf = new Map<string, number>();
  const mentions: Mention[] = [];
  // Introductions happen early and when someone joins; reading the first 400 turns is enough and keeps a long call fast.
  for (const line of lines.slice(0, 400)) {
    if (!line.speaker || line.text.length > 1500) continue;
    for (const clause of line.text.split(/(?<=[.;!?])\s+/)) {
      NAMES.lastIndex = 0;
      const found = [...clause.matchAll(NAMES)];
      if (!found.length) continue;
      for (const m of found) {
        const to = speakerOfAlias.get(m[0])!;
        if (to === line.speaker) continue;
        const before = clause.slice(0, m.index);
        if (fromCompany?.test(norm(clause.slice(m.index! + m[0].length, m.index! + m[0].length + 40))))
          companyOf.set(to, (companyOf.get(to) ?? 0) + 1);
        // "Hi Kenji, hi Laura", "Bonjour Pieter, bonjour Caroline": one greets the other side.
        const greeted = before
          .replace(NAMES, ' ')
          .replace(/[\s,!]+/g, ' ')
          .trim();
        if (greeted && GREETING.test(greeted) && !/^(?:and|et|y|e)$/i.test(greeted)) {
          mentions.push({ from: line.speaker, to, relation: -1, weight: 1 });
          continue;
        }
        const at = m.index!;
        const end = at + m[0].length;
        const wide = clause.slice(Math.max(0, at - 50), end + 50);
        const left = clause.slice(Math.max(0, at - 50), at);
        const right = clause.slice(end, end + 40);
        const ally = ALLY.test(wide) || OURS_BEFORE.test(left) || OURS_AFTER.test(right);
        const other = YOURS_BEFORE.test(left) || YOURS_AFTER.test(right);
        if (ally && !other) mentions.push({ from: line.speaker, to, relation: 1, weight: 2 });
        else if (other && !ally) mentions.push({ from: line.speaker, to, relation: -1, weight: 2 });
      }
    }
  }
  return { mentions, company: companyOf };
}

/**
 * Subtitles without any name (SRT): no speaker can be told apart, so each line is read by its
 * content and no talk share is claimed. A call where nearly every line is unnamed and no name comes
 * back is such a file too ("Autre affaire: nos données…" read as a speaker is no speaker); a plain
 * text whose turns run over several lines is not. The offline analyzer and the model path both ask.
 */
export function speakersUnnamed(lines: readonly TranscriptLine[]): boolean {
  const turnsOf = new Map<string, number>();
  for (const l of lines) if (l.speaker) turnsOf.set(l.speaker, (turnsOf.get(l.speaker) ?? 0) + 1);
  const namedLines = [...turnsOf.values()].reduce((a, b) => a + b, 0);
  return lines.length > 0 && (namedLines === 0 || (namedLines * 5 < lines.length && [...turnsOf.values()].every((n) => n === 1)));
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
    // A role set for "Maya Stone" on an earlier call holds for "Maya" on this one (and the other way), when only one name fits.
    let chosen = lookup(options.overrides, speaker);
    if (!chosen && options.overrides) {
      const fits = Object.keys(options.overrides).filter((name) => sameName(speaker, name));
      if (fits.length === 1) chosen = options.overrides[fits[0]!];
    }
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
  const team = (options.sellerTeam ?? []).map((n) => norm(n).split(' ').filter(Boolean)).filter((t) => t.length);
  if (team.length) {
    for (const speaker of speakers) {
      const tokens = norm(speaker).split(' ').filter(Boolean);
      // A first name alone that is also the contact's is the contact's, not a colleague's.
      if (tokens.length === 1 && sameName(speaker, options.contactName)) continue;
      if (team.some((member) => sameTokens(speaker, tokens, member))) decide(speaker, 'rep', 'team');
    }
  }
  for (const speaker of speakers) {
    const role = lookup(options.metadata, speaker);
    if (role) decide(speaker, role, 'metadata');
  }

  // Introductions: sides spread from the speakers already placed, strongest evidence first.
  if (speakers.some((s) => !decided.has(s))) {
    const { mentions, company } = mentionsIn(lines, speakers, options.clientCompany);
    for (const [speaker] of company) decide(speaker, 'prospect', 'introduction');
    for (let pass = 0; pass < speakers.length; pass += 1) {
      const votes = new Map<string, number>();
      for (const m of mentions) {
        const a = decided.get(m.from);
        const b = decided.get(m.to);
        // Either end may be the known one: "Bonjour Camille" places Camille by its speaker, or its speaker by Camille.
        if (a && !b) {
          const sign = a.role === 'rep' ? 1 : -1;
          votes.set(m.to, (votes.get(m.to) ?? 0) + sign * m.relation * m.weight);
        } else if (b && !a) {
          const sign = b.role === 'rep' ? 1 : -1;
          votes.set(m.from, (votes.get(m.from) ?? 0) + sign * m.relation * m.weight * 0.5);
        }
      }
      const strongest = [...votes].filter(([, v]) => v !== 0).sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]))[0];
      if (!strongest) break;
      decide(strongest[0], strongest[1] > 0 ? 'rep' : 'prospect', 'introduction');
    }
  }

  const open = speakers.filter((s) => !decided.has(s));
  if (open.length) {
    const scores = new Map(open.map((s) => [s, wordingScore(lines.filter((l) => l.speaker === s))]));
    const repKnown = [...decided.values()].some((d) => d.role === 'rep');
    const prospectKnown = [...decided.values()].some((d) => d.role === 'prospect');
    // One seller on a call is the common case: when none is known yet, the most seller-like speaker is.
    const named = open.filter((s) => !namesNobody(s));
    const best = [...(named.length ? named : open)].sort((a, b) => scores.get(b)! - scores.get(a)!)[0]!;
    for (const speaker of open) {
      const score = scores.get(speaker)!;
      let role: SpeakerRole;
      if (!repKnown && speaker === best && (score > 0 || prospectKnown || open.length > 1)) role = 'rep';
      // A colleague of the rep (a sales engineer) talks like the seller, clearly; a dial-in is the prospect's unless so.
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
  const nextStart = nextTurnStarts(lines);
  lines.forEach((line, i) => {
    const role = roleOf(line);
    if (!role) return;
    const count = wordCount(line.text);
    allWords += count;
    if (role === 'rep') repWords += count;
    // A turn lasts until its cue ends, or until the next turn starts.
    const next = nextStart[i];
    const end = line.end ?? next;
    if (line.start == null || end == null) {
      // The last turn has no end: estimate from its words (about 2.5 words a second).
      if (line.start != null && next == null) {
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
