import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { ErrorState, INLINE_STATE, LoadingState } from './query-state.tsx';

/**
 * A titled section listing what a manager has set up (API keys, webhook endpoints): a line while it
 * loads, the error when it failed, a dashed box with an icon when there is nothing yet, else the
 * items as a list; `footer` (a pointer to the docs) under all of them.
 */
export function ListSection<Item>({
  title,
  pending,
  error,
  loadingText,
  emptyText,
  emptyIcon: EmptyIcon,
  items,
  renderItem,
  footer,
}: {
  title: string;
  pending: boolean;
  /** The failed load's text, null when it did not fail. */
  error: string | null;
  loadingText: string;
  emptyText: string;
  emptyIcon: LucideIcon;
  items: readonly Item[];
  /** One `<li>` per item. */
  renderItem: (item: Item) => ReactNode;
  footer?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-list`} className="space-y-3">
      <h2 id={`${id}-list`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {pending ? (
        <LoadingState className={INLINE_STATE}>{loadingText}</LoadingState>
      ) : error !== null ? (
        <ErrorState className={INLINE_STATE}>{error}</ErrorState>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <EmptyIcon className="h-8 w-8 text-slate-400" aria-hidden />
          <p className="text-sm text-slate-600">{emptyText}</p>
        </div>
      ) : (
        <ul className="space-y-3">{items.map(renderItem)}</ul>
      )}
      {footer ? <p className="text-sm text-slate-600">{footer}</p> : null}
    </section>
  );
}
