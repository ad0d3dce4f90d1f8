import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarCheck, CalendarX, Link2, RefreshCw, Unplug } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { CalendarSettings } from '@nexa/domain';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert, type AlertMessage } from '../../../components/ui/form-alert.tsx';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorKey } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  useCalendar,
  useConnectCalendar,
  useCreateFeed,
  useDisconnectCalendar,
  useRevokeFeed,
  useSyncCalendar,
} from '../api/calendar.ts';

/**
 * Settings → Calendar (issue 37, decision 042): connect a CalDAV calendar (URL, user name, app
 * password — the password is sent once and never shown again), see how its sync went, and make or
 * stop the `.ics` feed address (shown once). Loaded on demand, so the settings page stays light.
 */

const connectSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'calendar.validation.urlRequired')
    .refine((value) => /^https?:\/\/[^\s/]+/i.test(value), 'calendar.validation.urlInvalid'),
  username: z.string().trim().min(1, 'calendar.validation.usernameRequired').max(320),
  password: z.string().min(1, 'calendar.validation.passwordRequired').max(1000),
});
type ConnectValues = z.infer<typeof connectSchema>;

function ConnectForm({ current, onDone }: { current: CalendarSettings['connection']; onDone?: () => void }) {
  const { t } = useTranslation('settings');
  const connect = useConnectCalendar();
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ConnectValues>({
    resolver: zodResolver(connectSchema),
    defaultValues: { url: current?.url ?? '', username: current?.username ?? '', password: '' },
  });

  const onValid = async (values: ConnectValues) => {
    setAlert(null);
    try {
      await connect.mutateAsync(values);
      reset({ ...values, password: '' });
      toast.success(t('calendar.connected'));
      onDone?.();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'bad_request' && error.field === 'password') {
        setError('password', { message: 'calendar.refused' });
        return;
      }
      if (error instanceof ApiError && error.code === 'bad_request' && error.field === 'url') {
        setError('url', { message: 'calendar.noCalendar' });
        return;
      }
      setAlert({ title: t(errorKey(error)) });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-4" aria-busy={isSubmitting}>
      <FormAlert message={alert} />
      <TextField
        label={t('calendar.url')}
        hint={t('calendar.urlHint')}
        type="url"
        inputMode="url"
        autoComplete="url"
        required
        markRequired={false}
        error={errors.url?.message ? t(errors.url.message) : undefined}
        {...register('url')}
      />
      <TextField
        label={t('calendar.username')}
        autoComplete="username"
        required
        markRequired={false}
        error={errors.username?.message ? t(errors.username.message) : undefined}
        {...register('username')}
      />
      <TextField
        label={t('calendar.password')}
        hint={t('calendar.passwordHint')}
        type="password"
        autoComplete="new-password"
        required
        markRequired={false}
        error={errors.password?.message ? t(errors.password.message) : undefined}
        {...register('password')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          <CalendarCheck className="h-4 w-4" aria-hidden />
          {isSubmitting ? t('calendar.checking') : current ? t('calendar.update') : t('calendar.connect')}
        </Button>
        {onDone && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('calendar.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

function ConnectionStatus({ connection }: { connection: NonNullable<CalendarSettings['connection']> }) {
  const { t } = useTranslation('settings');
  const sync = useSyncCalendar();
  const disconnect = useDisconnectCalendar();
  const [editing, setEditing] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(t(errorKey(error)));
    }
  };

  if (editing) return <ConnectForm current={connection} onDone={() => setEditing(false)} />;
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">{t('calendar.status')}</dt>
        <dd className="text-slate-900" data-testid="calendar-status">
          {connection.lastError
            ? t('calendar.statusError', { error: t(`calendar.errors.${connection.lastError}`) })
            : connection.lastSyncedAt
              ? t('calendar.statusSynced', { at: formatDateTime(connection.lastSyncedAt) })
              : t('calendar.statusWaiting')}
        </dd>
        <dt className="font-medium text-slate-700">{t('calendar.url')}</dt>
        <dd className="break-all text-slate-900">{connection.url}</dd>
        <dt className="font-medium text-slate-700">{t('calendar.username')}</dt>
        <dd className="break-all text-slate-900">{connection.username}</dd>
      </dl>
      {connection.lastError && (
        <p className="text-sm text-red-700" role="status">
          {t('calendar.errorAt', { at: formatDateTime(connection.lastErrorAt ?? connection.connectedAt) })}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => void run(() => sync.mutateAsync(), t('calendar.syncAsked'))}
          disabled={sync.isPending}
        >
          <RefreshCw className="h-4 w-4" aria-hidden />
          {t('calendar.syncNow')}
        </Button>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t('calendar.change')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void run(() => disconnect.mutateAsync(), t('calendar.disconnected'))}
          disabled={disconnect.isPending}
        >
          <Unplug className="h-4 w-4" aria-hidden />
          {t('calendar.disconnect')}
        </Button>
      </div>
    </div>
  );
}

function FeedControls({ feed }: { feed: CalendarSettings['feed'] }) {
  const { t } = useTranslation('settings');
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const [shown, setShown] = useState<string | null>(null);

  const onCreate = async () => {
    try {
      setShown((await create.mutateAsync()).url);
    } catch (error) {
      toast.error(t(errorKey(error)));
    }
  };
  const onRevoke = async () => {
    try {
      await revoke.mutateAsync();
      toast.success(t('calendar.feedRevoked'));
    } catch (error) {
      toast.error(t(errorKey(error)));
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t('calendar.feedHint')}</p>
      <p className="text-sm text-slate-900" data-testid="calendar-feed-status">
        {feed.active && feed.createdAt
          ? t('calendar.feedActive', { at: formatDateTime(feed.createdAt) })
          : t('calendar.feedNone')}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void onCreate()} disabled={create.isPending}>
          <Link2 className="h-4 w-4" aria-hidden />
          {feed.active ? t('calendar.feedRegenerate') : t('calendar.feedCreate')}
        </Button>
        {feed.active && (
          <Button variant="secondary" onClick={() => void onRevoke()} disabled={revoke.isPending}>
            <CalendarX className="h-4 w-4" aria-hidden />
            {t('calendar.feedRevoke')}
          </Button>
        )}
      </div>
      <ShownOnceDialog
        value={shown}
        texts={{
          title: t('calendar.feedDialog.title'),
          once: t('calendar.feedDialog.once'),
          label: t('calendar.feedDialog.label'),
          copy: t('calendar.feedDialog.copy'),
          copied: t('calendar.feedDialog.copied'),
          done: t('calendar.feedDialog.done'),
        }}
        footnote={t('calendar.feedDialog.footnote')}
        testId="calendar-feed-url"
        onClose={() => setShown(null)}
      />
    </div>
  );
}

export default function CalendarSection() {
  const { t } = useTranslation('settings');
  const calendar = useCalendar();
  if (calendar.isPending) return <p className="text-sm text-slate-600">{t('calendar.loading')}</p>;
  if (calendar.isError) return <p className="text-sm text-red-700">{t(errorKey(calendar.error))}</p>;
  const { connection, feed } = calendar.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="calendar-caldav" className="space-y-3">
        <h3 id="calendar-caldav" className="text-base font-semibold text-slate-900">
          {t('calendar.caldavTitle')}
        </h3>
        <p className="text-sm text-slate-600">{t('calendar.caldavHint')}</p>
        {connection ? <ConnectionStatus connection={connection} /> : <ConnectForm current={null} />}
      </section>
      <section aria-labelledby="calendar-feed" className="space-y-3">
        <h3 id="calendar-feed" className="text-base font-semibold text-slate-900">
          {t('calendar.feedTitle')}
        </h3>
        <FeedControls feed={feed} />
      </section>
    </div>
  );
}
