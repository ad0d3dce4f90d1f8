import { cn } from '../../lib/cn.ts';

/** A grey block where content is loading; hidden from assistive technology, which reads the busy region instead. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden className={cn('block animate-pulse rounded bg-slate-200', className)} />;
}
