import { and, desc, eq, sql } from 'drizzle-orm';
import { committeeChange, parseTranscript, type BuyingRole } from '@nexa/domain';
import { selectRows, type Db } from '../db/client.ts';
import { callAnalyses, opportunities } from '../db/schema.ts';

/**
 * The demo's buying committees (issue 36): the people of each representative's biggest open deals,
 * with titles, e-mails and roles that read like a real committee — a CFO who signs, a champion who
 * pushes, a technical evaluator, procurement. The people who speak in the demo's analysed calls are
 * contacts too, recognised as the calls' speakers (call_speakers). Some deals past the proposal have
 * no economic buyer, and one deal's champion spoke in neither of its last two calls, so the
 * manager's risk view has both committee warnings to show.
 */

const DAY = 86_400_000;

interface Person {
  full_name: string;
  title: string;
  roles: BuyingRole[];
  language?: 'en' | 'fr';
  time_zone?: string;
}

/** The people who speak in the demo calls (seed-insights.ts), by the name the transcript gives them. */
const CALL_PEOPLE: Record<string, Omit<Person, 'full_name'>> = {
  'Dana Lee': { title: 'Security Architect', roles: ['technical_evaluator'], time_zone: 'America/New_York' },
  'Priya Nair': { title: 'Head of Revenue Operations', roles: ['champion'], time_zone: 'America/Chicago' },
  'Tom Becker': { title: 'IT Director', roles: ['decision_maker', 'technical_evaluator'], time_zone: 'America/Chicago' },
  'Claire Dubois': { title: 'Directrice des achats', roles: ['legal_procurement'], language: 'fr', time_zone: 'Europe/Paris' },
};

/** Who joins each call's people on the deal: the person the call named but who was not on it. */
const BEHIND_THE_CALL: Record<string, Person[]> = {
  // One voice, a rival named, no budget: the champion is someone who was not there.
  'Dana Lee': [{ full_name: 'Marcus Webb', title: 'VP Operations', roles: ['champion'], time_zone: 'America/New_York' }],
  // "Our CFO signs off on anything above 50k": she is the economic buyer.
  'Priya Nair': [
    { full_name: 'Helen Carter', title: 'Chief Financial Officer', roles: ['economic_buyer'], time_zone: 'America/Chicago' },
  ],
  'Claire Dubois': [
    {
      full_name: 'Laurent Girard',
      title: 'Directeur administratif et financier',
      roles: ['economic_buyer', 'decision_maker'],
      language: 'fr',
      time_zone: 'Europe/Paris',
    },
  ],
};

/** The other deals' people: names drawn per company (the same company, the same people), a title per role. */
const FIRST_NAMES = [
  'Rajesh',
  'Sophie',
  'Daniel',
  'Grace',
  'Olivia',
  'Lucas',
  'Aisha',
  'Ben',
  'Kenji',
  'Elena',
  'Tomás',
  'Nina',
  'Paul',
  'Maria',
  'Jamie',
  'Victor',
  'Hannah',
  'Omar',
  'Chloé',
  'Martin',
  'Ines',
  'Samuel',
  'Yuki',
  'Fatima',
];
const LAST_NAMES = [
  'Iyer',
  'Martin',
  'Okafor',
  'Kim',
  'Brooks',
  'Moreau',
  'Rahman',
  'Turner',
  'Watanabe',
  'Petrova',
  'García',
  'Schultz',
  'Bernard',
  'Rossi',
  'Collins',
  'Lang',
  'Fischer',
  'Haddad',
  'Lefèvre',
  'Novak',
  'Costa',
  'Adeyemi',
  'Tanaka',
  'Nilsson',
];
const ROLE_TITLES: Record<
  'economic_buyer' | 'champion' | 'technical_evaluator' | 'other',
  Array<{ title: string; roles: BuyingRole[] }>
> = {
  economic_buyer: [
    { title: 'Chief Financial Officer', roles: ['economic_buyer'] },
    { title: 'VP Finance', roles: ['economic_buyer'] },
    { title: 'Chief Executive Officer', roles: ['economic_buyer', 'decision_maker'] },
    { title: 'Chief Operating Officer', roles: ['economic_buyer', 'decision_maker'] },
  ],
  champion: [
    { title: 'Director of Sales Operations', roles: ['champion'] },
    { title: 'Head of Customer Success', roles: ['champion'] },
    { title: 'VP Revenue Operations', roles: ['champion', 'user'] },
    { title: 'Sales Enablement Lead', roles: ['champion'] },
  ],
  technical_evaluator: [
    { title: 'Solutions Architect', roles: ['technical_evaluator'] },
    { title: 'IT Security Manager', roles: ['technical_evaluator'] },
    { title: 'Head of IT', roles: ['technical_evaluator', 'decision_maker'] },
    { title: 'Data Engineering Manager', roles: ['technical_evaluator'] },
  ],
  other: [
    { title: 'Procurement Manager', roles: ['legal_procurement'] },
    { title: 'Legal Counsel', roles: ['legal_procurement'] },
    { title: 'Sales Team Lead', roles: ['user'] },
    { title: 'Head of Finance Systems', roles: ['blocker'] },
  ],
};

