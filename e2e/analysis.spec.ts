import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './support/hydration.ts';

const API = '**/api/analysis/company';

async function openSection(page: Page) {
  await page.goto('/');
  // The landing page is pre-rendered: typing before React hydrates the form would be lost.
  await waitForHydration(page);
  const section = page.locator('section#analysis');
  await section.scrollIntoViewIfNeeded();
  return {
    section,
    input: section.getByRole('textbox', { name: 'Company name' }),
    analyze: section.getByRole('button', { name: /^(Analyze|Analyzing…)$/ }),
    reset: section.getByRole('button', { name: 'Reset' }),
    recommended: section.locator('li[data-recommended="true"]'),
  };
}

test('an empty or blank query says what is missing and makes no call', async ({ page }) => {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/analysis/company')) calls += 1;
  });
  const { section, input, analyze } = await openSection(page);
  await expect(analyze).toBeDisabled();
  await input.fill('   ');
  await expect(analyze).toBeDisabled();
  await input.press('Enter');
  await expect(section.getByRole('alert')).toHaveText('Please enter your company name to analyze.');
  await expect(section.getByTestId('analysis-no-company')).toContainText('No company to analyze yet');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(calls).toBe(0);
});

test(
  'a successful analysis shows its progress, the diagnosis and two highlighted cards; Reset clears it',
  { tag: '@phone' },
  async ({ page }) => {
    // Hold the real answer until the searching state has been checked.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(API, async (route) => {
      await released;
      await route.continue();
    });
    const { section, input, analyze, reset, recommended } = await openSection(page);
    await expect(reset).toHaveCount(0);
    await input.fill('Initech Software');
    await analyze.click();

    await expect(section.getByRole('progressbar', { name: 'Analysis progress' })).toBeVisible();
    await expect(analyze).toHaveText('Analyzing…');
    await expect(analyze).toBeDisabled();
    release();

    const result = section.getByTestId('analysis-result');
    await expect(result.getByRole('heading', { name: 'Diagnosis for Initech Software' })).toBeVisible();
    await expect(result).toContainText('Quick analysis of Initech Software');
    // The offline analyzer is never presented as a live AI answer.
    await expect(result.getByTestId('analysis-provider')).toHaveText('Quick offline analysis, not a live AI answer');
    await expect(recommended).toHaveCount(2);
    await expect(recommended.nth(0)).toHaveAttribute('data-card', 'data-capture');
    await expect(recommended.nth(1)).toHaveAttribute('data-card', 'call-gaps');
    for (const card of await recommended.all()) await expect(card.getByText('Recommended', { exact: true })).toBeVisible();
    await expect(section.getByRole('progressbar')).toHaveCount(0);
    const axe = await new AxeBuilder({ page }).include('section#analysis').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await reset.click();
    await expect(input).toHaveValue('');
    await expect(result).toHaveCount(0);
    await expect(recommended).toHaveCount(0);
    await expect(reset).toHaveCount(0);
    await expect(input).toBeFocused();
  },
);

test('a provider failure clears the result and shows the Analysis Error toast', async ({ page }) => {
  const { section, input, analyze, recommended } = await openSection(page);
  await input.fill('Umbrella Pharma');
  await analyze.click();
  await expect(section.getByTestId('analysis-result')).toBeVisible();
  await expect(recommended).toHaveCount(2);

  // The server's own 503 path is proven by the API tests; here the browser gets one.
  await page.route(API, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'service_unavailable', message: 'The analysis is temporarily unavailable.' } }),
    }),
  );
  await analyze.click();
  await expect(page.getByText('Analysis Error')).toBeVisible();
  await expect(page.getByText("We couldn't complete the analysis. Please try again.")).toBeVisible();
  await expect(section.getByTestId('analysis-result')).toHaveCount(0);
  await expect(recommended).toHaveCount(0);
  await expect(analyze).toBeEnabled();
});

test.describe('in French', () => {
  // The project's page (not a context of its own, which had the default 1280 px viewport in the phone
  // project too): the French form and cards are checked at 375 px as well.
  test.use({ locale: 'fr-FR' });

  test('a French visitor gets the form, the diagnosis and the cards in French', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const section = page.locator('section#analysis');
    await section.getByRole('textbox', { name: "Nom de l'entreprise" }).fill('Banque Durand');
    await section.getByRole('button', { name: 'Analyser' }).click();
    const result = section.getByTestId('analysis-result');
    await expect(result.getByRole('heading', { name: 'Diagnostic pour Banque Durand' })).toBeVisible();
    await expect(result).toContainText('Analyse rapide de Banque Durand');
    await expect(result.getByTestId('analysis-provider')).toHaveText("Analyse rapide hors ligne, pas une réponse d'IA en direct");
    await expect(section.locator('li[data-recommended="true"]').getByText('Recommandé', { exact: true })).toHaveCount(2);
  });
});
