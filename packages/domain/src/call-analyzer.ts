import {
  QUALIFICATION_BOXES,
  type CallAnalysis,
  type QualificationBox,
  type TranscriptLanguage,
} from './schemas/call-insights.ts';
import type { TranscriptLine } from './transcript.ts';
import { findNextMeeting } from './meeting-date.ts';
import { words } from './unicode-words.ts';
import { contentRoleOf, resolveRoles, speakersUnnamed, talkShare, type SpeakerRole } from './call-roles.ts';
import {
  TECHNICAL_TOPICS,
  nextSteps as findNextSteps,
  prospectQuestions,
  technicalRequirements as findRequirements,
} from './call-extract.ts';
import { alignWithChecklist, BOX_TITLES, emptyBoxes, qualifyCall, type QualificationChecklist } from './call-qualification.ts';
import { verifyCitations } from './call-evidence.ts';
import type { CallTurnModel } from './call-model/model.ts';
import { suggestCommitteeRoles } from './committee-roles.ts';

/**
 * The offline call analyzer (docs/decisions/008): keyword rules, no model, no network. The same
 * transcript and reference date always give the same analysis, and it says it is a quick one.
 * English and French transcripts are read alike; `language` is the language it writes in.
 */

export interface OfflineCallOptions {
  language: TranscriptLanguage;
  /**
   * The call's own date and time: "next Tuesday" is read relative to it. From the file when it
   * says (a header, Teams metadata), else as given on upload (today by default); never the upload
   * moment when the call's date is known.
   */
  referenceDate: Date;
  /** The representative's IANA zone: due dates are days in it, and a time said with no zone is its wall time (UTC when absent). */
  timeZone?: string | null;
  /** The representative's name, to tell them from the prospect; else guessed from the words used. */
  sellerName?: string | null;
  /** The workspace's people (full names and aliases): every one of them sells, so a speaker so named is on the rep's side. */
  sellerTeam?: readonly string[] | null;
  /** The deal's contact name and company: speakers named so are the prospect. */
  contactName?: string | null;
  clientCompany?: string | null;
  /** Speaker roles an integration sent with the transcript. */
  speakerMetadata?: Record<string, SpeakerRole> | null;
  /** Roles a person chose (swap and re-run): they win over every rule. */
  roleOverrides?: Record<string, SpeakerRole> | null;
  /**
   * The trained turn model for requirements, questions and answers (call-model/index.ts, loaded
   * by the server's analysis worker; the web never imports it). Without it, the keyword rules.
   */
  model?: CallTurnModel | null;
}

type TechnicalTopic = 'integrations' | 'security' | 'sso' | 'deployment' | 'volumes';
type Topic = TechnicalTopic | 'budget' | 'timeline' | 'decision';

const TECHNICAL: TechnicalTopic[] = ['integrations', 'security', 'sso', 'deployment', 'volumes'];
const COMMERCIAL: Topic[] = ['budget', 'timeline', 'decision'];

