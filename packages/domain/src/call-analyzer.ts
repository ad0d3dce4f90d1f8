import type { CallAnalysis, TranscriptLanguage } from './schemas/call-insights.ts';
import type { TranscriptLine } from './transcript.ts';
import { findNextMeeting } from './meeting-date.ts';
import { words } from './unicode-words.ts';

/**
 * The offline call analyzer (docs/decisions/008): keyword rules, no model, no network. The same
 * transcript and reference date always give the same analysis, and it says it is a quick one.
 * English and French transcripts are read alike; `language` is the language it writes in.
 */

export interface OfflineCallOptions {
  language: TranscriptLanguage;
  /** "next Tuesday" is read relative to this (the time the call was analysed). */
  referenceDate: Date;
  /** The representative's name, to tell them from the prospect; else guessed from the words used. */
  sellerName?: string | null;
}

type Topic = 'integrations' | 'security' | 'sso' | 'deployment' | 'volumes' | 'budget' | 'timeline' | 'decision';

const TECHNICAL: Topic[] = ['integrations', 'security', 'sso', 'deployment', 'volumes'];
const COMMERCIAL: Topic[] = ['budget', 'timeline', 'decision'];

export const TOPIC_PATTERNS: Record<Topic, RegExp> = {
  integrations: words(
    /\b(?:integrat\w*|intégr\w*|api|apis|connecteurs?|connectors?|webhooks?|salesforce|hubspot|crm|erp|sap|zapier|sync\w*|synchronis\w*)\b/i,
  ),
  security: words(
    /\b(?:security|secure|sécurité|encrypt\w*|chiffr\w*|soc ?2|iso ?27001|gdpr|rgpd|pen(?:etration)?[- ]?tests?|audit logs?|journaux d'audit|data residency|hébergement des données|dpa)\b/i,
  ),
  sso: words(/\b(?:sso|single sign[- ]on|saml|okta|azure ad|entra id|oidc|openid|authentification unique|scim)\b/i),
  deployment: words(
    /\b(?:deploy\w*|déploi\w*|on[- ]prem\w*|sur site|self[- ]hosted|hosting|hébergé\w*|hébergement|cloud|saas|kubernetes|docker|aws|azure|gcp|vpc|private cloud|cloud privé|rollout|installation)\b/i,
  ),
  volumes: words(
    /(?:\b\d[\d,. ]*\s*(?:k|m|million|millions|thousand|mille|users?|utilisateurs?|seats?|licences?|licenses?|records?|enregistrements|calls?|appels|documents?|requests?|requêtes|agents?|commerciaux|reps?)\b|\b(?:volumes?|per (?:day|month|year)|par (?:jour|mois|an)|peak|pic de charge)\b)/i,
  ),
  budget: words(
    /(?:\b(?:budget\w*|pric\w*|cost\w*|coût\w*|tarif\w*|prix|licen[cs]e fees?|invoice|factur\w*|discount|remise|roi)\b|[$€£]\s?\d|\d\s?(?:k?€|k\$|euros?|dollars?)\b)/i,
  ),
  timeline: words(
    /\b(?:timeline|deadline|go[- ]live|launch|by (?:the )?(?:end of|q[1-4]|january|february|march|april|may|june|july|august|september|october|november|december)|q[1-4]|quarter|trimestre|délai\w*|échéance|d'ici (?:la fin|fin|[a-zé]+)|mise en (?:production|service)|lancement|calendrier|planning|this quarter|ce trimestre)\b/i,
  ),
  decision: words(
    /\b(?:decision[- ]?makers?|decid\w*|décid\w*|décision\w*|sign[- ]?off|approv\w*|valid\w*|cfo|cto|ceo|cio|vp|board|comité|procurement|purchasing|achats|legal|juridique|direct(?:eur|rice|ion) (?:financi\w*|général\w*|technique|informatique)|dsi|daf|stakeholders?)\b/i,
  ),
};

const TITLES: Record<TranscriptLanguage, Record<Topic, string>> = {
  en: {
    integrations: 'Integrations',
    security: 'Security',
    sso: 'SSO',
    deployment: 'Deployment',
    volumes: 'Volumes',
    budget: 'Budget',
    timeline: 'Timeline',
    decision: 'Decision makers',
  },
  fr: {
    integrations: 'Intégrations',
    security: 'Sécurité',
    sso: 'SSO',
    deployment: 'Déploiement',
    volumes: 'Volumes',
    budget: 'Budget',
    timeline: 'Calendrier',
    decision: 'Décideurs',
  },
};

const SELLER_WORDS = words(
  /\b(?:we (?:support|offer|provide|can|have|integrate|include|host|encrypt)|our (?:platform|product|solution|pricing|connectors?|api|customers|roadmap)|nous (?:proposons|supportons|offrons|pouvons|avons|intégrons|hébergeons|chiffrons)|notre (?:plateforme|solution|produit|offre|api|feuille de route)|nos (?:clients|connecteurs|offres))\b/,
  'giu',
);
const BUYER_WORDS = words(
  /\b(?:do you|does it|can you|can it|is there|how do you|est-ce que vous|pouvez-vous|votre (?:solution|plateforme|produit|outil)|vous supportez|vous gérez)\b/,
  'giu',
);
const NEXT_STEP = words(
  /\b(?:i'll send|i will send|we'll send|we will send|send you|send over|(?:a|the) follow[- ]up (?:call|meeting)|follow up (?:with|on)|next steps?|schedule|set up (?:a|the)|loop in|share (?:the|a)|i'll prepare|we'll prepare|je vous envoie|j'envoie|je vous transmets|nous vous enverrons|on planifie|prochaines? étapes?|je reviens vers vous|je vous propose|on organise|je prépare|nous préparons|un pilote)\b/,
  'iu',
);
const NEGATIVE = words(
  /\b(?:not interested|no budget|not a priority|pas intéressés?|pas de budget|pas (?:sûrs? )?d'avoir (?:le |du )?budget|pas une priorité)\b/,
  'iu',
);

const norm = (s: string) => s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').trim();

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The representative: the named one, else the speaker who talks most like a seller. */
export function guessSeller(lines: readonly TranscriptLine[], sellerName?: string | null): string | null {
  const speakers = [...new Set(lines.map((l) => l.speaker).filter((s): s is string => Boolean(s)))];
  if (!speakers.length) return null;
  if (sellerName) {
    const tokens = norm(sellerName).split(/\s+/);
    const named = speakers.find((s) =>
      norm(s)
        .split(/\s+/)
        .some((t) => tokens.includes(t)),
    );
    if (named) return named;
  }
  let best = speakers[0]!;
  let bestScore = -Infinity;
  for (const speaker of speakers) {
    const said = lines.filter((l) => l.speaker === speaker).map((l) => l.text);
    const score = said.reduce((sum, t) => sum + (t.match(SELLER_WORDS)?.length ?? 0) - (t.match(BUYER_WORDS)?.length ?? 0), 0);
    if (score > bestScore) [best, bestScore] = [speaker, score];
  }
  return best;
}

function topicsOf(text: string): Topic[] {
  return (Object.keys(TOPIC_PATTERNS) as Topic[]).filter((t) => TOPIC_PATTERNS[t].test(text));
}

const QUESTION_WORDS = words(
  /^(?:do|does|did|can|could|is|are|how|what|which|where|when|who|will|would|should|est-ce|pouvez|peut-on|comment|quel|quelle|quels|quelles|combien|où|quand|vous|votre)\b/,
  'iu',
);

function isQuestion(text: string): boolean {
  return text.includes('?') || (QUESTION_WORDS.test(text) && text.length < 200);
}

/** The question itself when a turn says more ("Good. Do you support SAML?" → the last sentence with "?"). */
function questionPart(text: string): string {
  const sentences = text.match(/[^.!?]+[?]/g);
  return (sentences?.map((s) => s.trim()).join(' ') || text).trim();
}

const say = (language: TranscriptLanguage, en: string, fr: string) => (language === 'fr' ? fr : en);
const cites = (language: TranscriptLanguage, lines: number[]) =>
  lines.length
    ? say(
        language,
        ` (line${lines.length > 1 ? 's' : ''} ${lines.join(', ')})`,
        ` (ligne${lines.length > 1 ? 's' : ''} ${lines.join(', ')})`,
      )
    : '';

export function analyzeCallOffline(lines: readonly TranscriptLine[], options: OfflineCallOptions): CallAnalysis {
  const { language } = options;
  const titles = TITLES[language];
  const seller = guessSeller(lines, options.sellerName);
  const isSeller = (l: TranscriptLine) => seller !== null && l.speaker === seller;

  // Each line's topics once: the regexes are the cost on a long transcript.
  const lineTopics = lines.map((line) => topicsOf(line.text));

  // Prospect questions and the seller's turns that follow them.
  const technicalRequirements: CallAnalysis['technicalRequirements'] = [];
  const commercialQuestions: Array<{ line: TranscriptLine; answer: TranscriptLine[] }> = [];
  let asked = 0;
  let answered = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (isSeller(line) || !isQuestion(line.text)) continue;
    const answer: TranscriptLine[] = [];
    for (let j = i + 1; j < lines.length && answer.length < 3; j += 1) {
      const next = lines[j]!;
      if (!isSeller(next) && (seller !== null || isQuestion(next.text))) break;
      answer.push(next);
    }
    const topics = [i, ...answer.map((a) => a.number - lines[0]!.number)].flatMap((k) => lineTopics[k] ?? []);
    const technical = topics.some((t) => TECHNICAL.includes(t)) || !topics.some((t) => COMMERCIAL.includes(t));
    asked += technical ? 1 : 0;
    if (!answer.length) continue;
    if (technical) {
      answered += 1;
      technicalRequirements.push({
        question: clip(questionPart(line.text), 2000),
        response: clip(answer.map((a) => a.text).join(' '), 4000),
        lines: [line.number, ...answer.map((a) => a.number)],
      });
    } else commercialQuestions.push({ line, answer });
    if (technicalRequirements.length >= 100) break;
  }

  // Topics: where each is mentioned.
  const mentions = new Map<Topic, TranscriptLine[]>();
  for (const [k, line] of lines.entries()) {
    for (const topic of lineTopics[k]!) {
      const found = mentions.get(topic);
      if (found) found.push(line);
      else mentions.set(topic, [line]);
    }
  }
  const linesOf = (topic: Topic) => (mentions.get(topic) ?? []).map((l) => l.number);

  const commercialPoints: CallAnalysis['commercialPoints'] = [];
  const quoted = new Set<number>();
  for (const topic of COMMERCIAL) {
    const found = mentions.get(topic);
    if (!found?.length) continue;
    // The prospect's words first (their budget matters more than our pitch), and a line another
    // point already quotes only when there is no other.
    const ordered = [...found.filter((l) => !isSeller(l)), ...found.filter(isSeller)];
    const quote = ordered.find((l) => !quoted.has(l.number)) ?? ordered[0]!;
    quoted.add(quote.number);
    commercialPoints.push({
      text: `${titles[topic]}: ${clip(quote.speaker ? `${quote.speaker}: ${quote.text}` : quote.text, 1800)}`,
      lines: [...new Set([quote.number, ...found.slice(0, 7).map((l) => l.number)])].sort((a, b) => a - b),
    });
  }
  for (const { line, answer } of commercialQuestions) {
    if (commercialPoints.length >= 100) break;
    commercialPoints.push({
      text: clip(`${questionPart(line.text)} — ${answer.map((a) => a.text).join(' ')}`, 2000),
      lines: [line.number, ...answer.map((a) => a.number)],
    });
  }

  const nextSteps: CallAnalysis['nextSteps'] = lines
    .filter((l) => NEXT_STEP.test(l.text))
    .slice(0, 10)
    .map((l) => ({ text: clip(l.speaker ? `${l.speaker}: ${l.text}` : l.text, 2000), lines: [l.number] }));

  const meeting = findNextMeeting(lines, options.referenceDate);
  const nextMeeting = meeting ? { date: meeting.date.toISOString(), lines: meeting.lines } : null;

  // Scores from what was found, each reason citing where.
  const technicalFound = TECHNICAL.filter((t) => mentions.has(t));
  const technicalMissing = TECHNICAL.filter((t) => !mentions.has(t));
  const answerRatio = asked ? answered / asked : 0;
  const technicalScore = Math.min(10, (lines.length ? 2 : 0) + technicalFound.length * 1.2 + answerRatio * 2);
  const technicalReasons: CallAnalysis['technicalScore']['reasons'] = technicalFound.map((t) => ({
    text: say(language, `${titles[t]} discussed`, `${titles[t]} abordé(e)`) + cites(language, linesOf(t).slice(0, 5)),
    lines: linesOf(t).slice(0, 10),
  }));
  if (asked) {
    technicalReasons.push({
      text: say(
        language,
        `${answered} of ${asked} prospect questions answered`,
        `${answered} question(s) du prospect sur ${asked} ont reçu une réponse`,
      ),
      lines: technicalRequirements.flatMap((r) => r.lines.slice(0, 1)).slice(0, 20),
    });
  }
  if (technicalMissing.length) {
    technicalReasons.push({
      text: say(language, 'Not discussed: ', 'Non abordé : ') + technicalMissing.map((t) => titles[t]).join(', '),
      lines: [],
    });
  }

  const commercialFound = COMMERCIAL.filter((t) => mentions.has(t));
  const commercialMissing = COMMERCIAL.filter((t) => !mentions.has(t));
  const negative = lines.filter((l) => !isSeller(l) && NEGATIVE.test(l.text));
  const weights: Record<string, number> = { budget: 2.5, timeline: 2, decision: 2 };
  let commercialScore = (lines.length ? 1 : 0) + commercialFound.reduce((s, t) => s + weights[t]!, 0);
  if (nextMeeting) commercialScore += 1.5;
  if (nextSteps.length) commercialScore += 1;
  if (negative.length) commercialScore -= 3;
  commercialScore = Math.max(0, Math.min(10, commercialScore));
  const commercialReasons: CallAnalysis['commercialScore']['reasons'] = commercialFound.map((t) => ({
    text: say(language, `${titles[t]} discussed`, `${titles[t]} abordé(e)`) + cites(language, linesOf(t).slice(0, 5)),
    lines: linesOf(t).slice(0, 10),
  }));
  if (nextMeeting) {
    commercialReasons.push({
      text: say(language, 'A next meeting was agreed', 'Un prochain rendez-vous a été fixé'),
      lines: nextMeeting.lines,
    });
  }
  if (nextSteps.length) {
    commercialReasons.push({
      text: say(language, 'Next steps were named', 'Des prochaines étapes ont été nommées'),
      lines: nextSteps.map((s) => s.lines[0]!),
    });
  }
  if (negative.length) {
    commercialReasons.push({
      text: say(
        language,
        'The prospect voiced a lack of interest or budget',
        "Le prospect a exprimé un manque d'intérêt ou de budget",
      ),
      lines: negative.map((l) => l.number).slice(0, 10),
    });
  }
  if (commercialMissing.length) {
    commercialReasons.push({
      text: say(language, 'Not discussed: ', 'Non abordé : ') + commercialMissing.map((t) => titles[t]).join(', '),
      lines: [],
    });
  }

  // Coaching.
  const quick = say(
    language,
    'Quick analysis (keyword-based, without an AI model): check the cited lines.',
    'Analyse rapide (par mots-clés, sans modèle d’IA) : vérifiez les lignes citées.',
  );
  const technicalTips: string[] = [quick];
  if (technicalMissing.length) {
    technicalTips.push(
      say(
        language,
        `Next time, ask about: ${technicalMissing.map((t) => titles[t].toLowerCase()).join(', ')}.`,
        `La prochaine fois, interrogez le prospect sur : ${technicalMissing.map((t) => titles[t].toLowerCase()).join(', ')}.`,
      ),
    );
  }
  if (asked > answered) {
    technicalTips.push(
      say(
        language,
        `${asked - answered} prospect question(s) got no answer in the call: follow up in writing.`,
        `${asked - answered} question(s) du prospect sont restées sans réponse : répondez par écrit.`,
      ),
    );
  }
  if (asked && asked === answered) {
    technicalTips.push(
      say(
        language,
        `Every prospect question got an answer (${asked}).`,
        `Les ${asked} questions du prospect ont toutes reçu une réponse.`,
      ),
    );
  }
  const commercialTips: string[] = [quick];
  if (!commercialMissing.length) {
    commercialTips.push(
      say(
        language,
        'Budget, timeline and decision makers were all qualified.',
        'Budget, calendrier et décideurs ont tous été qualifiés.',
      ),
    );
  }
  if (commercialMissing.length) {
    commercialTips.push(
      say(
        language,
        `Qualify what is missing: ${commercialMissing.map((t) => titles[t].toLowerCase()).join(', ')}.`,
        `Qualifiez ce qui manque : ${commercialMissing.map((t) => titles[t].toLowerCase()).join(', ')}.`,
      ),
    );
  }
  const sellerChars = lines.filter(isSeller).reduce((s, l) => s + l.text.length, 0);
  const allChars = lines.reduce((s, l) => s + l.text.length, 0);
  const share = allChars ? Math.round((sellerChars / allChars) * 100) : 0;
  if (seller && share > 65) {
    commercialTips.push(
      say(
        language,
        `You spoke about ${share}% of the time: ask more open questions and let the prospect talk.`,
        `Vous avez parlé environ ${share} % du temps : posez plus de questions ouvertes.`,
      ),
    );
  }
  if (!nextMeeting) {
    commercialTips.push(
      say(
        language,
        'No next meeting was set: end calls with a date.',
        "Aucun rendez-vous n'a été fixé : terminez l'appel avec une date.",
      ),
    );
  }

  let suggestedLeadStatus: CallAnalysis['suggestedLeadStatus'] = null;
  if (lines.length) {
    const evidence = [...new Set([...COMMERCIAL.flatMap(linesOf), ...(nextMeeting?.lines ?? [])])]
      .sort((a, b) => a - b)
      .slice(0, 20);
    if (negative.length) suggestedLeadStatus = { value: 'Cold', lines: negative.map((l) => l.number).slice(0, 20) };
    else if (commercialScore >= 7) suggestedLeadStatus = { value: 'Hot', lines: evidence };
    else if (commercialScore >= 4) suggestedLeadStatus = { value: 'Warm', lines: evidence };
    else suggestedLeadStatus = { value: 'Cold', lines: evidence };
  }

  return {
    language,
    quick: true,
    technicalRequirements,
    commercialPoints,
    technicalScore: { score: Math.round(technicalScore * 10) / 10, reasons: technicalReasons.slice(0, 20) },
    commercialScore: { score: Math.round(commercialScore * 10) / 10, reasons: commercialReasons.slice(0, 20) },
    feedback: { technical: technicalTips.join(' ').slice(0, 4000), commercial: commercialTips.join(' ').slice(0, 4000) },
    nextSteps,
    suggestedLeadStatus,
    nextMeeting,
  };
}
