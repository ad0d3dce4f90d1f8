import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { createUser, signInAsUser } from './support/users.ts';

/**
 * A representative works a deal of their own: creates it, edits a field where it is shown, marks
 * it won, reads its history, accepts what the AI suggests over a value they wrote, deletes it and
 * takes the delete back. The dashboard's figures follow each step.
 */

const CALL = [
  'Rita Rep: Thanks for joining, Tom. Our platform captures every requirement during the call.',
  'Tom (Acme): Do you support SSO with Okta?',
  'Rita Rep: Yes, we support SAML single sign-on with Okta and Azure AD.',
  'Tom (Acme): Our budget is around 40k€ for this year, and the CFO signs off.',
  'Rita Rep: I will send the security documentation today.',
  "Tom (Acme): Great, let's meet next Tuesday at 2pm for the demo.",
].join('\n');

const numberIn = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The dashboard's tile of one pipeline group: its amount and count. */
async function tile(page: Page, status: 'On-going' | 'Closed-Win') {
  await page.goto('/rep');
  const text = await page.getByTestId(`pipeline-${status}`).innerText();
  const [, amount, count] = text.split('\n');
  return { amount: numberIn(amount!), count: numberIn(count!) };
}

test('create a deal, edit it inline, mark it won, read its history, accept an AI suggestion, delete and undo', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const rep = await createUser({ role: 'rep', name: 'Rita Rep' });
  await signInAsUser(page, rep);
  const company = `Edit Co ${Date.now().toString(36)}`;

  // Create from the dashboard; the new deal opens.
  const before = await tile(page, 'On-going');
  await page.getByTestId('new-opportunity').click();
  const dialog = page.getByTestId('create-opportunity');
  await dialog.getByRole('button', { name: 'Create opportunity' }).click();
  await expect(dialog.getByText('This field is required.').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Product' }).fill('CRM Platform');
  await dialog.getByRole('textbox', { name: 'Company' }).fill(company);
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('42000');
  await dialog.getByRole('textbox', { name: 'Lead status' }).fill('Warm');
  await dialog.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/\/rep\/opportunities\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(page.getByTestId('field-amount')).toContainText('$42,000');
  expect(await tile(page, 'On-going')).toEqual({ amount: before.amount + 42_000, count: before.count + 1 });

  // Edit the amount where it is shown, with the keyboard.
  await page.goto(`/rep/opportunities/${id}`);
  await page.getByRole('button', { name: 'Edit Amount' }).click();
  const amount = page.getByTestId('field-amount').getByRole('textbox');
  await amount.fill('45000');
  await amount.press('Enter');
  await expect(page.getByTestId('field-amount')).toContainText('$45,000');

  // Mark it won: the close date is today unless changed.
  await page.getByTestId('mark-won').click();
  const close = page.getByTestId('close-deal-dialog');
  await expect(close.getByLabel('Close date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await close.getByLabel('Reason (optional)').fill('Best SSO story');
  await close.getByTestId('confirm-close').click();
  await expect(page.getByTestId('field-stage')).toContainText('Closed-Win');
  await expect(page.getByTestId('field-close_reason')).toContainText('Best SSO story');

  // The history tells who changed what.
  const history = page.getByTestId('deal-history');
  await expect(history).toContainText('Created the opportunity');
  await expect(history).toContainText('Amount: $42,000 → $45,000');
  await expect(history.getByTestId('history-entry').first()).toContainText('Rita Rep');
  const won = await tile(page, 'Closed-Win');
  expect(won).toEqual({ amount: 45_000, count: 1 });

  // The rep writes the technical feedback; a new call analysis then only suggests its own.
  await page.goto(`/rep/opportunities/${id}`);
  await page.getByRole('tab', { name: 'Technical Details' }).click();
  await page.getByTestId('edit-technical_feedback').click();
  await page.getByTestId('field-technical_feedback').getByRole('textbox').fill('My own notes on SSO.');
  await page.getByTestId('save-technical_feedback').click();
  await expect(page.getByTestId('field-technical_feedback')).toContainText('My own notes on SSO.');
  const posted = await page.request.post('/api/call-analyses', {
    headers: { origin: baseURL },
    multipart: { language: 'en', opportunityId: String(id), text: CALL },
  });
  expect(posted.status(), await posted.text()).toBe(202);
  const { id: job } = (await posted.json()) as { id: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/jobs/${job}`)).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe('succeeded');
  await page.reload();
  await expect(page.getByTestId('suggestions-banner')).toBeVisible();
  await page.getByRole('tab', { name: 'Technical Details' }).click();
  await expect(page.getByTestId('field-technical_feedback')).toContainText('My own notes on SSO.');
  const suggestion = page.getByTestId('suggestion-technical_feedback');
  await expect(suggestion).toBeVisible();
  const suggested = (await suggestion.locator('p').nth(1).innerText()).trim().split('\n')[0]!;
  await page.getByTestId('accept-technical_feedback').click();
  await expect(page.getByTestId('suggestion-technical_feedback')).toHaveCount(0);
  await expect(page.getByTestId('field-technical_feedback')).toContainText(suggested);
  await expect(history).toContainText('Technical feedback');

  // Delete, then take it back from the toast: the figures leave and return.
  await page.getByTestId('delete-deal').click();
  await expect(page).toHaveURL(/\/rep\/opportunities$/);
  // Its own toast's Undo: the edits before it left toasts with an Undo of their own.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: `${company} deleted` });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Opportunity restored')).toBeVisible();
  expect(await tile(page, 'Closed-Win')).toEqual(won);

  // Deleted again, it waits in "Recently deleted", where it can be restored as well.
  await page.goto(`/rep/opportunities/${id}`);
  await page.getByTestId('delete-deal').click();
  await expect(page).toHaveURL(/\/rep\/opportunities$/);
  expect(await tile(page, 'Closed-Win')).toEqual({ amount: 0, count: 0 });
  await page.goto('/rep/opportunities');
  await page.getByTestId('recently-deleted').click();
  const bin = page.getByTestId('recently-deleted-dialog');
  await bin.getByRole('button', { name: `Restore ${company}` }).click();
  await expect(bin.getByText('Nothing was deleted in the last 30 days.')).toBeVisible();
  expect(await tile(page, 'Closed-Win')).toEqual(won);
});

test('en français : créer une affaire, la marquer perdue avec sa raison, lire son historique', async ({ page }) => {
  const rep = await createUser({ role: 'rep', name: 'Rémi Rep', language: 'fr' });
  await signInAsUser(page, rep);
  await page.goto('/rep/opportunities');
  await page.getByRole('button', { name: 'Nouvelle opportunité' }).click();
  const dialog = page.getByTestId('create-opportunity');
  await dialog.getByRole('textbox', { name: 'Produit' }).fill('Support Desk');
  await dialog.getByRole('textbox', { name: 'Entreprise' }).fill('Société Perdue');
  await dialog.getByRole('textbox', { name: 'Montant' }).fill('-5');
  await dialog.getByRole('button', { name: 'Créer l’opportunité' }).click();
  await expect(dialog.getByText('Saisissez un montant positif ou nul.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Montant' }).fill('8000');
  await dialog.getByRole('button', { name: 'Créer l’opportunité' }).click();
  await expect(page).toHaveURL(/\/rep\/opportunities\/\d+$/);

  await page.getByRole('button', { name: 'Marquer perdue' }).click();
  const close = page.getByTestId('close-deal-dialog');
  await close.getByLabel('Raison (facultatif)').fill('Budget gelé');
  await close.getByRole('button', { name: 'Marquer perdue' }).click();
  await expect(page.getByTestId('field-stage')).toContainText('Perdue');
  await expect(page.getByRole('heading', { name: 'Historique' })).toBeVisible();
  await expect(page.getByTestId('deal-history')).toContainText('A créé l’opportunité');
  await expect(page.getByTestId('deal-history')).toContainText('Étape : Nouveau → Perdue');
});
