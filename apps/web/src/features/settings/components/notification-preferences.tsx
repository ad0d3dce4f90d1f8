import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { EmailMode, NotificationPreference } from '@nexa/domain/notifications';
import { Button } from '../../../components/ui/button.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences.ts';

/** The weekly digest is once a week already: its e-mail is sent or not. */
const modesOf = (kind: NotificationPreference['kind']): EmailMode[] =>
  kind === 'weekly_digest' ? ['instant', 'off'] : ['instant', 'daily', 'off'];

/** Settings › Notifications: for each kind, in the product or not, and by e-mail at once, in a daily summary or not at all. */
export function NotificationPreferencesForm() {
  const { t } = useTranslation('settings');
  const saved = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [items, setItems] = useState<NotificationPreference[]>([]);
  useEffect(() => {
    if (saved.data) setItems(saved.data.items);
  }, [saved.data]);

  const change = (kind: NotificationPreference['kind'], patch: Partial<NotificationPreference>) =>
    setItems((all) => all.map((item) => (item.kind === kind ? { ...item, ...patch } : item)));

  const onSave = async () => {
    try {
      await save.mutateAsync({ items });
      toast.success(t('notifications.saved'));
    } catch (error) {
      toast.error(t(errorKey(error)));
    }
  };

  if (saved.isPending) return <p className="text-sm text-slate-600">{t('notifications.loading')}</p>;
  if (saved.isError) return <p className="text-sm text-red-700">{t(errorKey(saved.error))}</p>;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
      className="space-y-4"
      data-testid="notification-preferences"
    >
      <ul className="divide-y divide-slate-100">
        {items.map((item) => {
          const label = t(`notifications.kinds.${item.kind}`);
          return (
            <li key={item.kind} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <span className="text-sm font-medium text-slate-900" id={`pref-${item.kind}`}>
                {label}
              </span>
              <div className="flex flex-wrap items-center gap-4">
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-brand-600"
                    checked={item.in_app}
                    onChange={(event) => change(item.kind, { in_app: event.target.checked })}
                    aria-label={t('notifications.inAppFor', { kind: label })}
                  />
                  {t('notifications.inApp')}
                </label>
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  {t('notifications.email')}
                  <select
                    className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
                    value={item.email}
                    onChange={(event) => change(item.kind, { email: event.target.value as EmailMode })}
                    aria-label={t('notifications.emailFor', { kind: label })}
                    data-testid={`pref-email-${item.kind}`}
                  >
                    {modesOf(item.kind).map((mode) => (
                      <option key={mode} value={mode}>
                        {t(
                          item.kind === 'weekly_digest' && mode === 'instant'
                            ? 'notifications.modes.weekly'
                            : `notifications.modes.${mode}`,
                        )}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-slate-600">{t('notifications.hint')}</p>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('saving') : t('notifications.save')}
      </Button>
    </form>
  );
}
