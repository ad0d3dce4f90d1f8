import type { TranscriptLine } from './transcript.ts';
import { words } from './unicode-words.ts';

/**
 * The next meeting a call agrees on ("let's meet next Tuesday at 2pm", "on se revoit le 12 mars à
 * 14h"), read relative to a reference date so the same call always gives the same date. Dates and
 * times are taken as UTC: a transcript does not say its time zone.
 */

const MEETING = words(
  /\b(?:meeting|meet|call|demo|follow[- ]up|catch up|talk|speak|session|workshop|review|rendez-vous|rdv|réunion|point|démo|démonstration|appel|rappel|revoir|revoit|revoyons|voit|parle|atelier|visio)\b/,
);

const MONTHS: Record<string, number> = {
  january: 0,
  jan: 0,
  janvier: 0,
  janv: 0,
  february: 1,
  feb: 1,
  février: 1,
  fevrier: 1,
  févr: 1,
  march: 2,
  mar: 2,
  mars: 2,
  april: 3,
  apr: 3,
  avril: 3,
  avr: 3,
  may: 4,
  mai: 4,
  june: 5,
  jun: 5,
  juin: 5,
  july: 6,
  jul: 6,
  juillet: 6,
  juil: 6,
  august: 7,
  aug: 7,
  août: 7,
  aout: 7,
  september: 8,
  sep: 8,
  sept: 8,
  septembre: 8,
  october: 9,
  oct: 9,
  octobre: 9,
  november: 10,
  nov: 10,
  novembre: 10,
  december: 11,
  dec: 11,
  décembre: 11,
  decembre: 11,
  déc: 11,
};
const WEEKDAYS: Record<string, number> = {
  sunday: 0,
  dimanche: 0,
  monday: 1,
  lundi: 1,
  tuesday: 2,
  mardi: 2,
  wednesday: 3,
  mercredi: 3,
  thursday: 4,
  jeudi: 4,
  friday: 5,
  vendredi: 5,
  saturday: 6,
  samedi: 6,
};
const MONTH = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const WEEKDAY = Object.keys(WEEKDAYS).join('|');

const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/;
const MONTH_DAY = words(`\\b(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`, 'iu');
const DAY_MONTH = words(`\\b(\\d{1,2}|1er)(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH})\\b`, 'iu');
const WEEKDAY_RE = words(`\\b(${WEEKDAY})\\b`, 'giu');
const TOMORROW = words(/\b(?:tomorrow|demain)\b/);
const NEXT_WEEK = words(/\b(?:next week|la semaine prochaine|semaine prochaine)\b/);
const IN_WEEKS = words(/\b(?:in|dans)\s+(two|deux|2|three|trois|3)\s+(?:weeks|semaines)\b/);
const TIME_12 = /\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\b\.?/i;
const TIME_H = /\b(\d{1,2})\s*h\s*(\d{2})?\b/i;
const TIME_24 = /\b(?:at|à)\s+(\d{1,2}):(\d{2})\b/i;

const DAY_MS = 86_400_000;
const utcDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

function dayOf(text: string, reference: Date): number | null {
  const today = utcDay(reference);
  let m = ISO_DATE.exec(text);
  if (m) {
    const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return Number.isNaN(day) ? null : day;
  }
  const monthDay = (month: number, day: number) => {
    if (day < 1 || day > 31) return null;
    let year = reference.getUTCFullYear();
    // "March 12" said in December means next year's.
    if (Date.UTC(year, month, day) < today) year += 1;
    return Date.UTC(year, month, day);
  };
  m = DAY_MONTH.exec(text);
  if (m) return monthDay(MONTHS[m[2]!.toLowerCase()]!, m[1] === '1er' ? 1 : Number(m[1]));
  m = MONTH_DAY.exec(text);
  if (m) return monthDay(MONTHS[m[1]!.toLowerCase()]!, Number(m[2]));
  // "Tuesday is bad, let us meet on Thursday": the last day named is the one agreed.
  const weekday = [...text.matchAll(WEEKDAY_RE)].at(-1);
  if (weekday) {
    const target = WEEKDAYS[weekday[1]!.toLowerCase()]!;
    let ahead = (target - reference.getUTCDay() + 7) % 7 || 7;
    // "Tuesday next week": the Tuesday after the coming Monday.
    const toMonday = (1 - reference.getUTCDay() + 7) % 7 || 7;
    if (NEXT_WEEK.test(text) && ahead < toMonday) ahead += 7;
    return today + ahead * DAY_MS;
  }
  if (TOMORROW.test(text)) return today + DAY_MS;
  m = IN_WEEKS.exec(text);
  if (m) return today + (/^(?:three|trois|3)$/i.test(m[1]!) ? 21 : 14) * DAY_MS;
  if (NEXT_WEEK.test(text)) {
    // The Monday of next week.
    const ahead = (1 - reference.getUTCDay() + 7) % 7 || 7;
    return today + ahead * DAY_MS;
  }
  return null;
}

function timeOf(text: string): number | null {
  let m = TIME_12.exec(text);
  if (m) {
    const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'p' ? 12 : 0);
    const minute = Number(m[2] ?? 0);
    return hour < 24 && minute < 60 ? (hour * 60 + minute) * 60_000 : null;
  }
  m = TIME_24.exec(text) ?? TIME_H.exec(text);
  if (m) {
    const hour = Number(m[1]);
    const minute = Number(m[2] ?? 0);
    return hour < 24 && minute < 60 ? (hour * 60 + minute) * 60_000 : null;
  }
  return null;
}

/**
 * The last line that names a meeting and a day after the reference date. A line that only
 * confirms the day ("Thursday works") takes the time from the two lines before it.
 */
export function findNextMeeting(lines: readonly TranscriptLine[], reference: Date): { date: Date; lines: number[] } | null {
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const { text, number } = lines[i]!;
    if (!MEETING.test(text)) continue;
    const day = dayOf(text, reference);
    if (day === null || day < utcDay(reference)) continue;
    let time = timeOf(text);
    const cited = [number];
    for (let j = i - 1; time === null && j >= Math.max(0, i - 2); j -= 1) {
      time = timeOf(lines[j]!.text);
      if (time !== null) cited.unshift(lines[j]!.number);
    }
    const date = new Date(day + (time ?? 10 * 3_600_000));
    if (date.getTime() <= reference.getTime()) continue;
    return { date, lines: cited };
  }
  return null;
}
