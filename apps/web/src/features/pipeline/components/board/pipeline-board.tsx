import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isClosingStage, STAGES, type Board, type BoardCard, type Stage } from '@nexa/domain';
import { useUndoToast } from '../../../../components/opportunities/undo-toast.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { CARDS_BELOW, useMediaQuery } from '../../../../lib/use-media-query.ts';
import { cn } from '../../../../lib/cn.ts';
import { lazyNamed } from '../../../../lib/lazy-named.ts';
import { getBoardColumn, type BoardFilters } from '../../api/get-board.ts';
import { useMoveOpportunity } from '../../api/move-opportunity.ts';
import { CardPreview, DraggableCard, MovableCard, type CardLinks } from './board-card.tsx';
import { StageColumn } from './board-column.tsx';
import { columnKeyboardCoordinates } from './keyboard-columns.ts';

// The close dialog (the dialog primitive with its focus trap and scroll lock, 14 KB gzip) loads when a
// deal is first dropped on won or lost, not with the board.
const CloseDealDialog = lazyNamed(() => import('./close-deal-dialog.tsx'), 'CloseDealDialog');

// The pointer decides where a mouse drop lands; a keyboard move has no pointer, so the card's rectangle does.
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

type Extra = { board: Board; cards: Partial<Record<Stage, BoardCard[]>> };

/**
 * The board: a column per stage. Cards move by dragging (mouse, touch, or keyboard: Space, arrows,
 * Space) on wide screens, and through a "Move to…" menu on a phone, where one stage shows at a time.
 * A move shows at once and comes back with a message when the server refuses it; a move to won or
 * lost first asks for the close date. The toast of a move can undo it (the card goes back, with its
 * close date as it was).
 */
