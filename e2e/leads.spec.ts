import { expect, test, type Page, type TestInfo } from '@playwright/test';
import en from '../apps/web/src/locales/en/leads.json' with { type: 'json' };
import fr from '../apps/web/src/locales/fr/leads.json' with { type: 'json' };
import { DEMO, signInAs } from './support/session.ts';

const LANGUAGES = { en, fr } as const;
type Lang = keyof typeof LANGUAGES;

const unique = (testInfo: TestInfo, what: string) =>
  `${what}-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.nexa.test`;

async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => localStorage.setItem('language', l), lang);
}

/** Signs in as the manager and finds the lead by its unique e-mail in the inbox. */
async function findInInbox(page: Page, email: string) {
  await signInAs(page, DEMO.manager);
  await page.goto('/manager/leads');
  await page.getByRole('searchbox').fill(email);
  const row = page.getByTestId('lead-row').filter({ hasText: email }).filter({ visible: true });
  await expect(row).toHaveCount(1);
  return row;
}

for (const lang of ['en', 'fr'] as const) {
  const t = LANGUAGES[lang];

  test.describe(`lead forms in ${lang}`, () => {
    // The French visitor is in Paris: slots show in their zone, the reference zone is named.
    test.use({ timezoneId: lang === 'fr' ? 'Europe/Paris' : 'America/Los_Angeles' });
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test(
      'early access: submits, clears, confirms, and the manager sees it',
      { tag: lang === 'en' ? '@phone' : [] },
      async ({ page }, testInfo) => {
        const email = unique(testInfo, `early-${lang}`);
        await page.goto('/early-access');
        await expect(page.getByRole('heading', { level: 1, name: t.earlyAccess.title })).toBeVisible();
        await page.getByLabel(t.fields.fullName).fill('Grace Hopper');
        await page.getByLabel(t.fields.email).fill(email);
        await page.getByLabel(t.fields.company).fill('Navy Systems');
        await page.getByLabel(t.fields.role).selectOption('Sales Manager');
        await page.getByRole('button', { name: t.earlyAccess.submit }).click();
        await expect(page.getByRole('status').filter({ hasText: t.earlyAccess.successTitle })).toBeVisible();
        await expect(page.getByLabel(t.fields.email)).toHaveValue('');

        const row = await findInInbox(page, email);
        await expect(row).toContainText('Requested role: Sales Manager');
      },
    );

    test(
      'book a demo: picks a free slot, confirms with the time and an .ics invite',
      { tag: lang === 'en' ? '@phone' : [] },
      async ({ page }, testInfo) => {
        const email = unique(testInfo, `demo-${lang}`);
        await page.goto('/book-demo');
        await page.getByLabel(t.fields.fullName).fill('Ada Lovelace');
        await page.getByLabel(t.fields.company).fill('Analytical Engines');
        await page.getByLabel(t.fields.email).fill('not-an-email');
        // A missing date and a bad e-mail are refused before anything is sent.
        await page.getByRole('button', { name: t.bookDemo.submit }).click();
        await expect(page.getByText(t.validation.date_required).first()).toBeVisible();
        await expect(page.getByText(t.validation.invalid_email).first()).toBeVisible();
        await page.getByLabel(t.fields.email).fill(email);

        // Each project and language takes a different day, so parallel runs never contend for a slot.
        const index = (lang === 'en' ? 0 : 1) + (testInfo.project.name === 'mobile' ? 2 : 0);
        const days = page.getByTestId('demo-calendar').locator('button:not([disabled])').filter({ hasText: /^\d+$/ });
        while ((await days.count()) <= index) await page.getByTestId('demo-calendar').getByRole('button').nth(1).click();
        await days.nth(index).click();
        await page.getByRole('radio').first().click();
        await expect(page.getByTestId('selected-slot')).toContainText(/New York/);
        await page.getByRole('button', { name: t.bookDemo.submit }).click();

        await expect(page.getByRole('status').filter({ hasText: t.bookDemo.successTitle })).toBeVisible();
        await expect(page.getByTestId('booking-time')).toContainText(/New York/);
        await expect(page.getByLabel(t.fields.fullName)).toHaveValue('');
        const invite = page.getByRole('link', { name: t.bookDemo.addToCalendar });
        const ics = await page.request.get((await invite.getAttribute('href'))!);
        expect(ics.headers()['content-type']).toContain('text/calendar');
        expect(await ics.text()).toMatch(/BEGIN:VEVENT[\s\S]*DTSTART:\d{8}T\d{6}Z/);

        const row = await findInInbox(page, email);
        await expect(row).toContainText('Analytical Engines');
      },
    );

    test('join the team: uploads a real resume, refuses a disguised one keeping the values', async ({ page }, testInfo) => {
      const email = unique(testInfo, `apply-${lang}`);
      await page.goto('/join-the-team');
      const submit = page.getByRole('button', { name: t.joinTeam.submit });
      await expect(submit).toBeDisabled();
      await page.getByLabel(t.fields.fullName).fill('Linus Torvalds');
      await page.getByLabel(t.fields.email).fill(email);
      await page.getByLabel(t.fields.github).fill('https://github.com/torvalds');
      await page.getByLabel(t.fields.introduction).fill('I write kernels.');
      await expect(submit).toBeEnabled();

      // An HTML page named .pdf passes the browser's name check; the server reads its content.
      await page.getByLabel(t.fields.resume).setInputFiles({
        name: 'resume.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('<!doctype html><html><body>not a resume</body></html>'),
      });
      await submit.click();
      await expect(page.getByText(t.errors.invalidFileType)).toBeVisible();
      await expect(page.getByLabel(t.fields.fullName)).toHaveValue('Linus Torvalds');
      await expect(page.getByLabel(t.fields.github)).toHaveValue('https://github.com/torvalds');

      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      await page.getByLabel(t.fields.resume).setInputFiles({ name: 'linus-cv.pdf', mimeType: 'application/pdf', buffer: pdf });
      await submit.click();
      await expect(page.getByRole('status').filter({ hasText: t.joinTeam.successTitle })).toBeVisible();
      await expect(page.getByLabel(t.fields.fullName)).toHaveValue('');

      const row = await findInInbox(page, email);
      const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('resume-download').click()]);
      expect(download.suggestedFilename()).toBe('linus-cv.pdf');
    });
  });
}

test('the inbox is for managers only', async ({ page }) => {
  await signInAs(page, DEMO.alex);
  const res = await page.request.get('/api/leads');
  expect(res.status()).toBe(403);
});

// Issue 38: a visitor in the team's own zone read "your time zone (America/New York)… our team works
// on New York time": the zone is named once when both are the same, in both languages.
test.describe('the demo page in the team’s own zone', () => {
  test.use({ timezoneId: 'America/New_York' });
  for (const lang of ['en', 'fr'] as const) {
    test(`names New York once (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await page.goto('/book-demo');
      const note = page.locator('#slot-zone-note');
      await expect(note).toContainText('New York');
      expect((await note.innerText()).match(/New[ _]York/g)).toHaveLength(1);
    });
  }
});
