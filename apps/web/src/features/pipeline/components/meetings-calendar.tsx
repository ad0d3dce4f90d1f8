import { enUS, fr } from 'date-fns/locale';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { meetingDotTone, type PipelineSummary } from '@nexa/domain';
import { DOT_CLASSES } from '../../../components/ui/badge.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';

/** A month with a dot on each meeting day, coloured by lead status (spec §2). */
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
  const byDay = new Map(days.map((d) => [d.date, d]));
  return (
    <DayPicker
      aria-label={label}
      month={month}
      onMonthChange={onMonthChange}
      locale={currentLanguage() === 'fr' ? fr : enUS}
      showOutsideDays={false}
      className="text-sm"
      components={{
        DayButton: ({ day, modifiers: _modifiers, ...props }) => {
          const key = `${day.date.getFullYear()}-${String(day.date.getMonth() + 1).padStart(2, '0')}-${String(day.date.getDate()).padStart(2, '0')}`;
          const meeting = byDay.get(key);
          return (
            <button {...props} data-meeting={meeting ? meetingDotTone(meeting.lead_status) : undefined}>
              <span className="flex flex-col items-center leading-none">
                {day.date.getDate()}
                <span
                  className={`mt-0.5 h-1.5 w-1.5 rounded-full ${meeting ? DOT_CLASSES[meetingDotTone(meeting.lead_status)] : 'bg-transparent'}`}
                  aria-hidden
                />
              </span>
            </button>
          );
        },
      }}
    />
  );
}
