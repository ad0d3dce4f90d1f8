import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { createUser, invitationLink, signInAsUser, uniqueEmail } from './support/users.ts';
import { waitForHydration } from './support/hydration.ts';

test('a manager invites a representative, who joins, picks French and a time zone (meeting times move), and is signed out when deactivated', async ({
  browser,
  page,
}, testInfo) => {
  // A whole team's story in one test: more steps than the default 30 s allows on a loaded machine.
  test.setTimeout(60_000);
  const email = uniqueEmail(`invitee-${testInfo.project.name}`);

  // A manager of its own: the invitations, deactivation and audit entries are theirs, not the demo manager's.
  await signInAsUser(page, await createUser({ role: 'manager' }));
  await page.goto('/manager/team');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('Sales Representative');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('invitation').filter({ hasText: email })).toBeVisible();

  const link = await invitationLink(email);
  const repContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'en-US' });
  const rep = await repContext.newPage();
  await rep.goto(link);
  await expect(rep.getByRole('heading', { name: 'Join your team on Nexa' })).toBeVisible();
  await expect(rep.getByText(email)).toBeVisible();
  // The token leaves the address bar once read.
  await expect(rep).toHaveURL(/\/invite$/);
  await rep.getByLabel('Full name', { exact: true }).fill('Ines Invited');
  await rep.getByLabel('New password', { exact: true }).fill('ines-password-2026');
  await rep.getByLabel('Confirm the new password').fill('ines-password-2026');
  await rep.getByRole('button', { name: 'Create my account' }).click();
  await expect(rep).toHaveURL(/\/rep$/);

  // The same link does not work twice.
  const again = await repContext.newPage();
  await again.goto(link);
  await expect(again.getByRole('alert')).toContainText('This invitation no longer works');
  await again.close();

  await rep.goto('/settings');
  await waitForHydration(rep);
  await expect(rep.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await rep.getByLabel('Language', { exact: true }).selectOption('fr');
  await rep.getByRole('button', { name: 'Save profile' }).click();
  await expect(rep.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
  await expect(rep.getByTestId('sessions-list').getByText('Cet appareil')).toBeVisible();

  // Meeting times follow the time zone kept on the account.
  const sample = await rep.request.post('/api/opportunities/sample', { headers: { origin: baseURL } });
  expect(sample.ok()).toBe(true);
  const firstMeeting = () => rep.getByTestId('upcoming-meetings').locator('li p').first();
  await rep.goto('/rep');
  await expect(firstMeeting()).toBeVisible();
  const before = await firstMeeting().textContent();
  await rep.goto('/settings');
  await waitForHydration(rep);
  await rep.getByLabel('Fuseau horaire', { exact: true }).selectOption('Asia/Tokyo');
  await rep.getByRole('button', { name: 'Enregistrer le profil' }).click();
  await expect(rep.getByLabel('Fuseau horaire', { exact: true })).toHaveValue('Asia/Tokyo');
  // Saved, not only chosen: leaving the page sooner would cancel the save.
  await expect(rep.getByText('Profil enregistré')).toBeVisible();
  await rep.goto('/rep');
  await expect(firstMeeting()).toBeVisible();
  await expect(firstMeeting()).not.toHaveText(before!);
  await rep.goto('/settings');

  await page.reload();
  const row = page.locator(`[data-testid="team-person"][data-email="${email}"]`);
  await expect(row).toContainText('Ines Invited');
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Deactivate Ines Invited' }).click();
  await expect(row.getByRole('button', { name: 'Reactivate Ines Invited' })).toBeVisible();
  await expect(page.getByTestId('audit-list')).toContainText(`deactivated ${email}`);

  // The representative's open session has ended: the next thing they do sends them to sign in.
  await rep.getByRole('button', { name: 'Enregistrer le profil' }).click();
  await expect(rep).toHaveURL(/\/signin$/);
  await repContext.close();
});
