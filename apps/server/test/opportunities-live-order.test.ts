import { withStage } from '@nexa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunities } from '../src/db/schema.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * The lists' default order puts live work first (issue 38): open deals by next meeting, then the
 * won and lost ones — the first page no longer opens on closed deals whose meetings were long ago.
 */

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);

describe('live work first', () => {
  let server: TestServer;
  let rep: HttpClient;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer();
    const user = await server.createUser({ role: 'Sales Representative' });
    rep = await server.signIn(user.email, user.password);
    const rows = [
      { key: 'wonLongAgo', status: 'Closed-Win', next_meeting_date: at(-90) },
      { key: 'lostLongAgo', status: 'Closed-Lost', next_meeting_date: at(-60) },
      { key: 'openSoon', status: 'Proposal', next_meeting_date: at(2) },
      { key: 'openOverdue', status: 'Negotiation', next_meeting_date: at(-3) },
      { key: 'openNoMeeting', status: 'New', next_meeting_date: null },
    ];
    const inserted = await server.database.db
      .insert(opportunities)
      .values(
        rows.map(({ key, ...row }) =>
          withStage({ ...row, owner_id: user.id, account_manager: 'x', client_company_name: key, amount: 1000 }),
        ),
      )
      .returning({ id: opportunities.id, name: opportunities.client_company_name });
    for (const row of inserted) ids[row.name!] = row.id;
  });
  afterAll(() => server.close());

  const order = (body: { items: Array<{ id: number }> }) =>
    body.items.map((item) => Object.keys(ids).find((key) => ids[key] === item.id));

  it('by default: open deals by next meeting (none last), then closed ones', async () => {
    const res = await rep.get('/api/opportunities');
    expect(res.status).toBe(200);
    expect(order(res.body)).toEqual(['openOverdue', 'openSoon', 'openNoMeeting', 'wonLongAgo', 'lostLongAgo']);
    // The old default, still there when asked for: the closed deals' old meetings come first.
    const byMeeting = await rep.get('/api/opportunities?sort=next_meeting_date');
    expect(order(byMeeting.body)[0]).toBe('wonLongAgo');
  });

  it('reversed, open deals stay first, latest meeting first', async () => {
    const res = await rep.get('/api/opportunities?sort=-live');
    expect(order(res.body)).toEqual(['openSoon', 'openOverdue', 'openNoMeeting', 'lostLongAgo', 'wonLongAgo']);
  });

  it('the export follows the same default order', async () => {
    const res = await rep.get('/api/opportunities/export.csv');
    expect(res.status).toBe(200);
    const text = res.text;
    const positions = ['openOverdue', 'openSoon', 'openNoMeeting', 'wonLongAgo', 'lostLongAgo'].map((key) => text.indexOf(key));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});
