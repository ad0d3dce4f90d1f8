import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState, INLINE_STATE, LoadingState } from '../../../components/ui/query-state.tsx';
import { Pager, Table, Td, Th } from '../../../components/ui/table.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { DELIVERIES_PAGE_SIZE, useReplayWebhookDelivery, useWebhookDeliveries, type WebhookDelivery } from '../api/webhooks.ts';

const TONE = { delivered: 'green', pending: 'amber', failed: 'red' } as const;

/** What happened to a delivery, in words: the receiver's status, or why there was none. */
function Outcome({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  if (delivery.attempts === 0) return <span className="text-slate-500">{t('log.notYet')}</span>;
  const what =
    delivery.responseStatus !== null ? `HTTP ${delivery.responseStatus}` : t(`log.errors.${delivery.error ?? 'connection'}`);
  return (
    <span>
      {what}
      {delivery.durationMs !== null && <span className="text-slate-500"> · {t('log.ms', { ms: delivery.durationMs })}</span>}
      {delivery.responseBody ? (
        <span className="mt-0.5 block max-w-[18rem] truncate font-mono text-xs text-slate-500" title={delivery.responseBody}>
          {delivery.responseBody}
        </span>
      ) : null}
    </span>
  );
}

export function DeliveryLog({ endpointId, label }: { endpointId: string; label: string }) {
  const { t } = useTranslation('webhooks');
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpointId, page);
  const replay = useReplayWebhookDelivery();

  const onReplay = async (delivery: WebhookDelivery) => {
    try {
      await replay.mutateAsync({ id: endpointId, deliveryId: delivery.id });
      toast.success(t('log.replayed'));
    } catch (error) {
      toast.error(t(errorKey(error)));
    }
  };

  if (deliveries.isPending) return <LoadingState className={INLINE_STATE}>{t('log.loading')}</LoadingState>;
  if (deliveries.isError) return <ErrorState className={INLINE_STATE}>{t(errorKey(deliveries.error))}</ErrorState>;
  const { items, total } = deliveries.data;
  if (!items.length) return <p className="py-3 text-sm text-slate-600">{t('log.empty')}</p>;
  return (
    <div data-testid="webhook-log">
      <Table label={label}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            <Th>{t('log.event')}</Th>
            <Th>{t('log.status')}</Th>
            <Th>{t('log.outcome')}</Th>
            <Th>{t('log.when')}</Th>
            <Th>
              <span className="sr-only">{t('log.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {items.map((delivery) => (
            <tr key={delivery.id} data-testid="webhook-delivery">
              <Td>
                <span className="font-mono text-xs">{delivery.eventType}</span>
                <span className="block font-mono text-xs text-slate-500">{delivery.eventId}</span>
              </Td>
              <Td>
                <Badge tone={TONE[delivery.status]}>{t(`log.statuses.${delivery.status}`)}</Badge>
                <span className="mt-0.5 block text-xs text-slate-500">
                  {t('log.attempts', { count: delivery.attempts })}
                  {delivery.replay ? ` · ${t('log.replay')}` : ''}
                </span>
              </Td>
              <Td>
                <Outcome delivery={delivery} />
              </Td>
              <Td className="text-xs whitespace-nowrap text-slate-600">
                {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
                {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 ? (
                  <span className="block">{t('log.next', { when: formatDateTime(delivery.nextAttemptAt) })}</span>
                ) : null}
              </Td>
              <Td className="text-right">
                {delivery.status !== 'pending' && (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={replay.isPending}
                    onClick={() => onReplay(delivery)}
                    aria-label={t('log.replayNamed', { event: delivery.eventType, id: delivery.eventId })}
                  >
                    <RotateCcw className="h-4 w-4" aria-hidden />
                    {t('log.replayAction')}
                  </Button>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Pager
        page={page}
        pages={Math.ceil(total / DELIVERIES_PAGE_SIZE)}
        onPage={setPage}
        labels={{
          previous: t('log.newer'),
          next: t('log.older'),
          page: t('log.page', { page, pages: Math.ceil(total / DELIVERIES_PAGE_SIZE) }),
        }}
      />
    </div>
  );
}
