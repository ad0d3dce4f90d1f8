import { randomBytes, randomUUID } from 'node:crypto';
import {
  calendarInvite,
  freeSlots,
  slotRefusal,
  type DemoRequestCreated,
  type DemoRequestInput,
  type SlotAvailability,
  type TeamApplication,
  type TeamApplicationCreated,
} from '@nexa/domain';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Storage } from '../../storage/index.ts';
import { checkResumeFile } from './resume-file.ts';
import {
  findDemoRequest,
  findRecentDemoRequest,
  findRecentTeamApplication,
  findTeamApplication,
  insertDemoRequest,
  insertTeamApplication,
  lockSubmitter,
  type DemoRequestRow,
  type TeamApplicationRow,
} from './queries.ts';
import { requestBookingCalendarSyncs } from '../calendar/enqueue.ts';
import { emitEvent } from '../webhooks/outbox.ts';

/** An identical request within this window returns the first one instead of storing a duplicate. */
export const DUPLICATE_WINDOW_MS = 60_000;

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  now: Date;
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs the duplicate check and the insert of one visitor's submission one at a time, whichever
 * instance or connection takes it: a transaction holding an advisory lock on the submitter's
 * e-mail. Without it, two identical submissions at the same moment both pass the check.
 */
function oneAtATime<T>(db: Db, kind: string, email: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockSubmitter(tx, `nexa-lead:${kind}:${email.toLowerCase()}`);
    return work(tx as unknown as Db);
  });
}

const toCreated = (row: DemoRequestRow, created: boolean): DemoRequestCreated => ({
  id: row.id,
  request_type: row.request_type,
  selected_date: row.selected_date.toISOString(),
  created,
});

export async function listDemoSlots(
  db: Db,
  availability: SlotAvailability,
  from: Date,
  to: Date,
  now: Date,
  booked: (db: Db, from: Date, to: Date) => Promise<number[]>,
): Promise<string[]> {
  if (to.getTime() <= from.getTime()) throw new AppError('bad_request', 'to must be after from', 'to');
  const taken = new Set(await booked(db, from, to));
  return freeSlots({ from: from.getTime(), to: to.getTime(), now: now.getTime(), booked: taken, availability }).map((ms) =>
    new Date(ms).toISOString(),
  );
}

/** Stores a demo booking or an early-access request, once. */
export async function createDemoRequest(
  db: Db,
  input: DemoRequestInput,
  availability: SlotAvailability,
  meta: RequestMeta,
): Promise<{ row: DemoRequestRow; created: boolean }> {
  const isDemo = input.request_type === 'demo';
  const values = {
    request_type: input.request_type,
    full_name: input.full_name,
    email: input.email,
    company_name: input.company_name,
    // Early access keeps the chosen role in notes and the time of the request as its date.
    notes: isDemo ? input.notes : `Requested role: ${input.role}`,
    selected_date: isDemo ? new Date(input.selected_date) : meta.now,
  };
  const since = new Date(meta.now.getTime() - DUPLICATE_WINDOW_MS);
  const duplicateKey = { ...values, selected_date: isDemo ? values.selected_date : null };
  try {
    return await oneAtATime(db, input.request_type, values.email, async (tx) => {
      const previous = await findRecentDemoRequest(tx, duplicateKey, since);
      if (previous) return { row: previous, created: false };
      if (isDemo) {
        const refusal = slotRefusal(values.selected_date.getTime(), meta.now.getTime(), availability);
        if (refusal === 'past') throw new AppError('bad_request', 'slot_past: this slot has already started', 'selected_date');
        if (refusal === 'too_far') {
          const days = availability.horizonDays;
          throw new AppError('bad_request', `slot_too_far: demos are booked at most ${days} days ahead`, 'selected_date');
        }
        if (refusal) throw new AppError('bad_request', 'slot_unavailable: not an offered demo slot', 'selected_date');
      }
      const row = await insertDemoRequest(tx, { ...values, ip: meta.ip, user_agent: meta.userAgent });
      await emitEvent(tx, 'lead.received', {
        id: row.id,
        kind: row.request_type === 'demo' ? 'demo_request' : 'early_access',
        full_name: row.full_name,
        email: row.email,
        company_name: row.company_name,
        selected_date: isDemo ? row.selected_date.toISOString() : null,
      });
      // The managers' calendars hold the bookings (decision 042): a job writes it there; this
      // public request only queues it, so a calendar down never fails or slows a booking.
      if (isDemo) await requestBookingCalendarSyncs(tx);
      return { row, created: true };
    });
  } catch (error) {
    // The partial unique index on demo slots decides a race: one booking wins, the other is told.
    if (isUniqueViolation(error)) throw new AppError('conflict', 'slot_taken: this slot has just been booked', 'selected_date');
    throw error;
  }
}

