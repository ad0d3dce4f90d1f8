import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { TextField } from './text-field.tsx';

type FieldProps = Omit<ComponentPropsWithoutRef<typeof TextField>, 'type' | 'autoComplete' | 'inputMode'>;

/*
 * The fields several forms ask for the same way (sign-in, password reset, invitation, settings and
 * the public lead forms). What makes them that field — the input type, the browser's autofill hint,
 * the phone's keyboard, being required — comes with the component, so the forms cannot drift apart;
 * each form gives its label, its already-translated error and react-hook-form's `register()`.
 */

export const EmailField = forwardRef<HTMLInputElement, FieldProps>(function EmailField(props, ref) {
  return <TextField ref={ref} type="email" autoComplete="email" inputMode="email" required aria-required {...props} />;
});

export const NameField = forwardRef<HTMLInputElement, FieldProps>(function NameField(props, ref) {
  return <TextField ref={ref} autoComplete="name" required aria-required {...props} />;
});

export const CompanyField = forwardRef<HTMLInputElement, FieldProps>(function CompanyField(props, ref) {
  return <TextField ref={ref} autoComplete="organization" required aria-required {...props} />;
});

/** The password a person has now (sign-in, or confirming a change); new ones are `NewPasswordFields`. */
export const PasswordField = forwardRef<HTMLInputElement, FieldProps>(function PasswordField(props, ref) {
  return <TextField ref={ref} type="password" autoComplete="current-password" required aria-required {...props} />;
});

/** A form's full-width submit button: while the form is being sent it is disabled and says so. */
export function SubmitButton({
  busy,
  busyLabel,
  disabled,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy || disabled}>
      {busy ? busyLabel : children}
    </Button>
  );
}
