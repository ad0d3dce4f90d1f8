import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createDeal, createUser, signInAsUser } from './support/users.ts';

/*
 * The manager's Accounts (issue 36): a manager opens Accounts from the workspace menu (the sidebar at
 * 1440 px, "Open menu" at 375 px), finds an account two representatives sell to by its name, opens
 * it in their own workspace and sees its deals with each one's owner; both pages pass axe. In
 * English and in French.
 */
const TEXT = {
  en: {
    locale: 'en-US',
    menu: 'Open menu',
    nav: 'Accounts',
    title: 'Accounts',
    search: 'Search accounts',
    count: '1 account',
    open: '2 open',
    owner: 'Owner: ',
    merge: 'Merge…',
    back: 'Back to Accounts',
  },
  fr: {
    locale: 'fr-FR',
    menu: 'Ouvrir le menu',
    nav: 'Comptes',
    title: 'Comptes',
    search: 'Rechercher des comptes',
    count: '1 compte',
    open: '2 en cours',
    owner: 'Responsable : ',
    merge: 'Fusionner…',
    back: 'Retour aux comptes',
  },
} as const;

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('main#main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const lang of ['en', 'fr'] as const) {
  const t = TEXT[lang];
  test.describe(`the manager's accounts (${lang})`, { tag: lang === 'en' ? '@phone' : [] }, () => {
    test.use({ locale: t.locale });

    test("a manager finds a representative's account from the menu and sees its deals with their owners", async ({
      page,
      isMobile,
    }) => {
      test.setTimeout(90_000);
      const alex = await createUser({ role: 'rep' });
      const sam = await createUser({ role: 'rep' });
      const manager = await createUser({ role: 'manager' });
      // A name of this run only: the other project's run (and a rerun) never shares the account.
      const tag = alex.email.slice(alex.email.lastIndexOf('-') + 1, alex.email.indexOf('@'));
      const company = `Orion Freight ${tag}`;
      const alexDeal = await createDeal(alex, {
        client_company_name: company,
        product: 'Fleet telematics',
        stage: 'Proposal',
        amount: 120000,
      });
      const samDeal = await createDeal(sam, { client_company_name: company, product: 'Route planning', amount: 30000 });

      await signInAsUser(page, manager);
      await page.goto('/manager');
      await expect(page.locator('main#main').getByRole('heading', { level: 1 })).toBeVisible();
      if (isMobile) await page.getByRole('button', { name: t.menu }).click();
      await page.getByRole('link', { name: t.nav, exact: true }).click();
      await expect(page).toHaveURL(/\/manager\/accounts$/);
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      await expect(page.getByTestId('account-row').first()).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('searchbox', { name: t.search }).fill(tag);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
      const rows = page.getByTestId('account-row');
      await expect(rows).toHaveCount(1);
      await expect(page.getByTestId('account-count')).toHaveText(t.count);
      // Both representatives' deals count: the manager's figures are the team's.
      await expect(rows).toContainText(t.open);
      await rows.getByRole('link', { name: company }).click();

      await expect(page).toHaveURL(/\/manager\/accounts\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
      await expect(page.getByTestId('account-figure-deals')).toHaveText('2');
      const deals = page.getByTestId('account-deals').getByRole('listitem');
      await expect(deals).toHaveCount(2);
      const alexRow = deals.filter({ hasText: 'Fleet telematics' });
      const samRow = deals.filter({ hasText: 'Route planning' });
      await expect(alexRow).toContainText(`${t.owner}${alex.name}`);
      await expect(samRow).toContainText(`${t.owner}${sam.name}`);
      // Each deal opens through its representative, in the manager's workspace.
      await expect(alexRow.getByRole('link')).toHaveAttribute(
        'href',
        `/manager/representatives/${alex.id}/opportunities/${alexDeal}`,
      );
      await expect(samRow.getByRole('link')).toHaveAttribute(
        'href',
        `/manager/representatives/${sam.id}/opportunities/${samDeal}`,
      );
      // The server lets a manager merge and split any account: the page offers both.
      await expect(page.getByRole('button', { name: t.merge })).toBeVisible();
      await expect(page.getByRole('link', { name: t.back })).toHaveAttribute('href', '/manager/accounts');
      await expectNoAxeViolations(page);

      await alexRow.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/manager/representatives/${alex.id}/opportunities/${alexDeal}$`));
      await expect(page.locator('main#main').getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
}
