import { expect, test } from '@playwright/test';
import { createUser, importDeals, signInAsUser } from './support/users.ts';

/*
 * Accounts (issue 36): My Companies lists the rep's accounts, each opens its account page with its
 * figures and deals; two accounts merge into one, and the toast's Undo brings them back.
 */
test('accounts: list, account page, merge and undo', async ({ page }) => {
  const rep = await createUser({ role: 'rep' });
  // Accounts are the team's: names of this run only, so the other project's run (and a rerun) never shares them.
  const tag = rep.email.slice(rep.email.lastIndexOf('-') + 1, rep.email.indexOf('@'));
  const analytics = `Vertex Analytics ${tag}`;
  const data = `Vertex Data ${tag}`;
  const deal = (company: string, amount: string) => ({
    client_company_name: company,
    product: 'Nexa Platform',
    amount,
    status: 'Qualified',
    lead_status: 'Warm',
  });
  // "VERTEX ANALYTICS … Inc." is the same company as "Vertex Analytics …": one account of two deals.
  const rows = [deal(analytics, '1000'), deal(`${analytics.toUpperCase()} Inc.`, '2000'), deal(data, '500')];
  expect((await importDeals(rep, rows)).inserted).toBe(3);
  await signInAsUser(page, rep);

  await page.goto(`/rep/companies?q=${encodeURIComponent(tag)}`);
  const companies = page.getByTestId('company-row');
  await expect(companies).toHaveCount(2);
  await page.getByRole('link', { name: analytics }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: analytics })).toBeVisible();
  await expect(page.getByTestId('account-figure-deals')).toHaveText('2');
  await expect(page.getByTestId('account-deals').getByRole('link')).toHaveCount(2);

  // Merge the other account into this one, by keyboard from the search on.
  await page.getByRole('button', { name: 'Merge…' }).click();
  const dialog = page.getByTestId('merge-dialog');
  await dialog.getByRole('searchbox').fill(data);
  await dialog.getByRole('checkbox', { name: new RegExp(data) }).check();
  await dialog.getByRole('button', { name: 'Merge 1 account' }).click();
  await expect(page.getByText(`Merged into ${analytics}`).first()).toBeVisible();
  await expect(page.getByTestId('account-figure-deals')).toHaveText('3');
  await expect(page.getByTestId('account-history')).toContainText(`${data} merged into ${analytics}`);

  // The toast's Undo puts the other account back.
  await page.getByRole('button', { name: 'Undo' }).first().click();
  await expect(page.getByText('Undone', { exact: true })).toBeVisible();
  await expect(page.getByTestId('account-figure-deals')).toHaveText('2');
  await page.goto(`/rep/companies?q=${encodeURIComponent(tag)}`);
  await expect(companies).toHaveCount(2);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });
  test('an account page in French', async ({ page }) => {
    const rep = await createUser({ role: 'rep' });
    const company = `Lumière ${rep.email.slice(rep.email.lastIndexOf('-') + 1, rep.email.indexOf('@'))} SAS`;
    const row = { client_company_name: company, product: 'Nexa', amount: '900', status: 'New', lead_status: 'Hot' };
    expect((await importDeals(rep, [row])).inserted).toBe(1);
    await signInAsUser(page, rep);
    await page.goto(`/rep/companies?q=${encodeURIComponent(company)}`);
    await page.getByRole('link', { name: company }).first().click();
    await expect(page.getByText('Pipeline ouvert')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fusionner…' })).toBeVisible();
  });
});
