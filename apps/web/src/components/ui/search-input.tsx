import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { Input } from './select.tsx';

interface SearchInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The field's name for screen readers (the placeholder is an example, not a label). */
  label: string;
}

/** A search box with its magnifier inside, left; `className` places the whole box. */
export function SearchInput({ label, className, ...props }: SearchInputProps) {
  return (
    <label className={cn('relative block', className)}>
      <span className="sr-only">{label}</span>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
      <Input type="search" className="w-full pl-9" {...props} />
    </label>
  );
}
