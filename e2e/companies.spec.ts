import { expect, test } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';
import { createUser, importDeals, signInAsUser } from './support/users.ts';

test('companies: search, industry and product filters', async ({ page }) => {
  await signInAs(page, DEMO.sam);
  await page.goto('/rep/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'My Companies' })).toBeVisible();
  await expect(page.getByText('View and manage client companies')).toBeVisible();
  const rows = page.getByTestId('company-row');
  await expect(rows.first()).toBeVisible();

  // The first industry the rep's companies have (the demo data decides which).
  const industry = (await page.getByLabel('Filter by Industry').locator('option').nth(1).getAttribute('value'))!;
  await page.getByLabel('Filter by Industry').selectOption(industry);
  await expect(page).toHaveURL(new RegExp(`industry=${encodeURIComponent(industry).replace(/%20/g, '(\\+|%20)')}`));
  await expect(rows.first()).toBeVisible();
  // The previous page stays on screen while the filtered one loads: wait until every row is of that industry.
  await expect(rows.filter({ hasNotText: industry })).toHaveCount(0);

  await page.getByLabel('Filter by Industry').selectOption('');
  await page.getByLabel('Filter by Product').selectOption({ index: 1 });
  await expect(page).toHaveURL(/product=/);
  await expect(rows.first()).toBeVisible();

  await page.getByPlaceholder('Search companies...').fill('zzzz-nothing');
  await expect(page.getByText('No companies found matching your search')).toBeVisible();
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });
  test('companies in French', async ({ page }) => {
    await signInAs(page, DEMO.sam);
    await page.goto('/rep/companies');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes entreprises' })).toBeVisible();
    await expect(page.getByTestId('company-row').first()).toBeVisible();
  });
});

test('a company shows each lead status once, whatever its spelling', async ({ page }) => {
  // A company with deals marked "Warm" and "Warm Lead" shows one WARM badge, not two.
  const rep = await createUser({ role: 'rep' });
  await signInAsUser(page, rep);
  const company = 'Dedupe Works';
  const rows = ['Warm', 'Warm Lead'].map((lead_status) => ({
    client_company_name: company,
    product: 'Nexa Platform',
    amount: '1000',
    status: 'Qualified',
    lead_status,
  }));
  expect((await importDeals(rep, rows)).inserted).toBe(2);
  await page.goto(`/rep/companies?q=${encodeURIComponent(company)}`);
  const row = page.getByTestId('company-row').filter({ hasText: company });
  await expect(row).toBeVisible();
  await expect(row.locator('span[title]')).toHaveText(['WARM']);
});
