import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  RESUME_ACCEPT,
  RESUME_MAX_BYTES,
  resumeNameAllowed,
  teamApplicationSchema,
  type TeamApplication,
  type TeamApplicationInput,
} from '@nexa/domain';
import { EmailField, NameField, SubmitButton } from '../../../components/ui/form-fields.tsx';
import { Field, TextArea, TextField } from '../../../components/ui/text-field.tsx';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useCreateTeamApplication } from '../api/create-team-application.ts';
import { Confirmation, FormCard, LeadForm, useValidationMessage } from '../components/form-field.tsx';
import { toastSubmitError } from '../components/lead-errors.ts';

const EMPTY: TeamApplicationInput = {
  full_name: '',
  email: '',
  phone_number: '',
  github_link: '',
  linkedin_link: '',
  introduction_text: '',
  website: '',
};

export function JoinTheTeamPage() {
  const { t } = useTranslation('leads');
  const validationMessage = useValidationMessage();
  usePageMeta(`${t('joinTeam.title')} — Nexa`);
  const create = useCreateTeamApplication();
  const [confirmed, setConfirmed] = useState(false);
  const [resume, setResume] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<TeamApplicationInput, unknown, TeamApplication>({
    resolver: zodResolver(teamApplicationSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const [fullName, email] = form.watch(['full_name', 'email']);
  // The button stays disabled until name and e-mail are filled in.
  const ready = Boolean(fullName?.trim() && email?.trim());

  const clearFile = () => {
    setResume(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) return setResume(null);
    if (file.size > RESUME_MAX_BYTES) {
      toast.error(t('errors.fileTooLarge'));
      return clearFile();
    }
    if (!resumeNameAllowed(file.name)) {
      toast.error(t('errors.invalidFileType'));
      return clearFile();
    }
    setResume(file);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setConfirmed(false);
    try {
      await create.mutateAsync({ fields: values, resume });
      form.reset(EMPTY);
      clearFile();
      setConfirmed(true);
    } catch (error) {
      toastSubmitError(t, error, { title: 'joinTeam.errorTitle', description: 'joinTeam.errorBody' });
    }
  });

  return (
    <FormCard title={t('joinTeam.title')} intro={t('joinTeam.intro')}>
      {confirmed && <Confirmation title={t('joinTeam.successTitle')}>{t('joinTeam.successBody')}</Confirmation>}
      <LeadForm label={t('joinTeam.title')} onSubmit={onSubmit} honeypot={form.register('website')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <NameField
            label={t('fields.fullName')}
            error={validationMessage(errors.full_name?.message)}
            {...form.register('full_name')}
          />
          <EmailField label={t('fields.email')} error={validationMessage(errors.email?.message)} {...form.register('email')} />
        </div>
        <TextField
          label={t('fields.phone')}
          error={validationMessage(errors.phone_number?.message)}
          type="tel"
          autoComplete="tel"
          {...form.register('phone_number')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('fields.github')}
            error={validationMessage(errors.github_link?.message)}
            type="url"
            placeholder="https://github.com/…"
            {...form.register('github_link')}
          />
          <TextField
            label={t('fields.linkedin')}
            error={validationMessage(errors.linkedin_link?.message)}
            type="url"
            placeholder="https://www.linkedin.com/in/…"
            {...form.register('linkedin_link')}
          />
        </div>
        <Field label={t('fields.introduction')} error={validationMessage(errors.introduction_text?.message)}>
          {({ id, describedBy, invalid }) => (
            <TextArea id={id} aria-describedby={describedBy} aria-invalid={invalid} {...form.register('introduction_text')} />
          )}
        </Field>
        <Field label={t('fields.resume')} hint={t('joinTeam.resumeHint')}>
          {({ id, describedBy }) => (
            <input
              id={id}
              ref={fileInput}
              type="file"
              name="resume"
              accept={RESUME_ACCEPT}
              aria-describedby={describedBy}
              onChange={onFile}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
            />
          )}
        </Field>
        <SubmitButton busy={isSubmitting} busyLabel={t('joinTeam.submitting')} disabled={!ready}>
          {t('joinTeam.submit')}
        </SubmitButton>
      </LeadForm>
    </FormCard>
  );
}
