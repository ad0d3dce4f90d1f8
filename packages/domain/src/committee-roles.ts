import { namesNobody, norm } from './call-roles.ts';

import { type CommitteeRoleSuggestion, type SuggestedRole } from './schemas/call-insights.ts';
import type { TranscriptLine } from './transcript.ts';
import { words } from './unicode-words.ts';

/** namesNobody once per speaker: a long call has thousands of turns and a handful of speakers. */
function generic(): (speaker: string) => boolean {
  const known = new Map<string, boolean>();
  return (speaker) => {
    let answer = known.get(speaker);
    if (answer === undefined) known.set(speaker, (answer = namesNobody(speaker)));
    return answer;
  };
}

/**
 * Buying roles a call suggests (issue 36), each with the line it stands on: "I sign anything above
 * a hundred K" makes its speaker the economic buyer, "Priya signs off on anything over 100k" makes
 * Priya one, "I'm the one pushing this internally" a champion. A suggestion is only offered: a
 * person accepts it (it then becomes the contact's role on the deal) or dismisses it. A speaker the
 * transcript does not name ("Speaker 2", a dial-in, an unlabelled line) is known by the name it
 * gives itself ("this is Priya, the CFO").
 */

/** What each role means, for a model's instructions. */
export const ROLE_MEANINGS: Record<SuggestedRole, string> = {
  economic_buyer: 'holds the budget or signs the purchase ("I sign anything above 100k")',
  champion: 'pushes for the purchase inside the buyer\'s company ("I\'m the one pushing this internally")',
  decision_maker: 'makes the final decision ("the final call is mine")',
  technical_evaluator: 'evaluates the product technically (runs the trial, the security review, the architecture review)',
  legal_procurement: 'handles procurement, purchasing, the contract or legal review',
  blocker: 'opposes or doubts the purchase ("I\'m not convinced we need this")',
  user: 'will use the product day to day',
};

/*
 * The phrases. First person ("I sign…"): the speaker. Third person ("Priya signs…", "Priya is our
 * champion"): the named person. Each pattern is linear (no two neighbouring quantifiers over the
 * same characters) and runs on one line at a time.
 */
