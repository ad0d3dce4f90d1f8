import { useTranslation } from 'react-i18next';
import type { CallAnalysisHistory } from '@nexa/domain';
import { formatDateTime } from '../../lib/format.ts';

type Summary = CallAnalysisHistory['items'][number];

/** Who (a person or an integration) analysed which transcript, when, with which provider and model. */
export function AnalysisHistory({ items, latestId }: { items: Summary[]; latestId: string | null }) {
  const { t } = useTranslation('call-analysis');
  const by = (item: Summary) =>
    item.createdBy
      ? t('section.historyBy', { name: item.createdBy.full_name })
      : item.apiKeyName
        ? t('section.historyIntegration', { name: item.apiKeyName })
        : t('section.historyUnknown');
  return (
    <ol className="space-y-2 text-sm" data-testid="call-analysis-history">
      {items.map((item) => (
        <li key={item.id} className="rounded-lg border border-slate-200 p-3">
          <p className="flex flex-wrap items-baseline gap-x-2 font-medium text-slate-900">
            <span>{by(item)}</span>
            <time dateTime={item.createdAt} className="text-slate-600">
              {formatDateTime(item.createdAt)}
            </time>
            {item.id === latestId && (
              <span className="rounded-full bg-brand-50 px-2 text-xs font-semibold text-brand-700">{t('section.latest')}</span>
            )}
          </p>
          <p className="text-slate-600 [overflow-wrap:anywhere]">
            {item.model ? t('section.providerModel', { provider: item.provider, model: item.model }) : item.provider}
            {' · '}
            {t(`section.languageName.${item.language}`)}
            {item.transcriptName ? ` · ${item.transcriptName}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
