import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field.tsx';

interface NewPasswordFieldsProps {
  labels: { password: string; confirm: string };
  /** Already translated. */
  errors: { password?: string; confirm?: string };
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
}

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
