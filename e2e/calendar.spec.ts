import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { startCalDavServer } from '../apps/server/test/caldav-target.ts';
import { baseURL } from '../playwright.config.ts';
import { apiAs, createUser, signInAsUser } from './support/users.ts';

/**
 * Issue 37, the real calendar (decision 042): a representative connects a real CalDAV calendar
 * (radicale on loopback) from Settings with the keyboard — a wrong app password is refused on its
 * field — a task they add appears in it, and the feed address is shown once and serves iCalendar.
 * In both languages.
 */

const TEXT = {
  en: {
    locale: 'en-US',
    title: 'Calendar',
    url: 'Calendar address',
    user: 'User name',
    password: 'App password',
    refused: 'The calendar refused this user name and app password.',
    synced: /^Connected, last synced /,
    feedCreate: 'Create an address',
    feedLabel: 'Subscription address',
    feedDone: 'Done',
  },
  fr: {
    locale: 'fr-FR',
    title: 'Agenda',
    url: 'Adresse de l’agenda',
    user: 'Nom d’utilisateur',
    password: 'Mot de passe d’application',
    refused: 'L’agenda a refusé ce nom d’utilisateur et ce mot de passe d’application.',
    synced: /^Connecté, dernière synchronisation /,
    feedCreate: 'Créer une adresse',
    feedLabel: 'Adresse d’abonnement',
    feedDone: 'Terminé',
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const text = TEXT[language];
  test.describe(`calendar (${language})`, () => {
    test.use({ locale: text.locale });

    test('connects a CalDAV calendar from the keyboard, a task lands in it, and the feed is shown once', async ({ page }) => {
      test.setTimeout(60_000);
      const appPassword = `app-${language}-pass-never-shown`;
      const caldav = await startCalDavServer({ rita: appPassword });
      try {
        const calendarUrl = await caldav.calendar('rita');
        const rep = await createUser({ role: 'rep' });
        await signInAsUser(page, rep);
        await page.goto('/settings');
        await expect(page.getByRole('heading', { name: text.title, exact: true })).toBeVisible();

        // From the keyboard: the address, the user, a wrong password, Enter.
        await page.getByLabel(text.url).focus();
        await page.keyboard.type(calendarUrl);
        await page.keyboard.press('Tab');
        await page.keyboard.type('rita');
        await page.keyboard.press('Tab');
        await page.keyboard.type('not-the-password');
        await page.keyboard.press('Enter');
        await expect(page.getByText(text.refused)).toBeVisible();
        await expect(page.getByLabel(text.password)).toHaveAttribute('aria-invalid', 'true');

        await page.getByLabel(text.password).fill(appPassword);
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('calendar-status')).toBeVisible();
        expect(await page.content()).not.toContain(appPassword);

        // A task added: it becomes an event in the calendar (the sync runs in the background).
        const api = await apiAs(rep.email, rep.password);
        const created = await api.post('/api/tasks', {
          data: { title: `Call Maria ${language}`, due_at: '2099-05-04T08:00:00.000Z' },
          headers: { origin: baseURL },
        });
        expect(created.status(), await created.text()).toBe(201);
        const { id } = (await created.json()) as { id: number };
        await api.dispose();
        await expect
          .poll(async () => (await caldav.events('rita', calendarUrl)).has(`nexa-task-${id}.ics`), { timeout: 15_000 })
          .toBe(true);
        await page.reload();
        await expect(page.getByTestId('calendar-status')).toHaveText(text.synced);

        // The feed address: shown once, serving iCalendar.
        await page.getByRole('button', { name: text.feedCreate }).click();
        const dialog = page.getByRole('dialog');
        const feedUrl = await dialog.getByLabel(text.feedLabel).inputValue();
        expect(feedUrl).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]+\.ics$/);
        await expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);
        await dialog.getByRole('button', { name: text.feedDone }).click();
        expect(await page.content()).not.toContain(feedUrl);
        const feed = await page.request.get(feedUrl);
        expect(feed.status()).toBe(200);
        expect(await feed.text()).toContain(`Call Maria ${language}`);
        await expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
      } finally {
        await caldav.close();
      }
    });
  });
}
