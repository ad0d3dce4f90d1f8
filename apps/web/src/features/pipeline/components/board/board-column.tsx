import { useDroppable } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardColumn } from '@nexa/domain';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { formatMoney } from '../../../../lib/format.ts';

/** A column's deals and amount. */
export function ColumnTotals({ column }: { column: Pick<BoardColumn, 'count' | 'amount'> }) {
  const { t } = useTranslation('pipeline');
  return (
    <p className="flex items-baseline justify-between gap-2 text-xs text-slate-600">
      <span data-testid="column-count">{t('board.deals', { count: column.count })}</span>
      <span className="font-semibold text-slate-800" data-testid="column-amount">
        {formatMoney(column.amount)}
      </span>
    </p>
  );
}

/** A stage's column: its totals, its cards and "show more"; a drop target when `droppable`. */
export function StageColumn({
  column,
  label,
  shown,
  loadingMore,
  onShowMore,
  droppable = true,
  children,
  className,
}: {
  column: BoardColumn;
  label: string;
  shown: number;
  loadingMore: boolean;
  onShowMore: () => void;
  droppable?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('pipeline');
  const { setNodeRef, isOver } = useDroppable({ id: column.stage, disabled: !droppable });
  const headingId = `board-column-${column.stage}`;
  const left = column.count - shown;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid="board-column"
      data-stage={column.stage}
      className={cn(
        'flex min-h-48 min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 p-2 transition-colors',
        isOver && 'border-brand-500 bg-brand-50 ring-2 ring-brand-500',
        className,
      )}
    >
      <header className="space-y-0.5 px-0.5">
        <h2 id={headingId} className="text-sm font-semibold text-slate-900">
          {label}
        </h2>
        <ColumnTotals column={column} />
      </header>
      {column.items.length === 0 ? (
        <p className="px-0.5 py-4 text-center text-xs text-slate-500">{t('board.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">{children}</ul>
      )}
      {left > 0 && (
        <Button variant="ghost" size="sm" onClick={onShowMore} disabled={loadingMore} className="mt-auto">
          {loadingMore ? t('board.loadingMore') : t('board.showMore', { count: left })}
        </Button>
      )}
    </section>
  );
}
