import {
  calendarInvite,
  callAnalysisSchema,
  draftFollowUp,
  FOLLOW_UP_MEETING_MINUTES,
  followUpMeetingUid,
  meetingTitle,
  migrateStoredAnalysis,
  type CallAnalysis,
  type TranscriptLanguage,
} from '@nexa/domain';
import type { FollowUpEmailDraft, FollowUpEmailSent } from '@nexa/domain/schemas/follow-up-email';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../auth/access.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { recordEvents, touchActivity } from '../opportunities/changes.ts';
import { parseCookie } from 'cookie';
import { isTimeZone, TIME_ZONE_COOKIE } from '@nexa/domain/time-zone';
import { committeeAddresses, latestAnalysis, openSteps, senderOf, visibleDeal, type DealForMail } from './queries.ts';

/*
 * The follow-up e-mail sent from a deal (issue 37): a draft in the deal's language to its buying
 * committee, with the accepted next steps and the next meeting as an invite (.ics); sent through the
 * Mailer (SMTP, or the outbox without one) with replies going to the sender, and recorded in the
 * deal's history as an `email_sent` event (who, when, to whom, subject) once the mail server took it.
 */

/** Next steps a draft lists at most (the domain's draft keeps five too). */
const STEPS = 5;

const NO_ANALYSIS: Pick<CallAnalysis, 'technicalRequirements' | 'commercialPoints' | 'nextSteps' | 'nextMeeting'> = {
  technicalRequirements: [],
  commercialPoints: [],
  nextSteps: [],
  nextMeeting: null,
};

/** What the recap reads of a stored analysis, each part optional: an older or partial analysis recaps what it has. */
const recapSchema = callAnalysisSchema
  .pick({ technicalRequirements: true, commercialPoints: true, nextSteps: true, nextMeeting: true })
  .partial();

function readable(result: unknown): Pick<CallAnalysis, keyof typeof NO_ANALYSIS> {
  const parsed = recapSchema.safeParse(migrateStoredAnalysis(result));
  if (!parsed.success) return NO_ANALYSIS;
  const { technicalRequirements, commercialPoints, nextSteps, nextMeeting } = parsed.data;
  return {
    technicalRequirements: technicalRequirements ?? [],
    commercialPoints: commercialPoints ?? [],
    nextSteps: nextSteps ?? [],
    nextMeeting: nextMeeting ?? null,
  };
}

const asLanguage = (value: string | null | undefined): TranscriptLanguage | null =>
  value === 'fr' || value === 'en' ? value : null;

/**
 * What both the draft and the send read, for a deal the actor may see (404 otherwise): the deal, its
 * committee's addresses, its latest call, the sender, and from them the deal's language.
 */
async function dealContext(db: DbOrTx, actor: Actor, id: number) {
  const deal = await visibleDeal(db, actor, id);
  if (!deal) throw notFound('Opportunity');
  const [recipients, analysis, sender] = await Promise.all([
    committeeAddresses(db, id),
    latestAnalysis(db, id),
    senderOf(db, actor.userId),
  ]);
  if (!sender) throw notFound('Sender');
  // The deal's language: its latest call's; else its contacts'; else the sender's; else English.
  const language =
    analysis?.language ?? recipients.map((r) => asLanguage(r.language)).find(Boolean) ?? asLanguage(sender.language) ?? 'en';
  return { deal, recipients, analysis, sender, language };
}

/**
 * The deal's next meeting as the invite to attach: only one still to come. Its UID is the one the
 * deal page's "Add to calendar" download uses, so the rep's copy and the client's are one event.
 */
function inviteOf(deal: DealForMail, language: TranscriptLanguage, now: Date) {
  if (!deal.next_meeting_date || new Date(deal.next_meeting_date).getTime() < now.getTime()) return null;
  return {
    uid: followUpMeetingUid(deal.id),
    start: deal.next_meeting_date,
    title: meetingTitle(language, deal.client_company_name),
    duration_minutes: FOLLOW_UP_MEETING_MINUTES,
  };
}

