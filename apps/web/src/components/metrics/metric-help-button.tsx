import { Info } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import type { MetricId } from './metric-ids.ts';

/** The "i" button itself: the same before and after the popover has loaded. */
export function MetricHelpButton({
  metric,
  label,
  className,
  onClick,
  ...props
}: ComponentProps<'button'> & { metric: MetricId; label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      data-testid={`metric-help-${metric}`}
      className={cn(
        'inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600',
        className,
      )}
      {...props}
      onClick={(e) => {
        e.stopPropagation();
        onClick?.(e);
      }}
    >
      <Info className="h-4 w-4" aria-hidden />
    </button>
  );
}
