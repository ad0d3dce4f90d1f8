import type { SpeakerRole } from './call-roles.ts';
import { datesIn } from './call-dates.ts';
import type { TranscriptLine } from './transcript.ts';
import { words } from './unicode-words.ts';
import {
  FILLER,
  answerCandidates,
  bestClause,
  pickAnswer,
  turnScore,
  turnsOf,
  type CallTurnModel,
  type Combination,
  type Turn,
} from './call-model/model.ts';
import { clauses, isQuestionForm, type Side } from './call-model/features.ts';

/**
 * What the offline analyzer extracts from a call whose speakers' roles are known (call-roles.ts):
 * technical requirements, the prospect's questions with the answer given, next steps with their
 * dates — each citing its lines and quoting the words it stands on (the qualification boxes: call-qualification.ts).
 * English and French are read alike. Keyword rules, measured on bench/calls (docs/call-analysis.md).
 */

/** A pattern written with ' that also accepts the typographic apostrophe transcripts use (’), with Unicode word boundaries. */
export const w = (pattern: RegExp) => {
  const compiled = words(pattern);
  // Inside a character class the apostrophe gains its typographic twin; elsewhere it becomes a class of both.
  const source = compiled.source.replace(/\[(?:\\.|[^\]\\])*\]|'/g, (m) => (m === "'" ? "['’]" : m.replace(/'/g, "'’")));
  return new RegExp(source, compiled.flags);
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
  /\b(?:security review|revue (?:de )?sécurité|revue de la sécurité|procurement|achats|price|pricing|prix|tarif\w*|cost\w*|coût\w*|budget\w*|discount|remise|contract|contrat|sign\w*|décid\w*|decid\w*|decision\w*|décision\w*|invoice|factur\w*|payment|paiement|quote|devis|licen[cs]e fees?)\b/i,
);

/** Small talk and line checks that are not questions about the deal. */
const SMALL_TALK = w(
  /\b(?:hear me|see my screen|see the screen|on mute|you there|how are you|how's it going|how was your|good weekend|weather|vous m'entendez|tu m'entends|vous voyez mon écran|ça va|comment allez-vous|bon week-end|vous êtes là|coffee|café|can everyone see|sorry[,]? go ahead|pardon[,]? allez-y|is that my|c'est mon|is it raining|il pleut|did you see the match|vous avez vu le match|vacances|holiday|kids?|enfants)\b/i,
);

