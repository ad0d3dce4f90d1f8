import { enUS, fr } from 'date-fns/locale';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { meetingDotTone, type PipelineSummary, type Tone } from '@nexa/domain';
import { currentLanguage } from '../../../lib/i18n.ts';

const DOT =
  'relative after:absolute after:bottom-0.5 after:left-1/2 after:h-1.5 after:w-1.5 after:-translate-x-1/2 after:rounded-full';
const DOT_BY_TONE: Record<Tone, string> = {
  red: `${DOT} after:bg-red-500`,
  orange: `${DOT} after:bg-orange-500`,
  yellow: `${DOT} after:bg-yellow-400`,
  green: `${DOT} after:bg-green-500`,
  blue: `${DOT} after:bg-blue-500`,
  amber: `${DOT} after:bg-amber-500`,
  grey: `${DOT} after:bg-slate-400`,
};

/** A month with a dot on each meeting day, coloured by lead status. */
export default function MeetingsCalendar({
  month,
  days,
  onMonthChange,
  label,
}: {
  month: Date;
  days: PipelineSummary['calendar']['days'];
  onMonthChange: (month: Date) => void;
  label: string;
}) {
  const modifiers: Record<string, Date[]> = {};
  for (const day of days) {
    const [y, m, d] = day.date.split('-').map(Number) as [number, number, number];
    const key = `meeting_${meetingDotTone(day.lead_status)}`;
    (modifiers[key] ??= []).push(new Date(y, m - 1, d));
  }
  const modifiersClassNames = Object.fromEntries(
    Object.entries(DOT_BY_TONE).map(([tone, className]) => [`meeting_${tone}`, className]),
  );
  return (
    <DayPicker
      aria-label={label}
      month={month}
      onMonthChange={onMonthChange}
      locale={currentLanguage() === 'fr' ? fr : enUS}
      showOutsideDays={false}
      className="text-sm"
      modifiers={modifiers}
      modifiersClassNames={modifiersClassNames}
    />
  );
}