export const demoRequestCreated = toCreated;

/** A fake success for a filled honeypot: the bot learns nothing, nothing is stored. */
export function honeypotDemoAnswer(input: DemoRequestInput, now: Date): DemoRequestCreated {
  return {
    id: randomUUID(),
    request_type: input.request_type,
    selected_date: input.request_type === 'demo' ? new Date(input.selected_date).toISOString() : now.toISOString(),
    created: true,
  };
}

export interface UploadedResume {
  /** The temporary file holding the upload. */
  tempPath: string;
  size: number;
  originalName: string;
}

/** A generated storage name: timestamp, random string and the extension of what the content is. */
export const resumeKey = (now: Date, extension: string) =>
  `resumes/${now.getTime()}-${randomBytes(8).toString('hex')}.${extension}`;

/** Stores an application and its resume: the file first, the row second, and no row without its file. */
export async function createTeamApplication(
  db: Db,
  storage: Storage,
  fields: TeamApplication,
  resume: UploadedResume | null,
  meta: RequestMeta,
): Promise<{ row: TeamApplicationRow; created: boolean }> {
  const values = {
    full_name: fields.full_name,
    email: fields.email,
    phone_number: fields.phone_number,
    github_link: fields.github_link,
    linkedin_link: fields.linkedin_link,
    introduction_text: fields.introduction_text,
    resume_original_name: resume?.originalName ?? null,
  };
  const previous = await findRecentTeamApplication(db, values, new Date(meta.now.getTime() - DUPLICATE_WINDOW_MS));
  if (previous) return { row: previous, created: false };

  let stored: { key: string; contentType: string; size: number } | null = null;
  if (resume) {
    const check = await checkResumeFile(resume.tempPath, resume.size);
    if (!check.ok && check.tooLarge) throw new AppError('payload_too_large', `file_too_large: ${check.reason}`, 'resume');
    if (!check.ok) {
      throw new AppError('unsupported_media_type', `invalid_file_type: ${check.reason}; PDF, DOC or DOCX only`, 'resume');
    }
    const key = resumeKey(meta.now, check.kind.extension);
    try {
      await storage.put(key, resume.tempPath, check.kind.contentType);
    } catch (error) {
      // A put that failed half-way may have left bytes; the orphan sweeper is the backstop if this fails too.
      await storage.delete(key).catch(() => {});
      throw Object.assign(new AppError('service_unavailable', 'File storage is temporarily unavailable'), { cause: error });
    }
    stored = { key, contentType: check.kind.contentType, size: resume.size };
  }
  try {
    // Checked again under the lock: an identical application may have landed while the file was stored.
    const outcome = await oneAtATime(db, 'application', values.email, async (tx) => {
      const first = await findRecentTeamApplication(tx, values, new Date(meta.now.getTime() - DUPLICATE_WINDOW_MS));
      if (first) return { row: first, created: false };
      const row = await insertTeamApplication(tx, {
        ...values,
        resume_file_path: stored?.key ?? null,
        resume_content_type: stored?.contentType ?? null,
        resume_size: stored?.size ?? null,
        ip: meta.ip,
        user_agent: meta.userAgent,
      });
      await emitEvent(tx, 'lead.received', {
        id: row.id,
        kind: 'team_application',
        full_name: row.full_name,
        email: row.email,
        company_name: null,
        selected_date: null,
      });
      return { row, created: true };
    });
    if (!outcome.created && stored) await storage.delete(stored.key).catch(() => {});
    return outcome;
  } catch (error) {
    if (stored) await storage.delete(stored.key).catch(() => {});
    throw error;
  }
}

export const teamApplicationCreated = (row: TeamApplicationRow, created: boolean): TeamApplicationCreated => ({
  id: row.id,
  created,
  has_resume: row.resume_file_path !== null,
});

export async function demoInvite(db: Db, id: string, slotMinutes: number, publicUrl: string): Promise<string> {
  const row = await findDemoRequest(db, id);
  if (!row || row.request_type !== 'demo') throw notFound('Demo booking');
  return calendarInvite({
    // Stable: the same booking always yields the same UID, so a second download updates the event.
    uid: `demo-${row.id}@nexa`,
    productId: 'nexa/leads',
    start: row.selected_date,
    durationMinutes: slotMinutes,
    title: 'Nexa product demo',
    description: `Your Nexa demo with our team. ${publicUrl}`,
    url: publicUrl,
    stamp: row.created_at,
  });
}

export async function resumeOf(db: Db, storage: Storage, id: string) {
  const row = await findTeamApplication(db, id);
  if (!row?.resume_file_path) throw notFound('Resume');
  const file = await storage.get(row.resume_file_path);
  if (!file) throw notFound('Resume');
  return { ...file, row };
}
