import type { HTMLAttributes, LiHTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** A table's rows as cards, for screens too narrow for its columns. */
export function CardList({ className, ...props }: HTMLAttributes<HTMLUListElement>) {
  return <ul className={cn('space-y-3', className)} {...props} />;
}

export interface CardField {
  label: string;
  value: ReactNode;
  /** Spans both columns: long text (a list of names) reads badly in half the width. */
  wide?: boolean;
}

/** One row: its title, an action beside it, and the other columns as labelled fields. */
export function CardListItem({
  title,
  action,
  fields,
  className,
  ...props
}: { title: ReactNode; action?: ReactNode; fields: CardField[] } & Omit<LiHTMLAttributes<HTMLLIElement>, 'title'>) {
  return (
    <li className={cn('rounded-lg border border-slate-200 bg-white p-3', className)} {...props}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{title}</div>
        {action && <div className="shrink-0 text-sm">{action}</div>}
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        {fields.map((field) => (
          <div key={field.label} className={cn('min-w-0', field.wide && 'col-span-2')}>
            <dt className="text-xs text-slate-600">{field.label}</dt>
            <dd className="text-slate-800 [overflow-wrap:anywhere]">{field.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
