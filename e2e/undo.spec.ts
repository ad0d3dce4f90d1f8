import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { pickUpWithKeyboard } from './support/board.ts';
import { DEMO, DEMO_PASSWORD } from './support/session.ts';
import { apiAs, createDeal, createUser, signInAsUser, type E2eUser } from './support/users.ts';

/**
 * A working day without traps (issue 33): every change to a deal can be taken back from its toast —
 * an inline edit, "Mark as won", a board move, an accepted suggestion — and the Undo is an edit of
 * its own in the deal's history. Escape on an inline edit and closing a dialog give focus back to
 * the control that opened them. "Accept all" accepts what it can and says which status waits for a
 * close date.
 */

const HEADERS = { origin: baseURL };
type Change = { field: string; before: unknown; after: unknown };

/** The toast that says `text`, and its Undo. */
const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function history(api: APIRequestContext, id: number): Promise<Change[]> {
  return ((await (await api.get(`/api/opportunities/${id}/history?pageSize=100`)).json()) as { items: Change[] }).items;
}

/** An integration's key, made by the demo manager. */
async function integrationKey(): Promise<APIRequestContext> {
  const manager = await apiAs(DEMO.manager, DEMO_PASSWORD);
  try {
    const created = await manager.post('/api/api-keys', { data: { name: `Undo bot ${Date.now()}` }, headers: HEADERS });
    expect(created.status(), await created.text()).toBe(201);
    const { key } = (await created.json()) as { key: string };
    return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  } finally {
    await manager.dispose();
  }
}

/**
 * A deal of the representative's own, sent by an integration, whose stage and lead status the
 * representative then set: the integration's next values (won, hot) wait as suggestions.
 */
async function dealWithSuggestions(rep: E2eUser, api: APIRequestContext): Promise<number> {
  const bot = await integrationKey();
  try {
    const insight = {
      external_id: `undo-${rep.id}`,
      account_manager: rep.name,
      account_manager_email: rep.email,
      client_company_name: `Undo Co ${Date.now().toString(36)}`,
      product: 'CRM Platform',
      amount: 42000,
      lead_status: 'Warm',
    };
    const created = await bot.post('/api/v1/call-insights', { data: insight });
    expect(created.status(), await created.text()).toBe(201);
    const { opportunityId: id } = (await created.json()) as { opportunityId: number };
    const deal = (await (await api.get(`/api/opportunities/${id}`)).json()) as { version: number };
    const set = await api.patch(`/api/opportunities/${id}`, {
      data: { version: deal.version, stage: 'Proposal', lead_status: 'Cold' },
      headers: HEADERS,
    });
    expect(set.status(), await set.text()).toBe(200);
    expect(
      (await bot.post('/api/v1/call-insights', { data: { ...insight, status: 'Closed Won', lead_status: 'Hot' } })).status(),
    ).toBe(200);
    return id;
  } finally {
    await bot.dispose();
  }
}

