import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  committeeChange,
  linesFromStored,
  namesGivenInCall,
  type CallPeople,
  type ContactSide,
  type SuggestedRole,
} from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  callAnalyses,
  callSpeakers,
  committeeSuggestions,
  contacts,
  dealContacts,
  opportunities,
  users,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { lockDeal, recordCommitteeChange, type ChangeOrigin } from '../opportunities/changes.ts';
import { visibleTo } from '../opportunities/scope.ts';

/**
 * A call's people on its analysis page (issue 36): who spoke (the contact or member each speaker
 * is), the roles the call suggests, and a person's decisions on them — a speaker added as a contact,
 * a person's side, a suggestion accepted (the role goes on the deal's committee through the change
 * recorder, as the person's write) or dismissed (nothing else changes).
 */

/** The analysis, when its deal is one the actor may see; else 404 (someone else's deal does not exist for a rep). */
async function visibleAnalysis(db: DbOrTx, actor: Actor, analysisId: string) {
  const [row] = await db
    .select({ id: callAnalyses.id, opportunityId: callAnalyses.opportunity_id, lines: callAnalyses.transcript_lines })
    .from(callAnalyses)
    .innerJoin(opportunities, eq(opportunities.id, callAnalyses.opportunity_id))
    .where(and(eq(callAnalyses.id, analysisId), visibleTo(actor)));
  if (!row) throw notFound('Call analysis');
  return row;
}

async function peopleOf(
  db: DbOrTx,
  analysis: { id: string; opportunityId: number; lines: string[] | null },
): Promise<CallPeople> {
  const speakerRows = await db
    .select({
      speaker: callSpeakers.speaker,
      side: callSpeakers.side,
      talkSeconds: callSpeakers.talk_seconds,
      lines: callSpeakers.lines,
      contactId: contacts.id,
      contactName: contacts.full_name,
      contactSide: contacts.side,
      memberId: users.id,
      memberName: users.full_name,
    })
    .from(callSpeakers)
    .leftJoin(contacts, eq(contacts.id, callSpeakers.contact_id))
    .leftJoin(users, eq(users.id, callSpeakers.user_id))
    .where(eq(callSpeakers.call_analysis_id, analysis.id))
    .orderBy(sql`${callSpeakers.lines} DESC`, asc(callSpeakers.speaker));
  const suggestionRows = await db
    .select({
      id: committeeSuggestions.id,
      role: committeeSuggestions.role,
      speaker: committeeSuggestions.speaker,
      name: committeeSuggestions.person_name,
      lines: committeeSuggestions.lines,
      quote: committeeSuggestions.quote,
      contactId: contacts.id,
      contactName: contacts.full_name,
    })
    .from(committeeSuggestions)
    .leftJoin(contacts, eq(contacts.id, committeeSuggestions.contact_id))
    .where(and(eq(committeeSuggestions.call_analysis_id, analysis.id), eq(committeeSuggestions.status, 'pending')))
    .orderBy(asc(committeeSuggestions.id));
  const lines = analysis.lines ?? [];
  const given = namesGivenInCall(linesFromStored(lines.slice(0, 2000)));
  const citedLines: Record<string, string> = {};
  for (const s of suggestionRows) {
    for (const n of s.lines) if (lines[n - 1] !== undefined) citedLines[String(n)] = lines[n - 1]!;
  }
  return {
    analysisId: analysis.id,
    opportunityId: analysis.opportunityId,
    speakers: speakerRows.map((r) => ({
      speaker: r.speaker,
      side: r.contactSide ?? r.side ?? null,
      calledInCall: given.get(r.speaker) ?? null,
      talkSeconds: r.talkSeconds,
      lines: r.lines,
      contact: r.contactId !== null ? { id: r.contactId, full_name: r.contactName!, side: r.contactSide! } : null,
      member: r.memberId !== null ? { id: r.memberId, full_name: r.memberName! } : null,
    })),
    suggestions: suggestionRows.map((s) => ({
      id: s.id,
      role: s.role as SuggestedRole,
      speaker: s.speaker,
      name: s.name,
      contact: s.contactId !== null ? { id: s.contactId, full_name: s.contactName! } : null,
      lines: s.lines,
      quote: s.quote,
    })),
    citedLines,
  };
}

