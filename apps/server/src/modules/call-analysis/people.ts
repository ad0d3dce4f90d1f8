import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import {
  matchSpeakers,
  namesGivenInCall,
  namesNobody,
  personNamed,
  speakerTalk,
  type CallAnalysis,
  type ContactSide,
  type KnownPerson,
  type SpeakerRole,
  type TranscriptLine,
} from '@nexa/domain';
import type { DbOrTx } from '../../db/client.ts';
import { callSpeakers, committeeSuggestions, contacts, dealContacts, opportunities, users } from '../../db/schema.ts';

/**
 * Speakers are people (issue 36). After an analysis, each speaker is matched to one of the deal's
 * contacts or to a workspace member (call-people.ts in @nexa/domain) and kept in call_speakers with
 * their talk time and turns; the buying roles the call suggests are kept in committee_suggestions
 * for a person to accept or dismiss. Nothing here creates a contact or sets a role.
 */

interface ContactRow extends KnownPerson {
  id: number;
  side: ContactSide;
  /** The roles the contact holds on this deal's committee; null when not on it. */
  roles: string[] | null;
}

/** The people a deal's speakers may be: the contacts of its account and those on its committee, with their roles on it. */
export async function dealPeople(db: DbOrTx, opportunityId: number): Promise<ContactRow[]> {
  const [deal] = await db
    .select({ accountId: opportunities.account_id })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId));
  return db
    .select({
      id: contacts.id,
      fullName: contacts.full_name,
      email: contacts.email,
      side: contacts.side,
      roles: dealContacts.roles,
    })
    .from(contacts)
    .leftJoin(dealContacts, and(eq(dealContacts.contact_id, contacts.id), eq(dealContacts.opportunity_id, opportunityId)))
    .where(or(deal?.accountId != null ? eq(contacts.account_id, deal.accountId) : sql`false`, isNotNull(dealContacts.contact_id)))
    .limit(2000);
}

/** The workspace's active members, with the names deals are matched on: always the seller's side. */
export async function workspaceMembers(db: DbOrTx): Promise<KnownPerson[]> {
  const rows = await db
    .select({
      id: users.id,
      fullName: users.full_name,
      email: users.email,
      name: users.account_manager_name,
      aliases: users.account_manager_aliases,
    })
    .from(users)
    .where(eq(users.disabled, false));
  return rows.map((row) => ({
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    aliases: [row.name, ...(row.aliases ?? [])].filter(Boolean),
  }));
}

/**
 * The sides a representative set for the deal's people (contacts.side), as role overrides for the
 * analysis: a speaker named as a contact (by full name, initial or e-mail: never a first name
 * alone) speaks for the side stored on that contact, on every call of the account.
 */
export async function contactSideOverrides(
  db: DbOrTx,
  opportunityId: number,
  lines: readonly TranscriptLine[],
): Promise<Record<string, SpeakerRole>> {
  const names = [...new Set(lines.map((l) => l.speaker).filter((s): s is string => Boolean(s)))];
  if (!names.length) return {};
  const people = await dealPeople(db, opportunityId);
  if (!people.length) return {};
  const sideOf = new Map(people.map((p) => [p.id, p.side]));
  const overrides: Record<string, SpeakerRole> = {};
  for (const match of matchSpeakers(
    names.map((speaker) => ({ speaker })),
    people,
    [],
  )) {
    if (match.contactId === null || match.kind === 'first') continue;
    overrides[match.speaker] = sideOf.get(match.contactId) === 'seller' ? 'rep' : 'prospect';
  }
  return overrides;
}

export interface RecordPeopleInput {
  analysisId: string;
  opportunityId: number;
  analysis: CallAnalysis;
  lines: readonly TranscriptLine[];
  /** Speaker → e-mail, when the meeting tool gave attendees' addresses. */
  emails?: Record<string, string> | null;
}

