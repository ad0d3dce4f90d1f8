import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';

/**
 * The specs whose behaviour is the same at every width run at 1440 px only (playwright.config.ts);
 * this one opens each of their pages at 375 px and checks what a phone changes: nothing scrolls
 * sideways, the workspace menu opens from its button and lists the page, and axe finds nothing.
 */
test.skip(({ isMobile }) => !isMobile, 'the phone layout');

async function expectPhoneLayout(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main#main').getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path}: no horizontal scrolling`).toBeLessThanOrEqual(0);
  const axe = await new AxeBuilder({ page }).include('main#main').analyze();
  expect(axe.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function openMenu(page: Page) {
  const toggle = page.locator('button[aria-controls="workspace-menu"]');
  await toggle.click();
  await expect(page.locator('#workspace-menu')).toBeVisible();
  return page.locator('#workspace-menu');
}

async function representativePath(page: Page): Promise<string> {
  const response = await page.request.get('/api/team/representatives?pageSize=200');
  const { items } = (await response.json()) as { items: { id: string | null; email: string | null }[] };
  const alex = items.find((item) => item.email === DEMO.alex);
  if (!alex?.id) throw new Error('the demo representative is not in the team');
  return `/manager/representatives/${alex.id}`;
}

/** The first account of the team's list (the demo seed has many), in the manager's workspace. */
async function accountPath(page: Page): Promise<string> {
  const response = await page.request.get('/api/accounts?pageSize=1');
  const { items } = (await response.json()) as { items: { id: number }[] };
  if (!items[0]) throw new Error('the demo team has no account');
  return `/manager/accounts/${items[0].id}`;
}

test("a representative's pages fit a phone and the menu reaches them", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, DEMO.sam);
  for (const path of ['/rep', '/rep/companies', '/rep/analyze', '/settings', '/help/metrics']) {
    await expectPhoneLayout(page, path);
  }
  const menu = await openMenu(page);
  await expect(menu.getByRole('link').first()).toBeVisible();
  expect(await menu.getByRole('link').count()).toBeGreaterThan(3);
});

// Two tests, not one: eleven pages in one test ran past its two minutes on a loaded 2-core machine
// (28 Nov CI); as two, the halves run side by side on the two workers.
test("a manager's team pages fit a phone", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, DEMO.manager);
  const pages = [
    '/manager',
    '/manager/representatives',
    await representativePath(page),
    '/manager/opportunities',
    '/manager/accounts',
    await accountPath(page),
  ];
  for (const path of pages) await expectPhoneLayout(page, path);
});

test("a manager's insight and admin pages fit a phone and the menu reaches them", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, DEMO.manager);
  for (const path of ['/manager/forecast', '/manager/risks', '/manager/trends', '/manager/leads', '/manager/team']) {
    await expectPhoneLayout(page, path);
  }
  const menu = await openMenu(page);
  for (const path of ['/manager/accounts', '/manager/forecast', '/manager/team', '/manager/leads']) {
    await expect(menu.locator(`a[href="${path}"]`)).toBeVisible();
  }
});
