import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/** The look of every text control: inputs, selects and text areas alike. */
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-[invalid=true]:border-red-400 sm:text-sm';

interface FieldProps {
  label: string;
  /** The message, already in the reader's language. */
  error?: string;
  hint?: string;
  /** Marks the label with an asterisk; the control carries `required` itself. */
  required?: boolean;
  /** Shown at the end of the label row, e.g. a "Forgot password?" link. */
  aside?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** A label, the control and its hint and error, wired for screen readers. */
export function Field({ label, error, hint, required, aside, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
          {required && (
            <span className="text-red-600" aria-hidden>
              {' '}
              *
            </span>
          )}
        </label>
        {aside}
      </div>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  /** Marks the input invalid without a message of its own (the form's alert says why). */
  invalid?: boolean;
  aside?: ReactNode;
  /** Off where every field of the form is required, so the mark would tell nothing. */
  markRequired?: boolean;
}

/** A labelled text input with its hint and error. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, invalid, aside, required, markRequired = true, className, ...props },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} required={required && markRequired} aside={aside}>
      {({ id, describedBy, invalid: hasError }) => (
        <input
          ref={ref}
          id={id}
          aria-describedby={describedBy}
          aria-invalid={hasError || invalid ? true : undefined}
          required={required}
          className={cn(inputClass, 'h-11 py-0', className)}
          {...props}
        />
      )}
    </Field>
  );
});

export function TextArea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(inputClass, 'min-h-28', className)} {...props} />;
}
