import { zodResolver } from '@hookform/resolvers/zod';
import { LogOut, Monitor } from 'lucide-react';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { isRole, PASSWORD_LENGTH, ROLES, type Profile } from '@nexa/domain';
import { LANGUAGES, type Language } from '@nexa/domain/language';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormAlert, type AlertMessage } from '../../../components/ui/form-alert.tsx';
import { NewPasswordFields, newPasswordErrors } from '../../../components/ui/new-password-fields.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { NameField, PasswordField } from '../../../components/ui/form-fields.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorKey } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useMe } from '../../../lib/api/get-me.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useRevokeOtherSessions, useSessions } from '../api/sessions.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { NotificationPreferencesForm } from '../components/notification-preferences.tsx';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

// The calendar section (its forms and dialog) loads with its card, not with the page's first script.
const CalendarSection = lazy(() => import('../components/calendar-section.tsx'));

const profileFormSchema = z.object({
  full_name: z.string().trim().min(1, 'validation.nameRequired').max(120, 'validation.nameTooLong'),
  language: z.enum(LANGUAGES),
  /** '' stands for "the browser's zone". */
  time_zone: z.string(),
  forecast_call_reminder_email: z.boolean(),
});
type ProfileFormValues = z.infer<typeof profileFormSchema>;

function ProfileForm({ profile, browserLanguage }: { profile: Profile; browserLanguage: Language }) {
  const { t } = useTranslation('settings');
  const update = useUpdateProfile();
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      full_name: profile.full_name,
      language: profile.language ?? browserLanguage,
      time_zone: profile.time_zone ?? '',
      forecast_call_reminder_email: profile.forecast_call_reminder_email,
    },
  });
  const reminderHintId = useId();

  const onValid = async (values: ProfileFormValues) => {
    try {
      const saved = await update.mutateAsync({ ...values, time_zone: values.time_zone || null });
      if (saved.language) await setLanguage(saved.language);
      toast.success(t('profile.saved'));
    } catch (error) {
      toast.error(t(errorKey(error)));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-5" aria-busy={isSubmitting}>
      <TextField label={t('profile.email')} value={profile.email} readOnly disabled />
      <NameField
        label={t('profile.fullName')}
        markRequired={false}
        error={errors.full_name?.message ? t(errors.full_name.message) : undefined}
        {...register('full_name')}
      />
      <SelectField label={t('profile.language')} hint={t('profile.languageHint')} {...register('language')}>
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('profile.timeZone')} hint={t('profile.timeZoneHint')} {...register('time_zone')}>
        <option value="">{t('profile.browserZone', { zone: browserZone })}</option>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </SelectField>
      {profile.role === ROLES.representative && (
        <div className="space-y-1.5">
          <label className="flex items-start gap-3 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
              aria-describedby={reminderHintId}
              {...register('forecast_call_reminder_email')}
            />
            {t('profile.callReminderEmail')}
          </label>
          <p id={reminderHintId} className="pl-8 text-xs text-slate-600">
            {t('profile.callReminderEmailHint')}
          </p>
        </div>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('saving') : t('profile.save')}
      </Button>
    </form>
  );
}

const passwordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'validation.currentRequired'),
    newPassword: z
      .string()
      .min(PASSWORD_LENGTH.min, 'validation.passwordLength')
      .max(PASSWORD_LENGTH.max, 'validation.passwordLength'),
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: 'validation.passwordsDiffer' });
type PasswordFormValues = z.infer<typeof passwordFormSchema>;

