import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { createDeals, createUser, signInAsUser } from './support/users.ts';

/**
 * Time that shows (issue 38): an open deal's passed meeting and close date are marked on its board
 * card and its list row, at both widths and in both languages; a won deal's old dates are not; and
 * the list opens on live work, closed deals last.
 */

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const at = (offset: number) => new Date(Date.now() + offset * DAY).toISOString();

const TEXT = {
  en: { meeting: 'Meeting overdue', closing: 'Close date passed' },
  fr: { meeting: 'Rendez-vous dépassé', closing: 'Date de clôture dépassée' },
} as const;

const card = (page: Page, company: string) => page.getByTestId('board-card').filter({ hasText: company });
const row = (page: Page, company: string) => page.locator('[data-testid="opportunity-row"]:visible').filter({ hasText: company });

for (const language of ['en', 'fr'] as const) {
  test(`overdue dates are marked and live work comes first (${language})`, async ({ page }) => {
    const rep = await createUser({ role: 'rep' });
    const suffix = Date.now().toString(36);
    const late = `Late Co ${suffix}`;
    const soon = `Soon Co ${suffix}`;
    const won = `Won Co ${suffix}`;
    await createDeals(
      rep,
      [
        { client_company_name: won, amount: 9000, stage: 'Closed-Win', closing_date: day(-80), next_meeting_date: at(-90) },
        { client_company_name: late, amount: 5000, stage: 'Negotiation', closing_date: day(-10), next_meeting_date: at(-30) },
        { client_company_name: soon, amount: 7000, stage: 'Proposal', next_meeting_date: at(5) },
      ].map((deal) => ({ ...deal, product: 'Support Desk' })),
    );

    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'language', value: language, url: baseURL }]);
    await signInAsUser(page, rep);

    // The board: the late deal's card says both, the others neither.
    await page.goto('/rep/pipeline');
    await expect(card(page, late)).toContainText(TEXT[language].meeting);
    await expect(card(page, late)).toContainText(TEXT[language].closing);
    await expect(card(page, soon).getByTestId('overdue-meeting')).toHaveCount(0);
    await expect(card(page, won).getByTestId('overdue-meeting')).toHaveCount(0);
    await expect(card(page, won).getByTestId('overdue-closing')).toHaveCount(0);

    // The list: open deals first (by next meeting), the won one last, whose old meeting is not marked.
    await page.goto('/rep/opportunities');
    const rows = page.locator('[data-testid="opportunity-row"]:visible');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText(late);
    await expect(rows.nth(1)).toContainText(soon);
    await expect(rows.nth(2)).toContainText(won);
    await expect(row(page, late)).toContainText(TEXT[language].meeting);
    await expect(row(page, late)).toContainText(TEXT[language].closing);
    await expect(row(page, won).getByTestId('overdue-meeting')).toHaveCount(0);

    // At 375 px the rows are cards: still marked.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(row(page, late)).toContainText(TEXT[language].meeting);
    await expect(row(page, late)).toContainText(TEXT[language].closing);
    await expect(row(page, soon).getByTestId('overdue-meeting')).toHaveCount(0);
  });
}

test('an empty workspace: one alert and one set of actions (issue 38)', async ({ page }) => {
  const rep = await createUser({ role: 'rep' });
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await signInAsUser(page, rep);
  await page.goto('/rep');
  await expect(page.getByTestId('empty-alert')).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: 'No opportunities found' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Import Sample Data' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Refresh Data' })).toHaveCount(0);
  // Filled, the panel is back and the alert gone.
  await page.getByRole('button', { name: 'Import Sample Data' }).click();
  await expect(page.getByRole('button', { name: 'Refresh Data' })).toHaveCount(1);
  await expect(page.getByTestId('empty-alert')).toHaveCount(0);
});

test('the sidebar shows the whole name at 1440 px (issue 38)', async ({ page }, info) => {
  test.skip(info.project.name === 'mobile', 'the sidebar is a menu on a phone');
  const rep = await createUser({ role: 'rep', name: 'Alexandrine Martin-Dupont' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsUser(page, rep);
  await page.goto('/rep');
  const name = page.getByTestId('workspace-user-name');
  await expect(name).toHaveText('Alexandrine Martin-Dupont');
  // Nothing hidden: the text is not wider than its box (no ellipsis, no clipping).
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
