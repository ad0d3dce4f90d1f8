import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { DEMO, signInAs } from './support/session.ts';
import { createUser, signInAsUser } from './support/users.ts';

// Each run analyses as a representative of its own (the new-opportunity path), so no other
// spec's rows or figures change and no other run's analyses appear in its lists.

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

const TEXT = {
  en: {
    locale: 'en-US',
    fixture: 'northwind-discovery-call.txt',
    nav: 'Analyze a call',
    menu: 'Open menu',
    title: 'Analyze a call',
    newOpportunity: 'A new opportunity',
    company: 'Client company',
    product: 'Product',
    amount: 'Amount (US dollars, optional)',
    language: 'Language of the analysis',
    submit: 'Analyze the call',
    tooBig: 'huge-call.txt is 3 MB: a transcript may be at most 2 MB.',
    wrongType: 'notes.pdf is not a transcript Nexa reads',
    progress: 'Analysis progress',
    ready: 'The analysis is ready.',
    open: 'Open the opportunity',
    recent: 'Recent analyses',
    section: 'Call analysis',
    quick: 'Quick analysis',
    showLines: /^Show transcript lines \(\d+\)$/,
    hideLines: 'Hide transcript lines',
    line: /^Line \d+/,
    sso: /SSO|sign-on/i,
    by: 'By',
  },
  fr: {
    locale: 'fr-FR',
    fixture: 'northwind-appel-decouverte.txt',
    nav: 'Analyser un appel',
    menu: 'Ouvrir le menu',
    title: 'Analyser un appel',
    newOpportunity: 'Une nouvelle opportunité',
    company: 'Entreprise cliente',
    product: 'Produit',
    amount: 'Montant (dollars US, facultatif)',
    language: "Langue de l'analyse",
    submit: "Analyser l'appel",
    tooBig: 'huge-call.txt fait 3 Mo : une transcription fait 2 Mo au plus.',
    wrongType: "notes.pdf n'est pas une transcription que Nexa sait lire",
    progress: "Avancement de l'analyse",
    ready: "L'analyse est prête.",
    open: "Ouvrir l'opportunité",
    recent: 'Analyses récentes',
    section: "Analyse d'appel",
    quick: 'Analyse rapide',
    showLines: /^Voir les lignes de la transcription \(\d+\)$/,
    hideLines: 'Masquer les lignes de la transcription',
    line: /^Ligne \d+/,
    sso: /SSO|authentification unique/i,
    by: 'Par',
  },
} as const;

async function expectNoAxeViolations(page: Page, selector: string) {
  const axe = await new AxeBuilder({ page }).include(selector).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function openAnalyzeFromNav(page: Page, t: (typeof TEXT)[keyof typeof TEXT], isMobile: boolean) {
  if (isMobile) await page.getByRole('button', { name: t.menu }).click();
  await page.getByRole('navigation').getByRole('link', { name: t.nav }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/rep\/analyze$/);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
}

/** Drops the transcript on the drop zone as a person dragging it from their desktop would. */
async function dropFile(page: Page, name: string, content: string) {
  const dataTransfer = await page.evaluateHandle(
    ([fileName, text]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], fileName, { type: 'text/plain' }));
      return transfer;
    },
    [name, content] as const,
  );
  await page.getByTestId('transcript-drop').dispatchEvent('drop', { dataTransfer });
}