const TOPIC_PATTERNS: Record<Topic, RegExp> = {
  integrations: TECHNICAL_TOPICS.integrations,
  security: TECHNICAL_TOPICS.security,
  sso: TECHNICAL_TOPICS.sso,
  deployment: TECHNICAL_TOPICS.deployment,
  volumes: TECHNICAL_TOPICS.volumes,
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

/** The technical topics' names (the commercial side is named by the checklist's BOX_TITLES). */
const TITLES: Record<TranscriptLanguage, Record<TechnicalTopic, string>> = {
  en: {
    integrations: 'Integrations',
    security: 'Security',
    sso: 'SSO',
    deployment: 'Deployment',
    volumes: 'Volumes',
  },
  fr: {
    integrations: 'Intégrations',
    security: 'Sécurité',
    sso: 'SSO',
    deployment: 'Déploiement',
    volumes: 'Volumes',
  },
};

/** What each ticked box adds to the commercial score (0–10 with a next meeting and next steps). */
const BOX_WEIGHTS: Record<QualificationBox, number> = {
  budget: 2,
  economicBuyer: 2,
  timeline: 1.5,
  decisionProcess: 1,
  identifyPain: 1,
  metrics: 0.5,
  decisionCriteria: 0.5,
  paperProcess: 0.5,
  champion: 0.5,
  competition: 0.5,
};

const NEGATIVE = words(
  /\b(?:not interested|no budget|not a priority|pas intéressés?|pas de budget|pas (?:sûrs? )?d'avoir (?:le |du )?budget|pas une priorité)\b/,
  'iu',
);

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The representative's speaker name, as the role rules decide it (call-roles.ts). */
export function guessSeller(lines: readonly TranscriptLine[], sellerName?: string | null): string | null {
  const reps = resolveRoles(lines, { sellerName }).filter((d) => d.role === 'rep');
  // The one a stronger rule named, before a colleague the wording suggests.
  return (reps.find((d) => d.rule !== 'wording') ?? reps[0])?.speaker ?? null;
}

function topicsOf(text: string): Topic[] {
  return (Object.keys(TOPIC_PATTERNS) as Topic[]).filter((t) => TOPIC_PATTERNS[t].test(text));
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
  const unnamed = speakersUnnamed(lines);
  const speakers = resolveRoles(unnamed ? [] : lines, {
    sellerName: options.sellerName,
    sellerTeam: options.sellerTeam,
    contactName: options.contactName,
    clientCompany: options.clientCompany,
    metadata: options.speakerMetadata,
    overrides: options.roleOverrides,
  });
  const roles = new Map(speakers.map((d) => [d.speaker, d.role]));
  const contentRole = (l: TranscriptLine): SpeakerRole => contentRoleOf(l.text);
  const roleOf = (l: TranscriptLine): SpeakerRole | null =>
    unnamed ? contentRole(l) : l.speaker ? (roles.get(l.speaker) ?? null) : null;
  const isSeller = (l: TranscriptLine) => roleOf(l) === 'rep';
  const byNumber = new Map(lines.map((l) => [l.number, l]));

  // Each line's topics once: the regexes are the cost on a long transcript.
  const lineTopics = lines.map((line) => topicsOf(line.text));
  const indexOf = new Map(lines.map((l, i) => [l.number, i]));
  const topicsAt = (n: number) => lineTopics[indexOf.get(n) ?? -1] ?? [];

  // The prospect's questions, with the answer given or none.
  const asked = prospectQuestions(lines, roleOf, 100, options.model);
  const questions: NonNullable<CallAnalysis['questions']> = asked.slice(0, 100).map((q) => ({
    text: clip(q.text, 2000),
    lines: [q.line.number],
    quote: clip(q.text, 1000),
    answer: q.answer ? clip(q.answer.text, 4000) : null,
    answerLines: q.answer ? [q.answer.number] : [],
  }));
  const answered = questions.filter((q) => q.answer).length;
  const answerTo = new Map(asked.map((q) => [q.line.number, q.answer]));

  // Technical requirements: the prospect's technical needs and questions (a pricing or sign-off question is commercial).
  const noAnswer = say(language, 'No answer in the call.', "Pas de réponse pendant l'appel.");
  const stated = say(language, 'Stated by the prospect.', 'Exprimé par le prospect.');
  const technicalRequirements: CallAnalysis['technicalRequirements'] = findRequirements(lines, roleOf, 100, options.model)
    .slice(0, 100)
    .map((r) => {
      const line = r.lines[0]!;
      const answer = answerTo.has(line) ? answerTo.get(line) : undefined;
      return {
        question: clip(r.text, 2000),
        response: answer ? clip(answer.text, 4000) : r.text.trim().endsWith('?') ? noAnswer : stated,
        lines: answer ? [line, answer.number] : [line],
        quote: clip(r.quote, 1000),
      };
    });
  const requirementLines = new Set(technicalRequirements.map((r) => r.lines[0]));
  const commercialQuestions = asked.filter(
    (q) => !requirementLines.has(q.line.number) && topicsAt(q.line.number).some((t) => COMMERCIAL.includes(t)),
  );

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

  // The qualification checklist (call-qualification.ts): the one source of what was qualified —
  // the commercial points, the score, "Not discussed: …" and the coaching all read it.
  const checklist: QualificationChecklist = qualifyCall(lines, roleOf);
  const boxTitles = BOX_TITLES[language];
  const ticked = QUALIFICATION_BOXES.filter((box) => checklist[box].ticked);
  const missing = emptyBoxes(checklist);
  const commercialPoints: CallAnalysis['commercialPoints'] = [];
  for (const box of ticked) {
    const found = checklist[box];
    const line = byNumber.get(found.lines.find((n) => byNumber.get(n)?.text === found.text) ?? found.lines[0]!)!;
    commercialPoints.push({
      text: `${boxTitles[box]}: ${clip(line.speaker ? `${line.speaker}: ${line.text}` : line.text, 1800)}`,
      lines: found.lines,
      quote: clip(found.quote ?? line.text, 1000),
    });
  }
  for (const { line, text, answer } of commercialQuestions) {
    if (commercialPoints.length >= 100) break;
    commercialPoints.push({
      text: clip(answer ? `${text} — ${answer.text}` : `${text} — ${noAnswer}`, 2000),
      lines: answer ? [line.number, answer.number] : [line.number],
      quote: clip(text, 1000),
    });
  }

  const nextSteps: CallAnalysis['nextSteps'] = findNextSteps(lines, roleOf, options.referenceDate, 50, options.timeZone ?? null)
    .slice(0, 50)
    .map((step) => {
      const line = byNumber.get(step.lines[0]!)!;
      return {
        text: clip(line.speaker ? `${line.speaker}: ${step.text}` : step.text, 2000),
        lines: step.lines,
        quote: clip(step.quote, 1000),
        due: step.due,
      };
    });

  const meeting = findNextMeeting(lines, options.referenceDate, options.timeZone ?? null);
  const nextMeeting = meeting ? { date: meeting.date.toISOString(), lines: meeting.lines } : null;

  // Scores from what was found, each reason citing where.
  const technicalFound = TECHNICAL.filter((t) => mentions.has(t));
  const technicalMissing = TECHNICAL.filter((t) => !mentions.has(t));
  const askedCount = questions.length;
  const answerRatio = askedCount ? answered / askedCount : 0;
  const technicalScore = Math.min(10, (lines.length ? 2 : 0) + technicalFound.length * 1.2 + answerRatio * 2);
  const technicalReasons: CallAnalysis['technicalScore']['reasons'] = technicalFound.map((t) => ({
    text: say(language, `${titles[t]} discussed`, `${titles[t]} abordé(e)`) + cites(language, linesOf(t).slice(0, 5)),
    lines: linesOf(t).slice(0, 10),
  }));
  if (askedCount) {
    technicalReasons.push({
      text: say(
        language,
        `${answered} of ${askedCount} prospect questions answered`,
        `${answered} question(s) du prospect sur ${askedCount} ont reçu une réponse`,
      ),
      lines: questions.flatMap((q) => q.lines).slice(0, 20),
    });
  }
  if (technicalMissing.length) {
    technicalReasons.push({
      text: say(language, 'Not discussed: ', 'Non abordé : ') + technicalMissing.map((t) => titles[t]).join(', '),
      lines: [],
    });
  }

  const negative = lines.filter((l) => !isSeller(l) && NEGATIVE.test(l.text));
  let commercialScore = (lines.length ? 1 : 0) + ticked.reduce((s, box) => s + BOX_WEIGHTS[box], 0);
  if (nextMeeting) commercialScore += 1.5;
  if (nextSteps.length) commercialScore += 1;
  if (negative.length) commercialScore -= 3;
  commercialScore = Math.max(0, Math.min(10, commercialScore));
  const commercialReasons: CallAnalysis['commercialScore']['reasons'] = ticked.map((box) => ({
    text:
      say(language, `${boxTitles[box]}: found in the call`, `${boxTitles[box]} : trouvé dans l'appel`) +
      cites(language, checklist[box].lines),
    lines: checklist[box].lines,
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
  if (missing.length) {
    commercialReasons.push({
      text: say(language, 'Not discussed: ', 'Non abordé : ') + missing.map((box) => boxTitles[box]).join(', '),
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
  if (askedCount > answered) {
    technicalTips.push(
      say(
        language,
        `${askedCount - answered} prospect question(s) got no answer in the call: follow up in writing.`,
        `${askedCount - answered} question(s) du prospect sont restées sans réponse : répondez par écrit.`,
      ),
    );
  }
  if (askedCount && askedCount === answered) {
    technicalTips.push(
      say(
        language,
        `Every prospect question got an answer (${askedCount}).`,
        `Les ${askedCount} questions du prospect ont toutes reçu une réponse.`,
      ),
    );
  }
  const commercialTips: string[] = [quick];
  if (!missing.length) {
    commercialTips.push(
      say(language, 'Every qualification box was filled.', 'Toutes les cases de qualification ont été remplies.'),
    );
  } else {
    commercialTips.push(
      say(
        language,
        `Qualify what is missing: ${missing.map((box) => boxTitles[box].toLowerCase()).join(', ')}.`,
        `Qualifiez ce qui manque : ${missing.map((box) => boxTitles[box].toLowerCase()).join(', ')}.`,
      ),
    );
  }
  const talk = unnamed ? undefined : talkShare(lines, roleOf);
  const hasRep = speakers.some((d) => d.role === 'rep');
  if (unnamed) {
    commercialTips.push(
      say(
        language,
        'The transcript names no speaker, so who said what was guessed from the words and no talk share is given: export it with speaker names (Zoom, Teams and Meet .vtt files have them) or write "Name: " before each turn, then analyse it again.',
        "La transcription ne nomme aucun intervenant : qui a dit quoi est déduit des mots et aucune part de parole n'est donnée. Exportez-la avec les noms (les fichiers .vtt de Zoom, Teams et Meet les contiennent) ou écrivez « Nom : » devant chaque intervention, puis relancez l'analyse.",
      ),
    );
  }
  if (talk && hasRep && talk.repWords > 65) {
    commercialTips.push(
      say(
        language,
        `You spoke ${talk.repWords}% of the words: ask more open questions and let the prospect talk.`,
        `Vous avez prononcé ${talk.repWords} % des mots : posez plus de questions ouvertes.`,
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
    const evidence = [...new Set([...ticked.flatMap((box) => checklist[box].lines), ...(nextMeeting?.lines ?? [])])]
      .sort((a, b) => a - b)
      .slice(0, 20);
    if (negative.length) suggestedLeadStatus = { value: 'Cold', lines: negative.map((l) => l.number).slice(0, 20) };
    else if (commercialScore >= 7) suggestedLeadStatus = { value: 'Hot', lines: evidence };
    else if (commercialScore >= 4) suggestedLeadStatus = { value: 'Warm', lines: evidence };
    else suggestedLeadStatus = { value: 'Cold', lines: evidence };
  }

  // Buying roles the buyer's people give themselves or each other ("I sign anything above 100k"): offered, never set (issue 36).
  const committeeRoles = suggestCommitteeRoles(lines, {
    sideOf: (speaker) => roles.get(speaker) ?? null,
    sellerNames: [options.sellerName ?? '', ...(options.sellerTeam ?? [])].filter(Boolean),
  });

  const analysis: CallAnalysis = {
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
    speakers: speakers.slice(0, 50),
    ...(talk ? { talk } : {}),
    ...(unnamed ? { speakerNames: 'missing' as const } : {}),
    questions,
    ...(committeeRoles.length ? { committeeRoles } : {}),
    qualification: Object.fromEntries(
      QUALIFICATION_BOXES.map((box) => {
        const found = checklist[box];
        return [box, { ...found, text: found.text && clip(found.text, 2000), quote: found.quote && clip(found.quote, 1000) }];
      }),
    ) as NonNullable<CallAnalysis['qualification']>,
  };
  // The offline analyzer quotes what it read, so nothing should drop here; the check keeps it honest.
  return alignWithChecklist(verifyCitations(analysis, lines));
}
