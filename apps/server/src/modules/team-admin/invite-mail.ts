import type { Role } from '@nexa/domain';
import type { Language } from '@nexa/domain/language';
import type { MailMessage } from '../../mail/mailer.ts';

const ROLE_NAMES: Record<Language, Record<Role, string>> = {
  en: { 'Sales Manager': 'Sales Manager', 'Sales Representative': 'Sales Representative' },
  fr: { 'Sales Manager': 'responsable commercial', 'Sales Representative': 'commercial' },
};

/** The invitation e-mail, in the language the manager chose for the new member. */
export function invitationMail(
  to: string,
  { link, role, inviter, days, language }: { link: string; role: Role; inviter: string; days: number; language: Language },
): MailMessage {
  const roleName = ROLE_NAMES[language][role];
  if (language === 'fr') {
    return {
      to,
      subject: `${inviter} vous invite sur Nexa`,
      text: [
        `${inviter} vous invite à rejoindre son équipe sur Nexa en tant que ${roleName}.`,
        `Choisissez votre nom et votre mot de passe ici (le lien fonctionne une fois, pendant ${days} jours) :`,
        link,
        "Si vous n'attendiez pas cette invitation, ignorez ce message.",
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `${inviter} invited you to Nexa`,
    text: [
      `${inviter} invited you to join their team on Nexa as a ${roleName}.`,
      `Choose your name and password here (the link works once, for ${days} days):`,
      link,
      'If you were not expecting this invitation, ignore this message.',
    ].join('\n'),
  };
}
