import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { cn } from '../../lib/cn.ts';
import { buttonVariants } from '../ui/button.tsx';
import { LanguageToggle } from './language-toggle.tsx';
import { Logo } from './logo.tsx';

const LINKS = [
  { to: paths.whyNexa.getHref(), key: 'nav.why' },
  { to: paths.earlyAccess.getHref(), key: 'nav.earlyAccess' },
  { to: paths.signIn.getHref(), key: 'nav.signIn' },
  { to: `${paths.home.getHref()}#analysis`, key: 'nav.try' },
  { to: paths.about.getHref(), key: 'nav.about' },
  { to: paths.securityTrust.getHref(), key: 'nav.security' },
  { to: paths.joinTheTeam.getHref(), key: 'nav.joinTeam' },
] as const;

export function SiteHeader() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-2.5 py-2 text-sm font-medium hover:bg-slate-100', isActive ? 'text-brand-700' : 'text-slate-700');

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2"
      >
        {t('nav.skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo label={t('nav.backHome')} />
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {LINKS.map((link) => (
            <NavLink key={link.key} to={link.to} className={linkClass}>
              {t(link.key)}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageToggle />
          <Link to={paths.bookDemo.getHref()} className={buttonVariants({ size: 'sm' })}>
            {t('nav.bookDemo')}
          </Link>
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <LanguageToggle />
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X className="h-6 w-6" aria-hidden /> : <Menu className="h-6 w-6" aria-hidden />}
          </button>
        </div>
      </div>
      {open && (
        <nav id="mobile-menu" aria-label={t('nav.main')} className="border-t border-slate-200 px-4 pb-4 md:hidden">
          <ul className="flex flex-col py-2">
            {LINKS.map((link) => (
              <li key={link.key}>
                <NavLink to={link.to} className={({ isActive }) => cn(linkClass({ isActive }), 'block py-3')}>
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link to={paths.bookDemo.getHref()} className={cn(buttonVariants(), 'w-full')}>
            {t('nav.bookDemo')}
          </Link>
        </nav>
      )}
    </header>
  );
}