test(
  'undo an inline edit, a win and an accepted suggestion; accept all asks for the close date; focus comes back',
  { tag: '@phone' },
  async ({ page }, info) => {
    test.setTimeout(90_000);
    const rep = await createUser({ role: 'rep' });
    const api = await apiAs(rep.email, rep.password);
    const id = await dealWithSuggestions(rep, api);
    await signInAsUser(page, rep);
    await page.goto(`/rep/opportunities/${id}`);
    const amount = page.getByTestId('field-amount');
    await expect(amount).toContainText('$42,000');

    // Escape cancels an inline edit and gives focus back to its Edit button.
    const editAmount = page.getByRole('button', { name: 'Edit Amount' });
    await editAmount.click();
    await amount.getByRole('textbox').press('Escape');
    await expect(amount.getByRole('textbox')).toHaveCount(0);
    await expect(editAmount).toBeFocused();

    // Edit the amount, then take it back: the amount is as it was and the history holds both changes.
    await editAmount.click();
    await amount.getByRole('textbox').fill('45000');
    await amount.getByRole('textbox').press('Enter');
    await expect(amount).toContainText('$45,000');
    await expect(editAmount).toBeFocused();
    const saved = toast(page, 'Amount saved');
    await expect(saved).toBeVisible();
    await page.screenshot({ path: info.outputPath(`undo-toast-${info.project.name}.png`) });
    await saved.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Change undone')).toBeVisible();
    // Focus is back on the Edit button at once (the Undo click gives it back), not seconds later when the
    // last toast goes, wherever the person is by then: the close dialog's check below failed on that
    // now and then at 375 px. A short wait, so the late return cannot pass for it.
    await expect(editAmount).toBeFocused({ timeout: 1_000 });
    await expect(amount).toContainText('$42,000');
    await expect(page.getByTestId('deal-history')).toContainText('Amount: $45,000 → $42,000');
    await expect(page.getByTestId('deal-history')).toContainText('Amount: $42,000 → $45,000');
    expect((await history(api, id)).filter((c) => c.field === 'amount').map((c) => [c.before, c.after])).toEqual([
      [45000, 42000],
      [42000, 45000],
    ]);

    // The close dialog, closed with Escape, gives focus back to "Mark as won".
    const markWon = page.getByTestId('mark-won');
    await markWon.click();
    const close = page.getByTestId('close-deal-dialog');
    await expect(close).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(close).toBeHidden();
    await expect(markWon).toBeFocused();

    // Mark it won, then take it back: the deal is open at its stage again, without a close date.
    await markWon.click();
    await close.getByLabel('Reason (optional)').fill('Budget approved');
    await close.getByTestId('confirm-close').click();
    await expect(page.getByTestId('field-stage')).toContainText('Closed-Win');
    await toast(page, 'Deal marked as won').getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByTestId('field-stage')).toContainText('Proposal');
    await expect(page.getByTestId('field-closing_date')).toContainText('N/A');
    await expect(page.getByTestId('mark-won')).toBeVisible();
    const stages = (await history(api, id)).filter((c) => c.field === 'stage').map((c) => [c.before, c.after]);
    expect(stages.slice(0, 2)).toEqual([
      ['Closed-Win', 'Proposal'],
      ['Proposal', 'Closed-Win'],
    ]);

    // Accept the suggested lead status, then take it back: the person's value returns.
    const lead = page.getByTestId('field-lead_status');
    await expect(lead.getByTestId('suggestion-lead_status')).toContainText('Hot');
    await page.getByTestId('accept-lead_status').click();
    await expect(lead.locator('dd')).toHaveText('Hot');
    await toast(page, 'Suggestion accepted').getByRole('button', { name: 'Undo' }).click();
    await expect(lead.locator('dd')).toHaveText('Cold');
    expect(
      (await history(api, id))
        .filter((c) => c.field === 'lead_status')
        .map((c) => [c.before, c.after])
        .slice(0, 2),
    ).toEqual([
      ['Hot', 'Cold'],
      ['Cold', 'Hot'],
    ]);

    // "Accept all" with a won status and no close date: it says the status waits for its date, which
    // is asked beside the stage; given, the deal closes.
    await page.getByTestId('accept-all').click();
    await expect(toast(page, /The status “Closed Won” closes the deal and waits for its close date/)).toBeVisible();
    await page.screenshot({ path: info.outputPath(`held-toast-${info.project.name}.png`) });
    const status = page.getByTestId('suggestion-status');
    await expect(status).toContainText('Closed Won');
    await expect(status.getByTestId('suggestion-closing-date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await status.getByTestId('suggestion-closing-date').fill('2026-11-20');
    await page.getByTestId('accept-status').click();
    await expect(page.getByTestId('field-stage')).toContainText('Closed-Win');
    await expect(page.getByTestId('suggestion-status')).toHaveCount(0);
    expect((await (await api.get(`/api/opportunities/${id}`)).json()) as object).toMatchObject({
      stage: 'Closed-Win',
      closing_date: '2026-11-20',
    });
    await api.dispose();
  },
);

test('en français : marquer perdue, puis annuler depuis le message', async ({ page }) => {
  const rep = await createUser({ role: 'rep', language: 'fr' });
  const company = `Annulée ${Date.now().toString(36)}`;
  const id = await createDeal(rep, { client_company_name: company, product: 'Support Desk', amount: 8000, stage: 'Qualified' });
  await signInAsUser(page, rep);
  await page.goto(`/rep/opportunities/${id}`);
  await page.getByRole('button', { name: 'Marquer perdue' }).click();
  await page.getByTestId('close-deal-dialog').getByRole('button', { name: 'Marquer perdue' }).click();
  await expect(page.getByTestId('field-stage')).toContainText('Perdue');
  await toast(page, 'Affaire marquée perdue').getByRole('button', { name: 'Annuler' }).click();
  await expect(toast(page, 'Modification annulée')).toBeVisible();
  await expect(page.getByTestId('field-stage')).toContainText('Qualifié');
  await expect(page.getByTestId('deal-history')).toContainText('Étape : Perdue → Qualifié');
});

test.describe('the board', () => {
  test.skip(({ isMobile }) => isMobile, 'dragging is the wide layout; phones move cards with the menu');

  test('a move is undone from its toast, and the close dialog gives focus back to the card', async ({ page }) => {
    const rep = await createUser({ role: 'rep' });
    const company = `Board Undo ${Date.now().toString(36)}`;
    const id = await createDeal(rep, { client_company_name: company, product: 'CRM Platform', amount: 1000 });
    await signInAsUser(page, rep);
    await page.goto('/rep/pipeline');
    const column = (stage: string) => page.locator(`[data-testid=board-column][data-stage="${stage}"]`);
    const handle = () =>
      page
        .getByTestId('board-card')
        .filter({ hasText: company })
        .getByRole('button', { name: `Move ${company}` });
    await expect(column('New').getByText(company)).toBeVisible();

    // Keyboard: New → Qualified, then Undo: the card is back in New.
    await pickUpWithKeyboard(page, handle(), `Picked up ${company} from New.`);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(`${company} is over Qualified.`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(column('Qualified').getByText(company)).toBeVisible();
    await toast(page, `${company} moved to Qualified`).getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Change undone')).toBeVisible();
    await expect(column('New').getByText(company)).toBeVisible();
    const api = await apiAs(rep.email, rep.password);
    expect((await history(api, id)).filter((c) => c.field === 'stage').map((c) => [c.before, c.after])).toEqual([
      ['Qualified', 'New'],
      ['New', 'Qualified'],
    ]);
    await api.dispose();

    // Dropped on won, the close dialog asks; Escape closes it and focus is on the card's handle again.
    // Once the board is read again after the Undo: a drag under way while that read lands loses its place.
    await page.waitForLoadState('networkidle');
    await pickUpWithKeyboard(page, handle(), `Picked up ${company} from New.`);
    for (const stage of ['Qualified', 'Proposal', 'Negotiation', 'Closed-Win']) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByText(`${company} is over ${stage}.`)).toBeAttached();
    }
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog', { name: `Mark ${company} as won` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(column('New').getByText(company)).toBeVisible();
    await expect(handle()).toBeFocused();
  });
});
