import { expect, test } from '@playwright/test';

test('the home page renders with its header, hero and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page).toHaveTitle(/Nexa/);
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the language toggle switches to French, sets <html lang> and survives a reload', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('contentinfo').getByTestId('language-toggle').click();
  await expect(page.getByRole('heading', { name: 'Oups ! Page introuvable' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Oups ! Page introuvable' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('a French browser gets French by default', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { name: 'Oups ! Page introuvable' })).toBeVisible();
  await context.close();
});

test('/api/health answers 200 and an unknown /api path a JSON 404', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const unknown = await request.get('/api/x');
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()['content-type']).toContain('application/json');
  expect((await unknown.json()).error.code).toBe('not_found');
});

test('hashed assets are cached for a year, the page itself is not', async ({ page, request }) => {
  const response = await page.goto('/');
  expect(response?.headers()['cache-control']).toBe('no-cache');
  const script = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(script).toMatch(/^\/assets\//);
  const asset = await request.get(script!);
  expect(asset.headers()['cache-control']).toContain('immutable');
});

test('/signup sends visitors to early access', async ({ page }) => {
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/early-access$/);
});

test('a signed-in representative reaches the rep workspace shell', async ({ page }) => {
  const { signInAs, DEMO } = await import('./support/session.ts');
  await signInAs(page, DEMO.alex);
  await page.goto('/rep');
  await expect(page.getByTestId('workspace-user-name').first()).toHaveText('Alex Martin');
});
