import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currencyOf, fieldLabel, fieldOf, isCommitteeHistoryValue, type OpportunityChange } from '@nexa/domain';
import { HISTORY_PAGE_SIZE, useOpportunityHistory } from '../../lib/api/edit-opportunity.ts';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.tsx';
import { Pager } from '../ui/pager.tsx';

const EVENTS = new Set([
  'created',
  'deleted',
  'restored',
  'suggestion_dismissed',
  'task_completed',
  'task_reopened',
  'email_sent',
  'note_added',
  'note_deleted',
  'note_restored',
]);

/**
 * A recorded value as text: money in the deal's currency, the names of a choice's values (a stage)
 * and of forecast categories, local dates and times, the text otherwise. A forecast category of none
 * reads as the badge says it: from the stage.
 */
function valueText(t: TFunction<['opportunities', 'insights']>, field: string, value: unknown, na: string, deal: object): string {
  if (field === 'forecast_category')
    return typeof value === 'string' && value
      ? t(`insights:groups.${value}`, { defaultValue: value })
      : t('insights:badge.byStagePlain');
  if (value === null || value === undefined || value === '') return na;
  // A committee member (issue 36): the person and their roles, in the contacts namespace the deal page loads.
  if (field === 'committee' && isCommitteeHistoryValue(value)) {
    const roles = value.roles.map((role) => t(`contacts:roles.${role}`, { defaultValue: role })).join(', ');
    return `${value.full_name} (${roles || t('contacts:page.noRole', { defaultValue: '—' })})`;
  }
  const declared = fieldOf(field);
  if (declared?.kind === 'money' && typeof value === 'number') return formatMoney(value, { currency: currencyOf(deal) });
  if (declared?.optionNames && typeof value === 'string') return t(`${declared.optionNames}.${value}`, { defaultValue: value });
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value) ?? value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(`${value}T12:00:00`) ?? value;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/**
 * What a change did: an event of the deal, or "Field: before → after" with the field's label.
 * Amounts read in the currency of `deal` (the deal as it is now; US dollars without it).
 */
export function ChangeText({
  change,
  deal = {},
}: {
  change: Pick<OpportunityChange, 'field' | 'before' | 'after'>;
  deal?: object;
}) {
  const { t } = useTranslation(['opportunities', 'insights']);
  const na = t('detail.na');
  if (EVENTS.has(change.field)) {
    const after = change.after as { subject?: string; to?: string[]; cc?: string[] } | null;
    return (
      <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
        {t(`history.events.${change.field}`, {
          // A sent follow-up e-mail names its subject and recipients (issue 37).
          subject: after?.subject ?? '',
          to: [...(after?.to ?? []), ...(after?.cc ?? [])].join(', '),
          field: t(fieldLabel((change.after as { field?: string } | null)?.field ?? ''), { defaultValue: '' }),
          // A task's event names the task (issue 37).
          title: (change.after as { title?: string } | null)?.title ?? '',
          // A note's event quotes its beginning (issue 37).
          excerpt: (change.after as { excerpt?: string } | null)?.excerpt ?? '',
        })}
      </p>
    );
  }
  return (
    <p className="text-slate-900 [overflow-wrap:anywhere]">
      <span className="font-medium">
        {t('history.fieldLabel', { field: t(fieldLabel(change.field), { defaultValue: change.field }) })}
      </span>{' '}
      <span className="text-slate-600 line-through decoration-slate-400">
        {valueText(t, change.field, change.before, na, deal)}
      </span>
      {' → '}
      <span>{valueText(t, change.field, change.after, na, deal)}</span>
    </p>
  );
}

function Who({ change }: { change: OpportunityChange }) {
  const { t } = useTranslation('opportunities');
  if (change.source === 'person') return <>{change.actor_name || t('history.someone')}</>;
  if (change.source === 'ingest' || change.api_key_id)
    return <>{t(`history.sources.${change.source}`, { name: change.api_key_name ?? '' })}</>;
  return <>{t(`history.sources.${change.source}`, { name: change.actor_name ?? '' })}</>;
}

/** The deal's history: who or what changed which field, when, before → after; newest first, paged. */
export function DealHistory({ deal, headingLevel = 2 }: { deal: { id: number }; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('opportunities');
  const [page, setPage] = useState(1);
  const history = useOpportunityHistory(deal.id, page);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE_SIZE));
  return (
    <Card data-testid="deal-history">
      <CardHeader>
        {headingLevel === 2 ? (
          <CardTitle>{t('history.title')}</CardTitle>
        ) : (
          <h3 className="text-base font-semibold text-slate-900">{t('history.title')}</h3>
        )}
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t('detail.loading')}
          </p>
        ) : history.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('history.error')}
          </p>
        ) : history.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{t('history.empty')}</p>
        ) : (
          <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
            {history.data.items.map((change) => (
              <li key={change.id} className="relative text-sm" data-testid="history-entry">
                <span className="absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full bg-brand-600" aria-hidden />
                <p className="text-slate-600">
                  <time dateTime={change.at}>{formatDateTime(change.at)}</time> · <Who change={change} />
                </p>
                <ChangeText change={change} deal={deal} />
              </li>
            ))}
          </ol>
        )}
        {pages > 1 && (
          <Pager
            className="mt-4 flex items-center justify-between gap-2"
            page={page}
            pages={pages}
            onPage={setPage}
            words={{
              label: t('history.pages'),
              newer: t('history.newer'),
              older: t('history.older'),
              status: t('history.page', { page, pages }),
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
