import type { Language } from '@nexa/domain/language';
import type { MailMessage } from './mailer.ts';

/**
 * A message in the language the person chose in their settings; in both product languages when they
 * never chose one, since the server cannot tell which they read: the English subject and the French
 * one without its "Nexa : " (both name the product), the English text, a rule, the French text.
 * Every e-mail to a person is composed here (password reset, forecast call reminder, notifications).
 */
export function mailInLanguage(
  to: string,
  language: Language | null | undefined,
  subject: (language: Language) => string,
  body: (language: Language) => string[],
): MailMessage {
  if (language) return { to, subject: subject(language), text: body(language).join('\n') };
  return {
    to,
    subject: `${subject('en')} / ${subject('fr').replace('Nexa : ', '')}`,
    text: [...body('en'), '', '---', '', ...body('fr')].join('\n'),
  };
}

/** A calendar date (YYYY-MM-DD) written out in the language: "November 23, 2026", "23 novembre 2026". */
export const longDate = (language: Language, date: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