export async function callPeople(db: Db, actor: Actor, analysisId: string): Promise<CallPeople> {
  return peopleOf(db, await visibleAnalysis(db, actor, analysisId));
}

/** The committee roles a contact holds on a deal (null: not on it), locked for the write. */
async function heldRoles(tx: DbOrTx, opportunityId: number, contactId: number): Promise<string[] | null> {
  const [row] = await tx
    .select({ roles: dealContacts.roles })
    .from(dealContacts)
    .where(and(eq(dealContacts.opportunity_id, opportunityId), eq(dealContacts.contact_id, contactId)))
    .for('update');
  return row ? row.roles : null;
}

/** Sets a contact's roles on a deal through the change recorder (field `committee`); no change records nothing. */
async function writeRoles(
  tx: DbOrTx,
  opportunityId: number,
  contact: { id: number; full_name: string },
  roles: (before: string[] | null) => string[],
  origin: ChangeOrigin,
): Promise<void> {
  const deal = await lockDeal(tx, opportunityId);
  if (!deal) throw notFound('Opportunity');
  const before = await heldRoles(tx, opportunityId, contact.id);
  const change = committeeChange(contact, before, roles(before));
  if (!change) return;
  await tx
    .insert(dealContacts)
    .values({ opportunity_id: opportunityId, contact_id: contact.id, roles: change.after!.roles, source: origin.source })
    .onConflictDoUpdate({
      target: [dealContacts.opportunity_id, dealContacts.contact_id],
      set: { roles: change.after!.roles, source: origin.source },
    });
  await recordCommitteeChange(tx, deal, change, origin);
}

export interface AddSpeakerContactInput {
  speaker?: string;
  name?: string;
  full_name: string;
  email?: string;
  title?: string;
  side?: ContactSide;
}

/**
 * A speaker (or a person the call names) becomes a contact of the deal's account, on the deal's
 * committee (no role yet), linked to the speaker and to this call's suggestions about them. Only a
 * person asks for it: nothing is created when the analysis runs.
 */
export async function addSpeakerContact(
  db: Db,
  actor: Actor,
  analysisId: string,
  body: AddSpeakerContactInput,
): Promise<CallPeople> {
  return db.transaction(async (tx) => {
    const analysis = await visibleAnalysis(tx, actor, analysisId);
    if (body.speaker !== undefined) {
      const [row] = await tx
        .select({ contactId: callSpeakers.contact_id, userId: callSpeakers.user_id })
        .from(callSpeakers)
        .where(and(eq(callSpeakers.call_analysis_id, analysisId), eq(callSpeakers.speaker, body.speaker)))
        .for('update');
      if (!row) throw new AppError('not_found', 'No such speaker in this call', 'speaker');
      if (row.contactId !== null || row.userId !== null)
        throw new AppError('conflict', 'This speaker is already a known person', 'speaker');
    }
    const [deal] = await tx
      .select({ accountId: opportunities.account_id })
      .from(opportunities)
      .where(eq(opportunities.id, analysis.opportunityId));
    const side = body.side ?? 'buyer';
    const [created] = await tx
      .insert(contacts)
      .values({
        account_id: deal?.accountId ?? null,
        full_name: body.full_name,
        email: body.email ?? null,
        title: body.title ?? null,
        side,
        created_by: actor.userId,
      })
      .returning({ id: contacts.id });
    const contact = { id: created!.id, full_name: body.full_name };
    if (body.speaker !== undefined) {
      await tx
        .update(callSpeakers)
        .set({ contact_id: contact.id, side })
        .where(and(eq(callSpeakers.call_analysis_id, analysisId), eq(callSpeakers.speaker, body.speaker)));
    }
    const about =
      body.speaker !== undefined
        ? or(eq(committeeSuggestions.speaker, body.speaker), eq(committeeSuggestions.person_name, body.name ?? body.speaker))
        : and(isNull(committeeSuggestions.speaker), eq(committeeSuggestions.person_name, body.name!));
    await tx
      .update(committeeSuggestions)
      .set({ contact_id: contact.id })
      .where(
        and(
          eq(committeeSuggestions.call_analysis_id, analysisId),
          eq(committeeSuggestions.status, 'pending'),
          isNull(committeeSuggestions.contact_id),
          about,
        ),
      );
    // On the deal's committee without a role: the person spoke in (or was named on) one of its calls.
    await writeRoles(tx, analysis.opportunityId, contact, (before) => before ?? [], {
      source: 'person',
      actorId: actor.userId,
      callAnalysisId: analysisId,
    });
    return peopleOf(tx, analysis);
  });
}

