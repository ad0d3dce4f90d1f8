import { Award, BriefcaseBusiness, DollarSign, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { errorKey } from '../../../lib/api-client.ts';
import { currentHour, formatMoney, formatNumber, formatScore } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useMe } from '../../../lib/api/get-me.ts';
import { useTeam } from '../api/get-team.ts';
import { TeamChart } from '../components/team-chart.tsx';
import { TeamTable } from '../components/team-table.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { MetricHelp } from '../../../components/metrics/metric-help.tsx';
import type { MetricId } from '../../../components/metrics/metric-ids.ts';

function greetingKey(hour: number) {
  if (hour < 12) return 'dashboard.greeting.morning';
  if (hour < 18) return 'dashboard.greeting.afternoon';
  return 'dashboard.greeting.evening';
}

function StatCard({
  label,
  value,
  icon,
  testId,
  metric,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  testId: string;
  metric: MetricId;
}) {
  return (
    <Card padded className="flex items-center gap-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700" aria-hidden>
        {icon}
      </span>
      <div className="min-w-0">
        <p className="flex items-center gap-1 text-sm text-slate-600">
          {label}
          <MetricHelp metric={metric} />
        </p>
        <p className="truncate text-2xl font-bold tabular-nums" data-testid={testId}>
          {value}
        </p>
      </div>
    </Card>
  );
}

function LeaderCard({ label, leader }: { label: string; leader: { id: string; full_name: string; score: number } | null }) {
  const { t } = useTranslation('team');
  return (
    <Card padded className="flex items-center gap-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-700" aria-hidden>
        <Award className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="flex items-center gap-1 text-sm text-slate-600">
          {label}
          <MetricHelp metric="score-leaders" />
        </p>
        {leader ? (
          <p className="truncate text-lg font-semibold">
            <Link to={paths.manager.representative.getHref(leader.id)} className="hover:underline">
              {leader.full_name}
            </Link>{' '}
            <span className="text-sm font-medium text-slate-600">
              {t('dashboard.leaders.score', { score: formatScore(leader.score) })}
            </span>
          </p>
        ) : (
          <p className="text-sm text-slate-600">{t('dashboard.leaders.none')}</p>
        )}
      </div>
    </Card>
  );
}

export function TeamDashboardPage() {
  const { t } = useTranslation('team');
  usePageMeta(t('dashboard.metaTitle'));
  const me = useMe();
  const team = useTeam();
  const firstName = (me.data?.full_name ?? '').split(/\s+/)[0] ?? '';

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(greetingKey(currentHour()), { name: firstName })}</h1>
        <p className="mt-1 text-slate-600">{t('dashboard.subtitle')}</p>
      </header>

      {team.isPending && (
        <div className="grid gap-4 sm:grid-cols-3" aria-busy="true" aria-label={t('dashboard.loading')}>
          {[0, 1, 2].map((i) => (
            <Card padded key={i}>
              <Skeleton className="h-4 w-24" />
              <Skeleton className="mt-3 h-7 w-32" />
            </Card>
          ))}
        </div>
      )}
      {team.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          {t('representatives.error', { message: t(errorKey(team.error)) })}
        </p>
      )}
      {team.data && (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard
              label={t('dashboard.cards.representatives')}
              value={formatNumber(team.data.representativesCount)}
              icon={<Users className="h-5 w-5" />}
              testId="card-representatives"
              metric="team-totals"
            />
            <StatCard
              label={t('dashboard.cards.opportunities')}
              value={formatNumber(team.data.opportunitiesCount)}
              icon={<BriefcaseBusiness className="h-5 w-5" />}
              testId="card-opportunities"
              metric="team-totals"
            />
            <StatCard
              label={t('dashboard.cards.totalAmount')}
              value={formatMoney(team.data.totalAmount)}
              icon={<DollarSign className="h-5 w-5" />}
              testId="card-total-amount"
              metric="team-totals"
            />
          </div>
          {team.data.representatives.length === 0 ? (
            <Card padded>
              <p className="py-8 text-center text-slate-600">{t('dashboard.empty')}</p>
            </Card>
          ) : (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <LeaderCard label={t('dashboard.leaders.technical')} leader={team.data.technicalLeader} />
                <LeaderCard label={t('dashboard.leaders.commercial')} leader={team.data.commercialLeader} />
              </div>
              {team.data.pipeline.length > 0 && (
                <Card padded>
                  <div className="flex items-center gap-1">
                    <h2 className="text-lg font-semibold">{t('dashboard.chart.title')}</h2>
                    <MetricHelp metric="pipeline-totals" />
                  </div>
                  <p className="mb-3 text-sm text-slate-600">
                    {t('dashboard.chart.description', { count: team.data.pipeline.length })}
                  </p>
                  <TeamChart data={team.data.pipeline} />
                </Card>
              )}
              <Card padded>
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <h2 className="text-lg font-semibold">{t('dashboard.table.title')}</h2>
                  <Link
                    to={paths.manager.representatives.getHref()}
                    className="text-sm font-semibold text-brand-700 hover:underline"
                  >
                    {t('dashboard.table.viewAll')}
                  </Link>
                </div>
                <TeamTable members={team.data.representatives} />
              </Card>
            </>
          )}
        </>
      )}
    </div>
  );
}
