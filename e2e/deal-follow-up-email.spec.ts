import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { mailTo } from './support/outbox.ts';
import { apiAs, createDeal, createUser, signInAsUser, type E2eUser } from './support/users.ts';

// The follow-up e-mail sent from a deal (issue 37): the rep opens "Send follow-up" on the deal page
// (from the keyboard), the draft is addressed to the committee's contacts with an address, the rep
// adds an address and edits the subject, sends, and the deal's history shows the e-mail. The e2e
// server sends over SMTP to a real server (e2e/support/smtp-catcher.mjs) that files each message in
// the run's outbox, where the message is read as it arrived and parsed.

const HEADERS = { origin: baseURL };

/** A meeting a week ahead at 15:30 UTC, and how the invite writes its start. */
const MEETING = new Date(Date.now() + 7 * 86_400_000);
MEETING.setUTCHours(15, 30, 0, 0);
const MEETING_ICS = MEETING.toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d{3}/, '');

/** The address of the deal's champion, Claire Bernard, at `company`. */
const claireAt = (company: string) => `claire@${company.toLowerCase().replace(/\W+/g, '')}.example`;

async function dealWithCommittee(rep: E2eUser, company: string): Promise<number> {
  const id = await createDeal(rep, {
    client_company_name: company,
    product: 'Warehouse scanning',
    client_name: 'Claire Bernard',
    amount: 90000,
    next_meeting_date: MEETING.toISOString(),
  });
  const api = await apiAs(rep.email, rep.password);
  try {
    for (const [contact, roles] of [
      [{ full_name: 'Claire Bernard', email: claireAt(company) }, ['champion']],
      [{ full_name: 'Nina No-mail' }, []],
    ] as const) {
      const committee = await (await api.get(`/api/opportunities/${id}/committee`)).json();
      const added = await api.post(`/api/opportunities/${id}/committee`, {
        data: { contact, roles, version: committee.version },
        headers: HEADERS,
      });
      expect(added.status(), await added.text()).toBe(200);
    }
    const task = await api.post('/api/tasks', {
      data: { title: 'Send the pilot plan', due_at: new Date(Date.now() + 2 * 86_400_000).toISOString(), opportunity_id: id },
      headers: HEADERS,
    });
    expect(task.status(), await task.text()).toBe(201);
  } finally {
    await api.dispose();
  }
  return id;
}