/**
 * Writes the call's speakers (matched to people) and its role suggestions, in the analysis's
 * transaction. A suggestion already pending for the same person and role on this deal, or a role
 * the person already holds on it, is not offered again; the seller's side is never offered one.
 */
export async function recordCallPeople(tx: DbOrTx, input: RecordPeopleInput): Promise<void> {
  const { analysis, lines } = input;
  const talk = speakerTalk(lines);
  if (!talk.length && !analysis.committeeRoles?.length) return;
  const [people, members] = await Promise.all([dealPeople(tx, input.opportunityId), workspaceMembers(tx)]);
  const given = namesGivenInCall(lines);
  const decided = new Map((analysis.speakers ?? []).map((d) => [d.speaker, d.role]));
  const matches = matchSpeakers(
    talk.map((t) => ({
      speaker: t.speaker,
      email: input.emails?.[t.speaker] ?? null,
      calledInCall: given.get(t.speaker) ?? null,
    })),
    people,
    members,
  );
  const contactSide = new Map(people.map((p) => [p.id, p.side]));
  const matchOf = new Map(matches.map((m) => [m.speaker, m]));
  const rows = talk.slice(0, 200).map((t) => {
    const match = matchOf.get(t.speaker)!;
    const side: ContactSide | null = match.userId
      ? 'seller'
      : match.contactId !== null
        ? (contactSide.get(match.contactId) ?? 'buyer')
        : decided.has(t.speaker)
          ? decided.get(t.speaker) === 'rep'
            ? 'seller'
            : 'buyer'
          : null;
    return {
      call_analysis_id: input.analysisId,
      speaker: t.speaker.slice(0, 200),
      contact_id: match.contactId,
      user_id: match.userId,
      side,
      talk_seconds: t.talkSeconds,
      lines: t.lines,
    };
  });
  if (rows.length) await tx.insert(callSpeakers).values(rows).onConflictDoNothing();

  const suggested = analysis.committeeRoles ?? [];
  if (!suggested.length) return;
  const sellerSpeaker = (speaker: string) => {
    const row = rows.find((r) => r.speaker === speaker);
    return row?.side === 'seller';
  };
  // The roles held come with the deal's people (a suggestion is only ever about one of them).
  const pending = await tx
    .select({ contactId: committeeSuggestions.contact_id, role: committeeSuggestions.role })
    .from(committeeSuggestions)
    .where(and(eq(committeeSuggestions.opportunity_id, input.opportunityId), eq(committeeSuggestions.status, 'pending')));
  const offered = new Set([
    ...people.flatMap((p) => (p.roles ?? []).map((role) => `${p.id}:${role}`)),
    ...pending.filter((p) => p.contactId !== null).map((p) => `${p.contactId}:${p.role}`),
  ]);
  const values: Array<typeof committeeSuggestions.$inferInsert> = [];
  for (const s of suggested) {
    if (s.speaker && sellerSpeaker(s.speaker)) continue;
    // Who: the speaker's person, else the one contact the name designates; a member named so is the seller's.
    let contactId: number | null = s.speaker ? (matchOf.get(s.speaker)?.contactId ?? null) : null;
    if (contactId === null && s.name) {
      if (personNamed(s.name, members)) continue;
      contactId = (personNamed(s.name, people)?.id as number | undefined) ?? null;
    }
    if (contactId !== null && contactSide.get(contactId) === 'seller') continue;
    const key = contactId !== null ? `${contactId}:${s.role}` : `${s.speaker ?? ''}|${s.name ?? ''}:${s.role}`;
    if (offered.has(key)) continue;
    offered.add(key);
    values.push({
      opportunity_id: input.opportunityId,
      call_analysis_id: input.analysisId,
      speaker: s.speaker,
      person_name: s.name ?? (s.speaker && !namesNobody(s.speaker) ? s.speaker : null),
      contact_id: contactId,
      role: s.role,
      lines: s.lines,
      quote: s.quote,
    });
  }
  if (values.length) await tx.insert(committeeSuggestions).values(values);
}
