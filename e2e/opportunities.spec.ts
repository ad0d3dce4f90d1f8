import { expect, test } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';
import { createUser, signInAsUser } from './support/users.ts';

test('a filtered list is bookmarkable: the URL carries the filters', { tag: '@phone' }, async ({ page }) => {
  await signInAs(page, DEMO.alex);
  await page.goto('/rep/opportunities?status=Closed-Lost&sort=-amount');
  await expect(page.getByRole('heading', { level: 1, name: 'My Opportunities' })).toBeVisible();
  await expect(page.getByText('View and manage sales opportunities')).toBeVisible();
  await expect(page.getByTestId('opportunities-owner')).toHaveText('Alex Martin');
  const rows = page.getByTestId('opportunity-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.locator('td:nth-child(4)').filter({ hasNotText: /lost/i })).toHaveCount(0);

  await page.getByPlaceholder('Search opportunities...').fill('zzzz-no-such-deal');
  await expect(page).toHaveURL(/q=zzzz-no-such-deal/);
  await expect(page.getByText('No opportunities found matching your filters')).toBeVisible();
  await expect(
    page.getByText('Try adjusting your search criteria or contact support if you believe this is an error.'),
  ).toBeVisible();
});

test('another representative’s opportunity reads "Opportunity not found"', async ({ page }) => {
  await signInAs(page, DEMO.sam);
  const response = await page.request.get('/api/opportunities?pageSize=1');
  const { items } = await response.json();
  await page.context().clearCookies();
  await signInAs(page, DEMO.alex);
  await page.goto(`/rep/opportunities/${items[0].id}`);
  await expect(page.getByText('Opportunity not found')).toBeVisible();
});

for (const lang of ['en', 'fr'] as const) {
  test.describe(`CSV import (${lang})`, () => {
    test.use({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });

    test('imports the valid rows and lists the bad one with its line', async ({ page }) => {
      const tag = `E2E-${lang}`;
      const csv = [
        'Company,Product,Amount,Next Meeting,Lead Status,Status',
        `${tag} Alpha,CRM Platform,"$12,500",2031-03-01,Hot Lead,On-going`,
        `${tag} Beta,Support Desk,not-a-number,2031-03-02,Warm Lead,On-going`,
        `${tag} Gamma,Analytics Platform,8000,2031-03-03,Cold Lead,Closed-Win`,
      ].join('\n');
      // A representative of its own: the import adds to nobody else's deals.
      await signInAsUser(page, await createUser({ role: 'rep' }));
      await page.goto('/rep');
      await page.getByRole('button', { name: lang === 'fr' ? 'Importer un CSV' : 'Import CSV' }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name: 'deals.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(dialog.getByText(lang === 'fr' ? '3 lignes trouvées' : '3 rows found')).toBeVisible();
      await expect(dialog.locator('select[data-field="amount"]')).toHaveValue('Amount');
      await dialog.getByRole('button', { name: lang === 'fr' ? 'Importer 3 lignes' : 'Import 3 rows' }).click();
      await expect(dialog.getByTestId('import-result')).toContainText(
        lang === 'fr' ? '2 importées, 1 en erreur' : '2 imported, 1 with errors',
      );
      await expect(dialog.getByTestId('import-error')).toHaveText(/(Line|Ligne) 3: amount "not-a-number" is not an amount/);
      await page.keyboard.press('Escape');

      await page.goto(`/rep/opportunities?q=${encodeURIComponent(tag)}`);
      await expect(page.getByTestId('opportunity-row')).toHaveCount(2);
    });
  });
}

test('an import whose answer was lost lands once when it is sent again', async ({ page }) => {
  const tag = 'E2E-lost-answer';
  const csv = ['Company,Product,Amount', `${tag} One,CRM Platform,1000`, `${tag} Two,CRM Platform,2000`].join('\n');
  await signInAsUser(page, await createUser({ role: 'rep' }));
  // The first request reaches the server, which lands the file; its answer never reaches the page.
  const keys: string[] = [];
  await page.route('**/api/opportunities/import', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.goto('/rep');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'deals.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const submit = dialog.getByRole('button', { name: 'Import 2 rows' });
  await submit.click();
  await expect(page.getByText('Import failed')).toBeVisible();
  // The person tries again: the same key, so the server answers the first import's result.
  await submit.click();
  await expect(dialog.getByTestId('import-result')).toContainText('2 imported');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[\x21-\x7e]{8,}$/);
  expect(keys[1]).toBe(keys[0]);
  await page.keyboard.press('Escape');

  await page.goto(`/rep/opportunities?q=${encodeURIComponent(tag)}`);
  await expect(page.getByTestId('opportunity-row')).toHaveCount(2);
});

for (const lang of ['en', 'fr'] as const) {
  test.describe(`date range and empty search (${lang})`, () => {
    test.use({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
    const reason = lang === 'fr' ? 'La date de début est postérieure à la date de fin' : 'The start date is after the end date';

    test('an inverted range in the URL says why the server refused it', async ({ page }) => {
      await signInAs(page, DEMO.alex);
      await page.goto('/rep/opportunities?from=2026-06-01&to=2026-01-01');
      await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible();
      await expect(page.getByText(/Could not fetch opportunities|Impossible de récupérer/)).toHaveCount(0);
    });

    test('a start typed after the end swaps the two dates', async ({ page }) => {
      await signInAs(page, DEMO.alex);
      await page.goto('/rep/opportunities?to=2026-01-01');
      await page.locator('input[type=date]').first().fill('2026-06-01');
      await expect(page).toHaveURL(/from=2026-01-01/);
      await expect(page).toHaveURL(/to=2026-06-01/);
      await expect(page.getByText(reason)).toHaveCount(0);
    });

    test('an empty search shows the empty state in place and no toast', async ({ page }) => {
      await signInAs(page, DEMO.alex);
      await page.goto('/rep/opportunities');
      await expect(page.getByTestId('opportunity-row').first()).toBeVisible();
      // A click loads the toaster at once (it is otherwise fetched after the first interaction or 3 s).
      await page.getByRole('searchbox').click();
      await page.getByRole('searchbox').fill('zzzz-no-such-deal');
      await expect(
        page.getByRole('status').filter({ hasText: lang === 'fr' ? /Aucune opportunité/ : /No opportunities/ }),
      ).toBeVisible();
      // A toast would come from the answer's render: an effect raises it, and sonner draws it from a
      // timer of its own once its toaster is there. So: the toaster is there, and the page has drawn a
      // frame and run its timers since the empty state showed.
      await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
      );
      // Counted once, not awaited: a toast leaves by itself after a few seconds.
      expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    });
  });
}

test('below 768 px the list is cards, from 768 px a table', { tag: '@phone' }, async ({ page, isMobile }) => {
  await signInAs(page, DEMO.alex);
  await page.goto('/rep/opportunities');
  const first = page.getByTestId('opportunity-row').first();
  await expect(first).toBeVisible();
  expect(await first.evaluate((row) => row.tagName)).toBe(isMobile ? 'LI' : 'TR');
  // Nothing scrolls sideways: every field of a card is on the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