const DEFERRAL = w(
  /\b(?:i'll (?:check|find out|get back|confirm|ask)|i will (?:check|find out|get back|confirm|ask)|let me (?:check|find out|confirm|ask)|get back to you|i don't know|i'm not sure|not sure off the top|need to check|je (?:vérifie|vais vérifier|reviens vers vous|vous redis|ne sais pas|me renseigne|vais me renseigner|vais demander|demande)|je dois vérifier|pas sûr|bonne question, je)\b/i,
);

const NEXT_ACTION = w(
  /\b(?:(?:i'll|i will|we'll|we will|i'm going to|we're going to) (?:send|share|get|have|bring|email|include|ask|confirm|approve|come back|write|prepare|draft|set up|book|loop|introduce|invite|talk to|check with|run it by|turn|configure|deliver|provide|follow up|reach out|put together|forward|sign|countersign|present|fly|schedule|organi[sz]e|arrange|run|plan)|send (?:you|over|me|us)|(?:a|the) follow[- ]up (?:call|meeting)|follow up (?:with|on)|next steps?|schedule (?:a|the|an|it|time|something|that|one)|book (?:a|the)|set up (?:a|the)|loop in|bring in|let me (?:come back|get back) to you with|you'll have (?:it|them|both|the|a)|(?:we'll|let's|we) aim|let's (?:meet|schedule|book|do|plan|set|fix|get|agree|say|launch|start|run|kick)|lançons|démarrons|shall we (?:meet|schedule|book)|je (?:vous |t')(?:envoie|enverrai|transmets|transmettrai|propose|prépare|fais parvenir|remets|donne|confirme|rappelle)|je te (?:propose|prépare|donne|confirme)|j'envoie|nous vous enverrons|on (?:planifie|organise|cale|fixe|se revoit|se rappelle|se voit|fait un point|refait un point|se refait|vise|se cale)|prochaines? étapes?|je reviens vers vous|je prépare|nous préparons|je présente le dossier|je lance|je vais (?:préparer|organiser|inviter|envoyer|présenter|voir avec|en parler|lui demander|demander)|envoyez-(?:moi|nous)|pouvez-vous (?:m'|nous )?envoyer|pilot (?:starts|on|in)|calons|organisons|te mando|le mando|les mando|les envío|te envío)\b/i,
);
/** A buyer's "I need your questionnaire by the end of the month": a step when it names its day. */
const DATED_REQUEST = w(
  /\b(?:i need|i'd need|i'd like|we'd like|i want|we want (?:the|your|a)|can you send|could you send|can we (?:get|do|have)|could we (?:do|get|have)|j'ai besoin|nous avons besoin|j'aimerais|je voudrais|il me faut|je veux|on veut (?:le|la|les|votre)|je propose|je vous propose|i propose|i suggest|i'd suggest)\b/i,
);
const MILESTONE = w(
  /\b(?:go[- ]live|live (?:by|before|in)|launch\w*|roll ?out|sign (?:by|before|in|this|the)|we sign|signature|decision (?:by|in|before)|decide (?:by|in|before)|kick[- ]?off|start (?:by|in|on)|mise en (?:production|service|ligne)|démarr\w*|lancement|lancer|signer|signons|décision|décider|déploiement|démarrage)\b/i,
);
const MEETING = w(
  /\b(?:meeting|meet|call|demo|follow[- ]up|catch up|session|workshop|review|rendez-vous|rdv|réunion|point|démo|démonstration|appel|atelier|visio|visit|visite|audit|kickoff|kick-off|on se reparle|se reparler|rencontre|restitution|revoit|reunión)\b/i,
);

/** Sentences end at . ! ? … followed by a space: "99.9%" and "v2.1" stay whole. */
export const sentences = (text: string) =>
  text
    .split(/(?<=[.!?…])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

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

/** Whether a turn is kept, given what the rules and the model say and how they combine. */
function combine(mode: Combination, rule: boolean, byModel: boolean, asked = false): boolean {
  if (mode === 'rules') return rule;
  if (mode === 'model') return byModel;
  if (mode === 'union') return rule || byModel;
  if (mode === 'modelOrAskedByRules') return byModel || (rule && asked);
  return rule && byModel;
}

/**
 * A call's turns with their features, read once for both models: the requirements and the
 * questions of one analysis score the same turns (the same lines, read with the same roles).
 */
const turnsRead = new WeakMap<readonly TranscriptLine[], { roleOf: RoleOf; turns: Turn[] }>();
function turnsOfCall(lines: readonly TranscriptLine[], roleOf: RoleOf): Turn[] {
  const read = turnsRead.get(lines);
  if (read?.roleOf === roleOf) return read.turns;
  const turns = turnsOf(lines, (l) => roleOf(l));
  turnsRead.set(lines, { roleOf, turns });
  return turns;
}

/** The indexes of the turns the model says yes to. */
function modelChosen(lines: readonly TranscriptLine[], roleOf: RoleOf, model: CallTurnModel['requirements']): Set<number> {
  const chosen = new Set<number>();
  for (const turn of turnsOfCall(lines, roleOf)) if (turnScore(model, turn) >= model.threshold) chosen.add(turn.index);
  return chosen;
}

/** The question a turn asks: its question clauses, else the turn. */
function askedIn(text: string): string[] {
  const asked = clauses(text).filter(isQuestionForm);
  return asked.length ? asked : [text.trim()];
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
export function prospectQuestions(
  lines: readonly TranscriptLine[],
  roleOf: RoleOf,
  limit = 100,
  model?: CallTurnModel | null,
): ProspectQuestion[] {
  const out: ProspectQuestion[] = [];
  const byModel = model && model.questions.mode !== 'rules' ? modelChosen(lines, roleOf, model.questions) : null;
  const sideOf = (l: TranscriptLine): Side => roleOf(l);
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const ruled = roleOf(line) === 'prospect' ? questionSentences(line.text) : [];
    if (!combine(model?.questions.mode ?? 'rules', ruled.length > 0, byModel?.has(i) ?? false)) continue;
    const asked = ruled.length ? ruled : askedIn(line.text);
    if (model && model.answers.mode === 'model') {
      const text = asked.join(' ');
      const answer = pickAnswer(model.answers, answerCandidates(lines, i, text, sideOf, model.answers.window));
      out.push({ line, text, answer: answer?.line ?? null });
      if (out.length >= limit) break;
      continue;
    }
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
export function technicalRequirements(
  lines: readonly TranscriptLine[],
  roleOf: RoleOf,
  limit = 100,
  model?: CallTurnModel | null,
): Cited[] {
  if (model && model.requirements.mode !== 'rules') {
    const mode = model.requirements.mode;
    const byModel = modelChosen(lines, roleOf, model.requirements);
    const byRules = new Map(technicalRequirementsByRules(lines, roleOf, limit).map((c) => [c.lines[0]!, c]));
    const out: Cited[] = [];
    for (const [index, line] of lines.entries()) {
      const ruled = byRules.get(line.number);
      if (!combine(mode, !!ruled, byModel.has(index), !!ruled && ruled.text.trim().endsWith('?'))) continue;
      if (ruled && !byModel.has(index)) out.push(ruled);
      else {
        // The clause that states the requirement is the quote; the turn is the citation.
        const quote = bestClause(model.requirements, line.text, roleOf(line));
        out.push({ text: line.text.trim(), lines: [line.number], quote });
      }
      if (out.length >= limit) break;
    }
    return out;
  }
  return technicalRequirementsByRules(lines, roleOf, limit);
}

/** The keyword rules: a prospect's sentence on a technical topic, not a commercial question. */
function technicalRequirementsByRules(lines: readonly TranscriptLine[], roleOf: RoleOf, limit: number): Cited[] {
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

export interface NextStep extends Cited {
  due: string | null;
}

/** "Thursday works", "Le douze, très bien", "You'll have it": a reply that takes up the step just proposed. */
const CONFIRMS = w(
  /(?:^(?:yes|yeah|yep|sure|great|perfect|good|fine|okay|ok|noted|will do|understood|compris|deal|absolutely|of course|oui|parfait|d'accord|très bien|entendu|correct|super|excellent|ça marche|c'est noté|pas de problème)\b|\b(?:works|work for|is fine|is good|suits|sounds good|you'll have (?:it|them|both)|that's the plan|c'est noté|ça marche|ça me va|ça tombe bien|c'est bon|c'est correct|c'est parfait|vous l'aurez|tu vas l'avoir|je serai là|i'll be there|i'll make it work|put it on the calendar|dans mon agenda|allí estaré|está bien|perfecto)\b)/i,
);
/** The call's goodbyes. */
const FAREWELL = w(
  /\b(?:thank you (?:all|both|everyone|so much)|thanks (?:all|both|everyone|a lot)|good session|great session|very productive|have a (?:good|great|nice)|merci à (?:vous|tous|toutes)|merci beaucoup|bonne (?:fin|journée|soirée|semaine|fête)|bon (?:courage|week-end|après-midi)|à bientôt|gracias)\b/i,
);
/** "I'll send the invite", "je vous envoie une invitation": the step's own bookkeeping, never a step of its own. */
const INVITE = w(
  /\b(?:(?:i'll|i will|we'll|let me) (?:send|confirm|book) (?:(?:you |them )?(?:an|the|a|our) )?(?:calendar )?(?:invite|invitation|meeting request)|(?:je vous|je t'|j')envoie (?:une|l'|un) (?:invitation|invit|rendez-vous)|je (?:vous )?(?:envoie|confirme) l'invitation|put it (?:on|in) the calendar)\b/i,
);
/** "You'll have it": a reply taking the step up, not a promise of its own. */
const YOU_WILL_HAVE_IT = w(/\byou'll have (?:it|them|both)\b/gi);
const WEAK_ACTION = w(/\blet's (?:do|say|get)\b/i);
/** "So next steps.", "Shall we agree the next steps?": a heading, not a step. */
const NEXT_STEPS_HEADING = w(/\b(?:next steps?|prochaines? étapes?)\b/i);
/** Introductions and the call's own running order: "je vous présente Sophie", "je vous propose qu'on commence". */
const NOT_A_STEP = w(
  /\b(?:je vous présente (?:\p{Lu}|l'équipe|notre|mon|ma)|let me introduce|let's (?:get into it|dive in|get going|get started)|(?:propose|suggest) (?:de commencer|qu'on commence|qu'on la passe|we start|we begin|that we start)|(?:let's|on) (?:get started|start|begin|commence)|before we (?:start|begin))\b/iu,
);
/** "I'll have to check", "we'll have to notify them": an obligation, not a promise to the other side. */
const OBLIGATION = w(/\b(?:i'll have to|we'll have to|i will have to|we will have to|il (?:nous )?faudra|on devra|je devrai)\b/i);
/** "If the pilot goes well…", "si c'est positif…": a promise that may never be due. */
const CONDITIONAL = w(/^(?:(?:and|then|so|but|et|puis|mais|alors|donc)[, ]+)?(?:if|si|s'il|s'ils|unless|à condition)\b/i);
/** A wish about the prospect's own milestone: "we'd like to sign", "on aimerait démarrer". */
const DESIRE = w(
  /\b(?:want|wants|wanted|'d like|would like|'d want|hope|hoping|expect|aim to be|aimerait|aimerions|voudrait|voudrions|souhait\w*|espér\w*|veut|voulons)\b/i,
);
/** What only says why a later day matters: "so you have time to read it before the fourteenth", "if you want to make the ninth". */
const SUBORDINATE = w(
  /\b(?:if|si|so (?:that|you|we)|pour que|afin|in time|because|parce|since|i have|we have|j'ai|nous avons|on a|which|qui|when|quand|where)\b/i,
);
const TODAY_ONLY = /^(?:today|aujourd['’]hui|this (?:morning|afternoon)|ce matin|cet après-midi)$/i;
/** A far-off milestone ("we want to be live before October") is the deal's timeline, not a next step. */
const NEXT_STEP_HORIZON_DAYS = 45;

/**
 * Actions agreed and dated milestones (a signature, a meeting), each with its own date when said:
 * a sentence naming two days ("the spec by Thursday, and we meet Tuesday the twentieth") gives
 * one step per day. The reply that takes a step up ("Tuesday the seventh is fine") joins it, and
 * its date settles the step's ("by Friday" — "that's today, I'll send it this afternoon"). Dates
 * are read from the call's date in the representative's zone (call-dates.ts); a past event or a
 * duration has no date and a milestone without an action is kept only when it is near.
 */
export function nextSteps(
  lines: readonly TranscriptLine[],
  roleOf: RoleOf,
  reference: Date,
  limit = 50,
  timeZone: string | null = null,
): NextStep[] {
  type Step = NextStep & { line: number; speaker: string | null; question: boolean; joined: boolean };
  const out: Step[] = [];
  const horizon = reference.getTime() + NEXT_STEP_HORIZON_DAYS * 86_400_000;
  const read = new Map<string, ReturnType<typeof datesIn>>();
  const datesOf = (text: string) => {
    let said = read.get(text);
    if (!said) read.set(text, (said = datesIn(text, reference, { timeZone })));
    return said;
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (!roleOf(line) && line.speaker) continue;
    // A reply to the last step: another speaker (or an unnamed one), right after, taking it up.
    const last = out.at(-1);
    const previous = lines[index - 1];
    const afterLast =
      !!last &&
      !!previous &&
      (previous.number === last.line || lines[index - 2]?.number === last.line) &&
      (line.speaker === null || line.speaker !== last.speaker);
    const lineDates = afterLast ? datesOf(line.text).filter((d) => !d.vague) : [];
    // "Perfect, thank you both": the call ends, nothing is taken up.
    const farewell = FAREWELL.test(line.text) && !lineDates.length;
    // "Perfect, I'll set up the workspace before then": a new promise of its own, not a reply.
    const ownPromise =
      !lineDates.length && sentences(line.text).some((s) => NEXT_ACTION.test(s.replace(YOU_WILL_HAVE_IT, '')) && !INVITE.test(s));
    if (last && afterLast && !farewell && !ownPromise) {
      const lastSteps = out.filter((s) => s.line === last.line);
      const target =
        lastSteps.find((s) => s.due && lineDates.some((d) => d.day === s.due!.slice(0, 10))) ??
        lastSteps.find((s) => s.due && lineDates.some((d) => sameDayish(d.date, s.due!))) ??
        last;
      const settle = lineDates[0];
      const close = !settle || !target.due || Math.abs(Date.parse(settle.date) - Date.parse(target.due)) <= 8 * 86_400_000;
      // "Great. Can we schedule a demo next Tuesday?" after a step is a new proposal, not a reply to it.
      const proposes =
        !close &&
        sentences(line.text).some(
          (s) => (NEXT_ACTION.test(s) || MEETING.test(s) || DATED_REQUEST.test(s)) && datesOf(s).some((d) => !d.vague),
        );
      const asks = sentences(line.text).some(
        (s) =>
          s.endsWith('?') &&
          (NEXT_ACTION.test(s) || MEETING.test(s)) &&
          datesOf(s).some((d) => !d.vague && !(target.due && sameDayish(d.date, target.due))),
      );
      if (!proposes && !asks && (CONFIRMS.test(line.text) || (settle && target.due === null))) {
        if (!target.lines.includes(line.number)) target.lines.push(line.number);
        target.joined = true;
        // The reply's date settles the step: none was said, or it names the day ("by Friday" — "Friday the 23rd", "that's today").
        if (settle && close && (lastSteps.length === 1 || target.due === null)) target.due = settle.date;
        continue;
      }
    }
    const found: Step[] = [];
    for (const sentence of sentences(line.text)) {
      if (NOT_A_STEP.test(sentence) || OBLIGATION.test(sentence)) continue;
      const action = NEXT_ACTION.test(sentence);
      if (SMALL_TALK.test(sentence) && !action) continue;
      const milestoneWords = MILESTONE.test(sentence);
      const meetingWords = MEETING.test(sentence);
      const requestWords = DATED_REQUEST.test(sentence);
      if (!action && !milestoneWords && !meetingWords && !requestWords) continue;
      // "If it has expired, I'll send a new one": a promise that may never be due.
      if (CONDITIONAL.test(sentence) && !/\b(?:let's|on se|je vous propose|shall we)\b/i.test(sentence)) continue;
      // A milestone the prospect wishes for ("we'd like to sign by the end of the year") is their timeline.
      if (!action && milestoneWords && DESIRE.test(sentence) && !/\b(?:you|your|vous|votre|vos)\b/i.test(sentence)) continue;
      const said = datesOf(sentence);
      const dates = said.filter((d) => !d.vague);
      // "Today" beside a meeting or a wish is this call ("what we need today"), not a due date.
      const near = dates.filter((d) => Date.parse(d.date) <= horizon && !TODAY_ONLY.test(d.text.trim()));
      const milestone = milestoneWords && near.length > 0;
      // "On se reparle le mois prochain": a follow-up agreed, with no day to hold anyone to.
      const meeting = meetingWords && (near.length > 0 || (said.some((d) => d.vague) && !dates.length));
      const request = requestWords && near.length > 0;
      if (!action && !milestone && !meeting && !request) continue;
      // "Let's do that in the workshop", "let's say…": too weak to be a step without a day.
      if (!dates.length && WEAK_ACTION.test(sentence) && !NEXT_ACTION.test(sentence.replace(WEAK_ACTION, ''))) continue;
      if (!dates.length && NEXT_STEPS_HEADING.test(sentence) && !NEXT_ACTION.test(sentence.replace(NEXT_STEPS_HEADING, '')))
        continue;
      const lastStep = found.at(-1) ?? out.at(-1);
      const close = lastStep && line.number - (lastStep.lines.at(-1) ?? 0) <= 2;
      // "I'll send the invite" after the meeting is agreed: the same step.
      if (
        close &&
        INVITE.test(sentence) &&
        (!dates.length ||
          (lastStep.due && dates.every((d) => sameDayish(d.date, lastStep.due!))) ||
          dates.every((d) => TODAY_ONLY.test(d.text.trim())))
      ) {
        if (!lastStep.lines.includes(line.number)) lastStep.lines.push(line.number);
        continue;
      }
      // "Thursday works, I'll send the invite" right after "shall we meet Thursday at 3?" is the same step.
      if (close && dates.length && lastStep.due && dates.every((d) => sameDayish(d.date, lastStep.due!))) {
        if (!lastStep.lines.includes(line.number)) lastStep.lines.push(line.number);
        continue;
      }
      // One step per day said ("the spec by Thursday, and we meet again Tuesday the twentieth"), unless the
      // later day only says why ("by Wednesday, so you have time to read it before the fourteenth").
      const days: typeof dates = [];
      for (const d of dates) {
        if (days.some((k) => k.day === d.day)) continue;
        const prior = days.at(-1);
        if (prior && SUBORDINATE.test(sentence.slice(prior.end, d.at))) continue;
        days.push(d);
      }
      const question = sentence.trim().endsWith('?');
      const made: Step[] = (days.length ? days : [null]).map((due) => ({
        text: sentence,
        lines: [line.number],
        quote: sentence,
        due: due?.date ?? null,
        line: line.number,
        speaker: line.speaker,
        question,
        joined: false,
      }));
      // "I'll share the contracts. I'll get them over by Wednesday": the day said next is the step's.
      found.push(...made);
      if (days.length && found.length > made.length) {
        const dropped = found.filter((s) => s.due === null);
        for (const s of dropped) found.splice(found.indexOf(s), 1);
      }
    }
    out.push(...found);
    if (out.length >= limit) break;
  }
  return (
    out
      // A question without a day that nobody took up ("Can you send me the rules document?") was never agreed.
      .filter((s) => !(s.question && s.due === null && !s.joined))
      .slice(0, limit)
      .map(({ text, lines, quote, due }) => ({ text, lines, quote, due }))
  );
}

/** The same day, or the same weekday within a week ("mardi à 15h" read as today when the step said next Tuesday). */
const sameDayish = (a: string, b: string) =>
  a.slice(0, 10) === b.slice(0, 10) ||
  (new Date(a).getUTCDay() === new Date(b).getUTCDay() && Math.abs(Date.parse(a) - Date.parse(b)) <= 7 * 86_400_000);
