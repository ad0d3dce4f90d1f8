import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { invitationCreateSchema, ROLE_VALUES, ROLES, type InvitationCreate } from '@nexa/domain';
import { LANGUAGES } from '@nexa/domain/language';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorKey } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useInvite } from '../api/invitations.ts';

/** Invites a person by e-mail with a role; the link goes out by e-mail and works once, for 7 days. */
export function InviteForm() {
  const { t } = useTranslation('team-admin');
  const invite = useInvite();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InvitationCreate>({
    resolver: zodResolver(invitationCreateSchema),
    defaultValues: { email: '', role: ROLES.representative, language: currentLanguage() },
  });

  const onValid = async (values: InvitationCreate) => {
    try {
      await invite.mutateAsync(values);
      toast.success(t('invite.sent', { email: values.email }));
      reset({ email: '', role: values.role, language: values.language });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setError('email', { message: 'invite.exists' });
        return;
      }
      toast.error(t(errorKey(error)));
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
    >
      <TextField
        label={t('invite.email')}
        type="email"
        autoComplete="off"
        markRequired={false}
        required
        aria-required
        error={
          errors.email?.message
            ? t(errors.email.message.startsWith('invite.') ? errors.email.message : 'invite.invalidEmail')
            : undefined
        }
        {...register('email')}
      />
      <SelectField label={t('invite.role')} {...register('role')}>
        {ROLE_VALUES.map((role) => (
          <option key={role} value={role}>
            {t(`workspace:roles.${role}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('invite.language')} {...register('language')}>
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`languages.${lng}`)}
          </option>
        ))}
      </SelectField>
      <Button type="submit" className="h-11" disabled={isSubmitting}>
        {isSubmitting ? t('invite.sending') : t('invite.send')}
      </Button>
    </form>
  );
}
