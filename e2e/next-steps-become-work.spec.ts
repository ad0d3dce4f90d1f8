import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startCalDavServer } from '../apps/server/test/caldav-target.ts';
import { startReceiver } from '../apps/server/test/webhook-receiver.ts';
import { baseURL } from '../playwright.config.ts';
import { analyseOnDeal, NEXT_STEP_TEXT } from './support/analysis.ts';
import { mailTo } from './support/outbox.ts';
import { apiAs, createDeal, createUser, signInAsUser } from './support/users.ts';

/**
 * Issue 37, done when: a call's next step becomes a task only when the representative accepts it; it
 * appears in their real CalDAV calendar (radicale on loopback) and as a reminder e-mail caught by a
 * real SMTP server (e2e/support/smtp-catcher.mjs); the representative completes it from the keyboard,
 * the event leaves the calendar, and a webhook receiver gets task.created then task.completed, signed,
 * in that order. In both languages.
 */

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const HEADERS = { origin: baseURL };

const TEXT = {
  en: { ...NEXT_STEP_TEXT.en, reminder: 'Nexa: a task is due' },
  fr: { ...NEXT_STEP_TEXT.fr, reminder: 'Nexa : une tâche arrive à échéance' },
} as const;

/** The current minute as a datetime-local value in the browser's zone: due now, so the reminder goes at once. */
const thisMinute = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
  });

for (const lang of ['en', 'fr'] as const) {
  const t = TEXT[lang];
  test.describe(`next steps become work (${lang})`, () => {
    test.use({ locale: t.locale });

    test('an accepted next step lands in the calendar, reminds by e-mail, and its events reach a webhook in order', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const appPassword = `journey-${lang}-app-password`;
      const caldav = await startCalDavServer({ rita: appPassword });
      const receiver = await startReceiver();
      try {
        // The manager's webhook for task events; the representative's calendar.
        const manager = await createUser({ role: 'manager' });
        const managerApi = await apiAs(manager.email, manager.password);
        const endpoint = await managerApi.post('/api/webhooks/endpoints', {
          data: { url: receiver.url, description: `Journey ${lang}`, events: ['task.created', 'task.completed'] },
          headers: HEADERS,
        });
        expect(endpoint.status(), await endpoint.text()).toBe(201);
        const { id: endpointId, secret } = (await endpoint.json()) as { id: string; secret: string };
        receiver.setSecret(secret);

        const rep = await createUser({ role: 'rep', language: lang });
        const repApi = await apiAs(rep.email, rep.password);
        const calendarUrl = await caldav.calendar('rita');
        const connected = await repApi.put('/api/calendar/connection', {
          data: { url: calendarUrl, username: 'rita', password: appPassword },
          headers: HEADERS,
        });
        expect(connected.status(), await connected.text()).toBe(200);

        // A call's next step is offered, not created; the representative accepts it, due now.
        const deal = await createDeal(rep, { client_company_name: 'Northwind Logistics', product: 'Nexa Suite' });
        await signInAsUser(page, rep);
        await analyseOnDeal(page, lang, deal, { file: path.join(FIXTURES, t.fixture) });
        await page.goto('/rep/tasks');
        const offered = page.getByRole('form', { name: t.step }).first();
        await expect(offered).toBeVisible();
        await expect(page.getByTestId('task-row')).toHaveCount(0);
        await offered.getByLabel(t.task, { exact: true }).fill(t.title);
        await offered.getByLabel(t.due, { exact: true }).fill(await thisMinute(page));
        await offered.getByRole('button', { name: t.accept }).click();

        // The webhook's task.created names the task; it lands in the calendar as an event.
        const mine = (id?: number) =>
          receiver.received.filter(
            (r, i, all) => (id === undefined || r.data.id === id) && all.findIndex((o) => o.id === r.id) === i,
          );
        await expect.poll(() => mine().filter((r) => r.data.title === t.title).length, { timeout: 20_000 }).toBe(1);
        const taskId = Number(mine().find((r) => r.data.title === t.title)!.data.id);
        const eventFile = `nexa-task-${taskId}.ics`;
        await expect.poll(async () => (await caldav.events('rita', calendarUrl)).has(eventFile), { timeout: 20_000 }).toBe(true);
        expect((await caldav.events('rita', calendarUrl)).get(eventFile)).toContain(t.title);

        // Due now: the reminder is e-mailed in the representative's language, over SMTP.
        const reminder = await mailTo(rep.email, t.reminder, { timeout: 30_000 });
        expect(reminder.text).toContain(t.title);

        // Completed from the keyboard: the event leaves the calendar, the webhook gets task.completed.
        await page.reload();
        await page.getByTestId('task-tab-overdue').click();
        const row = page.getByTestId('task-row').filter({ hasText: t.title });
        await row.focus();
        await page.keyboard.press('x');
        await expect(page.getByText(t.done)).toBeVisible();
        await expect.poll(async () => (await caldav.events('rita', calendarUrl)).has(eventFile), { timeout: 20_000 }).toBe(false);
        await expect.poll(() => mine(taskId).length, { timeout: 20_000 }).toBe(2);
        expect(mine(taskId).map((r) => r.type)).toEqual(['task.created', 'task.completed']);
        expect(mine(taskId).every((r) => r.verified)).toBe(true);

        // Tidy: other specs' tasks must not keep this run's receiver busy.
        expect((await managerApi.delete(`/api/webhooks/endpoints/${endpointId}`, { headers: HEADERS })).status()).toBe(204);
        await managerApi.dispose();
        await repApi.dispose();
      } finally {
        await receiver.close();
        await caldav.close();
      }
    });
  });
}