export function PipelineBoard({
  board,
  filters,
  boardKey,
  links,
}: {
  board: Board;
  filters: BoardFilters;
  boardKey: readonly unknown[];
  links: CardLinks;
}) {
  const { t } = useTranslation('pipeline');
  const stageLabel = (stage: Stage) => t(`board.stages.${stage}`);
  const companyOf = (card: BoardCard) => card.client_company_name?.trim() || t('board.noCompany');
  const phone = useMediaQuery(CARDS_BELOW);
  const mutation = useMoveOpportunity(boardKey);
  const undoToast = useUndoToast();
  const [active, setActive] = useState<BoardCard | null>(null);
  const [closing, setClosing] = useState<{ card: BoardCard; stage: Stage } | null>(null);
  const [extra, setExtra] = useState<Extra | null>(null);
  const [loadingMore, setLoadingMore] = useState<Stage | null>(null);
  const [shownStage, setShownStage] = useState<Stage>('New');

  // Cards loaded by "show more" belong to the board they were loaded for: any new answer (a move,
  // a filter) starts again from each column's first cards.
  const more = extra?.board === board ? extra.cards : {};
  const columns = board.columns.map((column) => {
    const seen = new Set(column.items.map((c) => c.id));
    return { ...column, items: [...column.items, ...(more[column.stage] ?? []).filter((c) => !seen.has(c.id))] };
  });

  const showMore = async (stage: Stage, shown: number) => {
    setLoadingMore(stage);
    try {
      const next = await getBoardColumn(filters, stage, shown);
      setExtra({ board, cards: { ...more, [stage]: [...(more[stage] ?? []), ...next.items] } });
    } catch {
      toast.error(t('board.error'));
    } finally {
      setLoadingMore(null);
    }
  };

  const move = (card: BoardCard, stage: Stage, details: { closing_date?: string; close_reason?: string } = {}) => {
    const company = companyOf(card);
    mutation.mutate(
      { id: card.id, version: card.version, stage, ...details },
      {
        onSuccess: (answer) => undoToast(t('board.toasts.moved', { company, stage: stageLabel(stage) }), card, answer),
        onError: (error) =>
          toast.error(t('board.toasts.failed'), {
            description:
              error instanceof ApiError && error.status === 409
                ? t('board.toasts.conflict')
                : t('board.toasts.failedBody', { company, stage: stageLabel(card.stage) }),
          }),
      },
    );
  };

  const requestMove = (card: BoardCard, stage: Stage) => {
    if (stage === card.stage) return;
    if (isClosingStage(stage)) setClosing({ card, stage });
    else move(card, stage);
  };

  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle or a link stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );

  const moved = useRef(false);
  const cardOf = (data: unknown) => (data as { card?: BoardCard } | undefined)?.card;
  const stageOf = (id: string | number | undefined) => STAGES.find((s) => s === id);
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => {
      moved.current = false;
      const card = cardOf(a.data.current);
      return card && t('board.announce.pickedUp', { company: companyOf(card), stage: stageLabel(card.stage) });
    },
    onDragOver: ({ active: a, over }) => {
      const card = cardOf(a.data.current);
      const stage = stageOf(over?.id);
      // A card picked up is over its own column at once: saying so would cut off "picked up".
      const first = !moved.current;
      moved.current = true;
      if (!card || (first && stage === card.stage)) return undefined;
      return stage
        ? t('board.announce.over', { company: companyOf(card), stage: stageLabel(stage) })
        : t('board.announce.notOver', { company: companyOf(card) });
    },
    onDragEnd: ({ active: a, over }) => {
      const card = cardOf(a.data.current);
      const stage = stageOf(over?.id);
      if (!card) return undefined;
      return stage && stage !== card.stage
        ? t('board.announce.dropped', { company: companyOf(card), stage: stageLabel(stage) })
        : t('board.announce.cancelled', { company: companyOf(card), stage: stageLabel(card.stage) });
    },
    onDragCancel: ({ active: a }) => {
      const card = cardOf(a.data.current);
      return card && t('board.announce.cancelled', { company: companyOf(card), stage: stageLabel(card.stage) });
    },
  };

  const onDragStart = ({ active: a }: DragStartEvent) => setActive(cardOf(a.data.current) ?? null);
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const card = cardOf(a.data.current);
    const stage = stageOf(over?.id);
    if (card && stage) requestMove(card, stage);
  };

  const dialog = closing && (
    <Suspense fallback={null}>
      <CloseDealDialog
        request={{ company: companyOf(closing.card), stage: closing.stage }}
        onCancel={() => setClosing(null)}
        onConfirm={(details) => {
          move(closing.card, closing.stage, details);
          setClosing(null);
        }}
      />
    </Suspense>
  );

  if (phone) {
    const column = columns.find((c) => c.stage === shownStage)!;
    return (
      <div className="space-y-3">
        <nav aria-label={t('board.stageSwitcher')} className="-mx-1 overflow-x-auto px-1 pb-1">
          <ul className="flex gap-2">
            {columns.map((c) => (
              <li key={c.stage}>
                <button
                  type="button"
                  aria-pressed={c.stage === shownStage}
                  onClick={() => setShownStage(c.stage)}
                  className={cn(
                    'flex h-11 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap',
                    c.stage === shownStage
                      ? 'border-brand-600 bg-brand-600 text-white'
                      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                  )}
                >
                  {stageLabel(c.stage)}
                  <span className={cn('rounded-full px-1.5 text-xs', c.stage === shownStage ? 'bg-brand-700' : 'bg-slate-100')}>
                    {c.count}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <DndContext sensors={[]}>
          <StageColumn
            column={column}
            label={stageLabel(column.stage)}
            shown={column.items.length}
            loadingMore={loadingMore === column.stage}
            onShowMore={() => void showMore(column.stage, column.items.length)}
            droppable={false}
          >
            {column.items.map((card) => (
              <MovableCard key={card.id} card={card} links={links} stages={STAGES} stageLabel={stageLabel} onMove={requestMove} />
            ))}
          </StageColumn>
        </DndContext>
        {dialog}
      </div>
    );
  }

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActive(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('board.instructions') } }}
      >
        <div className="-mx-1 overflow-x-auto px-1 pb-2">
          <div className="grid min-w-[60rem] grid-cols-6 gap-2.5">
            {columns.map((column) => (
              <StageColumn
                key={column.stage}
                column={column}
                label={stageLabel(column.stage)}
                shown={column.items.length}
                loadingMore={loadingMore === column.stage}
                onShowMore={() => void showMore(column.stage, column.items.length)}
              >
                {column.items.map((card) => (
                  <DraggableCard key={card.id} card={card} links={links} />
                ))}
              </StageColumn>
            ))}
          </div>
        </div>
        <DragOverlay>{active ? <CardPreview card={active} links={links} /> : null}</DragOverlay>
      </DndContext>
      {dialog}
    </>
  );
}
