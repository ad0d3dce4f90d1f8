import { expect, test } from '@playwright/test';
import { ANALYSIS_TEXT, analyseOnDeal } from './support/analysis.ts';
import { createDeal, createUser, signInAsUser } from './support/users.ts';

// The MEDDICC checklist of an analysed call (issue 34), in English and in French: each box is
// ticked by a line the buyer said, and the commercial score's "Not discussed" names exactly the
// boxes left empty — never one the checklist ticked. A screenshot of the checklist at each width.

const CALLS = {
  en: {
    ...ANALYSIS_TEXT.en,
    notDiscussed: 'Not discussed: ',
    titles: { economicBuyer: 'Economic buyer', competition: 'Competition', paperProcess: 'Paper process', budget: 'Budget' },
    text: [
      'Sam (rep): Thanks for the time, Dana. What made you start looking?',
      'Dana (prospect): We lose about twenty hours a week reconciling carrier invoices by hand.',
      'Sam (rep): Who signs off on a purchase like this?',
      'Dana (prospect): Anything above a hundred K needs our COO, Priya Shah, to sign. We have about eighty thousand dollars set aside.',
      "Dana (prospect): To be open with you, we're also looking at Gong.",
      'Dana (prospect): And legal needs two weeks for the MSA.',
      "Sam (rep): Understood. I'll send the proposal tomorrow.",
    ],
  },
  fr: {
    ...ANALYSIS_TEXT.fr,
    notDiscussed: 'Non abordé : ',
    titles: {
      economicBuyer: 'Décideur économique',
      competition: 'Concurrence',
      paperProcess: 'Processus contractuel',
      budget: 'Budget',
    },
    text: [
      "Sam (rep): Merci pour votre temps. Qu'est-ce qui vous a fait chercher ?",
      'Dana (prospect): On perd une vingtaine d’heures par semaine à rapprocher les factures à la main.',
      'Sam (rep): Qui valide un achat comme celui-ci ?',
      "Dana (prospect): Au-delà de cent mille euros, c'est notre directrice générale qui signe. On a une enveloppe de 80 k€.",
      'Dana (prospect): Pour être transparente, on regarde aussi Modjo.',
      'Dana (prospect): Et notre juridique aura besoin de deux semaines pour le contrat-cadre.',
      'Sam (rep): Entendu, je vous envoie la proposition demain.',
    ],
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  const t = CALLS[lang];
  test.describe(`the qualification checklist (${lang})`, () => {
    test.use({ locale: t.locale });

    test('ticks each box from the buyer’s line, and the score never calls a ticked box not discussed', async ({ page }, info) => {
      test.setTimeout(120_000);
      const rep = await createUser({ role: 'rep', language: lang });
      const id = await createDeal(rep, {
        client_company_name: `Checklist ${lang} ${Date.now()}`,
        product: 'Freight audit',
        client_name: 'Dana Cruz',
      });

      await signInAsUser(page, rep);
      const section = await analyseOnDeal(page, lang, id, { text: t.text.join('\n') });
      const checklist = section.getByTestId('qualification-checklist');
      await expect(checklist.getByRole('listitem')).toHaveCount(10);
      for (const box of ['metrics', 'identifyPain', 'economicBuyer', 'budget', 'competition', 'paperProcess'])
        await expect(checklist.getByTestId(`qualification-${box}`), box).toHaveAttribute('data-ticked', 'true');
      for (const box of ['champion', 'timeline'])
        await expect(checklist.getByTestId(`qualification-${box}`), box).toHaveAttribute('data-ticked', 'false');
      // The seller's lines quote nothing: the economic buyer is Dana's words.
      await expect(checklist.getByTestId('qualification-economicBuyer')).toContainText(
        lang === 'en' ? 'needs our COO, Priya Shah, to sign' : 'notre directrice générale qui signe',
      );

      // One checklist: "Not discussed" names the empty boxes only.
      const notDiscussed = section.getByTestId('commercial-reason').filter({ hasText: t.notDiscussed });
      await expect(notDiscussed).toHaveCount(1);
      const listed = ((await notDiscussed.textContent()) ?? '').split(t.notDiscussed)[1] ?? '';
      for (const title of Object.values(t.titles)) expect(listed, title).not.toContain(title);

      // The checklist as a rep sees it, at the desktop's width and a phone's (this spec runs in the desktop project).
      // The "analysis is ready" toast goes first, so the pictures show the checklist alone.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
        await checklist.scrollIntoViewIfNeeded();
        await expect(checklist.getByTestId('qualification-count')).toBeVisible();
        await checklist.screenshot({ path: info.outputPath(`qualification-checklist-${lang}-${width}.png`) });
      }
    });
  });
}