/**
 * The side of a speaker's contact (buyer or seller), stored on the contact: every later call of the
 * account reads it before any other rule. A member of the workspace is always the seller's side.
 */
export async function setSpeakerSide(
  db: Db,
  actor: Actor,
  analysisId: string,
  body: { speaker: string; side: ContactSide },
): Promise<CallPeople> {
  return db.transaction(async (tx) => {
    const analysis = await visibleAnalysis(tx, actor, analysisId);
    const [row] = await tx
      .select({ contactId: callSpeakers.contact_id, userId: callSpeakers.user_id })
      .from(callSpeakers)
      .where(and(eq(callSpeakers.call_analysis_id, analysisId), eq(callSpeakers.speaker, body.speaker)));
    if (!row) throw new AppError('not_found', 'No such speaker in this call', 'speaker');
    if (row.userId !== null) throw new AppError('conflict', 'A member of the workspace is always on the seller side', 'speaker');
    if (row.contactId === null) throw new AppError('conflict', 'Add the speaker as a contact first', 'speaker');
    await tx.update(contacts).set({ side: body.side, updated_at: new Date() }).where(eq(contacts.id, row.contactId));
    await tx
      .update(callSpeakers)
      .set({ side: body.side })
      .where(and(eq(callSpeakers.call_analysis_id, analysisId), eq(callSpeakers.speaker, body.speaker)));
    return peopleOf(tx, analysis);
  });
}

/**
 * Accepting puts the suggested role on the person's committee membership, recorded as the person's
 * change from the analysis (source person, with the call analysis); dismissing only marks the
 * suggestion. A suggestion about someone who is not yet a contact waits for them to be added (409).
 */
export async function decideRoleSuggestion(
  db: Db,
  actor: Actor,
  analysisId: string,
  suggestionId: number,
  decision: 'accept' | 'dismiss',
): Promise<CallPeople> {
  return db.transaction(async (tx) => {
    const analysis = await visibleAnalysis(tx, actor, analysisId);
    const [suggestion] = await tx
      .select({
        id: committeeSuggestions.id,
        role: committeeSuggestions.role,
        contactId: committeeSuggestions.contact_id,
        contactName: contacts.full_name,
        contactSide: contacts.side,
      })
      .from(committeeSuggestions)
      .leftJoin(contacts, eq(contacts.id, committeeSuggestions.contact_id))
      .where(
        and(
          eq(committeeSuggestions.id, suggestionId),
          eq(committeeSuggestions.call_analysis_id, analysisId),
          eq(committeeSuggestions.status, 'pending'),
        ),
      )
      .for('update', { of: committeeSuggestions });
    if (!suggestion) throw notFound('Suggestion');
    if (decision === 'accept') {
      if (suggestion.contactId === null) throw new AppError('conflict', 'Add the person as a contact first', 'contact');
      if (suggestion.contactSide === 'seller')
        throw new AppError('conflict', 'A person on the seller side holds no buying role', 'contact');
      const role = suggestion.role;
      await writeRoles(
        tx,
        analysis.opportunityId,
        { id: suggestion.contactId, full_name: suggestion.contactName! },
        (before) => [...(before ?? []), role],
        { source: 'person', actorId: actor.userId, callAnalysisId: analysisId },
      );
    }
    await tx
      .update(committeeSuggestions)
      .set({ status: decision === 'accept' ? 'accepted' : 'dismissed', decided_at: new Date(), decided_by: actor.userId })
      .where(eq(committeeSuggestions.id, suggestion.id));
    return peopleOf(tx, analysis);
  });
}
