import type { TranscriptLanguage } from './schemas/call-insights.ts';

/**
 * A demo booked on the public site, as it appears in a manager's calendar and feed (decision 042):
 * the title names the company and the person, the description how to reach them — in the language
 * of the manager whose calendar it is. The booker's own invite (leads' invite.ics) says other words.
 */
export interface DemoBookingFacts {
  fullName: string;
  companyName: string;
  email: string;
  notes: string | null;
}

const WORDS = {
  en: {
    title: (company: string, name: string) => `Nexa demo: ${company} (${name})`,
    booked: (name: string, company: string) => `Demo booked on the website by ${name}, ${company}.`,
    email: 'E-mail: ',
    notes: 'Notes: ',
  },
  fr: {
    title: (company: string, name: string) => `Démo Nexa : ${company} (${name})`,
    booked: (name: string, company: string) => `Démo réservée sur le site par ${name}, ${company}.`,
    // French typography: a space before the colon.
    email: 'E-mail : ',
    notes: 'Notes : ',
  },
} as const;

export function demoBookingEvent(
  language: TranscriptLanguage,
  booking: DemoBookingFacts,
): { title: string; description: string } {
  const words = WORDS[language];
  const name = booking.fullName.trim();
  const company = booking.companyName.trim();
  const lines = [words.booked(name, company), `${words.email}${booking.email}`];
  const notes = booking.notes?.trim();
  if (notes) lines.push(`${words.notes}${notes}`);
  return { title: words.title(company, name), description: lines.join('\n') };
}