function PasswordForm() {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });

  const onValid = async ({ currentPassword, newPassword }: PasswordFormValues) => {
    setAlert(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
      setAlert({ tone: 'success', title: t('password.changed'), description: t('password.othersSignedOut') });
    } catch (error) {
      if (error instanceof ApiError && error.field === 'currentPassword') {
        setError('currentPassword', { message: 'validation.currentWrong' });
        return;
      }
      if (error instanceof ApiError && error.field === 'newPassword') {
        setError('newPassword', { message: 'validation.passwordLength' });
        return;
      }
      setAlert({ title: t(errorKey(error)) });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-5" aria-busy={isSubmitting}>
      <FormAlert message={alert} />
      <PasswordField
        label={t('password.current')}
        markRequired={false}
        error={errors.currentPassword?.message ? t(errors.currentPassword.message) : undefined}
        {...register('currentPassword')}
      />
      <NewPasswordFields
        labels={{ password: t('password.new'), confirm: t('password.confirm') }}
        errors={newPasswordErrors(t, errors.newPassword, errors.confirm)}
        password={register('newPassword')}
        confirm={register('confirm')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('saving') : t('password.save')}
      </Button>
    </form>
  );
}

function SessionsList() {
  const { t } = useTranslation('settings');
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const items = sessions.data?.items ?? [];
  const others = items.filter((s) => !s.current).length;

  const onRevoke = async () => {
    try {
      const { revoked } = await revoke.mutateAsync();
      toast.success(t('sessions.revoked', { count: revoked }));
    } catch (error) {
      toast.error(t(errorKey(error)));
    }
  };

  if (sessions.isPending) return <p className="text-sm text-slate-600">{t('sessions.loading')}</p>;
  if (sessions.isError) return <p className="text-sm text-red-700">{t(errorKey(sessions.error))}</p>;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-100" data-testid="sessions-list">
        {items.map((session) => (
          <li key={session.id} className="flex items-start gap-3 py-3">
            <Monitor className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium break-words text-slate-900">
                {session.user_agent || t('sessions.unknownDevice')}
                {session.current && (
                  <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-700">
                    {t('sessions.current')}
                  </span>
                )}
              </p>
              <p className="text-slate-600">
                {t('sessions.details', {
                  ip: session.ip_address || t('sessions.unknownAddress'),
                  at: formatDateTime(session.last_active_at),
                })}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={() => void onRevoke()} disabled={others === 0 || revoke.isPending}>
        <LogOut className="h-4 w-4" aria-hidden />
        {t('sessions.revokeOthers')}
      </Button>
    </div>
  );
}

/** /settings: one's own name, language, time zone, notifications, password, calendar and signed-in devices. */
export function SettingsPage() {
  const { t, i18n } = useTranslation('settings');
  usePageMeta(`${t('title')} — Nexa`);
  const profile = useMe();
  const browserLanguage: Language = i18n.resolvedLanguage === 'fr' ? 'fr' : 'en';

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
      <Card>
        <CardHeader>
          <CardTitle>{t('profile.title')}</CardTitle>
        </CardHeader>
        <CardContent>{profile.data && <ProfileForm profile={profile.data} browserLanguage={browserLanguage} />}</CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('notifications.title')}</CardTitle>
          <p className="text-sm text-slate-600">{t('notifications.intro')}</p>
        </CardHeader>
        <CardContent>
          <NotificationPreferencesForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('password.title')}</CardTitle>
          <p className="text-sm text-slate-600">{t('password.hint')}</p>
        </CardHeader>
        <CardContent>
          <PasswordForm />
        </CardContent>
      </Card>
      {profile.data && isRole(profile.data.role) && (
        <Card>
          <CardHeader>
            <CardTitle>{t('calendar.title')}</CardTitle>
            <p className="text-sm text-slate-600">
              {t(profile.data.role === ROLES.manager ? 'calendar.hintManager' : 'calendar.hint')}
            </p>
          </CardHeader>
          <CardContent>
            <Suspense fallback={<p className="text-sm text-slate-600">{t('calendar.loading')}</p>}>
              <CalendarSection />
            </Suspense>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t('sessions.title')}</CardTitle>
          <p className="text-sm text-slate-600">{t('sessions.hint')}</p>
        </CardHeader>
        <CardContent>
          <SessionsList />
        </CardContent>
      </Card>
    </div>
  );
}
