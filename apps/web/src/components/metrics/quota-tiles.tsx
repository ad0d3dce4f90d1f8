import { CircleDollarSign, Flag, Target, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { QuotaStanding } from '@nexa/domain/quota';
import { formatMoney, formatPercent } from '../../lib/format.ts';
import { MetricTile } from './metric-tile.tsx';

/**
 * A representative's number this quarter — quota, won, attainment, gap — as the representative's
 * dashboard and the manager's page about them both show it: one component over one server rule
 * (@nexa/domain/quota), so the two pages cannot word or count it differently.
 */
export function QuotaTiles({ standing }: { standing: QuotaStanding }) {
  const { t } = useTranslation('metrics');
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="quota-tiles">
      <MetricTile
        label={t('quota.quota')}
        value={formatMoney(standing.quarterlyQuota)}
        hint={standing.quotaIsDefault ? t('quota.quotaDefault') : t('quota.quotaSet')}
        icon={<Flag className="h-4 w-4" />}
        testId="tile-quarterly-quota"
        metric="quota-attainment"
      />
      <MetricTile
        label={t('quota.won')}
        value={formatMoney(standing.wonThisQuarter)}
        hint={t('quota.wonHint')}
        icon={<CircleDollarSign className="h-4 w-4" />}
        testId="tile-won-this-quarter"
        metric="quota-attainment"
      />
      <MetricTile
        label={t('quota.attainment')}
        value={formatPercent(standing.quotaAttainment)}
        hint={t('quota.attainmentHint', {
          won: formatMoney(standing.wonThisQuarter),
          quota: formatMoney(standing.quarterlyQuota),
        })}
        icon={<Target className="h-4 w-4" />}
        testId="tile-quota-attainment"
        metric="quota-attainment"
      />
      <MetricTile
        label={t('quota.gap')}
        value={formatMoney(standing.gapToQuota)}
        hint={t('quota.gapHint', { commit: formatMoney(standing.commitThisQuarter) })}
        icon={<TrendingUp className="h-4 w-4" />}
        testId="tile-gap-to-quota"
        metric="gap-to-quota"
      />
    </div>
  );
}
