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

/**
 * A date formatter of the language, style and zone, made once: making one costs ~100 times formatting
 * with it, and a weekly digest formats a dozen dates (decision 053). Bounded: past 500 kinds, made per call.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function dateFormat(
  language: Language,
  style: Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'>,
  timeZone: string,
): Intl.DateTimeFormat {
  const key = `${language}|${style.dateStyle ?? ''}|${style.timeStyle ?? ''}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...style, timeZone });
    if (formatters.size < 500) formatters.set(key, format);
  }
  return format;
}

/** A calendar date (YYYY-MM-DD) written out in the language: "November 23, 2026", "23 novembre 2026". */
export const longDate = (language: Language, date: string): string =>
  dateFormat(language, { dateStyle: 'long' }, 'UTC').format(new Date(`${date}T00:00:00Z`));
