import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { homePathForRole, type Profile } from '@nexa/domain';
import { ApiError, untrustedOriginMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { AuthApiError } from '../api/auth-request.ts';
import { meQueryOptions } from '../../../lib/api/get-me.ts';
import { signIn } from '../api/sign-in.ts';
import { signOut } from '../api/sign-out.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert, type AlertMessage } from '../../../components/ui/form-alert.tsx';
import { EmailField, PasswordField, SubmitButton } from '../../../components/ui/form-fields.tsx';
import { signInSchema, type SignInValues } from '../schemas.ts';

type Translate = ReturnType<typeof useTranslation<'auth'>>['t'];

const message = (t: Translate, key: string, values?: Record<string, unknown>): AlertMessage => ({
  title: t(`signIn.errors.${key}.title`, values),
  description: t(`signIn.errors.${key}.description`, values),
});

/** The alert for a refused sign-in call. */
function signInFailure(t: Translate, error: unknown): AlertMessage {
  if (error instanceof AuthApiError && error.status === 429) {
    return error.retryAfter
      ? message(t, 'rateLimited', { count: error.retryAfter })
      : { title: t('signIn.errors.rateLimited.title'), description: t('signIn.errors.rateLimited.later') };
  }
  if (error instanceof ApiError && (error.status === 400 || error.status === 401)) return message(t, 'failed');
  // Only with the right password does the server say an account is deactivated (a wrong one reads
  // as any other failure): the person learns whom to ask, a stranger nothing new.
  if (error instanceof ApiError && error.status === 403 && error.code === 'forbidden') return message(t, 'inactive');
  return { title: t('signIn.errors.unexpected'), description: untrustedOriginMessage(t, error) ?? undefined };
}

/** The alert for a profile that could not be read right after a successful sign-in. */
function profileFailure(t: Translate, error: unknown): AlertMessage {
  if (error instanceof ApiError && error.status === 401) return message(t, 'session');
  if (error instanceof ApiError && error.status === 404) return message(t, 'profileNotFound');
  return message(t, 'profileLoad');
}

/** Where to go after sign-in: the page the guard sent the user away from, when it is in their workspace. */
function destination(home: string, from: unknown): string {
  return typeof from === 'string' && (from === home || from.startsWith(`${home}/`)) ? from : home;
}

export function SignInPage() {
  const { t } = useTranslation('auth');
  usePageMeta(`${t('signIn.title')} — Nexa`);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const onValid = async (values: SignInValues) => {
    setAlert(null);
    try {
      await signIn(values);
    } catch (error) {
      setAlert(signInFailure(t, error));
      return;
    }
    let profile: Profile;
    try {
      profile = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    } catch (error) {
      setAlert(profileFailure(t, error));
      return;
    }
    try {
      const home = homePathForRole(profile.role);
      if (!home) {
        // No workspace to open: end the session rather than leave it half signed in.
        setAlert(message(t, 'unknownRole'));
        queryClient.removeQueries({ queryKey: meQueryOptions().queryKey });
        await signOut().catch(() => {});
        return;
      }
      await navigate(destination(home, (location.state as { from?: unknown } | null)?.from), { replace: true });
    } catch {
      setAlert(message(t, 'processing'));
    }
  };

  const onInvalid = (invalid: typeof errors) => {
    const missing = Object.values(invalid).some((e) => e?.message === 'validation.required');
    setAlert(missing ? message(t, 'required') : null);
  };

  const fieldError = (key?: string) => (key && key !== 'validation.required' ? t(key) : undefined);

  return (
    <AuthCard title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <FormAlert message={alert} />
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-5" aria-busy={isSubmitting}>
        <EmailField
          markRequired={false}
          label={t('fields.email')}
          error={fieldError(errors.email?.message)}
          invalid={Boolean(errors.email)}
          {...register('email')}
        />
        <PasswordField
          markRequired={false}
          label={t('fields.password')}
          error={fieldError(errors.password?.message)}
          invalid={Boolean(errors.password)}
          {...register('password')}
        />
        {/* After the password in the tab order, so e-mail → password → sign in stays one Tab each. */}
        <p className="-mt-2 text-right">
          <Link to={paths.resetPassword.getHref()} className="text-sm font-medium text-brand-700 hover:underline">
            {t('signIn.forgot')}
          </Link>
        </p>
        <SubmitButton busy={isSubmitting} busyLabel={t('signIn.submitting')}>
          {t('signIn.submit')}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('signIn.noAccount')}{' '}
        <Link to={paths.signUp.getHref()} className="font-medium text-brand-700 hover:underline">
          {t('signIn.signUp')}
        </Link>
      </p>
    </AuthCard>
  );
}
