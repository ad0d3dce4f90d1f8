import type { Language } from '@nexa/domain/language';
import { longDate, mailInLanguage } from '../../mail/in-language.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export interface CallReminderMailInput {
  fullName: string;
  /** Monday (UTC) of the week the call is for (YYYY-MM-DD). */
  week: string;
  /** The team's due day, ISO weekday (1 = Monday). */
  dueDay: number;
  /** The representative's dashboard, where the call is made. */
  dashboardUrl: string;
  /** Their settings, where the e-mail is turned off. */
  settingsUrl: string;
}

const SUBJECT = {
  en: 'Nexa: your forecast call for this week is due',
  fr: 'Nexa : votre engagement de prévision de la semaine est attendu',
};

const DAY_MS = 86_400_000;

/** The week's Monday and the due day's name, written in the language (the week is a UTC date). */
function dates(language: Language, week: string, dueDay: number) {
  const monday = new Date(`${week}T00:00:00Z`);
  return {
    weekOf: longDate(language, week),
    day: new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(monday.getTime() + (dueDay - 1) * DAY_MS),
    ),
  };
}

// The words are the dashboard's own reminder's (locales/{en,fr}/pipeline.json, forecastCall.reminder).
const body = (language: Language, input: CallReminderMailInput): string[] => {
  const { weekOf, day } = dates(language, input.week, input.dueDay);
  return language === 'fr'
    ? [
        `Bonjour ${input.fullName},`,
        '',
        `Votre engagement de prévision de la semaine du ${weekOf} est attendu (chaque ${day}) et n'est pas encore envoyé.`,
        "Envoyez votre engagé et votre au mieux pour le trimestre depuis votre tableau de bord, afin que votre responsable consolide la prévision de l'équipe :",
        input.dashboardUrl,
        '',
        "Vous recevez cet e-mail une fois par semaine au plus, quand l'engagement est attendu et pas encore envoyé. Pour ne plus le recevoir, désactivez-le dans vos paramètres :",
        input.settingsUrl,
      ]
    : [
        `Hello ${input.fullName},`,
        '',
        `Your forecast call for the week of ${weekOf} is due (calls are due each ${day}) and not made yet.`,
        "Submit your commit and best case for the quarter from your dashboard, so your manager can roll up the team's forecast:",
        input.dashboardUrl,
        '',
        'You get this e-mail once a week at most, when the call is due and not made. To stop it, turn it off in your settings:',
        input.settingsUrl,
      ];
};

/**
 * The forecast call's reminder e-mail, in the language the representative chose in their settings;
 * in both product languages when they never chose one, since the server cannot tell which they read
 * (as the password reset e-mail does).
 */
export function callReminderMail(to: string, language: Language | null, input: CallReminderMailInput): MailMessage {
  return mailInLanguage(
    to,
    language,
    (l) => SUBJECT[l],
    (l) => body(l, input),
  );
}
