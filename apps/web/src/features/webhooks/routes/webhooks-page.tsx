import { ChevronDown, ChevronUp, Plus, Send, Trash2, Webhook } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@nexa/domain/webhooks';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ListSection } from '../../../components/ui/list-section.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { ApiError, errorKey } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
} from '../api/webhooks.ts';
import { DeliveryLog } from '../components/delivery-log.tsx';
import { SecretDialog } from '../components/secret-dialog.tsx';

/** An event type's translation key (i18next reads dots as nesting). */
const eventKey = (type: string) => `events.${type.replace('.', '_')}`;

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const test = useSendWebhookTest();
  const name = endpoint.description || endpoint.url;

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch (error) {
      toast.error(t(errorKey(error)));
    }
  };

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="webhook-endpoint" aria-label={name}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span className="min-w-0 break-words">{endpoint.description || t('list.noDescription')}</span>
            <Badge tone={endpoint.enabled ? 'green' : endpoint.disabledReason === 'failing' ? 'red' : 'grey'}>
              {endpoint.enabled ? t('list.on') : t('list.off')}
            </Badge>
          </p>
          <p className="mt-1 font-mono text-sm break-all text-slate-600">{endpoint.url}</p>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t('list.events')}>
            {endpoint.events.map((type) => (
              <li key={type}>
                <Badge tone="blue">{t(eventKey(type))}</Badge>
              </li>
            ))}
          </ul>
          {!endpoint.enabled && endpoint.disabledReason === 'failing' && (
            <p className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800 ring-1 ring-red-200" role="note">
              {t('list.disabledFailing', { when: formatDateTime(endpoint.disabledAt) })}
            </p>
          )}
          {endpoint.enabled && endpoint.failingSince && (
            <p className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200" role="note">
              {t('list.failingSince', { when: formatDateTime(endpoint.failingSince) })}
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={!endpoint.enabled || test.isPending}
            onClick={() => run(() => test.mutateAsync(endpoint.id), t('list.testSent'))}
            aria-label={t('list.testNamed', { name })}
          >
            <Send className="h-4 w-4" aria-hidden />
            {t('list.test')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={update.isPending}
            onClick={() =>
              run(
                () => update.mutateAsync({ id: endpoint.id, enabled: !endpoint.enabled }),
                endpoint.enabled ? t('list.switchedOff') : t('list.switchedOn'),
              )
            }
            aria-label={endpoint.enabled ? t('list.switchOffNamed', { name }) : t('list.switchOnNamed', { name })}
          >
            {endpoint.enabled ? t('list.switchOff') : t('list.switchOn')}
          </Button>
          {confirming ? (
            <>
              <Button
                variant="destructive"
                size="sm"
                disabled={remove.isPending}
                onClick={() => run(() => remove.mutateAsync(endpoint.id), t('list.deleted'))}
                autoFocus
              >
                {t('list.confirmDelete')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                {t('list.cancel')}
              </Button>
            </>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={t('list.deleteNamed', { name })}>
              <Trash2 className="h-4 w-4" aria-hidden />
              {t('list.delete')}
            </Button>
          )}
        </div>
      </div>
      <div className="mt-3 border-t border-slate-100 pt-3">
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={`${id}-log`} onClick={() => setOpen(!open)}>
          {open ? <ChevronUp className="h-4 w-4" aria-hidden /> : <ChevronDown className="h-4 w-4" aria-hidden />}
          {t('log.title')}
        </Button>
        <div id={`${id}-log`} hidden={!open}>
          {open && <DeliveryLog endpointId={endpoint.id} label={t('log.labelNamed', { name })} />}
        </div>
      </div>
    </li>
  );
}

function CreateForm({ onCreated }: { onCreated: (created: CreatedWebhookEndpoint) => void }) {
  const { t } = useTranslation('webhooks');
  const id = useId();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['deal.created', 'deal.changed', 'deal.stage_moved']);
  const [problem, setProblem] = useState<'url' | 'events' | 'refused' | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^https?:\/\/\S+$/i.test(url.trim())) return setProblem('url');
    if (!events.length) return setProblem('events');
    setProblem(null);
    try {
      onCreated(await create.mutateAsync({ url: url.trim(), description: description.trim(), events }));
      setUrl('');
      setDescription('');
    } catch (error) {
      if (error instanceof ApiError && error.message.includes('refused_address')) return setProblem('refused');
      if (error instanceof ApiError && error.field === 'url') return setProblem('url');
      toast.error(t(errorKey(error)));
    }
  };

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) =>
      on ? WEBHOOK_EVENT_TYPES.filter((t) => t === type || current.includes(t)) : current.filter((t) => t !== type),
    );

  const urlProblem = problem === 'url' ? t('create.urlInvalid') : problem === 'refused' ? t('create.urlRefused') : null;

  return (
    <form onSubmit={submit} noValidate className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">{t('create.title')}</h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-url`} className="block text-sm font-medium text-slate-800">
            {t('create.url')}
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            value={url}
            maxLength={2000}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://example.com/webhooks/nexa"
            aria-invalid={urlProblem !== null}
            aria-describedby={`${id}-url-hint`}
            className={inputClass}
          />
          <p
            id={`${id}-url-hint`}
            className={urlProblem ? 'text-sm text-red-700' : 'text-xs text-slate-500'}
            role={urlProblem ? 'alert' : undefined}
          >
            {urlProblem ?? t('create.urlHint')}
          </p>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-description`} className="block text-sm font-medium text-slate-800">
            {t('create.description')}
          </label>
          <input
            id={`${id}-description`}
            value={description}
            maxLength={200}
            onChange={(event) => setDescription(event.target.value)}
            placeholder={t('create.descriptionPlaceholder')}
            className={inputClass}
          />
        </div>
      </div>
      <fieldset className="mt-4" aria-describedby={problem === 'events' ? `${id}-events-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('create.events')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label
              key={type}
              className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50"
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-blue-600"
                checked={events.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              <span>
                {t(eventKey(type))} <span className="font-mono text-xs text-slate-500">{type}</span>
              </span>
            </label>
          ))}
        </div>
        {problem === 'events' && (
          <p id={`${id}-events-error`} className="mt-1 text-sm text-red-700" role="alert">
            {t('create.eventsRequired')}
          </p>
        )}
      </fieldset>
      <div className="mt-4 flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          <Plus className="h-4 w-4" aria-hidden />
          {t('create.submit')}
        </Button>
      </div>
    </form>
  );
}

export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  usePageMeta(`${t('title')} — Nexa`);
  const endpoints = useWebhookEndpoints();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const items = endpoints.data?.items ?? [];

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
      </div>

      <CreateForm onCreated={setCreated} />

      <ListSection
        title={t('list.title')}
        pending={endpoints.isPending}
        error={endpoints.isError ? t(errorKey(endpoints.error)) : null}
        loadingText={t('list.loading')}
        emptyText={t('list.empty')}
        emptyIcon={Webhook}
        items={items}
        renderItem={(endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} />}
        footer={t('docs')}
      />

      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
