import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { TeamForecastCalls } from '@nexa/domain/schemas/forecast-call';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Table, Td, Th } from '../../../components/ui/table.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatMoney, formatPercent, formatWeekday } from '../../../lib/format.ts';
import { forecastFigures } from '../../../lib/forecast-figures.ts';
import { paths } from '../../../lib/paths.ts';
import { useAdjustForecastCall, useTeamForecastCalls } from '../api/forecast-calls.ts';

type Row = TeamForecastCalls['representatives'][number];
const pair = (f: { commit: number; bestCase: number } | null | undefined) =>
  f ? `${formatMoney(f.commit)} / ${formatMoney(f.bestCase)}` : '—';

/** Where a representative's call stands this week: made, not yet due, or due and not made. */
const STATUS = {
  submitted: { tone: 'green', key: 'calls.status.submitted' },
  pending: { tone: 'grey', key: 'calls.status.pending' },
  overdue: { tone: 'amber', key: 'calls.status.overdue' },
} as const;
const statusOf = (rep: Row): keyof typeof STATUS => (rep.submittedThisWeek ? 'submitted' : rep.overdue ? 'overdue' : 'pending');

/**
 * The representatives' forecast calls (issue 38): submitted, system and adjusted figures side by
 * side (commit / best case), per representative and for the team, with last quarter's accuracy;
 * who has not made this week's call yet, and the day calls are due (a team setting).
 */
export function ForecastCalls() {
  const { t } = useTranslation('insights');
  const calls = useTeamForecastCalls();
  if (!calls.data) return null;
  const { representatives, team, dueDay } = calls.data;
  const missing = representatives.filter((rep) => !rep.submittedThisWeek).length;
  return (
    <Card padded data-testid="forecast-calls">
      <h2 className="text-lg font-semibold">{t('calls.title')}</h2>
      <p className="text-sm text-slate-600">{t('calls.subtitle')}</p>
      <div className="mt-2 mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <p className="font-medium text-slate-900" data-testid="forecast-calls-missing">
          {missing === 0 ? t('calls.allIn') : t('calls.missing', { count: missing, total: representatives.length })}
        </p>
        <p className="text-slate-600" data-testid="forecast-calls-due-day">
          {t('calls.dueEach', { day: formatWeekday(dueDay) })}{' '}
          <Link
            to={paths.manager.forecastSettings.getHref()}
            className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
          >
            {t('calls.changeDay')}
          </Link>
        </p>
      </div>
      <Table label={t('calls.title')}>
        <thead>
          <tr>
            <Th>{t('forecast.representative')}</Th>
            <Th className="text-right">{t('calls.submitted')}</Th>
            <Th className="text-right">{t('calls.system')}</Th>
            <Th className="text-right">{t('calls.adjusted')}</Th>
            {/* The one long heading wraps: on one line the French table ran past its card at 1440 px. */}
            <Th className="text-right whitespace-normal">{t('calls.accuracy')}</Th>
          </tr>
        </thead>
        <tbody>
          {representatives.map((rep) => (
            <CallRow key={rep.id} rep={rep} />
          ))}
        </tbody>
        <tfoot>
          <tr className="bg-slate-50 font-semibold" data-testid="forecast-calls-team">
            <Th scope="row" className="text-sm tracking-normal text-slate-900 normal-case">
              {t('forecast.team')}
            </Th>
            <Td className="text-right whitespace-nowrap tabular-nums">{pair(team.submitted)}</Td>
            <Td className="text-right whitespace-nowrap tabular-nums">{pair(team.system)}</Td>
            <Td className="text-right whitespace-nowrap tabular-nums">{pair(team.adjusted)}</Td>
            <Td />
          </tr>
        </tfoot>
      </Table>
      <p className="mt-3 text-xs text-slate-600">{t('calls.help')}</p>
    </Card>
  );
}

function CallRow({ rep }: { rep: Row }) {
  const { t } = useTranslation('insights');
  const adjust = useAdjustForecastCall();
  const status = statusOf(rep);
  const shown = rep.submitted?.adjusted ?? rep.submitted;
  const [commit, setCommit] = useState(shown ? String(shown.commit) : '');
  const [bestCase, setBestCase] = useState(shown ? String(shown.bestCase) : '');
  const save = () => {
    // Checked as the representative's own call is: a typo is said here, not sent.
    const figures = forecastFigures(commit, bestCase);
    if (!figures) return void toast.error(t('calls.invalid'));
    adjust.mutate(
      { id: rep.id, ...figures },
      { onSuccess: () => toast.success(t('calls.saved')), onError: (error) => toast.error(t(errorKey(error))) },
    );
  };
  const inputs = [
    { label: t('calls.adjustCommit', { name: rep.full_name }), value: commit, set: setCommit },
    { label: t('calls.adjustBestCase', { name: rep.full_name }), value: bestCase, set: setBestCase },
  ];
  return (
    <tr data-testid="forecast-call-row" data-rep={rep.id}>
      <Th scope="row" className="text-sm font-medium tracking-normal text-slate-900 normal-case">
        {rep.full_name}
        <Badge tone={STATUS[status].tone} className="mt-0.5 flex w-fit" data-testid="call-status" data-status={status}>
          {t(STATUS[status].key)}
        </Badge>
        {rep.submitted?.note && <span className="block text-xs font-normal text-slate-600">“{rep.submitted.note}”</span>}
      </Th>
      <Td className="text-right whitespace-nowrap tabular-nums" data-testid="call-submitted">
        {rep.submitted ? pair(rep.submitted) : t('calls.none')}
      </Td>
      <Td className="text-right whitespace-nowrap tabular-nums" data-testid="call-system">
        {pair(rep.system)}
      </Td>
      <Td className="text-right">
        {rep.submitted ? (
          <span className="inline-flex flex-wrap items-center justify-end gap-1">
            {inputs.map(({ label, value, set }) => (
              <input
                key={label}
                className="h-8 w-24 rounded border border-slate-300 px-2 text-right text-sm tabular-nums"
                inputMode="numeric"
                aria-label={label}
                value={value}
                onChange={(e) => set(e.target.value)}
              />
            ))}
            <Button size="sm" variant="secondary" onClick={save} disabled={adjust.isPending}>
              {t('calls.save')}
            </Button>
          </span>
        ) : (
          '—'
        )}
      </Td>
      <Td className="text-right tabular-nums">{rep.accuracy === null ? '—' : formatPercent(rep.accuracy)}</Td>
    </tr>
  );
}
