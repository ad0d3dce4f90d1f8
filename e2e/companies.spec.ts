import { expect, test } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';

test('companies: search, industry and product filters', async ({ page }) => {
  await signInAs(page, DEMO.sam);
  await page.goto('/rep/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'My Companies' })).toBeVisible();
  await expect(page.getByText('View and manage client companies')).toBeVisible();
  const rows = page.getByTestId('company-row');
  await expect(rows.first()).toBeVisible();

  await page.getByLabel('Filter by Industry').selectOption('Technology');
  await expect(page).toHaveURL(/industry=Technology/);
  await expect(rows.first()).toBeVisible();
  // The previous page stays on screen while the filtered one loads: wait until every row is a Technology one.
  await expect(rows.locator('td:nth-child(2)').filter({ hasNotText: 'Technology' })).toHaveCount(0);

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
  // Alex's Granite Systems has deals marked "Warm" and "Warm Lead": one WARM badge, not two.
  await signInAs(page, DEMO.alex);
  await page.goto('/rep/companies?q=Granite%20Systems');
  const row = page.getByTestId('company-row').filter({ hasText: 'Granite Systems' });
  await expect(row).toBeVisible();
  await expect(row.locator('span[title]')).toHaveText(['WARM']);
});