export async function followUpDraft(
  db: Db,
  actor: Actor,
  id: number,
  cookieHeader: string | undefined,
  now = new Date(),
): Promise<FollowUpEmailDraft> {
  // Only the draft lists the steps and writes times: the send takes the rep's text as it is.
  const [{ deal, recipients, analysis, sender, language }, steps] = await Promise.all([
    dealContext(db, actor, id),
    openSteps(db, actor, id, STEPS),
  ]);
  // Times in the sender's zone: the one they chose, else their browser's (its cookie), else UTC.
  const browser = cookieHeader ? parseCookie(cookieHeader)[TIME_ZONE_COOKIE] : undefined;
  const timeZone = isTimeZone(sender.time_zone) ? sender.time_zone : isTimeZone(browser) ? browser : 'UTC';
  const invite = inviteOf(deal, language, now);
  const draft = draftFollowUp({
    language,
    // The greeting names the one person it goes to; a committee gets the deal's own contact, else none.
    contactName: recipients.length === 1 ? recipients[0]!.full_name : recipients.length ? null : deal.client_name,
    companyName: deal.client_company_name,
    product: deal.product,
    senderName: sender.full_name,
    analysis: readable(analysis?.result),
    nextMeeting: deal.next_meeting_date,
    timeZone,
    acceptedSteps: steps.map((step) => ({ title: step.title, due: step.due_at })),
    inviteAttached: invite !== null,
  });
  return {
    language,
    subject: draft.subject,
    body: draft.body,
    recipients: recipients.map(({ contact_id, full_name, email, roles }) => ({ contact_id, full_name, email, roles })),
    reply_to: sender.email,
    next_steps: steps,
    invite,
  };
}

export interface SendDeps {
  db: Db;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * Sends the e-mail, then records it. The mail goes first and outside any transaction (a slow mail
 * server holds no lock on the deal); when the server does not take it, nothing is recorded and the
 * answer is 503. Recipients are the rep's choice, checked by the shared schema (addresses only: no
 * display name for a header to carry).
 */
export async function sendFollowUp(
  { db, mailer, log }: SendDeps,
  actor: Actor,
  id: number,
  mail: { to: string[]; cc: string[]; subject: string; body: string; attach_invite: boolean },
  now = new Date(),
): Promise<FollowUpEmailSent> {
  const { deal, sender, language } = await dealContext(db, actor, id);
  const invite = mail.attach_invite ? inviteOf(deal, language, now) : null;
  const to = [...new Set(mail.to)];
  const cc = [...new Set(mail.cc)].filter((address) => !to.includes(address));
  let messageId: string | null;
  try {
    ({ messageId } = await mailer.send({
      to,
      cc,
      replyTo: sender.email,
      subject: mail.subject,
      text: mail.body,
      attachments: invite
        ? [
            {
              filename: 'invite.ics',
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: calendarInvite({
                uid: invite.uid,
                productId: 'nexa/follow-up',
                start: invite.start,
                durationMinutes: invite.duration_minutes,
                title: invite.title,
                stamp: now,
              }),
            },
          ]
        : [],
    }));
  } catch (error) {
    // The mail server's own words may name addresses: the log keeps the kind of failure only.
    const { code, responseCode } = error as { code?: string; responseCode?: number };
    log.warn({ event: 'mail.failed', opportunityId: id, code, responseCode }, 'follow-up e-mail not sent');
    throw new AppError('service_unavailable', 'The mail server did not take the e-mail: nothing was sent or recorded');
  }
  try {
    await db.transaction(async (tx) => {
      await recordEvents(
        tx,
        [{ id, event: 'email_sent', after: { subject: mail.subject, to, cc, invite: invite !== null, message_id: messageId } }],
        { source: 'person', actorId: actor.userId },
      );
      await touchActivity(tx, id);
    });
  } catch (error) {
    // The one case the order leaves open (decision 041): sent, and the database failed just after.
    log.error({ event: 'mail.unrecorded', opportunityId: id, messageId }, 'follow-up e-mail sent but not recorded');
    throw error;
  }
  return { sent_at: now.toISOString(), to, cc, subject: mail.subject, invite: invite !== null };
}
