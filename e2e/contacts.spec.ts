import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { apiAs, createDeal, createUser, signInAsUser, type E2eUser } from './support/users.ts';

// Contacts and the buying committee (issue 36): a representative builds a deal's committee by
// keyboard on the deal page, opens the person's page from it, and finds them in the contacts list;
// a person on two representatives' deals shows each of them only their own.

const HEADERS = { origin: baseURL };

async function addToCommittee(user: E2eUser, dealId: number, data: Record<string, unknown>) {
  const api = await apiAs(user.email, user.password);
  try {
    const response = await api.post(`/api/opportunities/${dealId}/committee`, { data, headers: HEADERS });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { members: Array<{ contact: { id: number; full_name: string } }> };
  } finally {
    await api.dispose();
  }
}

/** Presses Tab until `target` has focus: proves it is in the keyboard's order. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reached by Tab');
}

test.describe('contacts and the buying committee', () => {
  test(
    'a representative builds a deal’s committee by keyboard and opens the person’s page',
    { tag: '@phone' },
    async ({ page }) => {
      test.setTimeout(90_000);
      const rep = await createUser({ role: 'rep' });
      const company = `Contacts Corp ${Date.now()}`;
      const id = await createDeal(rep, {
        client_company_name: company,
        product: 'Fleet telematics',
        stage: 'Proposal',
        amount: 120000,
      });
      await signInAsUser(page, rep);
      await page.goto(`/rep/opportunities/${id}`);

      const panel = page.getByTestId('committee-panel');
      await expect(panel.getByTestId('committee-empty')).toBeVisible();
      const add = panel.getByRole('button', { name: 'Add a person' });
      await add.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('committee-add-dialog');
      await expect(dialog).toBeVisible();
      // The choice of a new contact, the fields, a role: all by keyboard.
      await dialog.getByLabel('An existing contact').focus();
      await page.keyboard.press('ArrowRight');
      await expect(dialog.getByLabel('A new contact')).toBeChecked();
      await dialog.getByLabel('Full name').focus();
      await page.keyboard.type('Helen Carter');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Chief Financial Officer');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Helen.Carter@contacts-corp.example');
      await dialog.getByLabel('Economic buyer').focus();
      await page.keyboard.press('Space');
      await expect(dialog.getByLabel('Economic buyer')).toBeChecked();
      await dialog.getByLabel('Full name').focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();

      const member = panel.getByTestId('committee-member').filter({ hasText: 'Helen Carter' });
      await expect(member).toContainText('Chief Financial Officer');
      await expect(member).toContainText('helen.carter@contacts-corp.example');
      await expect(member.getByTestId('role-chips')).toHaveText('Economic buyer');

      // Her roles, edited by keyboard: Tab reaches the button, Space ticks, Enter saves.
      const edit = member.getByRole('button', { name: 'Roles of Helen Carter' });
      await tabTo(page, edit);
      await page.keyboard.press('Enter');
      const roles = page.getByTestId('committee-roles-dialog');
      await roles.getByLabel('Champion').focus();
      await page.keyboard.press('Space');
      await roles.getByRole('button', { name: 'Save' }).focus();
      await page.keyboard.press('Enter');
      await expect(roles).toBeHidden();
      await expect(member.getByTestId('role-chips')).toHaveText('Economic buyerChampion');

      // The deal's history names the change and who made it.
      await expect(page.getByText(/Buying committee:/).first()).toBeVisible();

      // Her page: the deal with her roles.
      await member.getByRole('link', { name: 'Open Helen Carter' }).click();
      await expect(page).toHaveURL(/\/rep\/contacts\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Helen Carter');
      const deal = page.getByTestId('contact-deal');
      await expect(deal).toHaveCount(1);
      await expect(deal).toContainText(company);
      await expect(deal.getByTestId('role-chips')).toHaveText('Economic buyerChampion');
      await expect(page.getByText('No analysed call where they were recognised as a speaker.')).toBeVisible();

      // And in the contacts list, found by her company.
      await page.goto('/rep/contacts');
      await page.getByLabel('Search contacts').fill(company);
      await expect(page.getByTestId('contact-row')).toHaveCount(1);
      await expect(page.getByTestId('contact-row')).toContainText('Helen Carter');
    },
  );

  test('a person on two representatives’ deals shows each of them only their own', async ({ page }) => {
    test.skip(test.info().project.name !== 'desktop', 'one width is enough for the data rule');
    test.setTimeout(90_000);
    const [repA, repB] = await Promise.all([createUser({ role: 'rep' }), createUser({ role: 'rep' })]);
    const company = `Shared Corp ${Date.now()}`;
    const dealA = await createDeal(repA, {
      client_company_name: company,
      product: 'Alpha scanners',
      stage: 'Qualified',
      amount: 10000,
    });
    const dealB = await createDeal(repB, {
      client_company_name: company,
      product: 'Bravo hidden product',
      stage: 'Proposal',
      amount: 99000,
    });
    const added = await addToCommittee(repA, dealA, {
      contact: { full_name: 'Shared Person', title: 'COO' },
      roles: ['champion'],
    });
    const contactId = added.members[0]!.contact.id;
    // Rep B sees her through the shared account and puts her on their own deal.
    await addToCommittee(repB, dealB, { contact_id: contactId, roles: ['economic_buyer'] });

    await signInAsUser(page, repA);
    await page.goto(`/rep/contacts/${contactId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shared Person');
    await expect(page.getByTestId('contact-deal')).toHaveCount(1);
    await expect(page.getByTestId('contact-deal')).toContainText('Alpha scanners');
    await expect(page.getByTestId('contact-deal').getByTestId('role-chips')).toHaveText('Champion');
    await expect(page.locator('body')).not.toContainText('Bravo hidden product');
    await expect(page.locator('body')).not.toContainText('Economic buyer');
  });

  test('a manager downloads a contact’s vCard, then erases them and they leave the list', async ({ page }) => {
    test.setTimeout(90_000);
    const [rep, manager] = await Promise.all([createUser({ role: 'rep' }), createUser({ role: 'manager' })]);
    const stamp = `${Date.now()}`.slice(-6);
    const name = `Erin Vale ${test.info().project.name} ${stamp}`;
    const dealId = await createDeal(rep, { client_company_name: `Erase Corp ${stamp}`, product: 'Pumps', stage: 'Qualified' });
    const added = await addToCommittee(rep, dealId, { contact: { full_name: name, title: 'CTO' }, roles: ['champion'] });
    const contactId = added.members[0]!.contact.id;

    await signInAsUser(page, manager);
    await page.goto(`/manager/contacts/${contactId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const shots = process.env.E2E_SHOTS; // optional: where to keep screenshots of the pages for a look
    if (shots) await page.screenshot({ path: `${shots}/contact-${test.info().project.name}.png`, fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download vCard' }).click(),
    ]);
    const card = await readFile((await download.path())!, 'utf8');
    expect(card).toContain('BEGIN:VCARD');
    expect(card).toContain(`FN:${name}`);

    await page.getByRole('button', { name: 'Erase…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this person' });
    const confirm = dialog.getByRole('button', { name: 'Erase for good' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(`Type ${name} to confirm`).fill(name);
    await confirm.click();
    await expect(page).toHaveURL(/\/manager\/contacts$/);
    await expect(page.getByText('The person was erased')).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/contacts-${test.info().project.name}.png`, fullPage: true });
    await page.getByLabel('Search contacts').fill(name);
    await expect(page.getByText('No contact found')).toBeVisible();
    await expect(page.getByTestId('contact-row')).toHaveCount(0);
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  });
});
