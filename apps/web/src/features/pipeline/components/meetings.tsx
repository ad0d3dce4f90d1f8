import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { meetingDotTone, type PipelineSummary } from '@nexa/domain';
import { DOT_CLASSES } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useInView } from '../../../lib/use-in-view.ts';
import { paths } from '../../../lib/paths.ts';
import { MetricHelp } from '../../../components/metrics/metric-help.tsx';

// The calendar (react-day-picker, 21 KB gzip) sits below the fold of the dashboard: it loads when it
// comes near the screen, in a box of its own height, so the page's first JavaScript stays without it.
const MeetingsCalendar = lazy(() => import('./meetings-calendar.tsx'));
const CALENDAR_BOX = 'h-72 w-full max-w-80';

/** The upcoming meetings beside the month's calendar. */
export function Meetings({
  data,
  month,
  onMonthChange,
}: {
  data: PipelineSummary | undefined;
  month: Date;
  onMonthChange: (d: Date) => void;
}) {
  const { t } = useTranslation('pipeline');
  const calendarBox = useRef<HTMLDivElement>(null);
  const calendarWanted = useInView(calendarBox, { threshold: 0, rootMargin: '200px' });
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-1">
          <CardTitle>{t('meetings.title')}</CardTitle>
          <MetricHelp metric="upcoming-meetings" />
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-2 lg:items-start lg:gap-6">
        <div className="min-w-0 space-y-2">
          {data && data.upcomingMeetings.length === 0 && <p className="text-sm text-slate-600">{t('meetings.none')}</p>}
          <ul className="space-y-2" data-testid="upcoming-meetings">
            {data?.upcomingMeetings.map((m) => (
              <li key={m.id} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
                <span
                  className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', DOT_CLASSES[meetingDotTone(m.lead_status)])}
                  aria-hidden
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={paths.rep.opportunity.getHref(m.id)}
                    className="block truncate font-medium text-slate-900 hover:underline"
                  >
                    {m.client_company_name ?? '—'}
                  </Link>
                  <p className="truncate text-xs text-slate-600">
                    {formatDateTime(m.next_meeting_date)} · {m.product ?? ''}
                  </p>
                </div>
                <label className="flex items-center gap-1 text-xs text-slate-600">
                  <input type="checkbox" checked disabled readOnly className="h-4 w-4 accent-brand-600" />
                  {t('meetings.confirmed')}
                </label>
              </li>
            ))}
          </ul>
        </div>
        <div className="space-y-3">
          <div className="flex justify-center border-t border-slate-100 pt-3 lg:border-t-0 lg:pt-0">
            {calendarWanted ? (
              <Suspense fallback={<div className={CALENDAR_BOX} />}>
                <MeetingsCalendar
                  month={month}
                  days={data?.calendar.days ?? []}
                  onMonthChange={onMonthChange}
                  label={t('meetings.calendar')}
                />
              </Suspense>
            ) : (
              <div ref={calendarBox} className={CALENDAR_BOX} />
            )}
          </div>
          <p className="text-xs text-slate-500">{t('meetings.legend')}</p>
        </div>
      </CardContent>
    </Card>
  );
}
