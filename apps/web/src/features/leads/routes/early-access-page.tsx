import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { earlyAccessRequestSchema, ROLE_VALUES, type EarlyAccessRequest, type EarlyAccessRequestInput } from '@nexa/domain';
import { CompanyField, EmailField, NameField, SubmitButton } from '../../../components/ui/form-fields.tsx';
import { Field, inputClass } from '../../../components/ui/text-field.tsx';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useCreateDemoRequest } from '../api/create-demo-request.ts';
import { Confirmation, FormCard, LeadForm, useValidationMessage } from '../components/form-field.tsx';
import { toastSubmitError } from '../components/lead-errors.ts';

const EMPTY: EarlyAccessRequestInput = {
  request_type: 'early_access',
  full_name: '',
  email: '',
  company_name: '',
  role: '' as EarlyAccessRequestInput['role'],
  website: '',
};

export function EarlyAccessPage() {
  const { t } = useTranslation('leads');
  const validationMessage = useValidationMessage();
  usePageMeta(`${t('earlyAccess.title')} — Nexa`);
  const [confirmed, setConfirmed] = useState(false);
  const create = useCreateDemoRequest();
  const form = useForm<EarlyAccessRequestInput, unknown, EarlyAccessRequest>({
    resolver: zodResolver(earlyAccessRequestSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setConfirmed(false);
    try {
      await create.mutateAsync(values);
      form.reset(EMPTY);
      setConfirmed(true);
    } catch (error) {
      toastSubmitError(t, error, { title: 'earlyAccess.errorTitle', description: 'earlyAccess.errorBody' });
    }
  });

  return (
    <FormCard title={t('earlyAccess.title')} intro={t('earlyAccess.intro')}>
      {confirmed && <Confirmation title={t('earlyAccess.successTitle')}>{t('earlyAccess.successBody')}</Confirmation>}
      <LeadForm label={t('earlyAccess.title')} onSubmit={onSubmit} honeypot={form.register('website')}>
        <NameField
          label={t('fields.fullName')}
          error={validationMessage(errors.full_name?.message)}
          {...form.register('full_name')}
        />
        <EmailField label={t('fields.email')} error={validationMessage(errors.email?.message)} {...form.register('email')} />
        <CompanyField
          label={t('fields.company')}
          error={validationMessage(errors.company_name?.message)}
          {...form.register('company_name')}
        />
        <Field label={t('fields.role')} error={validationMessage(errors.role ? 'required' : undefined)} required>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              required
              {...form.register('role')}
            >
              <option value="">{t('fields.rolePlaceholder')}</option>
              {ROLE_VALUES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <SubmitButton busy={isSubmitting} busyLabel={t('earlyAccess.submitting')}>
          {t('earlyAccess.submit')}
        </SubmitButton>
      </LeadForm>
    </FormCard>
  );
}
