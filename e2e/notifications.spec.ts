import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { DEMO } from './support/session.ts';
import { apiAs, createDeal, createUser, signInAsUser, type E2eUser } from './support/users.ts';
import { waitForHydration } from './support/hydration.ts';

/**
 * Issue 37, notifications: a deal moved by the manager and a task falling due reach the representative
 * as the bell's count; the panel lists them newest first; one is marked read, then all; a choice made
 * in Settings stays after a reload — in both languages, at 1440 and 375 px (the desktop and mobile
 * projects). The server sweeps for notifications every 2 s here (playwright.config.ts).
 */

const SHOTS = '/tmp/notif-shots';
const HEADERS = { origin: baseURL };

const TEXT = {
  en: {
    locale: 'en-US',
    bell: /^Notifications/,
    moved: /Morgan Lee moved Bell Test Co: New → Proposal/,
    task: /Task due: Call the bell test client/,
    markRead: 'Mark read',
    markAll: 'Mark all read',
    deal_moved: 'Someone else moves a deal of mine: e-mail',
    save: 'Save notifications',
    saved: 'Notification settings saved',
  },
  fr: {
    locale: 'fr-FR',
    bell: /^Notifications/,
    moved: /Morgan Lee a déplacé Bell Test Co : New → Proposal/,
    task: /Tâche à échéance : Call the bell test client/,
    markRead: 'Marquer comme lu',
    markAll: 'Tout marquer comme lu',
    deal_moved: "Quelqu'un d'autre déplace une de mes opportunités : e-mail",
    save: 'Enregistrer les notifications',
    saved: 'Paramètres de notification enregistrés',
  },
} as const;

/** The manager moves the representative's deal, and the representative has a task already due. */
async function somethingToTell(rep: E2eUser) {
  const id = await createDeal(rep, { product: 'Bell', client_company_name: 'Bell Test Co', amount: 5_000 });
  const manager = await apiAs(DEMO.manager, 'nexa-demo-2026');
  const moved = await manager.patch(`/api/opportunities/${id}`, { data: { version: 1, stage: 'Proposal' }, headers: HEADERS });
  expect(moved.status(), await moved.text()).toBe(200);
  await manager.dispose();
  const own = await apiAs(rep.email, rep.password);
  const task = await own.post('/api/tasks', {
    data: { title: 'Call the bell test client', due_at: new Date(Date.now() - 60_000).toISOString() },
    headers: HEADERS,
  });
  expect(task.status()).toBe(201);
  // The sweep runs every 2 s: wait until both are made.
  await expect
    .poll(async () => ((await (await own.get('/api/notifications/unread-count')).json()) as { unread: number }).unread, {
      timeout: 20_000,
    })
    .toBe(2);
  await own.dispose();
}

const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png` });
};

for (const [language, t] of Object.entries(TEXT) as Array<[keyof typeof TEXT, (typeof TEXT)[keyof typeof TEXT]]>) {
  test.describe(`notifications (${language})`, { tag: language === 'en' ? '@phone' : [] }, () => {
    test.use({ locale: t.locale });

    test('the bell counts, the panel lists newest first, marks one then all read; a preference persists', async ({ page }) => {
      const rep = await createUser({ role: 'rep', language });
      await somethingToTell(rep);
      await signInAsUser(page, rep);
      await page.goto('/rep');

      const bell = page.getByRole('button', { name: t.bell });
      await expect(bell).toHaveAttribute('aria-label', /2/);
      await expect(page.getByTestId('notification-count').filter({ visible: true })).toHaveText('2');
      await bell.click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await expect(panel).toBeVisible();
      const items = panel.getByTestId('notification-item');
      await expect(items).toHaveCount(2);
      // Newest first: the task fell due after the move was made.
      await expect(items.nth(0)).toContainText(t.task);
      await expect(items.nth(1)).toContainText(t.moved);
      await shot(page, `panel-${language}`);

      await items.nth(0).getByRole('button', { name: t.markRead }).click();
      await expect(page.getByTestId('notification-count').filter({ visible: true })).toHaveText('1');
      await expect(items.nth(0).getByRole('button', { name: t.markRead })).toHaveCount(0);
      await panel.getByRole('button', { name: t.markAll }).click();
      await expect(page.getByTestId('notification-count')).toHaveCount(0);
      // Escape closes it and gives the focus back to the bell.
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      await expect(bell).toBeFocused();

      // The move links to the deal.
      await bell.click();
      await panel.getByRole('link', { name: t.moved }).click();
      await expect(page).toHaveURL(/\/rep\/opportunities\/\d+$/);

      await page.goto('/settings');
      await waitForHydration(page);
      const select = page.getByRole('combobox', { name: t.deal_moved });
      await expect(select).toHaveValue('daily');
      await select.selectOption('off');
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.saved)).toBeVisible();
      await shot(page, `settings-${language}`);
      await page.reload();
      await expect(page.getByRole('combobox', { name: t.deal_moved })).toHaveValue('off');
    });
  });
}

test('"mark all read" reaches past the page shown: the first page all read, an older one not', async ({ page }) => {
  const rep = await createUser({ role: 'rep', language: 'en' });
  const own = await apiAs(rep.email, rep.password);
  // Eleven tasks already due (the oldest first): eleven notifications, one more than a page.
  for (let i = 0; i < 11; i += 1) {
    const task = await own.post('/api/tasks', {
      data: { title: `Older task ${i}`, due_at: new Date(Date.now() - (12 - i) * 1_000).toISOString() },
      headers: HEADERS,
    });
    expect(task.status()).toBe(201);
  }
  const unread = async () => ((await (await own.get('/api/notifications/unread-count')).json()) as { unread: number }).unread;
  await expect.poll(unread, { timeout: 20_000 }).toBe(11);
  // The newest ten (the panel's first page) are read; the eleventh, on the second page, is not.
  const first = (await (await own.get('/api/notifications?page=1&pageSize=10')).json()) as { items: Array<{ id: number }> };
  for (const n of first.items) {
    expect((await own.post(`/api/notifications/${n.id}/read`, { headers: HEADERS })).status()).toBe(204);
  }
  expect(await unread()).toBe(1);

  await signInAsUser(page, rep);
  await page.goto('/rep');
  await expect(page.getByTestId('notification-count').filter({ visible: true })).toHaveText('1');
  await page.getByRole('button', { name: TEXT.en.bell }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByTestId('notification-mark-read')).toHaveCount(0);
  await panel.getByRole('button', { name: TEXT.en.markAll }).click();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await expect.poll(unread).toBe(0);
  await own.dispose();
});
