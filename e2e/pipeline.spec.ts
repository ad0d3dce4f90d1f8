import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { DEMO, signInAs } from './support/session.ts';

const TEXT = {
  en: {
    locale: 'en-US',
    greeting: /Welcome back, Alex/,
    quick: 'Quick Pipeline',
    open: 'Open Opportunities',
    followUp: /require follow-up/,
    companies: 'Total Companies',
    closedWin: 'Closed-Win',
    viewDetails: 'View Details',
    detail: 'Opportunity Details',
    commercial: 'Commercial Details',
    technical: 'Technical Details',
    points: /\d+ points?/,
    question: 'Question:',
    pdf: 'Download PDF',
    pdfToast: 'PDF Download Started',
    myCompanies: 'My Companies',
    nav: 'My Companies',
    menu: 'Open menu',
  },
  fr: {
    locale: 'fr-FR',
    greeting: /Bon retour, Alex/,
    quick: 'Pipeline rapide',
    open: 'Opportunités ouvertes',
    followUp: /à relancer/,
    companies: 'Total des entreprises',
    closedWin: 'Gagnée',
    viewDetails: 'Voir les détails',
    detail: "Détails de l'opportunité",
    commercial: 'Détails commerciaux',
    technical: 'Détails techniques',
    points: /\d+ points?/,
    question: 'Question:',
    pdf: 'Télécharger le PDF',
    pdfToast: 'Téléchargement PDF lancé',
    myCompanies: 'Mes entreprises',
    nav: 'My Companies',
    menu: 'Open menu',
  },
} as const;

async function openCompanies(page: Page, name: string, isMobile: boolean) {
  if (isMobile) await page.locator('button[aria-controls="workspace-menu"]').click();
  await page.locator(`a[href="/rep/companies"]`).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

for (const lang of ['en', 'fr'] as const) {
  const t = TEXT[lang];
  test.describe(`rep journey (${lang})`, { tag: lang === 'en' ? '@phone' : [] }, () => {
    test.use({ locale: t.locale });

    test('dashboard → pipeline filter → detail → both tabs → PDF → companies', async ({ page }, info) => {
      const isMobile = info.project.name === 'mobile';
      await signInAs(page, DEMO.alex);
      await page.goto('/rep');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.greeting);
      await expect(page.getByRole('heading', { name: t.quick })).toBeVisible();
      await expect(page.getByTestId('card-open')).toContainText(t.open);
      await expect(page.getByTestId('card-open')).toContainText(t.followUp);
      await expect(page.getByTestId('card-companies')).toContainText(t.companies);
      await expect(page.getByTestId('upcoming-meetings').getByRole('checkbox').first()).toBeChecked();
      await expect(page.getByTestId('upcoming-meetings').getByRole('checkbox').first()).toBeDisabled();

      // Choosing a status in the Quick Pipeline filters the table and lands in the URL.
      await page.getByTestId('pipeline-Closed-Win').click();
      await expect(page).toHaveURL(/status=Closed-Win/);
      const rows = page.getByTestId('opportunity-row');
      await expect(rows.first()).toBeVisible();
      await expect(page.getByTestId('pipeline-Closed-Win')).toHaveAttribute('aria-pressed', 'true');

      await rows.first().getByRole('link', { name: t.viewDetails }).click();
      await expect(page).toHaveURL(/\/rep\/opportunities\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: t.detail })).toBeVisible();
      await expect(page.getByRole('tab', { name: t.commercial })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('points-count')).toHaveText(t.points);
      await expect(page.getByTestId('status-icon')).toHaveAttribute('data-tone', 'green');

      await page.getByRole('tab', { name: t.technical }).click();
      await expect(page.getByRole('tabpanel')).toContainText(t.question);

      const download = page.waitForEvent('download');
      await page.getByTestId('download-pdf').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/-specification\.pdf$/);
      await expect(page.getByText(t.pdfToast)).toBeVisible();

      await openCompanies(page, t.myCompanies, isMobile);
      await expect(page.getByTestId('company-row').first()).toBeVisible();
    });
  });
}

test('the Quick Pipeline collapses and expands', { tag: '@phone' }, async ({ page }) => {
  await signInAs(page, DEMO.alex);
  await page.goto('/rep');
  await expect(page.getByTestId('pipeline-On-going')).toBeVisible();
  await page.getByRole('button', { name: 'Show or hide the Quick Pipeline' }).click();
  await expect(page.getByTestId('pipeline-On-going')).toBeHidden();
  await page.getByRole('button', { name: 'Show or hide the Quick Pipeline' }).click();
  await expect(page.getByTestId('pipeline-On-going')).toBeVisible();
});

for (const width of [1280, 1920]) {
  test(`the dashboard table shows every column at ${width} px, in French too`, async ({ page }, info) => {
    test.skip(info.project.name === 'mobile', 'a desktop width');
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, DEMO.alex);
    for (const lang of ['en', 'fr']) {
      await page.context().addCookies([{ name: 'language', value: lang, url: baseURL }]);
      await page.goto('/rep');
      const table = page.locator('table').filter({ has: page.getByTestId('opportunity-row') });
      await expect(table.getByTestId('opportunity-row').first()).toBeVisible();
      // The table is no wider than its scroller: no column is hidden behind a sideways scroll.
      expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
      const scroller = (await table.locator('xpath=..').boundingBox())!;
      const sortColumn = table.getByRole('button', { name: lang === 'fr' ? /Prochain rendez-vous/ : /Next Meeting/ });
      const header = (await sortColumn.boundingBox())!;
      expect(header.x + header.width).toBeLessThanOrEqual(scroller.x + scroller.width);
    }
  });
}

test.describe('the pipeline chart in French', () => {
  test.use({ locale: 'fr-FR' });
  test('writes its axis amounts short, and all of each fits', { tag: '@phone' }, async ({ page }) => {
    await signInAs(page, DEMO.alex);
    await page.goto('/rep');
    const ticks = page.getByTestId('pipeline-chart').locator('[data-chart="y-tick"]');
    await expect(ticks.first()).toBeVisible();
    const texts = await ticks.allTextContents();
    for (const text of texts) expect(text.replace(/[\u00a0\u202f]/g, ' ')).toMatch(/^\d+(,\d)?( k| M| Md)? \$US$/);
    const chart = await page.getByTestId('pipeline-chart').boundingBox();
    for (const tick of await ticks.all()) expect((await tick.boundingBox())!.x).toBeGreaterThanOrEqual(chart!.x);
  });
});
