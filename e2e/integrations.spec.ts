import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { createUser, signInAsUser } from './support/users.ts';

async function expectAccessible(page: Page, scope: string) {
  const axe = await new AxeBuilder({ page }).include(scope).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the manager creates an API key, an integration uses it, the manager sees it used and revokes it', async ({ page }) => {
  test.setTimeout(60_000);
  // A manager and a representative of its own: the key and the deal the integration sends touch nobody else's.
  const [manager, rep] = await Promise.all([createUser({ role: 'manager' }), createUser({ role: 'rep' })]);
  // Every manager sees every key: the name tells this run's apart.
  const name = `CRM sync ${rep.id.slice(0, 8)}`;
  await signInAsUser(page, manager);
  await page.goto('/manager');

  // Reached from the sidebar.
  await page.getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/manager\/integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

  await expectAccessible(page, 'main');

  // From the keyboard: the name field, Enter submits.
  await page.getByLabel('Key name').focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await expect(dialog.getByText("you won't see it again")).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  const key = await dialog.getByLabel('API key').inputValue();
  expect(key).toMatch(/^nexa_[\w-]{43}$/);
  await dialog.getByRole('button', { name: 'I have copied the key' }).click();
  await expect(dialog).toBeHidden();

  // Shown once: the list has its prefix only, never the key.
  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row).toContainText(key.slice(0, 11));
  await expect(row.getByTestId('api-key-last-used')).toHaveText('Never');
  expect(await page.content()).not.toContain(key);

  // The integration: no browser session, only the bearer key.
  const integration = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  const insight = {
    external_id: `e2e-${rep.id}`,
    account_manager: rep.name,
    client_company_name: 'Globex Corporation',
    product: 'Nexa Platform',
    amount: 48000,
    lead_status: 'Warm',
  };
  const created = await integration.post('/api/v1/call-insights', { data: insight });
  expect(created.status()).toBe(201);
  expect(await created.json()).toMatchObject({ created: true, changed: true });
  const repeat = await integration.post('/api/v1/call-insights', { data: insight });
  expect(repeat.status()).toBe(200);
  expect(await repeat.json()).toMatchObject({ created: false, changed: false });

  await page.reload();
  await expect(row.getByTestId('api-key-last-used')).not.toHaveText('Never');

  await row.getByRole('button', { name: `Revoke the key ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('This cannot be undone');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  const refused = await integration.post('/api/v1/call-insights', { data: { ...insight, amount: 1 } });
  expect(refused.status()).toBe(401);
  await integration.dispose();
});
