import { useDraggable } from '@dnd-kit/core';
import { CalendarClock, GripVertical } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OUTCOME_OF_STAGE, type BoardCard } from '@nexa/domain';
import { overdue } from '@nexa/domain/deal-timing';
import { OverdueMark } from '../../../../components/opportunities/overdue-mark.tsx';
import { LeadBadge } from '../../../../components/ui/badge.tsx';
import { cn } from '../../../../lib/cn.ts';
import { formatDateTime, formatMoney } from '../../../../lib/format.ts';

export interface CardLinks {
  /** Where a card's company name leads: the deal's page in this workspace. */
  href: (card: BoardCard) => string | null;
  /** The representatives' names by id, shown on the team board. */
  ownerName?: (card: BoardCard) => string;
}

/** A deal on the board: company, amount, next meeting and lead temperature. */
export function BoardCardBody({
  card,
  links,
  handle,
  footer,
}: {
  card: BoardCard;
  links: CardLinks;
  handle?: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('pipeline');
  const company = card.client_company_name?.trim() || t('board.noCompany');
  const href = links.href(card);
  const late = overdue({ ...card, outcome: OUTCOME_OF_STAGE[card.stage] });
  return (
    <div className="flex gap-2">
      {handle}
      <div className="min-w-0 flex-1 space-y-1.5">
        {href ? (
          <Link
            to={href}
            className="line-clamp-2 font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline"
            title={company}
          >
            {company}
          </Link>
        ) : (
          <p className="line-clamp-2 font-semibold break-words text-slate-900">{company}</p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <p className="text-sm font-medium text-slate-800" data-testid="card-amount">
            {card.amount === null ? t('board.noAmount') : formatMoney(card.amount)}
          </p>
          <LeadBadge value={card.lead_status} />
        </div>
        {card.product && <p className="truncate text-xs text-slate-600">{card.product}</p>}
        {/* The icon stays beside the date (which wraps in a narrow column); the mark follows, or goes below. */}
        <div className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
          <p className="flex min-w-0 items-center gap-1">
            <CalendarClock className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {card.next_meeting_date ? (
              <span className={late.meeting ? 'text-red-700' : undefined}>
                <span className="sr-only">{t('board.nextMeeting')}: </span>
                {formatDateTime(card.next_meeting_date)}
              </span>
            ) : (
              <span>{t('board.noMeeting')}</span>
            )}
          </p>
          {late.meeting && <OverdueMark kind="meeting" />}
        </div>
        {late.closing && <OverdueMark kind="closing" />}
        {links.ownerName && (
          <p className="truncate text-xs text-slate-500">
            {t('board.owner')}: {links.ownerName(card)}
          </p>
        )}
        {footer}
      </div>
    </div>
  );
}

const cardClass = 'rounded-lg border border-slate-200 bg-white p-2.5 shadow-sm';

/** A card that can be dragged by its handle, with the mouse or the keyboard (Space, arrows, Space). */
export function DraggableCard({ card, links }: { card: BoardCard; links: CardLinks }) {
  const { t } = useTranslation('pipeline');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: card.id, data: { card } });
  const company = card.client_company_name?.trim() || t('board.noCompany');
  return (
    <li ref={setNodeRef} className={cn(cardClass, isDragging && 'opacity-40')} data-testid="board-card" data-card-id={card.id}>
      <BoardCardBody
        card={card}
        links={links}
        handle={
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('board.handle', { company })}
            className="-my-1 -ml-1 flex h-8 w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing"
          >
            <GripVertical className="h-4 w-4" aria-hidden />
          </button>
        }
      />
    </li>
  );
}

/** The card as it follows the pointer while dragged. */
export function CardPreview({ card, links }: { card: BoardCard; links: CardLinks }) {
  return (
    <div className={cn(cardClass, 'w-64 rotate-1 shadow-lg ring-2 ring-brand-500')}>
      <BoardCardBody card={card} links={{ ...links, href: () => null }} />
    </div>
  );
}

/** On a phone: the card with a "Move to…" menu instead of dragging. */
export function MovableCard({
  card,
  links,
  stages,
  stageLabel,
  onMove,
}: {
  card: BoardCard;
  links: CardLinks;
  stages: readonly BoardCard['stage'][];
  stageLabel: (stage: BoardCard['stage']) => string;
  onMove: (card: BoardCard, stage: BoardCard['stage']) => void;
}) {
  const { t } = useTranslation('pipeline');
  const company = card.client_company_name?.trim() || t('board.noCompany');
  return (
    <li className={cardClass} data-testid="board-card" data-card-id={card.id}>
      <BoardCardBody
        card={card}
        links={links}
        footer={
          <select
            aria-label={t('board.moveToLabel', { company })}
            className="mt-1 h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800"
            value=""
            onChange={(e) => {
              const stage = stages.find((s) => s === e.target.value);
              if (stage) onMove(card, stage);
            }}
          >
            <option value="">{t('board.moveTo')}</option>
            {stages
              .filter((s) => s !== card.stage)
              .map((s) => (
                <option key={s} value={s}>
                  {stageLabel(s)}
                </option>
              ))}
          </select>
        }
      />
    </li>
  );
}
