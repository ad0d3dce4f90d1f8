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

/**
 * Invites a person by e-mail with a role, and the name their CRM deals carry: chosen here by the
 * manager, never by the invitee. The link goes out by e-mail and works once, for 7 days.
 */
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
    defaultValues: { email: '', account_manager_name: '', role: ROLES.representative, language: currentLanguage() },
  });

  const onValid = async (values: InvitationCreate) => {
    try {
      await invite.mutateAsync(values);
      toast.success(t('invite.sent', { email: values.email }));
      reset({ email: '', account_manager_name: '', role: values.role, language: values.language });
    } catch (error) {
      // A name someone already goes by: the deals sent for it would change hands.
      if (error instanceof ApiError && error.status === 409 && error.field === 'account_manager_name') {
        setError('account_manager_name', { message: 'invite.nameTaken' });
        return;
      }
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
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[3fr_3fr_2fr_2fr_auto] lg:items-end"
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
      <TextField
        label={t('invite.matchingName')}
        autoComplete="off"
        markRequired={false}
        // The server's "taken", or the schema's refusal (over 200 characters, a line break): each said as it is.
        error={
          errors.account_manager_name?.message
            ? t(
                errors.account_manager_name.message.startsWith('invite.')
                  ? errors.account_manager_name.message
                  : 'invite.invalidName',
              )
            : undefined
        }
        {...register('account_manager_name')}
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
