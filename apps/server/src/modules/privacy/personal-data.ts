import { sql, type SQL } from 'drizzle-orm';
import { speakerOf } from '@nexa/domain';
import { selectRows, type Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';

/*
 * Everything Nexa holds on a contact, as one JSON document (issue 36: a person's right of access):
 * their record (and its account), the deals they sit on with their roles, each call they spoke in
 * (speaker row, talk time) and every line they said there. A manager's export: it covers every
 * deal, whoever owns it.
 */

const run = <T>(db: Db, query: SQL) => selectRows<T>(db, query);

export interface PersonalData {
  exportedAt: string;
  contact: Record<string, unknown>;
  account: { id: number; name: string; domain: string | null } | null;
  deals: Array<{
    opportunity_id: number;
    client_company_name: string | null;
    product: string | null;
    roles: string[];
    source: string | null;
    added_at: string;
  }>;
  calls: Array<{
    call_analysis_id: string;
    opportunity_id: number;
    call_at: string;
    speaker: string;
    side: string | null;
    talk_seconds: number | null;
    lines: number;
  }>;
  lines: Array<{ call_analysis_id: string; line: number; text: string }>;
  tasks: Array<{ id: string; title: string; status: string; due_at: string | null }>;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

export async function personalData(db: Db, contactId: number): Promise<PersonalData> {
  const [contact] = await run<Record<string, unknown>>(db, sql`SELECT * FROM contacts WHERE id = ${contactId}`);
  if (!contact) throw notFound('Contact');
  for (const key of ['created_at', 'updated_at']) if (contact[key] != null) contact[key] = iso(contact[key]);
  const [account] = contact.account_id
    ? await run<{ id: number; name: string; domain: string | null }>(
        db,
        sql`SELECT id, name, domain FROM client_accounts WHERE id = ${contact.account_id as number}`,
      )
    : [];
  const deals = await run<PersonalData['deals'][number]>(
    db,
    sql`SELECT dc.opportunity_id, o.client_company_name, o.product, dc.roles, dc.source, dc.created_at AS added_at
      FROM deal_contacts dc LEFT JOIN opportunities o ON o.id = dc.opportunity_id
      WHERE dc.contact_id = ${contactId} ORDER BY dc.created_at, dc.opportunity_id`,
  );
  const calls = await run<PersonalData['calls'][number] & { transcript_lines: unknown }>(
    db,
    sql`SELECT cs.call_analysis_id::text AS call_analysis_id, ca.opportunity_id, ca.created_at AS call_at, cs.speaker, cs.side,
        cs.talk_seconds, cs.lines, ca.transcript_lines
      FROM call_speakers cs JOIN call_analyses ca ON ca.id = cs.call_analysis_id
      WHERE cs.contact_id = ${contactId} ORDER BY ca.created_at, cs.speaker`,
  );
  const lines: PersonalData['lines'] = [];
  for (const call of calls) {
    const transcript = Array.isArray(call.transcript_lines) ? (call.transcript_lines as unknown[]) : [];
    transcript.forEach((text, index) => {
      if (typeof text !== 'string') return;
      const turn = speakerOf(text);
      if (turn.speaker && turn.speaker.trim().toLocaleLowerCase() === call.speaker.trim().toLocaleLowerCase()) {
        lines.push({ call_analysis_id: call.call_analysis_id, line: index + 1, text: turn.text });
      }
    });
  }
  const tasks = await run<PersonalData['tasks'][number]>(
    db,
    sql`SELECT id::text AS id, title, status, due_at FROM tasks WHERE contact_id = ${contactId} ORDER BY created_at`,
  );
  return {
    exportedAt: new Date().toISOString(),
    contact,
    account: account ?? null,
    deals: deals.map((d) => ({ ...d, opportunity_id: Number(d.opportunity_id), added_at: iso(d.added_at) })),
    calls: calls.map(({ transcript_lines: _lines, ...call }) => ({
      ...call,
      opportunity_id: Number(call.opportunity_id),
      call_at: iso(call.call_at),
      talk_seconds: call.talk_seconds === null ? null : Number(call.talk_seconds),
      lines: Number(call.lines),
    })),
    lines,
    tasks: tasks.map((t) => ({ ...t, due_at: t.due_at === null ? null : iso(t.due_at) })),
  };
}
