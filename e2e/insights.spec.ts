import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { DEMO, signInAs } from './support/session.ts';

// Read-only on the demo team: the manager's Monday questions. Other specs add people and deals in
// parallel, so nothing here counts exact team totals; each figure is compared with its own list.

const LANGUAGES = ['en', 'fr'] as const;
const TEXT = {
  en: { forecast: 'Forecast', risks: 'Deals at risk', deal: 'Opportunity Details', commit: 'Commit' },
  fr: { forecast: 'Prévisions', risks: 'Affaires à risque', deal: "Détails de l'opportunité", commit: 'Engagé' },
} as const;

async function signIn(page: Page, language: (typeof LANGUAGES)[number]) {
  await signInAs(page, DEMO.manager);
  await page.context().addCookies([{ name: 'language', value: language, url: baseURL }]);
}

for (const language of LANGUAGES) {
  const text = TEXT[language];

  test(`the manager follows a forecast figure to its deals, then a deal at risk to its cited call line (${language})`, async ({
    page,
  }) => {
    await signIn(page, language);
    await page.goto('/manager/forecast');
    await expect(page.getByRole('heading', { level: 1, name: text.forecast })).toBeVisible();
    await expect(page.getByTestId('forecast-table')).toBeVisible();

    // The team's commit figure opens its deals, which add up to it.
    const figure = page.getByTestId('figure-commit-team');
    const value = (await figure.innerText()).trim();
    await figure.click();
    const deals = page.getByTestId('figure-deals');
    await expect(deals.getByRole('heading', { level: 2 })).toContainText(text.commit);
    await expect(deals.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(page.getByTestId('figure-deals-summary')).toContainText(value);
    const first = deals.getByTestId('figure-deal-link').first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page).toHaveURL(/\/manager\/representatives\/[^/]+\/opportunities\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: text.deal })).toBeVisible();
    await expect(page.getByTestId('deal-insights')).toBeVisible();

    // The team's deals at risk: one whose warning quotes a call line, opened to its deal.
    await page.goto('/manager/risks');
    await expect(page.getByRole('heading', { level: 1, name: text.risks })).toBeVisible();
    const item = page
      .getByTestId('risk-item')
      .filter({ has: page.getByTestId('cited-line') })
      .first();
    const cited = (await item.getByTestId('cited-line').first().innerText()).trim();
    expect(cited.length).toBeGreaterThan(10);
    await item.getByTestId('risk-deal-link').click();
    await expect(page).toHaveURL(/\/manager\/representatives\/[^/]+\/opportunities\/\d+$/);
    const badge = page.getByTestId('risk-badge');
    await expect(badge).toBeVisible();
    await badge.click();
    await expect(
      page
        .getByTestId('deal-insights')
        .getByTestId('cited-line')
        .filter({ hasText: cited.replace(/^\S+ \d+\s*/, '') })
        .first(),
    ).toBeVisible();
  });
}
