import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { createUser, giveSampleDeals, signInAsUser, type E2eUser } from './support/users.ts';

/**
 * Issue 38, done when: a representative submits a forecast call, the manager sees it beside the
 * system's figure and adjusts it, and the representative's dashboard and the manager's page about
 * them show the same attainment — in both languages.
 */

const TEXT = {
  en: { submit: 'Submit my call', save: 'Save', commit: 'Commit (US dollars)', best: 'Best case (US dollars)', note: 'Note' },
  fr: {
    submit: 'Envoyer mon engagement',
    save: 'Enregistrer',
    commit: 'Engagé – commit (dollars US)',
    best: 'Au mieux – best case (dollars US)',
    note: 'Note',
  },
} as const;

const numberIn = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function signIn(page: Page, user: E2eUser, language: 'en' | 'fr') {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'language', value: language, url: baseURL }]);
  await signInAsUser(page, user);
}

for (const language of ['en', 'fr'] as const) {
  test(`a forecast call: submitted, seen beside the system, adjusted; one attainment on both pages (${language})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const [manager, rep] = await Promise.all([createUser({ role: 'manager' }), createUser({ role: 'rep' })]);
    await giveSampleDeals(rep);
    const text = TEXT[language];

    await signIn(page, rep, language);
    await page.goto('/rep');
    const card = page.getByTestId('forecast-call');
    await expect(card).toBeVisible();
    const attainment = numberIn(await page.getByTestId('tile-quota-attainment').innerText());
    await card.getByLabel(text.commit).fill('42000');
    await card.getByLabel(text.best).fill('84000');
    await card.getByLabel(text.note).fill('Two renewals this month');
    await card.getByRole('button', { name: text.submit }).click();
    await expect(page.getByTestId('forecast-call-status')).not.toHaveText(/Not submitted|Pas encore/);

    await signIn(page, manager, language);
    await page.goto('/manager/forecast');
    const row = page.locator(`[data-testid="forecast-call-row"][data-rep="${rep.id}"]`);
    await expect(row.getByTestId('call-submitted')).toHaveText(/42.?000.*84.?000/);
    await expect(row.getByTestId('call-system')).toHaveText(/\d/);
    await expect(row).toContainText('Two renewals this month');
    const inputs = row.locator('input');
    await inputs.nth(0).fill('40000');
    await inputs.nth(1).fill('80000');
    await row.getByRole('button', { name: text.save }).click();
    // Read back after a reload: the row's adjusted figures are the server's (other specs add
    // representatives in parallel, so the team's sums are not compared here).
    await expect(page.getByText(language === 'en' ? 'Call adjusted' : 'Engagement ajusté')).toBeVisible();
    await page.reload();
    await expect(row.locator('input').nth(0)).toHaveValue('40000');
    await expect(row.locator('input').nth(1)).toHaveValue('80000');
    await expect(row.getByTestId('call-submitted')).toHaveText(/42.?000.*84.?000/);

    // The manager's page about the representative: the same attainment as their dashboard.
    await page.goto(`/manager/representatives/${encodeURIComponent(rep.id)}`);
    await expect(page.getByTestId('tile-quota-attainment')).toBeVisible();
    expect(numberIn(await page.getByTestId('tile-quota-attainment').innerText())).toBe(attainment);

    // The representative sees the adjustment.
    await signIn(page, rep, language);
    await page.goto('/rep');
    await expect(page.getByTestId('forecast-call-adjusted')).toContainText(/40.?000/);
  });
}
