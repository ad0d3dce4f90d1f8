import type { CallAnalysis, TranscriptLanguage } from './schemas/call-insights.ts';

/** What a follow-up e-mail is written from: the deal, its latest call analysis and who sends it. */
export interface FollowUpInput {
  /** The deal's language: that of its latest call. */
  language: TranscriptLanguage;
  contactName: string | null;
  companyName: string | null;
  product: string | null;
  senderName: string;
  analysis: Pick<CallAnalysis, 'technicalRequirements' | 'commercialPoints' | 'nextSteps' | 'nextMeeting'>;
  /** The deal's next meeting (ISO) as the deal records it; else the one the call named. */
  nextMeeting: string | null;
  /** The sender's time zone, named beside the meeting time so the reader can convert it. */
  timeZone: string;
  /**
   * The deal's accepted next steps (its open tasks, issue 37), listed with their due day. Without
   * them the draft names the call's first next step, as before.
   */
  acceptedSteps?: ReadonlyArray<{ title: string; due: string | null }>;
  /** The next meeting goes with the e-mail as an invite (.ics): the draft says so. */
  inviteAttached?: boolean;
}

export interface FollowUpDraft {
  subject: string;
  body: string;
}

/** How long the next meeting lasts in its invite (the deal records only when it starts). */
export const FOLLOW_UP_MEETING_MINUTES = 30;

// A follow-up stays short: the main points, not the whole analysis.
const RECAP_POINTS = 3;
const ANSWERS = 5;
const STEPS = 5;

const WORDS = {
  en: {
    subject: (company: string | null, product: string | null) =>
      `Following up on our call${product ? ` about ${product}` : ''}${company ? ` — ${company}` : ''}`,
    hello: (name: string | null) => `Hello ${name ?? 'there'},`,
    thanks: (product: string | null) =>
      `Thank you for your time today. Here is a short recap of our conversation${product ? ` about ${product}` : ''}:`,
    answers: 'Answers to your technical questions:',
    thanksOnly: 'Thank you for your time today.',
    nextStep: 'Next step',
    nextSteps: 'Next steps:',
    by: (day: string) => `by ${day}`,
    meetingLine: (when: string) => `Our next meeting: ${when}.`,
    invite: 'The invitation is attached.',
    meetingTitle: (company: string | null) => (company ? `Meeting with ${company}` : 'Meeting'),
    meeting: (when: string) => `our next meeting on ${when}`,
    noDate: 'let me know a time that suits you for our next conversation.',
    bye: 'Best regards,',
  },
  fr: {
    subject: (company: string | null, product: string | null) =>
      `Suite à notre échange${product ? ` sur ${product}` : ''}${company ? ` — ${company}` : ''}`,
    hello: (name: string | null) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    thanks: (product: string | null) =>
      `Merci pour votre temps aujourd'hui. Voici un bref récapitulatif de notre échange${product ? ` sur ${product}` : ''} :`,
    answers: 'Réponses à vos questions techniques :',
    thanksOnly: "Merci pour votre temps aujourd'hui.",
    nextStep: 'Prochaine étape',
    nextSteps: 'Prochaines étapes :',
    by: (day: string) => `d'ici le ${day}`,
    meetingLine: (when: string) => `Notre prochain rendez-vous : ${when}.`,
    invite: "L'invitation est jointe.",
    meetingTitle: (company: string | null) => (company ? `Rendez-vous avec ${company}` : 'Rendez-vous'),
    meeting: (when: string) => `notre prochain rendez-vous le ${when}`,
    noDate: 'dites-moi quand vous êtes disponible pour notre prochain échange.',
    bye: 'Bien cordialement,',
  },
} as const;

/** A meeting time in the sender's zone, with the zone named: "Tuesday, December 1, 2026 at 03:00 PM EST". */
export function formatMeeting(iso: string, language: TranscriptLanguage, timeZone: string): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-US', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** A due day in the sender's zone: "Tuesday, December 1" / "mardi 1 décembre". */
function formatDay(iso: string, language: TranscriptLanguage, timeZone: string): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-US', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone,
  }).format(new Date(iso));
}

/**
 * The UID of a deal's next meeting, in the invite the follow-up e-mail attaches and in the deal page's
 * "Add to calendar" download alike: one event, so a second copy or a moved meeting updates it.
 */
