import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { Select } from './select.tsx';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string;
  children: ReactNode;
}

/** A labelled native select, with an optional hint tied to it for assistive technology. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, className, id, children, ...props },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  const hintId = `${selectId}-hint`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Select
        ref={ref}
        id={selectId}
        aria-describedby={hint ? hintId : undefined}
        className={cn('block h-11 w-full', className)}
        {...props}
      >
        {children}
      </Select>
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
});
