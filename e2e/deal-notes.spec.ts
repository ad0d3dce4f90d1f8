import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createDeal, createUser, signInAsUser } from './support/users.ts';
import { waitForHydration } from './support/hydration.ts';

// Notes on a deal with @mentions (issue 37): a representative writes a note on their deal, types @ and
// picks their manager from the list by keyboard, adds the note; the manager's bell counts the mention,
// the panel says who mentioned them where, and its link opens the deal with the note on it. Run at
// 1440 px (desktop) and at 375 px (mobile: the @phone tag).

const SHOTS = '/tmp/notes-shots';
const shot = async (page: Page, name: string, target?: ReturnType<Page['getByTestId']>) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}/${name}-${page.viewportSize()!.width}.png`;
  await (target ? target.screenshot({ path }) : page.screenshot({ path }));
};

test.describe('deal notes', () => {
  test(
    'a rep mentions their manager in a note; the manager’s bell shows it and opens the deal',
    { tag: '@phone' },
    async ({ browser, page }) => {
      const rep = await createUser({ role: 'rep', language: 'en' });
      const manager = await createUser({ role: 'manager', language: 'en' });
      const company = `Notes Co ${rep.id.slice(0, 6)}`;
      const id = await createDeal(rep, { product: 'Fleet tracking', client_company_name: company, amount: 12_000 });

      await signInAsUser(page, rep);
      await page.goto(`/rep/opportunities/${id}`);
      await waitForHydration(page);
      const notes = page.getByTestId('deal-notes');
      await expect(notes.getByRole('heading', { name: 'Notes' })).toBeVisible();
      await expect(notes.getByText('No notes yet.')).toBeVisible();

      const box = notes.getByRole('textbox', { name: 'New note' });
      await box.click();
      // The manager's generated name ends with a unique word: typing it leaves only them in the list.
      const unique = manager.name.split(' ').at(-1)!;
      await box.pressSequentially(`Pricing agreed. Can you join Thursday's call? @${unique.slice(0, 5)}`);
      const list = page.getByRole('listbox', { name: 'People who can see this deal' });
      await expect(list).toBeVisible();
      await expect(list.getByRole('option')).toHaveCount(1);
      await expect(list.getByRole('option', { name: manager.name })).toHaveAttribute('aria-selected', 'true');
      await box.scrollIntoViewIfNeeded();
      await shot(page, 'mention-list');
      await page.keyboard.press('Enter');
      await expect(list).toBeHidden();
      await expect(box).toHaveValue(`Pricing agreed. Can you join Thursday's call? @${manager.name} `);
      await notes.getByRole('button', { name: 'Add note' }).click();
      await expect(page.getByText(`Note added. ${manager.name} is notified.`)).toBeVisible();
      const note = notes.getByTestId('note');
      await expect(note).toHaveCount(1);
      await expect(note).toContainText(rep.name);
      await expect(note.getByRole('strong')).toHaveText(`@${manager.name}`);
      await expect(box).toHaveValue('');
      await shot(page, 'notes', notes);
      const axe = await new AxeBuilder({ page }).include('[data-testid="deal-notes"]').analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);

      // The manager, in a browser of their own.
      const context = await browser.newContext({ viewport: page.viewportSize()!, locale: 'en-US' });
      const theirs = await context.newPage();
      await signInAsUser(theirs, manager);
      await theirs.goto('/manager');
      const bell = theirs.getByRole('button', { name: /^Notifications/ });
      // The mention, and this week's digest a new manager gets too.
      await expect(bell).toHaveAttribute('aria-label', /\d+ unread/);
      await bell.click();
      const panel = theirs.getByRole('dialog', { name: 'Notifications' });
      const mention = panel.getByRole('link', { name: new RegExp(`${rep.name} mentioned you on ${company}`) });
      await expect(mention).toBeVisible();
      await shot(theirs, 'panel');
      await mention.click();
      await expect(theirs).toHaveURL(new RegExp(`/manager/representatives/${rep.id}/opportunities/${id}$`));
      await expect(theirs.getByTestId('note')).toContainText("Pricing agreed. Can you join Thursday's call?");
      await context.close();
    },
  );
});
