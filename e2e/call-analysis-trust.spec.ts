import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ANALYSIS_TEXT, analyseOnDeal, openWhenReady } from './support/analysis.ts';
import { createDeal, createUser, signInAsUser } from './support/users.ts';

// The why page's own demo call, pasted into "Analyze a call" on a deal of the rep's own: the rep's
// share of the talk, the prospect's questions (none: Sam asks them all) and the go-live date Dana
// gives (her timeline, not a committed next step) come out right, in English and in French; swapping the roles re-runs it.

type WhyCall = { speakers: Record<string, string>; lines: Array<{ speaker: string; text: string }> };
const whyCall = (lang: 'en' | 'fr') =>
  (
    JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../apps/web/src/locales/${lang}/why.json`), 'utf8')) as {
      call: WhyCall;
    }
  ).call;

/** "[00:00:05] Sam (rep): …" as the issue and the demo write it; Nexa's own remarks are not part of the call. */
function transcriptOf(lang: 'en' | 'fr') {
  const call = whyCall(lang);
  let second = 5;
  const spoken = call.lines.filter((l) => l.speaker !== 'nexa');
  const text = spoken
    .map((l) => {
      const at = `[00:${String(Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}]`;
      second += 6;
      return `${at} ${call.speakers[l.speaker]}: ${l.text}`;
    })
    .join('\n');
  const words = (who: string) =>
    spoken
      .filter((l) => l.speaker === who)
      .reduce((n, l) => n + l.text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length, 0);
  return { text, repShare: Math.round((words('rep') / (words('rep') + words('prospect'))) * 100) };
}

const TEXT = {
  en: {
    ...ANALYSIS_TEXT.en,
    talk: (share: number) => `The representative spoke ${share}% of the words`,
    rep: 'Representative',
    prospect: 'Prospect',
    label: 'from the label beside the name',
    chosen: 'chosen by you',
    noQuestions: 'The prospect asked no question in this call.',
  },
  fr: {
    ...ANALYSIS_TEXT.fr,
    talk: (share: number) => `Le commercial a prononcé ${share} % des mots`,
    rep: 'Commercial',
    prospect: 'Prospect',
    label: "d'après l'étiquette à côté du nom",
    chosen: 'choisi par vous',
    noQuestions: "Le prospect n'a posé aucune question pendant cet appel.",
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  const t = TEXT[lang];
  test.describe(`the why page's demo call, analysed (${lang})`, () => {
    test.use({ locale: t.locale });

    test('gives the rep’s talk share, no prospect question, the go-live as the timeline and no invented step; swapping roles re-runs it', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const rep = await createUser({ role: 'rep', language: lang });
      const id = await createDeal(rep, {
        client_company_name: `Why demo ${lang} ${Date.now()}`,
        product: 'Telemetry',
        client_name: 'Dana Cruz',
      });
      const { text, repShare } = transcriptOf(lang);

      await signInAsUser(page, rep);
      const section = await analyseOnDeal(page, lang, id, { text });
      await expect(section.getByTestId('talk-share')).toContainText(t.talk(repShare));
      const sam = section.getByTestId('speaker').filter({ hasText: 'Sam' });
      await expect(sam).toContainText(t.rep);
      await expect(sam).toContainText(t.label);
      await expect(section.getByTestId('speaker').filter({ hasText: 'Dana' })).toContainText(t.prospect);
      await expect(section.getByTestId('no-prospect-questions')).toHaveText(t.noQuestions);
      await expect(section.getByTestId('prospect-question')).toHaveCount(0);
      // "If we can go live before 30 September, we sign this quarter" is Dana's timeline, not a step
      // anyone committed to: no next step is invented from it (issue 34).
      await expect(section.getByTestId('next-step')).toHaveCount(0);
      await expect(section.getByTestId('qualification-timeline')).toHaveAttribute('data-ticked', 'true');
      await expect(section.getByTestId('qualification-budget')).toHaveAttribute('data-ticked', 'false');

      // Had the analysis taken Dana for the seller, the rep swaps the roles and it runs again.
      await section.getByTestId('swap-roles').click();
      await expect(page).toHaveURL(/\/rep\/analyze\?job=/);
      const rerun = await openWhenReady(page, lang);
      const swapped = rerun.getByTestId('speaker').filter({ hasText: 'Sam' });
      await expect(swapped).toContainText(t.prospect);
      await expect(swapped).toContainText(t.chosen);
      await expect(rerun.getByTestId('prospect-question').first()).toBeVisible();
    });
  });
}
