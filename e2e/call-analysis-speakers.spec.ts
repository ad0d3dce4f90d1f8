import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ANALYSIS_TEXT, analyseOnDeal, openWhenReady } from './support/analysis.ts';
import { createDeal, createUser, signInAsUser } from './support/users.ts';

// Speakers as people (issue 34), in English and in French: a call where the rep brings a sales
// engineer and a colleague of the buyer dials in by phone (the engineer is a seller, the phone
// number a speaker of the prospect's side, the engineer's answer is an answer), then subtitles
// without any speaker name (the analysis says the names are missing and how to get them, and
// shows no talk share). A role the rep sets for one person holds on the deal's next call. The
// fixtures are written for this spec.

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

const TEXT = {
  en: {
    ...ANALYSIS_TEXT.en,
    named: 'speakers-sales-engineer.vtt',
    unnamed: 'unnamed-subtitles.srt',
    contact: 'Dana Whitfield',
    engineer: 'Priya',
    phone: '+1 617 555 0148',
    answer: /keeps every scan on the device/,
    rep: 'Representative',
    prospect: 'Prospect',
    introduced: 'from how they were introduced in the call',
    chosen: 'chosen by you',
    talk: /The representative spoke \d+% of the words/,
    missing: /names no speaker.*export the transcript with speaker names/,
  },
  fr: {
    ...ANALYSIS_TEXT.fr,
    named: 'intervenants-avant-vente.vtt',
    unnamed: 'sous-titres-sans-noms.srt',
    contact: 'Hélène Marchal',
    engineer: 'Chloé',
    phone: '+33 1 45 55 01 27',
    answer: /garde chaque scan sur le terminal/,
    rep: 'Commercial',
    prospect: 'Prospect',
    introduced: "d'après la façon dont il a été présenté pendant l'appel",
    chosen: 'choisi par vous',
    talk: /Le commercial a prononcé \d+ % des mots/,
    missing: /ne nomme aucun intervenant.*exportez la transcription avec les intervenants/,
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  const t = TEXT[lang];
  test.describe(`speakers as people (${lang})`, () => {
    test.use({ locale: t.locale });

    test('a sales engineer is a seller and a dial-in a speaker; subtitles without names say so, with no talk share', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const rep = await createUser({ role: 'rep', name: 'Alex Moreau', language: lang });
      const id = await createDeal(rep, {
        client_company_name: `Speakers ${lang} ${Date.now()}`,
        product: 'Warehouse scanning',
        client_name: t.contact,
      });
      const analyse = (fixture: string) => analyseOnDeal(page, lang, id, { file: path.join(FIXTURES, fixture) }, 90_000);

      await signInAsUser(page, rep);
      const named = await analyse(t.named);
      const speaker = (name: string) => named.getByTestId('speaker').filter({ hasText: name });
      await expect(speaker('Alex Moreau')).toContainText(t.rep);
      await expect(speaker(t.engineer)).toContainText(t.rep);
      await expect(speaker(t.engineer)).toContainText(t.introduced);
      await expect(speaker(t.contact)).toContainText(t.prospect);
      await expect(speaker(t.phone)).toContainText(t.prospect);
      await expect(named.getByTestId('talk-share')).toContainText(t.talk);
      // The engineer's reply answers the buyer's question (it is no requirement of the prospect's).
      const question = named.getByTestId('prospect-question').first();
      await expect(question).toContainText(t.answer);

      // The rep says the dial-in is on their side: that one person's role, re-run on the same transcript…
      await speaker(t.phone).getByTestId('set-speaker-role').click();
      await expect(page).toHaveURL(/\/rep\/analyze\?job=/);
      const rerun = await openWhenReady(page, lang, 90_000);
      const phoneAfter = rerun.getByTestId('speaker').filter({ hasText: t.phone });
      await expect(phoneAfter).toContainText(t.rep);
      await expect(phoneAfter).toContainText(t.chosen);
      // …and remembered for that person on the deal's next call, without being asked again.
      const later = await analyse(t.named);
      await expect(later.getByTestId('speaker').filter({ hasText: t.phone })).toContainText(t.chosen);
      await expect(later.getByTestId('speaker').filter({ hasText: t.phone })).toContainText(t.rep);

      const unnamed = await analyse(t.unnamed);
      await expect(unnamed.getByTestId('speaker-names-missing')).toContainText(t.missing);
      await expect(unnamed.getByTestId('talk-share')).toHaveCount(0);
      await expect(unnamed.getByTestId('speaker')).toHaveCount(0);
    });
  });
}
