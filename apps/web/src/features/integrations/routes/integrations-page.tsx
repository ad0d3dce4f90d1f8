import { KeyRound, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ListSection } from '../../../components/ui/list-section.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKey, type CreatedApiKey } from '../api/api-keys.ts';
import { CreatedKeyDialog } from '../components/created-key-dialog.tsx';
import { RevokeKeyDialog } from '../components/revoke-key-dialog.tsx';

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const { t } = useTranslation('integrations');
  const revoked = apiKey.revokedAt !== null;
  return (
    <li
      className={cn('rounded-xl border border-slate-200 bg-white p-4 shadow-sm', revoked && 'bg-slate-50')}
      data-testid="api-key-row"
      aria-label={apiKey.name}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span className="min-w-0 break-words">{apiKey.name}</span>
            <span
              className={cn(
                'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset whitespace-nowrap',
                revoked ? 'bg-red-50 text-red-700 ring-red-200' : 'bg-emerald-50 text-emerald-800 ring-emerald-200',
              )}
            >
              {revoked ? t('list.revoked') : t('list.active')}
            </span>
          </p>
          <p className="mt-1 font-mono text-sm text-slate-600">{apiKey.prefix}…</p>
        </div>
        {!revoked && (
          <Button
            variant="secondary"
            size="sm"
            className="shrink-0"
            onClick={() => onRevoke(apiKey)}
            aria-label={t('list.revokeNamed', { name: apiKey.name })}
          >
            {t('list.revoke')}
          </Button>
        )}
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">{t('list.created')}</dt>
          <dd className="text-slate-800">{formatDateTime(apiKey.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('list.lastUsed')}</dt>
          <dd className="text-slate-800" data-testid="api-key-last-used">
            {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : t('list.never')}
          </dd>
        </div>
        {revoked && (
          <div>
            <dt className="text-slate-500">{t('list.revokedAt')}</dt>
            <dd className="text-slate-800">{formatDateTime(apiKey.revokedAt)}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  usePageMeta(`${t('title')} — Nexa`);
  const id = useId();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 100) return setInvalid(true);
    setInvalid(false);
    try {
      setCreated(await create.mutateAsync(trimmed));
      setName('');
    } catch (error) {
      toast.error(t(errorKey(error)));
    }
  };

  const confirmRevoke = async (key: ApiKey) => {
    try {
      await revoke.mutateAsync(key.id);
      toast.success(t('revoke.done', { name: key.name }));
    } catch (error) {
      toast.error(t(errorKey(error)));
    } finally {
      setRevoking(null);
    }
  };

  const items = keys.data?.items ?? [];

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
      </div>

      <form onSubmit={submit} noValidate className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="text-base font-semibold text-slate-900">{t('create.title')}</h2>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1 space-y-1.5">
            <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
              {t('create.name')}
            </label>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={100}
              onChange={(event) => setName(event.target.value)}
              placeholder={t('create.placeholder')}
              aria-invalid={invalid}
              aria-describedby={invalid ? `${id}-error` : `${id}-hint`}
              className={inputClass}
            />
            {invalid ? (
              <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
                {t('create.nameRequired')}
              </p>
            ) : (
              <p id={`${id}-hint`} className="text-xs text-slate-500">
                {t('create.hint')}
              </p>
            )}
          </div>
          <Button type="submit" disabled={create.isPending} className="sm:mt-7">
            <Plus className="h-4 w-4" aria-hidden />
            {t('create.submit')}
          </Button>
        </div>
      </form>

      <ListSection
        title={t('list.title')}
        pending={keys.isPending}
        error={keys.isError ? t(errorKey(keys.error)) : null}
        loadingText={t('list.loading')}
        emptyText={t('list.empty')}
        emptyIcon={KeyRound}
        items={items}
        renderItem={(key) => <KeyRow key={key.id} apiKey={key} onRevoke={setRevoking} />}
        footer={t('docs')}
      />

      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
      <RevokeKeyDialog
        apiKey={revoking}
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
