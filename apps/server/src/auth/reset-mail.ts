import type { MailMessage } from '../mail/mailer.ts';

/** The reset e-mail in both product languages: the server does not know which one the reader prefers. */
export function resetPasswordMail(to: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Nexa: reset your password / réinitialiser votre mot de passe',
    text: [
      'Someone asked to reset the password of your Nexa account.',
      `Choose a new password here (the link works once, for ${minutes} minutes):`,
      link,
      'If it was not you, ignore this message: your password stays as it is.',
      '',
      '---',
      '',
      'Une réinitialisation du mot de passe de votre compte Nexa a été demandée.',
      `Choisissez un nouveau mot de passe ici (le lien fonctionne une fois, pendant ${minutes} minutes) :`,
      link,
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe ne change pas.",
    ].join('\n'),
  };
}