export const followUpMeetingUid = (opportunityId: number): string => `opportunity-${opportunityId}@nexa`;

/** The title of the next meeting's invite and download, in the given language. */
export const meetingTitle = (language: TranscriptLanguage, company: string | null): string =>
  WORDS[language].meetingTitle(company?.trim() || null);

const firstName = (name: string | null) => name?.trim().split(/\s+/)[0] || null;
const sentence = (text: string) => text.trim().replace(/[.;:,]*$/, '');

// A point quoted from the transcript starts with its speaker ("Client: …", "Budget: Client: …"): an
// e-mail to that client says what was said, not who said it in the transcript.
const LABEL = /^([^:\n]{1,40}):\s+/;
const withoutSpeaker = (text: string) => text.trim().replace(LABEL, '');

/** The call's points as a recap: a topic label kept, the speaker dropped, the same quote once. */
function recapPoints(points: CallAnalysis['commercialPoints']): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { text } of points) {
    const topic = LABEL.exec(text.trim());
    const rest = topic ? text.trim().slice(topic[0].length) : text.trim();
    const quote = LABEL.test(rest) ? withoutSpeaker(rest) : rest;
    const key = sentence(quote).toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(sentence(topic && LABEL.test(rest) ? `${topic[1]}: ${quote}` : text));
    if (out.length === RECAP_POINTS) break;
  }
  return out;
}

/**
 * A short follow-up e-mail after a call, in the deal's language: a recap of the call's main
 * points, the answers given to the technical questions, and the next step with its date.
 */
export function draftFollowUp(input: FollowUpInput): FollowUpDraft {
  const w = WORDS[input.language];
  const { analysis } = input;
  const points = recapPoints(analysis.commercialPoints);
  const lines: string[] = [w.hello(firstName(input.contactName)), '', points.length ? w.thanks(input.product) : w.thanksOnly];
  for (const point of points) lines.push(`- ${point}`);

  const answers = analysis.technicalRequirements.slice(0, ANSWERS);
  if (answers.length) {
    lines.push('', w.answers);
    for (const { question, response } of answers) lines.push(`- ${question.trim()}`, `  ${response.trim()}`);
  }

  const meeting = input.nextMeeting ?? analysis.nextMeeting?.date ?? null;
  const when = meeting ? formatMeeting(meeting, input.language, input.timeZone) : null;
  const steps = (input.acceptedSteps ?? []).filter((s) => s.title.trim()).slice(0, STEPS);
  if (steps.length) {
    // The accepted next steps, each with its due day; then the meeting on a line of its own.
    lines.push('', w.nextSteps);
    for (const { title, due } of steps)
      lines.push(`- ${sentence(title)}${due ? ` (${w.by(formatDay(due, input.language, input.timeZone))})` : ''}`);
    lines.push('', when ? w.meetingLine(when) : w.noDate.replace(/^./, (c) => c.toUpperCase()));
  } else {
    const step = analysis.nextSteps[0] ? sentence(withoutSpeaker(analysis.nextSteps[0].text)) : null;
    const at = when ? w.meeting(when) : null;
    const separator = input.language === 'fr' ? ' : ' : ': ';
    const next = step ? `${step}${at ? ` — ${at}` : ''}.` : at ? `${at}.` : w.noDate;
    lines.push('', `${w.nextStep}${separator}${next}`);
  }
  if (input.inviteAttached && meeting) lines.push(w.invite);
  lines.push('', w.bye, input.senderName);

  return { subject: w.subject(input.companyName?.trim() || null, input.product?.trim() || null), body: lines.join('\n') };
}

/**
 * A mailto: link that opens the draft in the person's mail program. Subject and body are
 * percent-encoded (a space is %20, not "+"), and line breaks are CRLF as RFC 6068 asks.
 */
export function mailtoHref({ to, subject, body }: { to?: string | null; subject: string; body: string }): string {
  const encode = (value: string) => encodeURIComponent(value.replace(/\r?\n/g, '\r\n'));
  return `mailto:${to ? encodeURIComponent(to).replace(/%40/g, '@') : ''}?subject=${encode(subject)}&body=${encode(body)}`;
}
