import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { analyseOnDeal, NEXT_STEP_TEXT } from './support/analysis.ts';
import { createDeal, createUser, signInAsUser } from './support/users.ts';

/**
 * Issue 37, tasks: a call's next step is offered as a suggested task (never created by itself), the
 * representative accepts it with an edited title and time, completes it from the keyboard, and the
 * deal's history shows it done; a task is added, completed, undone and snoozed from the keyboard —
 * in both languages.
 */

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

const TEXT = {
  en: {
    ...NEXT_STEP_TEXT.en,
    heading: 'Tasks',
    suggestions: 'Next steps from your calls',
    added: 'Task added: Send the security questionnaire to Daniel',
    history: 'Completed the task “Send the security questionnaire to Daniel”',
    quick: 'Call Maria about the pilot',
    quickDone: 'Done: Call Maria about the pilot',
    undo: 'Undo',
    reopened: 'Reopened: Call Maria about the pilot',
    snoozed: /^Snoozed “Call Maria about the pilot” to /,
    what: 'What do you owe whom?',
  },
  fr: {
    ...NEXT_STEP_TEXT.fr,
    heading: 'Tâches',
    suggestions: 'Prochaines étapes de vos appels',
    added: 'Tâche ajoutée : Envoyer le questionnaire de sécurité à Daniel',
    history: 'A terminé la tâche « Envoyer le questionnaire de sécurité à Daniel »',
    quick: 'Appeler Maria pour le pilote',
    quickDone: 'Terminée : Appeler Maria pour le pilote',
    undo: 'Annuler',
    reopened: 'Rouverte : Appeler Maria pour le pilote',
    snoozed: /^« Appeler Maria pour le pilote » reportée au /,
    what: 'Que devez-vous, et à qui ?',
  },
} as const;

/** A datetime-local value two days from now at 10:00, in the browser's zone (the server reads the same zone). */
const inTwoDays = (page: Page) =>
  page.evaluate(() => {
    const d = new Date(Date.now() + 2 * 86_400_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T10:00`;
  });

const row = (page: Page, title: string) => page.getByTestId('task-row').filter({ hasText: title });

for (const lang of ['en', 'fr'] as const) {
  const t = TEXT[lang];
  test.describe(`tasks (${lang})`, () => {
    test.use({ locale: t.locale });

    test("a call's next step becomes a task only when accepted; completed, it shows on the deal", async ({ page }) => {
      test.setTimeout(150_000);
      const rep = await createUser({ role: 'rep' });
      const deal = await createDeal(rep, {
        client_company_name: 'Northwind Logistics',
        product: 'Nexa Suite',
      });
      await signInAsUser(page, rep);
      await analyseOnDeal(page, lang, deal, { file: path.join(FIXTURES, t.fixture) });

      await page.goto('/rep/tasks');
      await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
      // The step is offered with the deal it was said on, and nothing is a task yet.
      const chosen = page.getByRole('form', { name: t.step }).first();
      await expect(chosen).toBeVisible();
      await expect(page.getByRole('heading', { name: t.suggestions })).toBeVisible();
      await expect(chosen).toContainText('Northwind Logistics');
      await expect(page.getByTestId('task-row')).toHaveCount(0);

      await chosen.getByLabel(t.task, { exact: true }).fill(t.title);
      await chosen.getByLabel(t.due, { exact: true }).fill(await inTwoDays(page));
      await chosen.getByRole('button', { name: t.accept }).click();
      await expect(page.getByText(t.added)).toBeVisible();

      await page.getByTestId('task-tab-upcoming').click();
      const task = row(page, t.title);
      await expect(task).toBeVisible();
      await expect(task).toContainText('Northwind Logistics');
      // Completed from the keyboard: focus the task, press X.
      await task.focus();
      await page.keyboard.press('x');
      await expect(page.getByText(t.done)).toBeVisible();
      await expect(row(page, t.title)).toHaveCount(0);

      await page.goto(`/rep/opportunities/${deal}`);
      await expect(page.getByTestId('deal-history').getByText(t.history)).toBeVisible();
    });

    test('keyboard first: N adds a task, X completes it, Undo reopens it, S snoozes it', async ({ page }) => {
      const rep = await createUser({ role: 'rep' });
      await signInAsUser(page, rep);
      await page.goto('/rep/tasks');
      await expect(page.getByLabel(t.what)).toBeVisible();

      await page.locator('body').press('n');
      await expect(page.getByLabel(t.what)).toBeFocused();
      await page.keyboard.type(t.quick);
      await page.keyboard.press('Enter');
      await expect(page.getByLabel(t.what)).toHaveValue('');

      // The default due time is 17:00 today before 16:00, else 09:00 tomorrow (in the browser's zone).
      const view = (await page.evaluate(() => new Date().getHours())) < 16 ? 'today' : 'upcoming';
      await page.getByTestId(`task-tab-${view}`).click();
      const task = row(page, t.quick);
      await task.focus();
      await page.keyboard.press('x');
      const completed = page.getByText(t.quickDone);
      await expect(completed).toBeVisible();
      await expect(row(page, t.quick)).toHaveCount(0);
      await page.getByRole('button', { name: t.undo }).first().click();
      await expect(page.getByText(t.reopened)).toBeVisible();
      await expect(row(page, t.quick)).toBeVisible();

      await row(page, t.quick).focus();
      await page.keyboard.press('s');
      await expect(page.getByText(t.snoozed)).toBeVisible();
      // Snoozed to tomorrow 09:00: it is upcoming now.
      await page.getByTestId('task-tab-upcoming').click();
      await expect(row(page, t.quick)).toBeVisible();
    });
  });
}
