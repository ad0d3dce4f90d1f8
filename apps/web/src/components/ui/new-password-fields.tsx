import type { TFunction } from 'i18next';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_LENGTH } from '@nexa/domain';
import { TextField } from './text-field.tsx';

interface NewPasswordFieldsProps {
  labels: { password: string; confirm: string };
  /** Already translated. */
  errors: { password?: string; confirm?: string };
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
}

/** The two fields' messages in the reader's language: the schemas give keys, the length one takes the limits. */
export const newPasswordErrors = (t: TFunction, password?: FieldError, confirm?: FieldError) => ({
  password: password?.message ? t(password.message, { min: PASSWORD_LENGTH.min, max: PASSWORD_LENGTH.max }) : undefined,
  confirm: confirm?.message ? t(confirm.message) : undefined,
});

/** A new password typed twice, as the reset, invitation and settings forms ask for it. */
export function NewPasswordFields({ labels, errors, password, confirm }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        markRequired={false}
        aria-required
        error={errors.password}
        {...password}
      />
      <TextField
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        required
        markRequired={false}
        aria-required
        error={errors.confirm}
        {...confirm}
      />
    </>
  );
}