/** E2E_SHOTS=<folder>: the dialog at 1440 and 375 px. */
async function shots(page: Page, name: string) {
  if (!process.env.E2E_SHOTS) return;
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('follow-up e-mail from the deal', () => {
  test('the rep sends the follow-up to the committee with the invite; the history records it', async ({ page }) => {
    test.setTimeout(90_000);
    const rep = await createUser({ role: 'rep', language: 'en' });
    const company = `Northwind ${Date.now()}`;
    const id = await dealWithCommittee(rep, company);
    const claire = claireAt(company);

    await signInAsUser(page, rep);
    await page.goto(`/rep/opportunities/${id}`);
    const open = page.getByRole('button', { name: 'Send follow-up' });
    await open.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Send follow-up' });
    await expect(dialog).toContainText(`Replies come to ${rep.email}.`);
    // The contact with an address is proposed and chosen; the one without is not offered.
    const recipient = dialog.getByRole('checkbox', { name: /Claire Bernard/ });
    await expect(recipient).toBeChecked();
    await expect(dialog).not.toContainText('Nina No-mail');
    const subject = dialog.getByLabel('Subject');
    await expect(subject).toHaveValue(`Following up on our call about Warehouse scanning — ${company}`);
    await expect(dialog.getByLabel('E-mail')).toHaveValue(/Next steps:\n- Send the pilot plan \(by /);
    await expect(dialog.getByRole('checkbox', { name: /Attach the invite/ })).toBeChecked();
    await shots(page, 'follow-up-dialog-en');
    // Every control labelled, contrast and roles right (axe-core on the open dialog).
    const axe = await new AxeBuilder({ page }).include('[data-testid="follow-up-email-dialog"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // A typed address that is not one is refused before anything is sent.
    await dialog.getByLabel('Other addresses').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog).toContainText('“not-an-address” is not an e-mail address.');

    const sentSubject = `Pilot plan and next meeting ${Date.now()}`;
    await dialog.getByLabel('Other addresses').fill('cto@partner.example');
    await subject.fill(sentSubject);
    // Sent from the keyboard; focus goes back to the button that opened the dialog.
    await dialog.getByRole('button', { name: 'Send', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Follow-up sent to 2 recipients')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    const history = page.getByTestId('deal-history');
    await expect(history.getByTestId('history-entry').first()).toContainText(
      `Sent the e-mail “${sentSubject}” to ${claire}, cto@partner.example`,
    );
    await expect(history.getByTestId('history-entry').first()).toContainText(rep.name);
    await history.scrollIntoViewIfNeeded();
    await shots(page, 'follow-up-sent-en');

    const mail = await mailTo(claire, sentSubject);
    expect([mail.to].flat().flatMap((a) => a!.value.map((v) => v.address))).toEqual([claire, 'cto@partner.example']);
    expect(mail.replyTo?.value[0]!.address).toBe(rep.email);
    expect(mail.text).toContain('- Send the pilot plan (by ');
    const ics = mail.attachments.find((a) => a.filename === 'invite.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const calendar = ics!.content.toString('utf8');
    expect(calendar).toContain(`DTSTART:${MEETING_ICS}`);
    expect(calendar).toContain(`UID:opportunity-${id}@nexa`);

    // The deal page's "Add to calendar" is the same event: same UID, start and title as the e-mailed invite.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Add to calendar' }).click(),
    ]);
    const downloaded = fs.readFileSync((await download.path())!, 'utf8');
    const event = (ics: string) => ics.split('\r\n').filter((line) => /^(UID|DTSTART|SUMMARY):/.test(line));
    expect(event(calendar)).toEqual([`UID:opportunity-${id}@nexa`, `DTSTART:${MEETING_ICS}`, `SUMMARY:Meeting with ${company}`]);
    expect(event(downloaded)).toEqual(event(calendar));
  });

  test("a manager sends the follow-up from the rep's deal; replies go to the manager", async ({ page }) => {
    test.setTimeout(90_000);
    const rep = await createUser({ role: 'rep', language: 'en' });
    const manager = await createUser({ role: 'manager', language: 'en' });
    const company = `Contoso ${Date.now()}`;
    const id = await dealWithCommittee(rep, company);
    await signInAsUser(page, manager);
    await page.goto(`/manager/representatives/${rep.id}/opportunities/${id}`);
    await page.getByRole('button', { name: 'Send follow-up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send follow-up' });
    await expect(dialog).toContainText(`Replies come to ${manager.email}.`);
    const sentSubject = `From the manager ${Date.now()}`;
    await dialog.getByLabel('Subject').fill(sentSubject);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Follow-up sent to 1 recipient')).toBeVisible();
    const mail = await mailTo(claireAt(company), sentSubject);
    expect(mail.replyTo?.value[0]!.address).toBe(manager.email);
    await shots(page, 'follow-up-manager-en');
  });

  test.describe('in French', () => {
    test.use({ locale: 'fr-FR' });

    test('the dialog speaks French and drafts in French for a French-speaking rep', async ({ page }) => {
      test.setTimeout(90_000);
      const rep = await createUser({ role: 'rep', language: 'fr' });
      const company = `Lumière ${Date.now()}`;
      const id = await dealWithCommittee(rep, company);
      await signInAsUser(page, rep);
      await page.goto(`/rep/opportunities/${id}`);
      await page.getByRole('button', { name: 'Envoyer la relance' }).click();
      const dialog = page.getByRole('dialog', { name: 'Envoyer la relance' });
      await expect(dialog.getByLabel('Objet')).toHaveValue(`Suite à notre échange sur Warehouse scanning — ${company}`);
      await expect(dialog.getByLabel('E-mail')).toHaveValue(/Prochaines étapes :\n- Send the pilot plan \(d'ici le /);
      await expect(dialog.getByRole('checkbox', { name: /Joindre l'invitation/ })).toBeChecked();
      await shots(page, 'follow-up-dialog-fr');
      await dialog.getByLabel('Objet').fill('');
      await dialog.getByRole('button', { name: 'Envoyer', exact: true }).click();
      await expect(dialog).toContainText('Écrivez un objet de 200 caractères au plus, sur une ligne.');
    });
  });
});