for (const lang of ['en', 'fr'] as const) {
  const t = TEXT[lang];
  test.describe(`call analysis (${lang})`, { tag: lang === 'en' ? '@phone' : [] }, () => {
    test.use({ locale: t.locale });

    test('the rep uploads a transcript, follows the job and reads the cited analysis; the manager sees the same', async ({
      page,
    }, info) => {
      test.setTimeout(120_000);
      const isMobile = info.project.name === 'mobile';
      const company = 'Northwind Logistics';
      const transcript = fs.readFileSync(path.join(FIXTURES, t.fixture), 'utf8');
      const rep = await createUser({ role: 'rep' });

      await signInAsUser(page, rep);
      await page.goto('/rep');
      await openAnalyzeFromNav(page, t, isMobile);

      // The client refuses what the server would refuse, before uploading it.
      const fileInput = page.locator('input[type=file]');
      await fileInput.setInputFiles({
        name: 'huge-call.txt',
        mimeType: 'text/plain',
        buffer: Buffer.alloc(3 * 1024 * 1024, 'a'),
      });
      await expect(page.getByTestId('transcript-error')).toHaveText(t.tooBig);
      await fileInput.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
      await expect(page.getByTestId('transcript-error')).toContainText(t.wrongType);
      await expectNoAxeViolations(page, 'main');

      if (lang === 'en') {
        await fileInput.setInputFiles(path.join(FIXTURES, t.fixture));
      } else {
        await dropFile(page, t.fixture, transcript);
      }
      await expect(page.getByTestId('transcript-file')).toContainText(t.fixture);
      await expect(page.getByTestId('transcript-error')).toHaveCount(0);

      await page.getByRole('radio', { name: t.newOpportunity }).check();
      await page.getByLabel(t.company).fill(company);
      await page.getByLabel(t.product).fill('Nexa Enterprise');
      await page.getByLabel(t.amount).fill('90000');
      // The output language defaults to the UI's.
      await expect(page.getByLabel(t.language)).toHaveValue(lang);
      await page.getByRole('button', { name: t.submit }).click();

      await expect(page).toHaveURL(/\/rep\/analyze\?job=[0-9a-f-]{36}$/);
      const jobId = new URL(page.url()).searchParams.get('job')!;
      const bar = page.getByRole('progressbar', { name: t.progress });
      await expect(bar).toBeVisible();
      // The job lives in the URL: a reload picks it up again.
      await page.reload();
      await expect(bar).toBeVisible();
      await expect(page.getByTestId('job-status')).toHaveText(t.ready, { timeout: 45_000 });
      await expect(bar).toHaveAttribute('aria-valuenow', '100');
      await expect(page.getByRole('region', { name: t.recent }).locator(`a[href$="job=${jobId}"]`)).toHaveAttribute(
        'aria-current',
        'page',
      );

      await page.getByRole('link', { name: t.open }).click();
      await expect(page).toHaveURL(/\/rep\/opportunities\/\d+#call-analysis$/);
      const oppId = /\/rep\/opportunities\/(\d+)/.exec(page.url())![1]!;
      await expect(page.getByRole('heading', { level: 2, name: company })).toBeVisible();

      const section = page.getByTestId('call-analysis');
      await expect(section.getByRole('heading', { level: 2, name: t.section })).toBeVisible();
      await expect(section.getByRole('note')).toContainText(t.quick);
      const technical = await section.getByTestId('call-score-technical-value').innerText();
      const commercial = await section.getByTestId('call-score-commercial-value').innerText();
      expect(technical).toMatch(/^\d+([.,]\d)?\/10$/);
      expect(commercial).toMatch(/^\d+([.,]\d)?\/10$/);
      await expect(section.getByTestId('commercial-point').first()).toBeVisible();
      const sso = section.getByTestId('technical-requirement').filter({ hasText: t.sso }).first();
      await expect(sso).toBeVisible();
      // "Next Tuesday at 10:00", read against the day of the analysis (times are taken as UTC).
      const meeting = new Date((await section.getByTestId('next-meeting').locator('time').getAttribute('datetime'))!);
      expect([meeting.getUTCDay(), meeting.getUTCHours()]).toEqual([2, 10]);
      expect(meeting.getTime() - Date.now()).toBeGreaterThan(0);
      expect(meeting.getTime() - Date.now()).toBeLessThan(8 * 86_400_000);
      await expect(section.getByTestId('call-analysis-history')).toContainText(`${t.by} ${rep.name}`);
      await expect(section.getByTestId('call-analysis-history')).toContainText(t.fixture);

      // The citation: the transcript lines the requirement comes from, on demand.
      // The first disclosure of the point: its name changes once open, so not found by name.
      const toggle = sso.locator('button[aria-expanded]').first();
      await expect(toggle).toHaveText(t.showLines);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(toggle).toHaveText(t.hideLines);
      const cited = sso.getByTestId('cited-lines').getByRole('listitem');
      await expect(cited.first()).toHaveText(t.line);
      const firstLine = (await cited.first().innerText()).replace(t.line, '').trim();
      // The server may tidy the speaker label ("Priya Shah :" → "Priya Shah:"); the words are the transcript's.
      expect(transcript).toContain(firstLine.slice(firstLine.indexOf(':') + 1).trim());
      await expectNoAxeViolations(page, '#call-analysis');

      // "Analyze a call" on the opportunity opens the form with it chosen.
      await page.getByTestId('analyze-call').click();
      await expect(page).toHaveURL(new RegExp(`/rep/analyze\\?opportunity=${oppId}$`));
      await expect(page.getByTestId('opportunity-selected')).toContainText(company);
      await expect(page.getByRole('radio', { name: new RegExp(company) })).toBeChecked();

      // The manager audits the same analysis on the representative's opportunity.
      await page.context().clearCookies();
      await signInAs(page, DEMO.manager);
      const repId = rep.id;
      // On the representative's page, the new opportunity is among the recent ones: its dialog shows the analysis.
      await page.goto(`/manager/representatives/${repId}`);
      await page.getByTestId('recent-opportunity').filter({ hasText: company }).click();
      const dialog = page.getByRole('dialog');
      const dialogSection = dialog.getByTestId('call-analysis');
      await expect(dialogSection.getByRole('heading', { level: 3, name: t.section })).toBeVisible();
      await expect(dialogSection.getByTestId('call-score-technical-value')).toHaveText(technical);
      await expect(dialogSection.getByTestId('call-score-commercial-value')).toHaveText(commercial);
      await expect(dialogSection.getByRole('note')).toContainText(t.quick);
      await page.keyboard.press('Escape');

      // …and so does the read-only opportunity page, citations included.
      await page.goto(`/manager/representatives/${repId}/opportunities/${oppId}`);
      const managerSection = page.getByTestId('call-analysis');
      await expect(managerSection.getByRole('heading', { level: 2, name: t.section })).toBeVisible();
      await expect(managerSection.getByTestId('call-score-technical-value')).toHaveText(technical);
      await expect(managerSection.getByTestId('call-score-commercial-value')).toHaveText(commercial);
      const managerSso = managerSection.getByTestId('technical-requirement').filter({ hasText: t.sso }).first();
      await managerSso.locator('button[aria-expanded]').first().click();
      await expect(managerSso.getByTestId('cited-lines').getByRole('listitem').first()).toContainText(firstLine);
    });
  });
}

test('the built server reads a .docx transcript in its worker thread', async ({ page, isMobile }) => {
  test.skip(isMobile, 'requests only, no page: the same at every width');
  // The worker is a file of its own in apps/server/dist: this fails if the build leaves it out.
  await signInAsUser(page, await createUser({ role: 'rep' }));
  const docx = fs.readFileSync(
    path.join(import.meta.dirname, '../apps/server/test/fixtures/transcripts/en-onboarding-globex.docx'),
  );
  const posted = await page.request.post('/api/call-analyses', {
    headers: { origin: baseURL },
    multipart: {
      language: 'en',
      client_company_name: 'Docx Check',
      product: 'CRM Platform',
      transcript: {
        name: 'en-onboarding-globex.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: docx,
      },
    },
  });
  expect(posted.status(), await posted.text()).toBe(202);
  const { id } = (await posted.json()) as { id: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/jobs/${id}`)).json()) as { status: string }).status, {
      timeout: 20_000,
    })
    .toBe('succeeded');
});
