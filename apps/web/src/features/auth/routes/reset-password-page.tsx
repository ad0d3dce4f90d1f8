import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { untrustedOriginMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { AuthApiError } from '../api/auth-request.ts';
import { requestPasswordReset, resetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert, type AlertMessage } from '../../../components/ui/form-alert.tsx';
import { NewPasswordFields, newPasswordErrors } from '../../../components/ui/new-password-fields.tsx';
import { EmailField, SubmitButton } from '../../../components/ui/form-fields.tsx';
import {
  newPasswordSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  resetRequestSchema,
  type NewPasswordValues,
  type ResetRequestValues,
} from '../schemas.ts';

type Translate = ReturnType<typeof useTranslation<'auth'>>['t'];

/** The reset link carries its token in the URL fragment, which is never sent to a server. */
const tokenIn = (hash: string): string | null => new URLSearchParams(hash.slice(1)).get('token');

function failure(t: Translate, error: unknown): AlertMessage {
  if (error instanceof AuthApiError && error.status === 429) {
    return {
      title: t('signIn.errors.rateLimited.title'),
      description: error.retryAfter
        ? t('signIn.errors.rateLimited.description', { count: error.retryAfter })
        : t('signIn.errors.rateLimited.later'),
    };
  }
  if (error instanceof AuthApiError && error.field === 'token') {
    return { title: t('reset.errors.invalidLink.title'), description: t('reset.errors.invalidLink.description') };
  }
  return { title: t('signIn.errors.unexpected'), description: untrustedOriginMessage(t, error) ?? undefined };
}

function RequestResetForm() {
  const { t } = useTranslation('auth');
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequestValues>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' } });

  const onValid = async ({ email }: ResetRequestValues) => {
    setAlert(null);
    try {
      await requestPasswordReset(email);
      reset();
      setAlert({ tone: 'success', title: t('reset.sent.title'), description: t('reset.sent.description', { email }) });
    } catch (error) {
      setAlert(failure(t, error));
    }
  };

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.requestSubtitle')}>
      <FormAlert message={alert} />
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-5" aria-busy={isSubmitting}>
        <EmailField
          markRequired={false}
          label={t('fields.email')}
          error={errors.email?.message ? t(errors.email.message) : undefined}
          {...register('email')}
        />
        <SubmitButton busy={isSubmitting} busyLabel={t('reset.sending')}>
          {t('reset.send')}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.signIn.getHref()} className="font-medium text-brand-700 hover:underline">
          {t('reset.backToSignIn')}
        </Link>
      </p>
    </AuthCard>
  );
}

function NewPasswordForm({ token, onInvalidLink }: { token: string; onInvalidLink: () => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [linkDead, setLinkDead] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirm: '' } });

  const onValid = async ({ password }: NewPasswordValues) => {
    setAlert(null);
    try {
      await resetPassword(token, password);
      toast.success(t('reset.done'));
      await navigate(paths.signIn.getHref(), { replace: true });
    } catch (error) {
      if (error instanceof AuthApiError && error.field === 'newPassword') {
        setError('password', { message: 'validation.passwordLength' });
        return;
      }
      if (error instanceof AuthApiError && error.field === 'token') setLinkDead(true);
      setAlert(failure(t, error));
    }
  };

  const lengths = { min: PASSWORD_MIN, max: PASSWORD_MAX };
  return (
    <AuthCard title={t('reset.newTitle')} subtitle={t('reset.newSubtitle', lengths)}>
      <FormAlert message={alert} />
      {linkDead ? (
        <Button type="button" size="lg" className="w-full" onClick={onInvalidLink}>
          {t('reset.askAgain')}
        </Button>
      ) : (
        <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-5" aria-busy={isSubmitting}>
          <NewPasswordFields
            labels={{ password: t('fields.newPassword'), confirm: t('fields.confirmPassword') }}
            errors={newPasswordErrors(t, errors.password, errors.confirm)}
            password={register('password')}
            confirm={register('confirm')}
          />
          <SubmitButton busy={isSubmitting} busyLabel={t('reset.saving')}>
            {t('reset.save')}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}

/** /reset-password: asks for the e-mail, or, opened from the e-mailed link, for the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageMeta(`${t('reset.title')} — Nexa`);
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(() => tokenIn(location.hash));
  // Read the token (also when the link opens in a tab already on this page), then drop it from the
  // address bar and the history.
  useEffect(() => {
    const found = tokenIn(location.hash);
    if (!found) return;
    setToken(found);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);
  return token ? <NewPasswordForm token={token} onInvalidLink={() => setToken(null)} /> : <RequestResetForm />;
}
