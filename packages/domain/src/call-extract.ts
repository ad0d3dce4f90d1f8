import type { SpeakerRole } from './call-roles.ts';
import { datesIn } from './call-dates.ts';
import type { QualificationBox, TranscriptLanguage } from './schemas/call-insights.ts';
import type { TranscriptLine } from './transcript.ts';
import { words } from './unicode-words.ts';

/**
 * What the offline analyzer extracts from a call whose speakers' roles are known (call-roles.ts):
 * technical requirements, the prospect's questions with the answer given, next steps with their
 * dates, and the qualification boxes — each citing its lines and quoting the words it stands on.
 * English and French are read alike. Keyword rules, measured on bench/calls (docs/call-analysis.md).
 */

/** A pattern written with ' that also accepts the typographic apostrophe transcripts use (’). */
const w = (pattern: RegExp) => {
  const compiled = words(pattern);
  return new RegExp(compiled.source.replace(/'/g, "['’]"), compiled.flags);
};

export type RoleOf = (line: TranscriptLine) => SpeakerRole | null;

export interface Cited {
  text: string;
  lines: number[];
  quote: string;
}

export const TECHNICAL_TOPICS = {
  integrations: w(
    /\b(?:integrat\w*|intégr\w*|api|apis|rest|graphql|connecteurs?|connectors?|webhooks?|salesforce|hubspot|crm|erp|sap|oracle|netsuite|dynamics|zapier|sync\w*|synchronis\w*|import\w*|export\w*|sftp|csv|slack|teams|zendesk|jira|servicenow|workday|odoo|sage|bigquery|snowflake|kafka)\b/i,
  ),
  security: w(
    /\b(?:security|secure|sécurité|encrypt\w*|chiffr\w*|soc ?2|iso ?27001|hds|gdpr|rgpd|pen(?:etration)?[- ]?tests?|audit logs?|audit trail|journaux d'audit|logs? d'audit|traçabilité|data residency|résidence des données|dpa|mfa|2fa|retention|rétention|conserv\w*|backups?|sauvegardes?|chiffrement|rbac|permissions?|delet\w*|deletion|suppression|supprim\w*|purg\w*|droits d'accès|roles? and permissions)\b/i,
  ),
  sso: w(
    /\b(?:sso|single sign[- ]on|saml|okta|azure ad|entra(?: id)?|oidc|openid|authentification unique|scim|ldap|active directory|google workspace login)\b/i,
  ),
  deployment: w(
    /\b(?:deploy\w*|déploi\w*|on[- ]prem\w*|sur site|self[- ]hosted|hosting|hosted|hébergé\w*|hébergement|héberg\w*|cloud|saas|kubernetes|docker|aws|azure|gcp|ovh|scaleway|vpc|private cloud|cloud privé|region|région|frankfurt|francfort|eu|europe|france|data centers?|datacenters?|uptime|disponibilité|sla|99[.,]\d+ ?%|latency|latence|offline|hors ligne|mobile|ios|android|tablet\w*|tablettes?|browser|navigateur)\b/i,
  ),
  volumes: w(
    /(?:\b\d[\d,. ]*\s*(?:(?:k|m|million|millions|thousand|mille)\s+)?(?:users?|utilisateurs?|seats?|licences?|licenses?|records?|enregistrements|calls?|appels|documents?|requests?|requêtes|agents?|commerciaux|reps?|devices?|appareils|capteurs|sensors|events?|événements|messages|transactions|orders|commandes|sites?|stores?|magasins|camions|trucks|vehicles|véhicules|tickets|factures|invoices|go|gb|tb|to)\b|\b(?:volumes?|per (?:second|minute|day|month|year)|par (?:seconde|minute|jour|mois|an)|once a minute|chaque minute|peak|pic de charge|concurrent\w*|simultan\w*)\b)/i,
  ),
  languages: w(
    /\b(?:multilingu\w*|multilingue|langues?|languages?|translation|traduction|accessib\w*|rgaa|wcag|(?:in|en) (?:english|french|german|spanish|italian|anglais|français|allemand|espagnol|italien))\b/i,
  ),
};

const COMMERCIAL_ONLY = w(
  /\b(?:security review|revue (?:de )?sécurité|revue de la sécurité|procurement|achats|price|pricing|prix|tarif\w*|cost\w*|coût\w*|budget\w*|discount|remise|contract|contrat|sign\w*|décid\w*|decid\w*|decision\w*|décision\w*|procurement|achats|invoice|factur\w*|payment|paiement|quote|devis|licen[cs]e fees?)\b/i,
);

/** Small talk and line checks that are not questions about the deal. */
const SMALL_TALK = w(
  /\b(?:hear me|see my screen|see the screen|on mute|you there|how are you|how's it going|how was your|good weekend|weather|vous m'entendez|tu m'entends|vous voyez mon écran|ça va|comment allez-vous|bon week-end|vous êtes là|coffee|café|can everyone see|sorry[,]? go ahead|pardon[,]? allez-y|is that my|c'est mon|is it raining|il pleut|did you see the match|vous avez vu le match|vacances|holiday|kids?|enfants)\b/i,
);
const FILLER =
  /^(?:(?:um+|uh+|hmm+|mm-?hmm|mhm|euh+|ben|bah|ok(?:ay)?|yeah|yes|yep|right|sure|d'accord|oui|ouais|voilà|exactly|exactement|got it|je vois|i see|ah|oh|so|alors|bon|well|sorry|pardon|go ahead|allez-y|no|non|merci|thanks|thank you)[\s,.!?…-]*)+$/i;

const DEFERRAL = w(
  /\b(?:i'll (?:check|find out|get back|confirm|ask)|i will (?:check|find out|get back|confirm|ask)|let me (?:check|find out|confirm|ask)|get back to you|i don't know|i'm not sure|not sure off the top|need to check|je (?:vérifie|vais vérifier|reviens vers vous|vous redis|ne sais pas|me renseigne|vais me renseigner|vais demander|demande)|je dois vérifier|pas sûr|bonne question, je)\b/i,
);

const NEED = w(
  /\b(?:we need|we'd need|we would need|need (?:a|an|to|better)|looking for|problem|pain|struggl\w*|hurt\w*|nobody trusts|visibility|out of date|lose track|losing|waste|spend hours|slip|manual\w*|spreadsheets?|il (?:nous )?faut|nous avons besoin|on a besoin|besoin|problème|on perd|nous perdons|perd la trace|manque|difficile|galère|à la main|passent des heures|jamais à jour|visibilité|tableurs?)\b/i,
);

const NEXT_ACTION = w(
  /\b(?:i'll send|i will send|we'll send|we will send|send (?:you|over|me|us)|i'll share|we'll share|share (?:the|a) (?:deck|proposal|quote|doc\w*|link|recording)|(?:a|the) follow[- ]up (?:call|meeting)|follow up (?:with|on)|next steps?|schedule|book (?:a|the)|set up (?:a|the)|loop in|bring in|i'll (?:prepare|draft|introduce|invite|set up|book|loop|talk to|check with|run it by)|we'll (?:prepare|draft|set up|book|run)|let's (?:meet|schedule|book|do|plan|set)|shall we (?:meet|schedule|book)|je vous (?:envoie|enverrai|transmets|transmettrai|propose|prépare|présente)|j'envoie|nous vous enverrons|on (?:planifie|organise|cale|fixe|se revoit|se rappelle|se voit|fait un point)|prochaines? étapes?|je reviens vers vous|je prépare|nous préparons|je vais (?:préparer|organiser|inviter|envoyer|présenter|voir avec|en parler)|envoyez-moi|pouvez-vous m'envoyer|un pilote|a pilot|pilot (?:starts|on|in)|calons|organisons)\b/i,
);
const MILESTONE = w(
  /\b(?:go[- ]live|go live|live (?:by|before|in)|launch\w*|roll ?out|sign (?:by|before|in|this|the)|we sign|signature|decision (?:by|in|before)|decide (?:by|in|before)|kick[- ]?off|start (?:by|in|on)|mise en (?:production|service|ligne)|démarr\w*|lancement|lancer|signer|signons|signature|décision|décider|déploiement|démarrage)\b/i,
);
const MEETING = w(
  /\b(?:meeting|meet|call|demo|follow[- ]up|catch up|session|workshop|review|rendez-vous|rdv|réunion|point|démo|démonstration|appel|atelier|visio|workshop)\b/i,
);

const QUALIFICATION_PATTERNS: Record<QualificationBox, RegExp> = {
  budget: w(
    /(?:\b(?:budget\w*|budgété|enveloppe|funding|funded|financement|ca(?:pex|pex)|opex)\b|[$€£]\s?\d|\d\s?(?:k?€|k\$|euros?|dollars?|k)\b)/i,
  ),
  authority: w(
    /\b(?:sign(?:s)? off|signs? the|final (?:say|call|word)|decision[- ]?maker\w*|makes? the (?:call|decision)|decides|who decides|approv\w+ (?:it|the|this|budget)|i (?:approve|decide|sign)|c'est (?:moi|lui|elle|le \w+|la \w+) qui (?:décide|signe|valide|tranche)|le dernier mot|décideur\w*|qui (?:décide|signe|valide)|valide (?:le|la|les) (?:budget|achat|contrat)|signataire)\b/i,
  ),
  need: NEED,
  timeline: w(
    /\b(?:go[- ]live|deadline|by (?:the )?(?:end of|q[1-4]|january|february|march|april|may|june|july|august|september|october|november|december)|before (?:the )?(?:end|\d)|q[1-4]|this quarter|next quarter|quarter|mise en (?:production|service)|échéance|d'ici (?:la )?(?:fin|début|mi|le|à)|avant (?:le|la|fin)|trimestre|t[1-4]|calendrier|date butoir|délai\w*|timeline|launch by|live by)\b/i,
  ),
  decisionProcess: w(
    /\b(?:security review|procurement|purchasing|legal review|legal|rfp|rfi|tender|committee|comité|board|appel d'offres|process(?:us)?|validation (?:par|du|de la)|steering|copil|business case|poc|proof of concept|then (?:it goes|we go|legal|procurement|the board)|puis (?:le|la|les|passe)|étapes? de (?:validation|décision)|circuit de validation|revue (?:juridique|sécurité|de sécurité)|achats)\b/i,
  ),
  champion: w(
    /\b(?:i'll (?:push|champion|sell it|present it|pitch|make the case|advocate|bring it to|take it to)|i will (?:push|champion|present|make the case|advocate)|i'm (?:convinced|sold|your (?:sponsor|champion))|internal (?:sponsor|champion)|sponsor|i'll back|je (?:vais|vais le|vais la) (?:porter|défendre|pousser|présenter|convaincre|vendre)|je porte|je (?:suis|serai) (?:convaincu\w*|votre sponsor|le sponsor)|je m'en charge en interne|je défends|je pousse)\b/i,
  ),
};

/** Sentences end at . ! ? … followed by a space: "99.9%" and "v2.1" stay whole. */
export const sentences = (text: string) =>
  text
    .split(/(?<=[.!?…])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The first sentence of a line matching a pattern, as the quote. */
function sentenceMatching(text: string, pattern: RegExp): string {
  return sentences(text).find((s) => pattern.test(s)) ?? text;
}

const isFiller = (text: string) => FILLER.test(text.trim()) || text.split(/\s+/).length <= 2;

const QUESTION_START = w(
  /^(?:est-ce|pouvez-vous|peut-on|pourriez-vous|comment|quel|quelle|quels|quelles|combien|où|quand|vous (?:supportez|gérez|proposez|avez)|and (?:do|can|is|what|how)|et (?:est-ce|vous|comment|quel))\b/i,
);

/** "Yours?", "Et vous ?": the question handed back in small talk. */
const RETURNED = /^(?:and )?(?:yours|you|et vous|et toi|vous)\s*\?$/i;

function questionSentences(text: string): string[] {
  return sentences(text).filter(
    (s) => (s.endsWith('?') || (QUESTION_START.test(s) && s.length < 200)) && !SMALL_TALK.test(s) && !RETURNED.test(s),
  );
}

const ANSWER_START = w(
  /^(?:yes|yeah|yep|no|nope|absolutely|of course|sure|correct|exactly|oui|non|absolument|bien sûr|tout à fait|exactement|effectivement)\b/i,
);

const STOP = new Set(
  'that this with have your what does from there they will would could about which when where their them then than also just really vous votre nous notre avec pour dans mais est-ce cette sont comment quel quelle quels quelles plus tout tous'.split(
    ' ',
  ),
);
const contentWords = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 4 && !STOP.has(w)),
  );

/** Whether a reply is about the question: a content word in common, or a technical topic in common. */
function sharesSubject(question: string, reply: string): boolean {
  const asked = contentWords(question);
  if ([...contentWords(reply)].some((w) => asked.has(w))) return true;
  const topics = technicalTopicsOf(question);
  return technicalTopicsOf(reply).some((t) => topics.includes(t));
}

export interface ProspectQuestion {
  line: TranscriptLine;
  text: string;
  answer: TranscriptLine | null;
}

/**
 * The prospect's questions and the representative's answer to each: the rep's next substantial
 * turn before the prospect moves on. "I'll check and get back to you" is no answer; a clarifying
 * question from the rep is skipped over.
 */
export function prospectQuestions(lines: readonly TranscriptLine[], roleOf: RoleOf, limit = 100): ProspectQuestion[] {
  const out: ProspectQuestion[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (roleOf(line) !== 'prospect') continue;
    const asked = questionSentences(line.text);
    if (!asked.length) continue;
    let answer: TranscriptLine | null = null;
    let interrupted = false;
    for (let j = i + 1, turns = 0; j < lines.length && turns < 4; j += 1) {
      const next = lines[j]!;
      if (isFiller(next.text)) continue;
      turns += 1;
      const role = roleOf(next);
      if (role === 'prospect') {
        // The prospect goes on: a new question ends the wait; anything else makes the rep's next turn a reply to that instead, unless it is on the question's subject.
        if (questionSentences(next.text).length) break;
        interrupted = true;
        continue;
      }
      if (role !== 'rep') continue;
      if (DEFERRAL.test(next.text)) break;
      const rest = next.text.replace(/[^.!?]*\?/g, '').trim();
      if (rest.split(/\s+/).length < 3 && next.text.includes('?')) continue;
      if (interrupted && !ANSWER_START.test(next.text) && !sharesSubject(asked.join(' '), next.text)) break;
      answer = next;
      break;
    }
    out.push({ line, text: asked.join(' '), answer });
    if (out.length >= limit) break;
  }
  return out;
}

export function technicalTopicsOf(text: string): string[] {
  return Object.entries(TECHNICAL_TOPICS)
    .filter(([, pattern]) => pattern.test(text))
    .map(([topic]) => topic);
}

/**
 * Technical requirements: what the prospect says or asks about how the product must work
 * (integrations, security, SSO, hosting, availability, volumes), never a commercial question.
 */
export function technicalRequirements(lines: readonly TranscriptLine[], roleOf: RoleOf, limit = 100): Cited[] {
  const out: Cited[] = [];
  for (const line of lines) {
    if (roleOf(line) !== 'prospect' || isFiller(line.text)) continue;
    const technical = sentences(line.text).filter((s) => technicalTopicsOf(s).length > 0 && !SMALL_TALK.test(s));
    if (!technical.length) continue;
    // "What does the integration cost?" is a pricing question.
    const kept = technical.filter(
      (s) => !(COMMERCIAL_ONLY.test(s) && technicalTopicsOf(s.replace(COMMERCIAL_ONLY, '')).length === 0),
    );
    const meaningful = kept.filter((s) => s.split(/\s+/).length >= 3 || /\?$/.test(s) || technicalTopicsOf(s).length);
    if (!meaningful.length) continue;
    const text = meaningful.join(' ');
    out.push({ text, lines: [line.number], quote: meaningful[0]! });
    if (out.length >= limit) break;
  }
  return out;
}

/** The same day, or the same weekday within a week ("mardi à 15h" read as today when the step said next Tuesday). */
const sameDay = (a: string, b: string) =>
  a.slice(0, 10) === b.slice(0, 10) ||
  (new Date(a).getUTCDay() === new Date(b).getUTCDay() && Math.abs(Date.parse(a) - Date.parse(b)) <= 7 * 86_400_000);

export interface NextStep extends Cited {
  due: string | null;
}

/** Actions agreed and dated milestones (a go-live, a signature, a meeting), each with its date when said. */
export function nextSteps(lines: readonly TranscriptLine[], roleOf: RoleOf, reference: Date, limit = 50): NextStep[] {
  const out: NextStep[] = [];
  for (const line of lines) {
    if (!roleOf(line) && line.speaker) continue;
    for (const sentence of sentences(line.text)) {
      const action = NEXT_ACTION.test(sentence);
      if (SMALL_TALK.test(sentence) && !action) continue;
      const milestoneWords = MILESTONE.test(sentence);
      const meetingWords = MEETING.test(sentence);
      if (!action && !milestoneWords && !meetingWords) continue;
      const dates = datesIn(sentence, reference);
      const milestone = milestoneWords && dates.length > 0;
      const meeting = meetingWords && dates.length > 0;
      if (!action && !milestone && !meeting) continue;
      const due = dates[0]?.date ?? null;
      const last = out.at(-1);
      // "Thursday works, I'll send the invite" right after "shall we meet Thursday at 3?" is the same step.
      if (last && line.number - (last.lines.at(-1) ?? 0) <= 1 && last.due && due && sameDay(last.due, due)) {
        if (!last.lines.includes(line.number)) last.lines.push(line.number);
        continue;
      }
      out.push({ text: sentence, lines: [line.number], quote: sentence, due });
    }
    if (out.length >= limit) break;
  }
  return out.slice(0, limit);
}

export interface QualificationFinding {
  ticked: boolean;
  text: string | null;
  lines: number[];
  quote?: string;
}

/**
 * The qualification boxes (BANT and MEDDICC's decision process and champion): a box is ticked
 * only when a line says it, preferring the prospect's words (their budget, not our price list).
 */
export function qualification(lines: readonly TranscriptLine[], roleOf: RoleOf): Record<QualificationBox, QualificationFinding> {
  const result = {} as Record<QualificationBox, QualificationFinding>;
  for (const box of Object.keys(QUALIFICATION_PATTERNS) as QualificationBox[]) {
    const pattern = QUALIFICATION_PATTERNS[box];
    // The prospect's own words: our price list is not their budget, our question not their answer.
    const found: TranscriptLine[] = [];
    for (const l of lines) {
      if (
        roleOf(l) === 'prospect' &&
        !isFiller(l.text) &&
        sentences(l.text).some((s) => pattern.test(s) && !s.endsWith('?') && !SMALL_TALK.test(s))
      )
        found.push(l);
      if (found.length >= 3) break;
    }
    const line = found[0];
    result[box] = line
      ? {
          ticked: true,
          text: line.text,
          lines: found
            .slice(0, 3)
            .map((l) => l.number)
            .sort((a, b) => a - b),
          quote: sentenceMatching(line.text, pattern),
        }
      : { ticked: false, text: null, lines: [] };
  }
  return result;
}

export const sayIn = (language: TranscriptLanguage, en: string, fr: string) => (language === 'fr' ? fr : en);
