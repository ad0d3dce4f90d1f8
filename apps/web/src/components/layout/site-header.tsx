import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useMobileMenu } from '../../lib/use-mobile-menu.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { LanguageToggle } from './language-toggle.tsx';
import { MenuToggle } from './menu-toggle.tsx';
import { Logo } from './logo.tsx';

const LINKS = [
  { to: paths.whyNexa.getHref(), key: 'nav.why' },
  { to: paths.earlyAccess.getHref(), key: 'nav.earlyAccess' },
  { to: paths.signIn.getHref(), key: 'nav.signIn' },
  // A section of the home page, not a page: it is never marked as the one being read.
  { to: `${paths.home.getHref()}#analysis`, key: 'nav.try', section: true },
  { to: paths.about.getHref(), key: 'nav.about' },
  { to: paths.securityTrust.getHref(), key: 'nav.security' },
  { to: paths.joinTheTeam.getHref(), key: 'nav.joinTeam' },
] as const;

// clsx, not cn: the header is in the entry chunk and its classes never conflict, so
// tailwind-merge stays out of the landing page's critical JavaScript.
const desktopLink = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'whitespace-nowrap rounded-md px-2 py-2 text-[13px] font-medium transition-colors hover:bg-slate-100 hover:text-slate-900 lg:px-2.5 lg:text-sm',
    isActive ? 'text-brand-700' : 'text-slate-600',
  );
const mobileLink = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'block rounded-md px-3 py-3 text-base font-medium hover:bg-slate-100',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700',
  );

/**
 * A nav link, marked (styled and aria-current) when its page is the one being read. NavLink
 * compares paths only, so a link to a section ("/#analysis") would mark itself on the home page.
 */
function SiteLink({ link, className }: { link: (typeof LINKS)[number]; className: typeof desktopLink }) {
  const { t } = useTranslation();
  if ('section' in link) {
    return (
      <Link to={link.to} className={className({ isActive: false })}>
        {t(link.key)}
      </Link>
    );
  }
  return (
    <NavLink to={link.to} className={className} end>
      {t(link.key)}
    </NavLink>
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  const menu = useMobileMenu(location.pathname + location.hash);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2"
      >
        {t('nav.skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo label={t('nav.backHome')} />
        <nav aria-label={t('nav.main')} className="hidden items-center md:flex">
          {LINKS.map((link) => (
            <SiteLink key={link.key} link={link} className={desktopLink} />
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageToggle />
          <Link to={paths.bookDemo.getHref()} className={buttonVariants({ size: 'sm', className: 'hidden lg:inline-flex' })}>
            {t('nav.bookDemo')}
          </Link>
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <LanguageToggle />
          <MenuToggle menu={menu} controls="mobile-menu" />
        </div>
      </div>
      {menu.open && (
        <nav id="mobile-menu" aria-label={t('nav.main')} className="border-t border-slate-200 bg-white px-4 pb-5 md:hidden">
          <ul className="flex flex-col py-2">
            {LINKS.map((link) => (
              <li key={link.key}>
                <SiteLink link={link} className={mobileLink} />
              </li>
            ))}
          </ul>
          <Link to={paths.bookDemo.getHref()} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
            {t('nav.bookDemo')}
          </Link>
        </nav>
      )}
    </header>
  );
}
