import type { LucideIcon } from 'lucide-react';
import { LogOut, Settings } from 'lucide-react';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { initials } from '@nexa/domain';
import { LanguageToggle } from '../../components/layout/language-toggle.tsx';
import { Logo } from '../../components/layout/logo.tsx';
import { MenuToggle } from '../../components/layout/menu-toggle.tsx';
import { cn } from '../../lib/cn.ts';
import { useMobileMenu } from '../../lib/use-mobile-menu.ts';
import { setDisplayTimeZone } from '../../lib/format.ts';
import { currentLanguage, setLanguage, type Language } from '../../lib/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { useMe } from '../../lib/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useUpdateProfile } from '../../features/settings/api/update-profile.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';

export interface WorkspaceNavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  end?: boolean;
  /** Something waiting on that page (a forecast call due), drawn after the label; it renders nothing when there is none. */
  badge?: ComponentType;
}

/** The signed-in shell: a sidebar from 768 px, a menu below it. */
export function WorkspaceLayout({ items }: { items: WorkspaceNavItem[] }) {
  const { t } = useTranslation('workspace');
  const me = useMe();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const menu = useMobileMenu(pathname);
  // The person's own choices, kept on their account, win over this browser's once they are signed in.
  const language = me.data?.language;
  useEffect(() => {
    if (language && language !== currentLanguage()) void setLanguage(language);
  }, [language]);
  setDisplayTimeZone(me.data?.time_zone);
  const updateProfile = useUpdateProfile();
  // Signed in, the toggle changes the language kept on the account, or the next sign-in would undo it.
  const saveLanguage = (next: Language) => updateProfile.mutate({ language: next });

  const name = me.data?.full_name ?? '';
  const nav = (
    <nav aria-label={t('nav.label')}>
      <ul className="space-y-1">
        {items.map(({ to, labelKey, icon: Icon, end, badge: Badge }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
                  isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                )
              }
            >
              <Icon className="h-4 w-4" aria-hidden />
              {t(labelKey)}
              {Badge && <Badge />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
  const account = (
    // gap-2, not 3: beside the avatar and the two buttons, "Sales Representative" read "Representativ / e".
    <div className="flex items-center gap-2 border-t border-slate-200 pt-4">
      <span
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
        aria-hidden
      >
        {initials(name)}
      </span>
      <div className="min-w-0 flex-1">
        {/* Wrapped, not cut: beside the two buttons "Alex Martin" read "Alex Mar…" (issue 38). */}
        <p className="text-sm leading-tight font-semibold [overflow-wrap:anywhere]" data-testid="workspace-user-name">
          {name}
        </p>
        {me.data?.role && <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">{t(`roles.${me.data.role}`)}</p>}
      </div>
      <Link
        to={paths.settings.getHref()}
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        aria-label={t('nav.settings')}
        title={t('nav.settings')}
        data-testid="workspace-settings"
      >
        <Settings className="h-4 w-4" aria-hidden />
      </Link>
      <button
        type="button"
        onClick={() => void signOut()}
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        aria-label={t('nav.signOut')}
        title={t('nav.signOut')}
      >
        <LogOut className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );

  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <aside className="hidden w-64 shrink-0 flex-col justify-between border-r border-slate-200 bg-white p-4 md:sticky md:top-0 md:flex md:h-screen">
        <div className="space-y-6">
          <div className="flex items-center justify-between gap-2">
            <Logo label={t('common:nav.backHome')} />
            <NotificationBell />
          </div>
          {nav}
        </div>
        <div className="space-y-3">
          <LanguageToggle onSwitch={saveLanguage} />
          {account}
        </div>
      </aside>
      <header className="flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 md:hidden">
        <Logo label={t('common:nav.backHome')} />
        <div className="flex items-center gap-1">
          <NotificationBell />
          <LanguageToggle onSwitch={saveLanguage} />
          <MenuToggle menu={menu} controls="workspace-menu" />
        </div>
      </header>
      {menu.open && (
        <div id="workspace-menu" className="space-y-4 border-b border-slate-200 bg-white p-4 md:hidden">
          {nav}
          {account}
        </div>
      )}
      <main id="main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        <Outlet />
      </main>
    </div>
  );
}
