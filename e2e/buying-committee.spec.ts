import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { analyseOnDeal } from './support/analysis.ts';
import { apiAs, createDeal, createUser, signInAsUser } from './support/users.ts';
import { waitForHydration } from './support/hydration.ts';

// The buying committee's "done when" (issue 36): a representative uploads a call where the deal's CFO
// speaks on a line without a speaker label and says who she is; the analysis suggests "economic
// buyer" for her with the cited line; the representative accepts it, and the manager's risk view no
// longer warns that the deal has no economic buyer. Nothing is set before the accept.

const HEADERS = { origin: baseURL };
const TEXT = {
  locale: 'en-US',
  warning: /No economic buyer identified/,
  role: 'Economic buyer',
  accepted: /Priya Sharma is now Economic buyer on this deal/,
};

test.describe('buying committee', () => {
  test.use({ locale: TEXT.locale });

  test('a call names the CFO on an unlabelled line; the rep accepts her as economic buyer and the risk goes', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // A name of this run's own: the transcript names the rep by it, and the risk view's filter picks it.
    const repName = `Sam ${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6)
      .replace(/^./, (c) => c.toUpperCase())}`;
    const rep = await createUser({ role: 'rep', name: repName, language: 'en' });
    const manager = await createUser({ role: 'manager', language: 'en' });
    const company = `Committee Corp ${Date.now()}`;
    const id = await createDeal(rep, {
      client_company_name: company,
      product: 'Warehouse scanning',
      stage: 'Proposal',
      amount: 250000,
    });
    // The CFO is on the deal's committee already, with no role: nobody has said who signs.
    const api = await apiAs(rep.email, rep.password);
    try {
      const added = await api.post(`/api/opportunities/${id}/committee`, {
        data: { contact: { full_name: 'Priya Sharma', title: 'CFO' }, roles: [] },
        headers: HEADERS,
      });
      expect(added.status(), await added.text()).toBeLessThan(300);
    } finally {
      await api.dispose();
    }

    // The manager sees the warning first.
    const managerContext = await browser.newContext({ locale: TEXT.locale, viewport: { width: 1440, height: 900 } });
    const managerPage = await managerContext.newPage();
    await signInAsUser(managerPage, manager);
    const riskOf = async () => {
      await managerPage.goto('/manager/risks');
      await waitForHydration(managerPage);
      await managerPage.getByLabel('Representative').selectOption({ label: repName });
      return managerPage.getByTestId('risk-item').filter({ hasText: company });
    };
    await expect((await riskOf()).getByTestId('risk-no_economic_buyer')).toContainText(TEXT.warning);

    // The call: the CFO's line has no speaker label; she says who she is and that she signs.
    await signInAsUser(page, rep);
    const transcript = [
      `${repName}: Thanks for joining. Who else should be in the loop on the purchase?`,
      'This is Priya, the CFO. Anything above a hundred K goes through me, so I sign this one.',
      `${repName}: Understood. I will send the order form on Friday.`,
    ].join('\n');
    const analysis = await analyseOnDeal(page, 'en', id, { text: transcript }, 90_000);
    const people = analysis.getByTestId('call-people');
    const suggestion = people.getByTestId('role-suggestion').filter({ hasText: 'Priya Sharma' });
    await expect(suggestion).toContainText(TEXT.role);
    await expect(suggestion).toContainText('Anything above a hundred K goes through me');
    // The seller is named as a member of the team.
    await expect(people.getByTestId('call-person').filter({ hasText: repName })).toContainText('your team');
    // E2E_SHOTS=<folder>: the people and their suggested roles at 1440 and 375 px, to look at.
    if (process.env.E2E_SHOTS) {
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await people.scrollIntoViewIfNeeded();
        await people.screenshot({ path: `${process.env.E2E_SHOTS}/call-people-${width}.png` });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }

    // Suggested only: the risk is still there until someone accepts it.
    await expect((await riskOf()).getByTestId('risk-no_economic_buyer')).toBeVisible();

    // Keyboard: the accept button is a real button, reached and pressed from the keyboard.
    const accept = suggestion.getByTestId('accept-role');
    await accept.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(TEXT.accepted)).toBeVisible();
    await expect(people.getByTestId('role-suggestion')).toHaveCount(0);

    // The manager's risk view no longer warns about the economic buyer.
    const item = await riskOf();
    await expect(managerPage.getByTestId('risk-list')).toBeVisible();
    await expect(item.getByTestId('risk-no_economic_buyer')).toHaveCount(0);
    await managerContext.close();
  });
});
