import { Check, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLES } from '@nexa/domain';
import { moverOf } from '@nexa/domain/notifications';
import type { Notification } from '@nexa/domain/schemas/notifications';
import { Button } from '../../../components/ui/button.tsx';
import { errorKey } from '../../../lib/api-client.ts';
import { useMe } from '../../../lib/api/get-me.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { PANEL_PAGE_SIZE, useMarkRead, useNotifications, useUnreadCount } from '../api/notifications.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Where a notification leads: its deal (while the person may read it), its task, or the team's figures. */
function linkOf(n: Notification, role: string | null | undefined): string | null {
  const manager = role === ROLES.manager;
  if (n.kind === 'weekly_digest') return paths.manager.dashboard.getHref();
  if (n.kind === 'task_due') return manager ? paths.manager.tasks.getHref() : paths.rep.tasks.getHref();
  if (n.opportunity_id === null) return null;
  if (!manager) return paths.rep.opportunity.getHref(n.opportunity_id);
  return n.opportunity_owner_id
    ? paths.manager.representativeOpportunity.getHref(n.opportunity_owner_id, n.opportunity_id)
    : paths.manager.opportunities.getHref();
}

function useSentence() {
  const { t } = useTranslation('notifications');
  return (n: Notification): string => {
    const d = n.data;
    switch (n.kind) {
      case 'deal_moved':
        return t('kinds.deal_moved', {
          deal: text(d.deal),
          by: text(d.by) || t(`by.${moverOf(d.source)}`),
          from: text(d.from) || '—',
          to: text(d.to) || '—',
        });
      case 'task_due':
        return t('kinds.task_due', { title: text(d.title), at: formatDateTime(text(d.due_at)) });
      case 'deal_at_risk':
        return t('kinds.deal_at_risk', { deal: text(d.deal), count: Array.isArray(d.warnings) ? d.warnings.length : 0 });
      case 'mention':
        return t('kinds.mention', { by: text(d.by) || t('by.someone'), deal: text(d.deal), excerpt: text(d.excerpt) });
      case 'analysis_finished':
        return d.deal ? t('kinds.analysis_finished', { deal: text(d.deal) }) : t('kinds.analysis_finished_no_deal');
      case 'weekly_digest':
        return t('kinds.weekly_digest', { risks: Number(d.risks ?? 0), overdue: Number(d.overdue ?? 0) });
    }
  };
}

/** The bell's panel (loaded on first open): newest first, a page at a time, mark read, mark all read. */
export default function NotificationPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const me = useMe();
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  // The bell's own count (already read, no request of its own): "mark all read" reaches every page, not only this one.
  const count = useUnreadCount();
  const mark = useMarkRead();
  const sentence = useSentence();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current && !panel.current.contains(target) && !panel.current.parentElement?.contains(target)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  // Past the counted total (capped), an older page is offered while pages come back full.
  const pages =
    list.data?.capped && items.length === PANEL_PAGE_SIZE ? page + 1 : Math.max(1, Math.ceil(total / PANEL_PAGE_SIZE));
  const unread = (count.data?.unread ?? 0) > 0;

  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-label={t('title')}
      tabIndex={-1}
      className="fixed inset-x-2 top-16 z-50 flex max-h-[75vh] flex-col rounded-lg border border-slate-200 bg-white shadow-lg outline-none md:absolute md:top-11 md:left-0 md:w-96"
      data-testid="notification-panel"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">{t('title')}</h2>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="sm" onClick={() => mark.mutate(null)} disabled={!unread || mark.isPending}>
            {t('markAll')}
          </Button>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
            aria-label={t('close')}
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending && <p className="p-4 text-sm text-slate-600">{t('loading')}</p>}
        {list.isError && <p className="p-4 text-sm text-red-700">{t(errorKey(list.error))}</p>}
        {list.isSuccess && !items.length && <p className="p-4 text-sm text-slate-600">{t('empty')}</p>}
        <ul className="divide-y divide-slate-100">
          {items.map((n) => {
            const to = linkOf(n, me.data?.role);
            const body = (
              <>
                <span className="block text-sm text-slate-900">{sentence(n)}</span>
                <span className="mt-0.5 block text-xs text-slate-600">{formatDateTime(n.created_at)}</span>
              </>
            );
            return (
              <li
                key={n.id}
                className={cn('flex items-start gap-2 px-4 py-3', n.read_at === null && 'bg-brand-50/60')}
                data-testid="notification-item"
              >
                <span
                  className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', n.read_at === null ? 'bg-brand-600' : 'bg-transparent')}
                  aria-hidden
                />
                <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                  {n.read_at === null && <span className="sr-only">{t('unread')}: </span>}
                  {to ? (
                    <Link
                      to={to}
                      className="block rounded hover:underline"
                      onClick={() => {
                        if (n.read_at === null) mark.mutate(n.id);
                        onClose();
                      }}
                    >
                      {body}
                    </Link>
                  ) : (
                    body
                  )}
                </div>
                {n.read_at === null && (
                  <button
                    type="button"
                    onClick={() => mark.mutate(n.id)}
                    disabled={mark.isPending}
                    aria-label={t('markRead')}
                    title={t('markRead')}
                    className="shrink-0 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                    data-testid="notification-mark-read"
                  >
                    <Check className="h-4 w-4" aria-hidden />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
      {pages > 1 && (
        <div className="flex items-center justify-between border-t border-slate-200 px-4 py-2 text-sm">
          <Button variant="ghost" size="sm" onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
            {t('newer')}
          </Button>
          <span className="text-slate-600">{list.data?.capped ? t('pageOnly', { page }) : t('page', { page, pages })}</span>
          <Button variant="ghost" size="sm" onClick={() => setPage((p) => p + 1)} disabled={page >= pages}>
            {t('older')}
          </Button>
        </div>
      )}
    </div>
  );
}