const FIRST_PERSON: Array<[SuggestedRole, RegExp]> = [
  [
    'economic_buyer',
    words(
      /\b(?:i (?:sign|approve|sign off on|sign off) (?:anything|everything|all|any|the (?:budget|contract|purchase|po|cheque|check)|off|contracts|purchases|it)|i(?:'m| am) the one who (?:signs|approves the budget|holds the budget)|i (?:hold|own|control) the budget|(?:it(?:'s| is)|the budget is) (?:my budget|mine to (?:sign|approve))|my signature|the budget (?:is|comes from) (?:mine|my (?:budget|team's budget))|(?:needs?|requires?) my (?:sign-off|sign off|signature|approval)|(?:above|over|beyond) [^.;!?]{1,40}? (?:goes|go|has to go) through me|c'est moi qui (?:signe|valide le budget|tiens le budget)|je (?:signe|valide) (?:tout|les contrats|le budget|les achats|au-dessus|au-delà)|je tiens le budget|le budget est (?:le mien|à moi)|c'est (?:mon budget|ma signature))\b/,
    ),
  ],
  [
    'decision_maker',
    words(
      /\b(?:i(?:'ll| will) make the (?:final )?(?:call|decision)|(?:technically |ultimately |in the end )?it(?:'s| is) my (?:call|decision)|the (?:final )?(?:decision|call) is mine|i (?:make|take) the (?:final )?decision|i have the final say|i decide|c'est moi qui (?:décide|tranche)|je prendrai la décision|la décision (?:finale )?me revient|j'ai le dernier mot)\b/,
    ),
  ],
  [
    'champion',
    words(
      /\b(?:i(?:'m| am|'ve been| have been) the one (?:pushing|driving|championing|who pushed|who's pushing|who is pushing)|i(?:'m| am|'ve been| have been) (?:pushing|championing|driving) (?:this|it|for this|for it|for you|for us|for your)|i(?:'ve| have) been (?:making the case|pushing for (?:this|it|you))|i(?:'ll| will) (?:push|champion|sell) (?:this|it|for this|for it)(?: internally| inside)?|i(?:'ll| will) make the case (?:internally|to (?:our|my|the) (?:cfo|board|boss|leadership|management))|i brought you in|i(?:'m| am) your (?:champion|sponsor|internal sponsor)|c'est moi qui (?:porte|pousse) (?:le projet|ce projet|le dossier|ce dossier|ça|cela)|je (?:porte|pousse) (?:le|ce) (?:projet|dossier)|je (?:vais )?(?:défendre|pousser) (?:le|ce) projet|je vais (?:le )?défendre en interne)\b/,
    ),
  ],
  [
    'technical_evaluator',
    words(
      /\b(?:i(?:'ll| will| am going to|'m going to) (?:run|lead|do|own|handle) the (?:technical (?:evaluation|review|assessment|validation)|evaluation|poc|proof of concept|pilot|trial|security review|architecture review|tests?)|i(?:'m| am) (?:running|leading|doing|handling|in charge of) the (?:technical (?:evaluation|review|assessment)|evaluation|poc|proof of concept|pilot|trial|security review|architecture review)|i(?:'m| am) (?:the one )?evaluating|i(?:'m| am) the one who (?:runs|leads|does|owns) the (?:technical )?(?:evaluation|poc|proof of concept|pilot|trial|security review|architecture review)|je (?:ne )?(?:rédige|signe|signerai|dois signer|donne|valide|rédigerai) l'avis (?:de )?(?:sécurité|technique|qualité|d'architecture)|je (?:fais|mène|conduis|ferai|mènerai) (?:l'évaluation|le poc|le pilote|la revue (?:de sécurité|technique|d'architecture))|i own the (?:architecture|technical evaluation|security review)|je (?:m'occupe|me charge|vais m'occuper|suis en charge) (?:de l'évaluation|du poc|du pilote|de la revue (?:de sécurité|technique|d'architecture)|des tests)|c'est moi qui (?:fais|mène|conduis) (?:l'évaluation|le poc|le pilote|la revue))\b/,
    ),
  ],
  [
    'legal_procurement',
    words(
      /\b(?:i(?:'m| am) (?:in|from|with|on the|head of|the head of) (?:procurement|purchasing|legal|the legal team|the procurement team|contracts)|i (?:handle|run|manage|own) (?:procurement|purchasing|the contracts?|contracts|the (?:paperwork|msa|dpa|legal review|redlines))|i(?:'ll| will) (?:review|redline|handle|go through) the (?:contract|msa|dpa|terms|paperwork|order form)|je (?:suis|travaille) (?:aux|au service des|à la direction des) achats|je (?:m'occupe|me charge) (?:des achats|du juridique|du contrat|des contrats)|je (?:vais )?relire le contrat|je (?:dois )?(?:signer|signe|rédige|donne) l'avis de conformité)\b/,
    ),
  ],
  [
    'blocker',
    words(
      /\b(?:i(?:'m| am) (?:not (?:convinced|sold|sure we need)|against (?:this|it)|skeptical|sceptical)|i don't (?:see (?:why|the need|the point)|think we need (?:this|it|another))|i(?:'ll| will) (?:block|oppose|veto) (?:this|it)|je ne suis pas convaincue?|je suis (?:contre|sceptique)|je ne vois pas (?:l'intérêt|pourquoi))\b/,
    ),
  ],
  [
    'user',
    words(
      /\b(?:i(?:'ll| will| would) (?:be )?us(?:e|ing) (?:it|this|the (?:tool|product|platform)) (?:every day|daily|day to day|all day)|my team and i (?:will )?use|c'est moi qui (?:vais )?l'utiliser|je l'utiliserai (?:tous les jours|au quotidien))\b/,
    ),
  ],
];

/** A name: one or two capitalised words ("Priya", "Priya Sharma", "Jean-Marc"). */
const NAME = String.raw`(\p{Lu}[\p{L}'’-]{1,30}(?: \p{Lu}[\p{L}'’-]{0,30}\.?)?)`;
/**
 * What may stand between a name and what is said of it: an apposition ("Raymond Ortiz, our CFO,
 * approves…", "Frank Bellamy, our owner. He signs…"), a comma ("Siobhán Kelly, signs…"), a French
 * relative ("Jacques Morin, qui tient le budget").
 */
const BETWEEN = String.raw`(?:,? (?:our|the|their|my|notre|nos|mon|ma|la|le|leur) [\p{L}' -]{2,30}?(?:,|\. (?:He|She|Il|Elle)(?:'s| is| est)?)|\. (?:He|She|Il|Elle)(?:'s| is| est)?|,(?: qui)?)? `;
const third = (verbs: string) => new RegExp(String.raw`${NAME}${BETWEEN}(?:${verbs})(?![\p{L}])`, 'u');
const THIRD_PERSON: Array<[SuggestedRole, RegExp]> = [
  [
    'economic_buyer',
    third(
      String.raw`signs|approves|signs off on|holds the budget|owns the budget|controls the budget|has the budget|(?:is |'s )?the one who (?:signs|approves|holds the budget|owns the budget)|is the (?:economic buyer|budget holder)|is our economic buyer|signe|valide le budget|tient le budget|a le budget`,
    ),
  ],
  [
    'economic_buyer',
    new RegExp(
      String.raw`(?:signed|approved|signed off) by (?:our |the |my |their )?(?:[\p{Ll} ]{0,30}, )?(?:Dr\.? |Mr\.? |Ms\.? |Mrs\.? )?${NAME}`,
      'u',
    ),
  ],
  [
    'technical_evaluator',
    new RegExp(
      String.raw`${NAME} for (?:security|the security review|the technical (?:review|evaluation)|the architecture)(?![\p{L}])`,
      'u',
    ),
  ],
  [
    'legal_procurement',
    new RegExp(
      String.raw`${NAME} for (?:the paper(?:work)?|the contract|legal|procurement|the legal (?:side|review))(?![\p{L}])`,
      'u',
    ),
  ],
  [
    'decision_maker',
    third(
      String.raw`makes the (?:final )?(?:call|decision)|has the final say|will make the (?:final )?(?:call|decision)|decides|décide|tranche|a le dernier mot`,
    ),
  ],
  [
    'champion',
    third(
      String.raw`is (?:our|your|the) (?:champion|internal sponsor|sponsor)|is (?:the one )?(?:pushing|driving|championing) (?:this|it)|porte le projet|pousse le (?:projet|dossier)`,
    ),
  ],
  [
    'technical_evaluator',
    new RegExp(
      String.raw`${NAME}(?:'s team| and (?:his|her) team)?(?: is|'s| will| are)? (?:run|lead|do|handle|running|leading|doing|handling) the (?:technical evaluation|evaluation|POC|PoC|poc|proof of concept|pilot|trial|security review)(?![\p{L}])|${NAME} (?:mène|fera|fait) (?:le (?:POC|poc)|l'évaluation)|${NAME} s'occupe de l'évaluation`,
      'u',
    ),
  ],
  [
    'legal_procurement',
    new RegExp(
      String.raw`${NAME} (?:from|in|of) (?:procurement|purchasing|legal)(?![\p{L}])|${NAME} (?:handles|runs|will handle|will review) (?:procurement|purchasing|the contract|the msa|the paperwork|the legal review)|${NAME} (?:des achats|du juridique|s'occupe des achats|s'occupe du contrat)`,
      'u',
    ),
  ],
];
/** Words that look like a name at a sentence's start but name nobody. */
const NOT_A_NAME = new Set(
  'I We You He She They It This That Who Our Your Their My Nobody Everyone Someone Finance Procurement Legal Purchasing The Le La Les Il Elle On Nous Vous Qui Ça Cela Ce Tout Personne Mais And But So Yes No Oui Non Okay Ok Well Then Also Just Je Tu Moi Toi Lui Eux Et Donc Alors Puis Then Now Here There Because Parce Board County Executive Director President Committee Council Management Team Leadership Head Chief Operations Sales Marketing Engineering Security Quality Trading IT HR Finances Achats Direction'.split(
    ' ',
  ),
);

/**
 * "this is Priya", "Priya here", "it's Priya from finance", "my name is Priya Sharma", "c'est
 * Priya", "Priya à l'appareil", "I'm Priya, the CFO": the name a line's speaker gives themself.
 */
/** A phrase whose first letter may be a capital ("This is", "this is"), the rest as written. */
const capitalisable = (phrases: readonly string[]) =>
  phrases.map((p) => `[${p[0]!.toUpperCase()}${p[0]!.toLowerCase()}]${p.slice(1)}`).join('|');
const SELF_NAME = new RegExp(
  String.raw`(?:^|[.,!?;]\s*|\b(?:${capitalisable(['hi', 'hello', 'hey', 'bonjour', 'allô', 'oui', 'yes'])})[,!]?\s+)(?:(?:${capitalisable(["it's", 'it is', 'this is', "c'est", 'ici', 'my name is', "je m'appelle", "i'm", 'i am', 'je suis'])})\s+${NAME}|${NAME}\s+(?:here|speaking|à l'appareil)(?![\p{L}]))`,
  'u',
);

/** A matched name without the capitalised words before it that name nobody ("Then Priya" is Priya). */
function personName(matched: string): string | null {
  // "Aisha's team": the name without its possessive.
  const parts = matched
    .trim()
    .replace(/['’]s$/, '')
    .split(' ')
    .filter(Boolean);
  // A title is no name: "CIO", "VP", "CFO".
  if (parts.some((p) => /^\p{Lu}{2,}$/u.test(p))) return null;
  while (
    parts.length &&
    (NOT_A_NAME.has(parts[0]!) ||
      (/['’]/.test(parts[0]!) && /^(?:I|We|You|It|That|There|He|She|They|What|Who|Let|Don|Can|J|L|C|Qu)['’]/i.test(parts[0]!)))
  )
    parts.shift();
  return parts.length ? parts.join(' ') : null;
}

/** The name a line's speaker gives themself, or null. */
export function selfNameOf(text: string): string | null {
  const m = SELF_NAME.exec(text.replace(/’/g, "'"));
  return m ? personName((m[1] ?? m[2])!) : null;
}

/**
 * The names the call gives speakers the transcript does not name ("Speaker 2", a dial-in): the
 * first name each gives itself in its first turns. Speaker → name.
 */
export function namesGivenInCall(lines: readonly TranscriptLine[]): Map<string, string> {
  const given = new Map<string, string>();
  const seen = new Map<string, number>();
  const nobody = generic();
  for (const line of lines) {
    if (!line.speaker || given.has(line.speaker) || !nobody(line.speaker)) continue;
    const turns = (seen.get(line.speaker) ?? 0) + 1;
    seen.set(line.speaker, turns);
    if (turns > 3) continue;
    const name = selfNameOf(line.text);
    if (name) given.set(line.speaker, name);
  }
  return given;
}

/** The clause of a line around a match: the sentence it is in, at most 300 characters. */
function clauseAt(text: string, index: number, length: number): string {
  let start = index;
  while (start > 0 && start > index - 200 && !'.!?;'.includes(text[start - 1]!)) start -= 1;
  const afterEnd = text.slice(index + length).search(/[.!?;]/);
  const end =
    afterEnd < 0 ? Math.min(text.length, index + length + 200) : Math.min(index + length + afterEnd + 1, index + length + 200);
  return text.slice(start, end).trim();
}

/**
 * Words each role's patterns need (a prefix of one of them): a line without any cannot say that role,
 * and most lines of a call say none. One cheap test per role spares the patterns on a long call
 * (a 2 MB transcript). committee-roles.test.ts runs every example through both.
 */
const ROLE_WORDS: Record<SuggestedRole, RegExp> = {
  economic_buyer: /sign|approv|budget|through me|valide|tien/i,
  decision_maker: /call|decision|decid|say|décide|tranche|dernier mot/i,
  champion: /push|driv|champion|sponsor|case|porte|pousse|défendre/i,
  technical_evaluator:
    /evaluat|évaluation|poc|proof of|pilot|trial|review|revue|test|security|architecture|avis|occupe|charge|fais|mène|conduis|ferai/i,
  legal_procurement: /procurement|purchas|legal|contract|msa|dpa|terms|paper|order form|achats|juridique|contrat|avis|relire/i,
  blocker: /convinc|sold|against|skeptic|sceptic|need|veto|block|oppose|point|contre|intérêt|pourquoi/i,
  user: /use|utilis/i,
};
const ANY_ROLE_WORD = new RegExp(
  Object.values(ROLE_WORDS)
    .map((r) => r.source)
    .join('|'),
  'i',
);

export interface CommitteeOptions {
  /** Each speaker's side as the role rules decided it; a seller's words never make them a buyer's role. */
  sideOf: (speaker: string) => 'rep' | 'prospect' | null;
  /** Names of the seller's side (the workspace): a role said of them is not suggested. */
  sellerNames?: readonly string[];
}

/**
 * Role suggestions read from the call by rule (the offline analyzer; a model returns its own with
 * the same shape). One per person and role, citing the first line that says it.
 */
export function suggestCommitteeRoles(lines: readonly TranscriptLine[], options: CommitteeOptions): CommitteeRoleSuggestion[] {
  const given = namesGivenInCall(lines);
  const nobody = generic();
  const sellers = (options.sellerNames ?? []).map((n) => norm(n)).filter(Boolean);
  const isSellerName = (name: string) => {
    const first = norm(name).split(' ')[0]!;
    return sellers.some((s) => s === norm(name) || s.split(' ')[0] === first);
  };
  const out: CommitteeRoleSuggestion[] = [];
  const seen = new Set<string>();
  const add = (s: CommitteeRoleSuggestion) => {
    const key = `${s.role}:${s.speaker ? `s:${s.speaker}` : `n:${norm(s.name ?? '')}`}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(s);
  };
  for (const line of lines) {
    // Most lines say nothing of a role: one cheap test of the words every pattern needs skips them.
    if (line.text.length > 3000 || !ANY_ROLE_WORD.test(line.text)) continue;
    const text = line.text.replace(/’/g, "'");
    const side = line.speaker ? options.sideOf(line.speaker) : null;
    // An unlabelled line or a speaker the transcript names nobody: known by the name it gives here, or earlier.
    const selfNamed = !line.speaker || nobody(line.speaker) ? selfNameOf(text) : null;
    const calledName = selfNamed ?? (line.speaker ? (given.get(line.speaker) ?? null) : null);
    if (side !== 'rep') {
      for (const [role, pattern] of FIRST_PERSON) {
        if (!ROLE_WORDS[role].test(text)) continue;
        const m = pattern.exec(text);
        if (!m) continue;
        if (!line.speaker && !calledName) continue;
        const name = line.speaker && !nobody(line.speaker) ? line.speaker : calledName;
        if (name && isSellerName(name)) continue;
        add({ speaker: line.speaker, name, role, lines: [line.number], quote: clauseAt(line.text, m.index, m[0].length) });
      }
    }
    for (const [role, pattern] of THIRD_PERSON) {
      if (!ROLE_WORDS[role].test(text)) continue;
      const m = pattern.exec(text);
      if (!m) continue;
      const name = personName(m.slice(1).find(Boolean) ?? '');
      if (!name || isSellerName(name)) continue;
      // "Priya signs…" said by Priya herself is first person in effect.
      add({ speaker: null, name, role, lines: [line.number], quote: clauseAt(line.text, m.index, m[0].length) });
    }
  }
  return out.slice(0, 50);
}

/**
 * Keeps the suggestions whose quote is in their cited lines (a model's invention is dropped), and
 * whose speaker, when given, speaks in the call.
 */
export function verifiedCommitteeRoles(
  suggestions: readonly CommitteeRoleSuggestion[],
  lines: readonly TranscriptLine[],
): CommitteeRoleSuggestion[] {
  const byNumber = new Map(lines.map((l) => [l.number, l]));
  const speakers = new Set(lines.map((l) => l.speaker).filter(Boolean));
  const squash = (s: string) => norm(s);
  return suggestions.filter((s) => {
    if (s.speaker && !speakers.has(s.speaker)) return false;
    if (!s.speaker && !s.name) return false;
    const cited = s.lines.map((n) => byNumber.get(n)).filter((l): l is TranscriptLine => Boolean(l));
    if (!cited.length) return false;
    const quote = squash(s.quote);
    return quote.length > 0 && cited.some((l) => squash(l.text).includes(quote));
  });
}
