import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FormAlert, type AlertMessage } from '../../../components/ui/form-alert.tsx';
import { NewPasswordFields, newPasswordErrors } from '../../../components/ui/new-password-fields.tsx';
import { NameField, SubmitButton } from '../../../components/ui/form-fields.tsx';
import { ApiError, untrustedOriginMessage } from '../../../lib/api-client.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { acceptInvitation, previewInvitation } from '../api/invitation.ts';
import { meQueryOptions } from '../../../lib/api/get-me.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { acceptInvitationSchema, PASSWORD_MAX, PASSWORD_MIN, type AcceptInvitationValues } from '../schemas.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

type Translate = ReturnType<typeof useTranslation<'auth'>>['t'];

/** Like the reset link, the invitation carries its token in the fragment, which never reaches a server. */
const tokenIn = (hash: string): string | null => new URLSearchParams(hash.slice(1)).get('token');

function failure(t: Translate, error: unknown): AlertMessage {
  if (error instanceof ApiError && error.field === 'token') {
    return { title: t('invite.invalid.title'), description: t('invite.invalid.description') };
  }
  if (error instanceof ApiError && error.status === 409) {
    return { title: t('invite.exists.title'), description: t('invite.exists.description') };
  }
  return { title: t('signIn.errors.unexpected'), description: untrustedOriginMessage(t, error) ?? undefined };
}

function AcceptForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const preview = useQuery({
    queryKey: queryKeys.invitation(token),
    queryFn: () => previewInvitation(token),
    retry: false,
    staleTime: Infinity,
  });
  const language = preview.data?.language;
  // The page speaks the language the manager chose for the new member.
  useEffect(() => {
    if (language) void setLanguage(language);
  }, [language]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AcceptInvitationValues>({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: { full_name: '', password: '', confirm: '' },
  });

  const onValid = async ({ full_name, password }: AcceptInvitationValues) => {
    setAlert(null);
    try {
      const { home } = await acceptInvitation({ token, full_name, password });
      await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
      toast.success(t('invite.welcome'));
      await navigate(home, { replace: true });
    } catch (error) {
      setAlert(failure(t, error));
    }
  };

  const lengths = { min: PASSWORD_MIN, max: PASSWORD_MAX };
  if (preview.isPending)
    return (
      <AuthCard title={t('invite.title')} subtitle={t('invite.loading')}>
        {null}
      </AuthCard>
    );
  if (preview.isError) {
    return (
      <AuthCard title={t('invite.title')}>
        <FormAlert message={failure(t, preview.error)} />
        <Link to={paths.signIn.getHref()} className="text-sm font-medium text-brand-700 hover:underline">
          {t('reset.backToSignIn')}
        </Link>
      </AuthCard>
    );
  }
  const role = t(`workspace:roles.${preview.data.role}`);
  return (
    <AuthCard title={t('invite.title')} subtitle={t('invite.subtitle', { role, email: preview.data.email, ...lengths })}>
      <FormAlert message={alert} />
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-5" aria-busy={isSubmitting}>
        <input type="email" autoComplete="username" value={preview.data.email} readOnly hidden />
        <NameField
          label={t('fields.fullName')}
          markRequired={false}
          error={errors.full_name?.message ? t(errors.full_name.message) : undefined}
          {...register('full_name')}
        />
        <NewPasswordFields
          labels={{ password: t('fields.newPassword'), confirm: t('fields.confirmPassword') }}
          errors={newPasswordErrors(t, errors.password, errors.confirm)}
          password={register('password')}
          confirm={register('confirm')}
        />
        <SubmitButton busy={isSubmitting} busyLabel={t('invite.submitting')}>
          {t('invite.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

/** /invite#token=…: an invited person chooses their name and password and lands in their workspace. */
export function InvitePage() {
  const { t } = useTranslation(['auth', 'workspace']);
  usePageMeta(`${t('invite.title')} — Nexa`);
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState<string | null>(() => tokenIn(location.hash));
  // Drop the token from the address bar and the history once read.
  useEffect(() => {
    if (tokenIn(location.hash)) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);
  if (!token) {
    return (
      <AuthCard title={t('invite.title')}>
        <FormAlert message={{ title: t('invite.missing.title'), description: t('invite.missing.description') }} />
      </AuthCard>
    );
  }
  return <AcceptForm token={token} />;
}
