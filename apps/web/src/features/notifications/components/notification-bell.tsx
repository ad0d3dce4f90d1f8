import { Bell } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unreadLabel } from '@nexa/domain/notifications';
import { useUnreadCount } from '../api/notifications.ts';

// The panel, its words and its list are fetched when the bell is first opened, never with the page
// (the signed-in first page stays within its 200 KB of JavaScript: e2e/js-budget.spec.ts).
const NotificationPanel = lazy(() => import('./notification-panel.tsx'));

/** The bell in the signed-in frame: the unread count (one small request), and the panel on demand. */
export function NotificationBell({ className }: { className?: string }) {
  const { t } = useTranslation('workspace');
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = count.data?.unread ?? 0;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className={className ?? 'relative'}>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={unread ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        title={t('notifications.bell')}
        className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        data-testid="notification-bell"
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread > 0 && (
          <span
            className="absolute -top-0.5 -right-0.5 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
            aria-hidden
            data-testid="notification-count"
          >
            {unreadLabel(unread)}
          </span>
        )}
      </button>
      {open && (
        <Suspense
          fallback={
            <div className="fixed inset-x-2 top-16 z-50 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600 shadow-lg md:absolute md:top-11 md:left-0 md:w-96">
              {t('notifications.loading')}
            </div>
          }
        >
          <NotificationPanel id={panelId} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
