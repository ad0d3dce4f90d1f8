import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';
import { createUser, giveSampleDeals } from './support/users.ts';

// The e2e data folder is shared by every spec: no exact team totals here (other specs add people
// and rows in parallel). What this spec changes (a quota) it changes on a representative of its own.

const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

test('the manager goes dashboard → representatives → search → a representative → an opportunity → download', async ({
  page,
}, testInfo) => {
  const rep =
    testInfo.project.name === 'mobile' ? { email: DEMO.jordan, name: 'Jordan Patel' } : { email: DEMO.sam, name: 'Sam Dupont' };
  await signInAs(page, DEMO.manager);

  await page.goto('/manager');
  await expect(page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Morgan$/ })).toBeVisible();
  await expect(page.getByText('Sales representatives', { exact: true })).toBeVisible();
  expect(Number(await page.getByTestId('card-representatives').innerText())).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('card-total-amount')).toHaveText(/^\$[\d,]+$/);
  await expect(page.getByText('Technical score leader')).toBeVisible();
  await expect(page.getByText('Commercial score leader')).toBeVisible();
  await expect(page.getByTestId('team-chart').locator('svg').first()).toBeVisible();
  await expect(visible(page, 'team-row').filter({ hasText: 'Alex Martin' })).toBeVisible();
  // The chart says how many it shows: those of the table's rows that have deals, at most ten.
  const description = await page.getByText(/^Amounts by status for the/).innerText();
  const charted = Number(/the (\d+) representatives/.exec(description)?.[1] ?? 1);
  expect(charted).toBeLessThanOrEqual(Math.min(10, await visible(page, 'team-row').count()));
  await expect(page.getByRole('link', { name: 'View Details — Sam Dupont' })).toBeVisible();

  await page.getByRole('link', { name: 'View all representatives' }).click();
  await expect(page).toHaveURL(/\/manager\/representatives$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sales Representatives' })).toBeVisible();
  await expect(page.getByText('Manage and monitor your sales team')).toBeVisible();
  // The demo's three representatives (other specs may invite more in parallel).
  for (const name of ['Alex Martin', 'Sam Dupont', 'Jordan Patel']) {
    await expect(visible(page, 'representative-row').filter({ hasText: name })).toHaveCount(1);
  }

  const search = page.getByRole('searchbox', { name: 'Search representatives by name or e-mail' });
  await search.fill('no such person');
  await expect(page.getByText('No representatives found.').locator('visible=true')).toBeVisible();
  await search.fill(rep.email.toUpperCase());
  await expect(visible(page, 'representative-row')).toHaveCount(1);
  await expect(visible(page, 'representative-row')).toContainText(rep.name);
  await expect(visible(page, 'representative-row')).toContainText('Remote');

  await visible(page, 'representative-row').getByRole('link').click();
  await expect(page).toHaveURL(/\/manager\/representatives\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: rep.name })).toBeVisible();
  await expect(page.getByText(rep.email, { exact: true })).toBeVisible();
  for (const tile of ['Quota Attainment', 'Win Rate', 'Avg Deal Size', 'Sales Cycle']) {
    await expect(page.getByText(tile, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('tile-sales-cycle')).toHaveText(/^\d+ days?$/);
  await expect(page.getByTestId('recent-opportunity')).toHaveCount(3);
  await expect(page.getByTestId('recent-activity')).toHaveCount(4);

  await page.getByTestId('recent-opportunity').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Exact: the deal's history below names the same fields ("Technical score: … → …").
  await expect(dialog.getByText('Technical Score', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Commercial Score', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Technical — Answers' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: /Commercial — Answers/ })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Feedback' }).first()).toBeVisible();
  const download = dialog.getByRole('link', { name: 'Download technical specification (PDF)' });
  await expect(download).toHaveAttribute('href', /^\/api\/opportunities\/\d+\/specification\?format=pdf$/);
  await expect(download).toHaveAttribute('target', '_blank');

  await dialog.getByRole('link', { name: 'Open full page' }).click();
  await expect(page).toHaveURL(/\/manager\/representatives\/[^/]+\/opportunities\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Opportunity Details' })).toBeVisible();
  await expect(page.getByText('Technical Score', { exact: true })).toBeVisible();
});

test('the manager sets a quota and sees the attainment change', async ({ page }) => {
  const rep = await createUser({ role: 'rep' });
  await giveSampleDeals(rep);
  await signInAs(page, DEMO.manager);
  const id = rep.id;
  const detail = (await (await page.request.get(`/api/team/representatives/${id}`)).json()) as {
    metrics: { wonThisQuarter: number };
  };
  const won = detail.metrics.wonThisQuarter;

  await page.goto(`/manager/representatives/${id}`);
  const quota = page.getByLabel('Quarterly quota in US dollars');
  const attainment = page.getByTestId('tile-quota-attainment');

  await quota.fill('12.5');
  await page.getByRole('button', { name: 'Save quota' }).click();
  await expect(page.getByText('Enter a whole number of dollars between 1 and 1,000,000,000.')).toBeVisible();

  const first = won > 0 ? won * 4 : 400_000;
  await quota.fill(String(first));
  await page.getByRole('button', { name: 'Save quota' }).click();
  await expect(page.getByText('Quota saved').first()).toBeVisible();
  await expect(attainment).toHaveText(won > 0 ? '25%' : '0%');
  await expect(page.getByText(`of $${first.toLocaleString('en-US')}`)).toBeVisible();

  if (won > 0) {
    await quota.fill(String(won));
    await page.getByRole('button', { name: 'Save quota' }).click();
    await expect(attainment).toHaveText('100%');
  }
  await page.reload();
  await expect(attainment).toHaveText(won > 0 ? '100%' : '0%');
});

test('the manager workspace in French', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'fr'));
  await signInAs(page, DEMO.manager);
  await page.goto('/manager');
  await expect(page.getByRole('heading', { level: 1, name: /^(Bonjour|Bon après-midi|Bonsoir), Morgan$/ })).toBeVisible();
  await expect(page.getByText('Meilleur score technique')).toBeVisible();
  await expect(page.getByTestId('card-total-amount')).toHaveText(/\$US$/);
  await page.getByRole('link', { name: 'Voir tous les commerciaux' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Commerciaux' })).toBeVisible();
  await expect(page.getByText('Gérez et suivez votre équipe commerciale')).toBeVisible();
  // Other specs add representatives named Alex…: the demo one by her e-mail.
  await page.getByRole('searchbox', { name: 'Rechercher des commerciaux par nom ou e-mail' }).fill(DEMO.alex);
  await expect(visible(page, 'representative-row')).toHaveCount(1);
  await expect(visible(page, 'representative-row')).toContainText('À distance');
  await visible(page, 'representative-row').getByRole('link').click();
  await expect(page.getByText("Atteinte de l'objectif", { exact: true })).toBeVisible();
  await expect(page.getByText('Cycle de vente', { exact: true })).toBeVisible();
  await page.getByTestId('recent-opportunity').first().click();
  await expect(page.getByRole('dialog').getByText('Score technique', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('dialog').getByRole('link', { name: 'Télécharger la spécification technique (PDF)' }),
  ).toBeVisible();
});

test('an unknown representative reads "Sales representative not found"; a representative cannot open /manager', async ({
  page,
}) => {
  await signInAs(page, DEMO.manager);
  await page.goto('/manager/representatives/no-such-id');
  await expect(page.getByText('Sales representative not found')).toBeVisible();
  await page.context().clearCookies();
  await signInAs(page, DEMO.alex);
  await page.goto('/manager');
  await expect(page).toHaveURL(/\/$/);
});
