import { namesNobody, norm } from './call-roles.ts';
import { nextTurnStarts, type TranscriptLine } from './transcript.ts';

/**
 * Speakers are people (issue 36): each speaker of a call is matched to one of the deal's contacts
 * (the buyer's people, and anyone a rep placed on the seller's side) or to a member of the
 * workspace (always the seller's side). An e-mail the meeting tool gives decides; else the name:
 * the full name, then a surname's initial ("Priya S." for "Priya Sharma"), then a first name alone,
 * accents and case aside. The strongest kind of match wins only when one person fits it: two
 * people of one first name give no guess, and a wrong person is worse than none.
 */

export interface KnownPerson {
  /** A contact's id (number) or a member's user id (text). */
  id: number | string;
  fullName: string;
  email?: string | null;
  /** Other names the person goes by (a member's account-manager name and aliases). */
  aliases?: readonly string[] | null;
}

export interface SpeakerToMatch {
  /** As the transcript names it. */
  speaker: string;
  /** The meeting tool's attendee e-mail for this speaker, when it gives one. */
  email?: string | null;
  /** The name the call gives an unnamed speaker ("this is Priya, the CFO" said by "Speaker 2"). */
  calledInCall?: string | null;
}

/** How a speaker was matched: by e-mail, by name (full, initial, first name), or by the name the call gave it. */
export type MatchKind = 'email' | 'full' | 'initial' | 'first' | 'introduced';

export interface SpeakerMatch {
  speaker: string;
  contactId: number | null;
  userId: string | null;
  kind: MatchKind | null;
  /** Several people fit as well as each other: no guess was made. */
  ambiguous: boolean;
}

const STRENGTH: Record<Exclude<MatchKind, 'email' | 'introduced'>, number> = { full: 3, initial: 2, first: 1 };

const tokensOf = (name: string) =>
  norm(name.replace(/\(.*?\)/g, ' '))
    .split(' ')
    .filter(Boolean);

/**
 * How well a spoken name designates a person's name: 3 the same words (in any order), 2 the same
 * first name and a surname or its initial ("Priya S."), 1 the first name alone, 0 no match.
 * "Sharma" alone, or "Priya Patel" for "Priya Sharma", is 0.
 */
export function nameStrength(spoken: string, name: string): number {
  const a = tokensOf(spoken);
  const b = tokensOf(name);
  if (!a.length || !b.length) return 0;
  if (
    a.join(' ') === b.join(' ') ||
    (a.length > 1 && a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' '))
  )
    return STRENGTH.full;
  if (a[0] !== b[0] || a[0]!.length < 2) return 0;
  if (a.length === 1) return b.length === 1 ? STRENGTH.full : STRENGTH.first;
  if (b.length === 1) return 0;
  const lastA = a.at(-1)!;
  const lastB = b.at(-1)!;
  if (lastA === lastB) return STRENGTH.initial;
  if (lastA.length === 1 && lastB.startsWith(lastA)) return STRENGTH.initial;
  return 0;
}

const strengthOf = (spoken: string, person: KnownPerson) =>
  Math.max(nameStrength(spoken, person.fullName), ...(person.aliases ?? []).map((alias) => nameStrength(spoken, alias)));

const emailKey = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

type Candidate = { person: KnownPerson; member: boolean };

/** The one person a name fits best, or null (none fits, or several fit as well). */
function bestByName(
  spoken: string,
  candidates: readonly Candidate[],
): { found: Candidate | null; strength: number; ambiguous: boolean } {
  let strength = 0;
  let best: Candidate[] = [];
  for (const candidate of candidates) {
    const s = strengthOf(spoken, candidate.person);
    if (s === 0 || s < strength) continue;
    if (s > strength) {
      strength = s;
      best = [candidate];
    } else best.push(candidate);
  }
  // One person listed twice (a contact who is also… no: contacts and members are distinct records) counts once.
  const unique = [...new Map(best.map((c) => [`${c.member ? 'u' : 'c'}:${c.person.id}`, c])).values()];
  if (unique.length === 1) return { found: unique[0]!, strength, ambiguous: false };
  return { found: null, strength, ambiguous: unique.length > 1 };
}

const KIND_OF: Record<number, MatchKind> = { 3: 'full', 2: 'initial', 1: 'first' };

/**
 * Matches each speaker to a contact or a member (never both). The contacts are the deal's
 * account's people; the members the workspace's active users.
 */
export function matchSpeakers(
  speakers: readonly SpeakerToMatch[],
  contacts: readonly KnownPerson[],
  members: readonly KnownPerson[],
): SpeakerMatch[] {
  const candidates: Candidate[] = [
    ...contacts.map((person) => ({ person, member: false })),
    ...members.map((person) => ({ person, member: true })),
  ];
  const result = (speaker: string, found: Candidate | null, kind: MatchKind | null, ambiguous = false): SpeakerMatch => ({
    speaker,
    contactId: found && !found.member ? (found.person.id as number) : null,
    userId: found?.member ? String(found.person.id) : null,
    kind: found ? kind : null,
    ambiguous,
  });
  return speakers.map(({ speaker, email, calledInCall }) => {
    const mail = emailKey(email);
    if (mail) {
      const byMail = candidates.filter((c) => emailKey(c.person.email) === mail);
      if (byMail.length === 1) return result(speaker, byMail[0]!, 'email');
    }
    if (!namesNobody(speaker)) {
      const { found, strength, ambiguous } = bestByName(speaker, candidates);
      return result(speaker, found, KIND_OF[strength] ?? null, ambiguous);
    }
    if (calledInCall) {
      const { found, ambiguous } = bestByName(calledInCall, candidates);
      return result(speaker, found, 'introduced', ambiguous);
    }
    return result(speaker, null, null);
  });
}

/** The one person a name said in the call designates among these, or null (none, or several alike). */
export function personNamed(spoken: string, people: readonly KnownPerson[]): KnownPerson | null {
  return (
    bestByName(
      spoken,
      people.map((person) => ({ person, member: false })),
    ).found?.person ?? null
  );
}

export interface SpeakerTalk {
  speaker: string;
  /** Turns the speaker has in the transcript. */
  lines: number;
  /** Seconds spoken, where the transcript has timestamps; else null. */
  talkSeconds: number | null;
}

/** Each speaker's turns and speaking time (a turn lasts until its cue ends, or until the next turn starts). */
export function speakerTalk(lines: readonly TranscriptLine[]): SpeakerTalk[] {
  const out = new Map<string, { lines: number; seconds: number; timed: boolean }>();
  const nextStart = nextTurnStarts(lines);
  lines.forEach((line, i) => {
    if (!line.speaker) return;
    const entry = out.get(line.speaker) ?? { lines: 0, seconds: 0, timed: true };
    entry.lines += 1;
    const end = line.end ?? nextStart[i];
    if (line.start == null) entry.timed = false;
    else if (end != null) entry.seconds += Math.max(0, end - line.start);
    out.set(line.speaker, entry);
  });
  return [...out].map(([speaker, e]) => ({
    speaker,
    lines: e.lines,
    talkSeconds: e.timed ? Math.round(e.seconds) : null,
  }));
}
