import { expect, type Locator, type Page } from '@playwright/test';

/** "Analyze a call" as a representative reads it, in each language. */
export const ANALYSIS_TEXT = {
  en: {
    locale: 'en-US',
    paste: 'Or paste the transcript',
    submit: 'Analyze the call',
    ready: 'The analysis is ready.',
    open: 'Open the opportunity',
  },
  fr: {
    locale: 'fr-FR',
    paste: 'Ou collez la transcription',
    submit: "Analyser l'appel",
    ready: "L'analyse est prête.",
    open: "Ouvrir l'opportunité",
  },
} as const;

type Language = keyof typeof ANALYSIS_TEXT;

/** Once an analysis (or its re-run) is queued: waits until it is ready and opens the deal's analysis. */
export async function openWhenReady(page: Page, lang: Language, timeout = 60_000): Promise<Locator> {
  await expect(page.getByTestId('job-status')).toHaveText(ANALYSIS_TEXT[lang].ready, { timeout });
  await page.getByRole('link', { name: ANALYSIS_TEXT[lang].open }).click();
  return page.getByTestId('call-analysis');
}

/**
 * Analyses a call on deal `id` from the deal's own "Analyze a call" (the deal already picked), the
 * transcript pasted or chosen as a file, and opens the deal's analysis once it is ready.
 */
export async function analyseOnDeal(
  page: Page,
  lang: Language,
  id: number,
  transcript: { text: string } | { file: string },
  timeout?: number,
): Promise<Locator> {
  await page.goto(`/rep/opportunities/${id}`);
  await page.getByTestId('analyze-call').click();
  await expect(page.getByTestId('opportunity-selected')).toBeVisible();
  if ('text' in transcript) await page.getByLabel(ANALYSIS_TEXT[lang].paste).fill(transcript.text);
  else {
    await page.locator('input[type=file]').setInputFiles(transcript.file);
    await expect(page.getByTestId('transcript-file')).toContainText(transcript.file.split(/[\\/]/).pop()!);
  }
  await page.getByRole('button', { name: ANALYSIS_TEXT[lang].submit }).click();
  return openWhenReady(page, lang, timeout);
}

/**
 * The Northwind discovery call (e2e/fixtures) and its security-questionnaire next step as the
 * representative accepts it as a task, in each language: the words the specs that turn it into a
 * task share (tasks, next-steps-become-work).
 */
export const NEXT_STEP_TEXT = {
  en: {
    locale: 'en-US',
    fixture: 'northwind-discovery-call.txt',
    step: /security questionnaire/i,
    task: 'Task',
    due: 'Due',
    accept: /^Accept “/,
    title: 'Send the security questionnaire to Daniel',
    done: 'Done: Send the security questionnaire to Daniel',
  },
  fr: {
    locale: 'fr-FR',
    fixture: 'northwind-appel-decouverte.txt',
    step: /questionnaire de sécurité/i,
    task: 'Tâche',
    due: 'Échéance',
    accept: /^Accepter « /,
    title: 'Envoyer le questionnaire de sécurité à Daniel',
    done: 'Terminée : Envoyer le questionnaire de sécurité à Daniel',
  },
} as const;
