import { datesIn, type SaidDate } from './call-dates.ts';
import { instantOfWallTime } from './slots.ts';
import { isTimeZone } from './time-zone.ts';
import type { TranscriptLine } from './transcript.ts';
import { words } from './unicode-words.ts';

/**
 * The next meeting a call agrees on ("let's meet next Tuesday at 2pm", "on se revoit le 12 mars à
 * 14h"), read relative to the call's own date so the same call always gives the same date. Days
 * are read by call-dates.ts, in the representative's zone; a meeting with no time said is put at
 * 10:00 in that zone.
 */

const MEETING = words(
  /\b(?:meeting|meet|call|demo|follow[- ]up|catch up|talk|speak|session|workshop|review|rendez-vous|rdv|réunion|point|démo|démonstration|appel|rappel|revoir|revoit|revoyons|voit|parle|atelier|visio|visit|visite)\b/,
);

/**
 * The last line that names a meeting and a day after the reference date. A line that only
 * confirms the day ("Thursday works") takes the time from the two lines before it.
 */
export function findNextMeeting(
  lines: readonly TranscriptLine[],
  reference: Date,
  timeZone: string | null = null,
): { date: Date; lines: number[] } | null {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const { text, number } = lines[i]!;
    if (!MEETING.test(text)) continue;
    const said = datesIn(text, reference, { timeZone: zone }).filter((d) => !d.vague);
    // "Tuesday is bad, let us meet on Thursday": the last day named is the one agreed.
    const day = said.filter((d) => d.hasTime).at(-1) ?? said.at(-1);
    if (!day) continue;
    const cited = [number];
    let date = new Date(day.date);
    if (!day.hasTime) {
      // The two lines before, each read once.
      const before = [i - 1, i - 2]
        .filter((j) => j >= 0)
        .map((j) => ({ line: lines[j]!, said: datesIn(lines[j]!.text, reference, { timeZone: zone }) }));
      // "Thursday works" after "shall we meet next Thursday at 3pm?": the day proposed, at its time.
      for (const { line, said: earlier } of before) {
        const proposed = earlier.find((s) => !s.vague && s.day !== day.day && sameWeekday(s.day, day.day));
        if (proposed) {
          return Date.parse(proposed.date) > reference.getTime()
            ? { date: new Date(proposed.date), lines: [line.number, number] }
            : null;
        }
      }
      let minute = 10 * 60;
      for (const { line, said: earlier } of before) {
        const time = earlier.find((s) => s.hasTime && s.day === day.day) ?? timeOnly(line.text, reference, zone);
        if (time) {
          minute = minuteOfDay(time, zone);
          cited.unshift(line.number);
          break;
        }
      }
      const [y, m, d] = dayParts(day.day);
      date = new Date(instantOfWallTime(y, m, d, minute, zone));
    }
    if (date.getTime() <= reference.getTime()) continue;
    return { date, lines: cited };
  }
  return null;
}

/** A time said alone on a line ("At 3pm?"), read against today. */
const timeOnly = (text: string, reference: Date, zone: string): SaidDate | undefined =>
  datesIn(`today ${text}`, reference, { timeZone: zone }).find((d) => d.hasTime);

const dayParts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** The minutes after midnight, in the zone, of a date said with its time. */
function minuteOfDay(said: SaidDate, zone: string): number {
  const [y, m, d] = dayParts(said.day);
  return Math.round((Date.parse(said.date) - instantOfWallTime(y, m, d, 0, zone)) / 60_000);
}

/** Two days a week or less apart on the same weekday. */
function sameWeekday(a: string, b: string): boolean {
  const gap = Math.abs(Date.parse(a) - Date.parse(b));
  return gap % (7 * 86_400_000) === 0 && gap <= 7 * 86_400_000;
}
