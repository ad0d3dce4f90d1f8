import type { Language } from '@nexa/domain/language';
import { mailInLanguage } from '../mail/in-language.ts';
import type { MailMessage } from '../mail/mailer.ts';

const SUBJECT = { en: 'Nexa: reset your password', fr: 'Nexa : réinitialiser votre mot de passe' };

const body = (language: Language, link: string, minutes: number): string[] =>
  language === 'fr'
    ? [
        'Une réinitialisation du mot de passe de votre compte Nexa a été demandée.',
        `Choisissez un nouveau mot de passe ici (le lien fonctionne une fois, pendant ${minutes} minutes) :`,
        link,
        "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe ne change pas.",
      ]
    : [
        'Someone asked to reset the password of your Nexa account.',
        `Choose a new password here (the link works once, for ${minutes} minutes):`,
        link,
        'If it was not you, ignore this message: your password stays as it is.',
      ];

/**
 * The reset e-mail in the language the person chose in their settings; in both product languages
 * when they never chose one, since the server cannot tell which they read.
 */
export function resetPasswordMail(to: string, link: string, minutes: number, language?: Language | null): MailMessage {
  return mailInLanguage(
    to,
    language,
    (l) => SUBJECT[l],
    (l) => body(l, link, minutes),
  );
}
