import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { waitForHydration } from './support/hydration.ts';
import { DEMO, signInAs } from './support/session.ts';
import { apiAs, createUser, signInAsUser } from './support/users.ts';

/**
 * Issue 22, decision 024: a signed-in first page arrives whole in its HTML, with its data, and the
 * browser hydrates it without asking for that data again. The server renders it only for a browser
 * whose time zone it knows (the cookie the app sets on every start), as the person it signed in,
 * and never another role's page.
 */
const STATE = 'id="nexa-page-state"';

/** What the app sets on its first start: after it, the server renders signed-in pages. */
async function visitOnce(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main#main').getByRole('heading', { level: 1 })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).toEqual(expect.arrayContaining(['nexa-tz', 'nexa-narrow']));
}

/** A GET sent exactly as written (no URL normalisation), with a Cookie header. */
function rawGet(path: string, cookie: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, method: 'GET', headers: { cookie } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

const cookieHeader = async (page: Page) =>
  (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

async function alexPagePath(page: Page): Promise<string> {
  const response = await page.request.get('/api/team/representatives?pageSize=200');
  const { items } = (await response.json()) as { items: { id: string | null; email: string | null }[] };
  const alex = items.find((item) => item.email === DEMO.alex);
  if (!alex?.id) throw new Error('the demo representative is not in the team');
  return `/manager/representatives/${alex.id}`;
}

/**
 * The reads a page must not make again once hydrated. The opportunity list and the board are not in
 * them: their answers are fresh for one second only (others move deals), so a page hydrated later
 * than that (a slow phone, a loaded CI machine) refreshes them in the background, as it should.
 */
const PAGES = [
  {
    name: 'the rep dashboard',
    path: async () => '/rep',
    as: DEMO.alex,
    reads: ['/api/session', '/api/pipeline', '/api/opportunities/facets', '/api/forecast-call/reminder'],
    text: 'Welcome back, Alex',
  },
  {
    name: "the rep's opportunities",
    path: async () => '/rep/opportunities',
    as: DEMO.alex,
    reads: ['/api/session', '/api/opportunities/facets'],
    text: 'My Opportunities',
  },
  {
    name: "the rep's board",
    path: async () => '/rep/pipeline',
    as: DEMO.alex,
    reads: ['/api/session', '/api/opportunities/facets'],
    text: 'Your deals by stage',
  },
  {
    name: 'the team dashboard',
    path: async () => '/manager',
    as: DEMO.manager,
    reads: ['/api/session', '/api/team'],
    text: 'Morgan',
  },
  {
    name: "the manager's accounts",
    path: async () => '/manager/accounts',
    as: DEMO.manager,
    reads: ['/api/session', '/api/accounts'],
    text: 'Web address',
  },
  {
    name: "a representative's page",
    path: alexPagePath,
    as: DEMO.manager,
    reads: ['/api/session', '/api/team/representatives/'],
    text: 'Alex',
  },
];

for (const { name, path: pathOf, as, reads, text } of PAGES) {
  test(`${name} arrives whole and hydrates without reading its data again`, async ({ page }) => {
    await signInAs(page, as);
    const path = await pathOf(page);
    await visitOnce(page, path);

    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const apiReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiReads.push(url.pathname);
    });
    const response = await page.reload();
    const html = await response!.text();
    expect(html).toContain(STATE);
    expect(html).toContain(text);
    expect(response!.headers()['cache-control']).toBe('private, no-store');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    // A hydration mismatch is reported as an uncaught error (React #418 / #425).
    expect(errors).toEqual([]);
    for (const read of reads) expect(apiReads.filter((seen) => seen.startsWith(read))).toEqual([]);
    await expect(page.locator('main#main').getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('the figures show with JavaScript off, and the hydrated page then works as before', async ({ page, browser }) => {
  await signInAs(page, DEMO.alex);
  await visitOnce(page, '/rep/opportunities');
  const firstCompany = (await page.getByTestId('opportunity-row').first().innerText()).split(/[\n\t]/)[0]!.trim();
  expect(firstCompany).toBeTruthy();

  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const still = await noScript.newPage();
  await still.goto('/rep/opportunities');
  // The same cookies, so the same width: the same first row, drawn by the server alone.
  await expect(still.getByTestId('opportunity-row').first()).toContainText(firstCompany);
  await noScript.close();

  // Hydrated, the page navigates in the browser: no second HTML document.
  await page.reload();
  await waitForHydration(page);
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  await page.getByTestId('opportunity-row').first().getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(/\/rep\/opportunities\/\d+$/);
  expect(documents).toEqual([]);
});

test('another role’s page, however it is spelt, and a visitor without a session get no data', async ({ page }) => {
  await signInAs(page, DEMO.alex);
  await visitOnce(page, '/rep');
  const cookie = await cookieHeader(page);
  for (const path of ['/manager', '//manager', '/rep/../manager', '/%6Danager', '/manager/', '/manager/representatives']) {
    const { status, body } = await rawGet(path, cookie);
    expect(status, path).toBe(200);
    expect(body, path).not.toContain(STATE);
    expect(body, path).not.toContain('Morgan');
  }
  // Its own page under odd spellings is served as the app's plain page, or rendered for the same person.
  const own = await rawGet('/rep', cookie);
  expect(own.body).toContain(STATE);
  const withoutSession = await rawGet('/rep', cookie.replace(/better-auth\.session_token=[^;]+;?\s*/, ''));
  expect(withoutSession.body).not.toContain(STATE);
  const withoutZone = await rawGet('/rep', cookie.replace(/nexa-tz=[^;]+;?\s*/, ''));
  expect(withoutZone.body).not.toContain(STATE);
});

test('a deal named like markup stays text in the rendered page and its data', async ({ page }) => {
  const rep = await createUser({ role: 'rep', language: 'en' });
  const name = `</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> ${Date.now()}`;
  const api = await apiAs(rep.email, rep.password);
  const created = await api.post('/api/opportunities', {
    data: { client_company_name: name, product: 'Telemetry', client_name: 'Dana Cruz' },
    headers: { origin: baseURL },
  });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();

  await signInAsUser(page, rep);
  await visitOnce(page, '/rep/opportunities');
  const response = await page.reload();
  expect(await response!.text()).toContain(STATE);
  await waitForHydration(page);
  await expect(page.getByText(name).first()).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test.describe('in a far time zone', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati', locale: 'fr-FR' });

  test('the server writes the greeting for the browser’s hour, in French, and hydration agrees', async ({ page }) => {
    await signInAs(page, DEMO.manager);
    await page.context().addCookies([{ name: 'language', value: 'fr', url: baseURL }]);
    await visitOnce(page, '/manager');
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'nexa-tz')?.value).toBe('Pacific%2FKiritimati');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const greeting = () => {
      const hour = Number(
        new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Pacific/Kiritimati' }).format(
          new Date(),
        ),
      );
      return hour < 12 ? 'Bonjour, Morgan' : hour < 18 ? 'Bon après-midi, Morgan' : 'Bonsoir, Morgan';
    };
    // Taken before and after: the hour may turn while the page is on its way.
    const expected = new Set([greeting()]);
    const response = await page.reload();
    const html = await response!.text();
    expected.add(greeting());
    expect(html).toContain('<html lang="fr">');
    expect(
      [...expected].some((text) => html.includes(text)),
      [...expected].join(' or '),
    ).toBe(true);
    await waitForHydration(page);
    expect(errors).toEqual([]);
  });
});