/** A small stable hash of a company's name, so its people are the same whoever sells to it. */
function hashOf(text: string): number {
  let h = 7;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) % 100_003;
  return h;
}

/** The person of `slot` at a company: their name from the company's hash, their title and roles from the slot's list. */
function personAt(company: string, slot: keyof typeof ROLE_TITLES, which: number): Person {
  const h = hashOf(company);
  const n = Object.keys(ROLE_TITLES).indexOf(slot);
  const role = ROLE_TITLES[slot][(h + which) % ROLE_TITLES[slot].length]!;
  return {
    full_name: `${FIRST_NAMES[(h + n * 7) % FIRST_NAMES.length]} ${LAST_NAMES[(h * 3 + n * 5) % LAST_NAMES.length]}`,
    ...role,
  };
}

/** A company's web host for the demo's e-mails ("Acme Corp" → acmecorp.com). */
const hostOf = (company: string | null) =>
  `${
    (company ?? 'client')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '')
      .slice(0, 30) || 'client'
  }.com`;

const emailOf = (name: string, host: string) =>
  `${name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/ +/g, '.')}@${host}`;

type Deal = {
  id: number;
  stage: string;
  account_id: number | null;
  client_company_name: string | null;
  last_activity_at: Date;
};

/** The committees of one representative's biggest open deals (after seedInsights gave the first three their calls). */
export async function seedCommittees(db: Db, ownerId: string, repName: string, index: number): Promise<void> {
  const open: Deal[] = await db
    .select({
      id: opportunities.id,
      stage: opportunities.stage,
      account_id: opportunities.account_id,
      client_company_name: opportunities.client_company_name,
      last_activity_at: opportunities.last_activity_at,
    })
    .from(opportunities)
    .where(and(eq(opportunities.owner_id, ownerId), eq(opportunities.outcome, 'open')))
    .orderBy(desc(opportunities.amount), opportunities.id)
    .limit(12);

  const known = new Map<string, number>();
  const contactFor = async (deal: Deal, person: Person): Promise<number> => {
    const email = emailOf(person.full_name, hostOf(deal.client_company_name));
    const key = `${deal.account_id ?? deal.client_company_name}:${email}`;
    const found = known.get(key);
    if (found) return found;
    // Another representative selling to the same account met the same person: one contact.
    const [existing] = deal.account_id
      ? await selectRows<{ id: number }>(
          db,
          sql`SELECT id FROM contacts WHERE account_id = ${deal.account_id} AND email = ${email}`,
        )
      : [];
    if (existing) {
      known.set(key, existing.id);
      return existing.id;
    }
    const [row] = await selectRows<{ id: number }>(
      db,
      sql`INSERT INTO contacts
        (account_id, full_name, email, phone, title, language, time_zone, created_by)
      VALUES (${deal.account_id}, ${person.full_name}, ${email}, ${`+1 555 01${String(known.size + 10 * index).padStart(2, '0')}`},
        ${person.title}, ${person.language ?? 'en'}, ${person.time_zone ?? null}, ${ownerId}) RETURNING id`,
    );
    known.set(key, row!.id);
    return row!.id;
  };
  /**
   * Puts a person on the deal's committee, recorded in its history between its creation and its last
   * activity (the k-th of n members at k/(n+1) of the way), so the history still begins with the
   * deal's creation and ends at its last activity.
   */
  // Each deal's first history row, read once: the members' rows land after it, so it does not move.
  const firstAt = new Map<number, number>();
  const join = async (deal: Deal, person: Person, contactId: number, k: number, n: number) => {
    let from = firstAt.get(deal.id);
    if (from === undefined) {
      const [first] = await selectRows<{ at: Date | string }>(
        db,
        sql`SELECT min(at) AS at FROM opportunity_changes WHERE opportunity_id = ${deal.id}`,
      );
      from = first?.at ? new Date(first.at).getTime() : deal.last_activity_at.getTime();
      firstAt.set(deal.id, from);
    }
    const at = new Date(from + Math.floor(((deal.last_activity_at.getTime() - from) * (k + 1)) / (n + 1)));
    await db.execute(sql`INSERT INTO deal_contacts (opportunity_id, contact_id, roles, source, created_at)
      VALUES (${deal.id}, ${contactId}, ${sql.raw(`ARRAY[${person.roles.map((r) => `'${r}'`).join(',')}]::text[]`)}, 'person', ${at})
      ON CONFLICT (opportunity_id, contact_id) DO NOTHING`);
    const change = committeeChange({ id: contactId, full_name: person.full_name }, null, person.roles)!;
    await db.execute(sql`INSERT INTO opportunity_changes (opportunity_id, at, source, actor_id, field, before, after)
      VALUES (${deal.id}, ${at}, 'person', ${ownerId}, 'committee', 'null'::jsonb, ${JSON.stringify(change.after)}::jsonb)`);
  };

  for (const [k, deal] of open.entries()) {
    const calls = await db
      .select({
        id: callAnalyses.id,
        lines: callAnalyses.transcript_lines,
        created_at: callAnalyses.created_at,
        language: callAnalyses.language,
        result: callAnalyses.result,
        transcript_name: callAnalyses.transcript_name,
      })
      .from(callAnalyses)
      .where(eq(callAnalyses.opportunity_id, deal.id))
      .orderBy(desc(callAnalyses.created_at));
    if (calls.length) {
      // The call's people, recognised as its speakers; the rep is the seller side.
      const call = calls[0]!;
      const turns = parseTranscript((call.lines ?? []).join('\n'));
      // Lines and words per speaker; the demo transcripts have no timestamps, so talk time is their words at 150 a minute.
      const speakers = new Map<string, { lines: number; words: number }>();
      for (const turn of turns) {
        if (!turn.speaker) continue;
        const seen = speakers.get(turn.speaker) ?? { lines: 0, words: 0 };
        speakers.set(turn.speaker, { lines: seen.lines + 1, words: seen.words + turn.text.split(/\s+/).filter(Boolean).length });
      }
      const people: Person[] = [];
      for (const name of speakers.keys()) {
        const known = CALL_PEOPLE[name];
        if (known) people.push({ full_name: name, ...known });
      }
      const first = people[0]?.full_name ?? '';
      people.push(...(BEHIND_THE_CALL[first] ?? []));
      const ids = new Map<string, number>();
      for (const [i, person] of people.entries()) {
        const id = await contactFor(deal, person);
        ids.set(person.full_name, id);
        await join(deal, person, id, i, people.length);
      }
      // The one-voice call had an earlier one like it: two calls, and the champion spoke in neither.
      const repeat = first === 'Dana Lee';
      const spoken = repeat
        ? [
            call,
            (
              await db
                .insert(callAnalyses)
                .values({
                  opportunity_id: deal.id,
                  provider: 'offline',
                  language: call.language,
                  transcript_name: 'discovery-call.txt',
                  transcript_lines: call.lines,
                  result: call.result,
                  created_at: new Date(call.created_at.getTime() - 9 * DAY),
                })
                .returning({ id: callAnalyses.id, lines: callAnalyses.transcript_lines })
            )[0]!,
          ]
        : [call];
      for (const c of spoken) {
        for (const [speaker, { lines, words }] of speakers) {
          const contactId = ids.get(speaker) ?? null;
          const seller = speaker === repName;
          await db.execute(sql`INSERT INTO call_speakers (call_analysis_id, speaker, contact_id, user_id, side, talk_seconds, lines)
            VALUES (${c.id}, ${speaker}, ${contactId}, ${seller ? ownerId : null}, ${seller ? 'seller' : 'buyer'}, ${Math.round(words / 2.5)}, ${lines})
            ON CONFLICT DO NOTHING`);
        }
      }
      continue;
    }
    // The other big deals: a champion and an evaluator always; an economic buyer on two deals of three,
    // and procurement, a user or a blocker on some. The ones without one past the proposal are the risk view's.
    const company = deal.client_company_name ?? `deal ${deal.id}`;
    const people = [personAt(company, 'champion', k), personAt(company, 'technical_evaluator', k)];
    if (k % 3 !== 1) people.unshift(personAt(company, 'economic_buyer', k));
    if (k % 2 === 0) people.push(personAt(company, 'other', k));
    for (const [i, person] of people.entries()) await join(deal, person, await contactFor(deal, person), i, people.length);
  }
}
