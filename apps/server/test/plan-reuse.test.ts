import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { startTestServer, type HttpClient, type TestServer } from './test-app.ts';

/**
 * The reads people make all day keep one plan: after a few calls PostgreSQL runs each one's prepared
 * statement with its generic plan instead of planning it again (which cost more than running it:
 * db/prepared/reads.ts). Checked in pg_prepared_statements on the server's one connection,
 * with enough deals that a plan for the call's values would be cheaper than the average plan —
 * the case in which PostgreSQL re-planned every call.
 */
describe('plans kept by the workspace reads', () => {
  let server: TestServer;
  let rep: HttpClient;
  let manager: HttpClient;
  let repId: string;

  beforeAll(async () => {
    // One connection: the statements the checks below read are those the requests prepared.
    server = await startTestServer({}, { poolMax: 1 });
    const user = await server.createUser({ role: 'Sales Representative', fullName: 'Pia Plan' });
    const other = await server.createUser({ role: 'Sales Representative', fullName: 'Quinn Plan' });
    repId = user.id;
    rep = await server.signIn(user.email, user.password);
    const boss = await server.createUser({ role: 'Sales Manager', fullName: 'Max Plan' });
    manager = await server.signIn(boss.email, boss.password);
    // The measured representative owns fewer deals than the other, and products unevenly: the
    // values' own estimates differ from the averages, as in a real team.
    await server.database.db.execute(sql`
      insert into opportunities (owner_id, account_manager, product, status, stage, lead_status, amount,
        client_company_name, client_name, company_industry, next_meeting_date, record_date)
      select case when g % 3 = 0 then ${user.id} else ${other.id} end, 'Plan',
        (array['CRM Platform','CRM Platform','CRM Platform','Support Desk','Edge Gateway'])[1 + g % 5],
        'On-going', (array['New','Qualified','Proposal','Negotiation'])[1 + g % 4], 'Warm', (g % 97) * 100,
        'Company ' || (g % 60), 'Client ' || (g % 7), (array['Manufacturing','Retail','Energy'])[1 + g % 3],
        now() + ((g % 90) - 30) * interval '1 day', now() - (g % 180) * interval '1 day'
      from generate_series(1, 6000) g`);
    await server.database.db.execute(sql`analyze`);
  });
  afterAll(() => server?.close());

  const plans = (marker: string) =>
    selectRows<{ generic_plans: number | string; custom_plans: number | string }>(
      server.database.db,
      sql`select generic_plans, custom_plans from pg_prepared_statements
          where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`,
    );

  const READS: Array<{ name: string; path: string; marker: string; asManager?: boolean }> = [
    { name: 'the dashboard table', path: '/api/opportunities?pageSize=10&sort=next_meeting_date', marker: 'limit 10 offset' },
    {
      name: 'a filtered page of the opportunities',
      path: '/api/opportunities?product=CRM%20Platform&status=On-going&sort=next_meeting_date&pageSize=25&page=2',
      marker: 'limit 25 offset',
    },
    { name: 'the board', path: '/api/pipeline/board', marker: 'cross join lateral' },
    {
      name: 'a filtered page of My Companies',
      path: '/api/companies?pageSize=20&product=CRM%20Platform&page=2',
      marker: 'limit 20',
    },
    // Their kept rows (rep_accounts, decision 047; rep_contacts, decision 046), the page and its
    // bounded count in one statement (db/capped-count.ts): the owner and the offset unseen by the planner.
    { name: "a representative's account list", path: '/api/accounts?pageSize=15&page=2', marker: 'LIMIT 15 OFFSET' },
    { name: "a representative's contact list", path: '/api/contacts?pageSize=16&page=2', marker: 'LIMIT 16 OFFSET' },
    // A manager's contact search (decisions 052, amended, and 055): one statement kept per page size,
    // the pattern unseen by the planner too.
    {
      name: "a manager's contact search",
      path: '/api/contacts?pageSize=17&page=2&q=nair',
      marker: '+ 17) AS items',
      asManager: true,
    },
    // A task list with its tabs' counts, one statement (docs/performance.md, "Tasks").
    { name: 'a task list', path: '/api/tasks?view=overdue&pageSize=50', marker: 'AS upcoming' },
    { name: 'a page of the notification panel', path: '/api/notifications?page=2&pageSize=10', marker: 'FROM notifications n' },
    { name: "the team's overdue tasks", path: '/api/team/tasks/overdue?page=2', marker: 'AS owner_name', asManager: true },
  ];

  for (const { name, path, marker, asManager } of READS) {
    it(`${name} is planned once, then runs its kept plan`, async () => {
      for (let i = 0; i < 8; i++) expect((await (asManager ? manager : rep).get(path)).status).toBe(200);
      const [statement, ...others] = await plans(marker);
      expect(others, 'one statement for the read').toHaveLength(0);
      // PostgreSQL tries five custom plans before it compares them with the generic one.
      expect(Number(statement!.generic_plans)).toBeGreaterThanOrEqual(3);
      expect(Number(statement!.custom_plans)).toBeLessThanOrEqual(5);
    });
  }

  it('still answers what the rows say with the kept plans', async () => {
    const page = await rep.get<{ items: Array<{ owner_id: string; product: string }>; total: number }>(
      '/api/opportunities?product=CRM%20Platform&status=On-going&pageSize=25&page=2',
    );
    const [count] = await selectRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from opportunities where owner_id = ${repId} and product = 'CRM Platform'`,
    );
    expect(page.body.total).toBe(count!.n);
    expect(page.body.items).toHaveLength(25);
    expect(page.body.items.every((item) => item.owner_id === repId && item.product === 'CRM Platform')).toBe(true);
  });
});
