import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { LanguageToggle } from './language-toggle.tsx';
import { Logo } from './logo.tsx';

const LINKS = [
  { to: paths.whyNexa.getHref(), key: 'nav.why' },
  { to: paths.about.getHref(), key: 'nav.about' },
  { to: paths.terms.getHref(), key: 'nav.terms' },
  { to: paths.securityTrust.getHref(), key: 'nav.security' },
] as const;

const noSubscription = () => () => {};

/**
 * This year by the visitor's clock — but the build's year while a pre-rendered page hydrates, as
 * the server rendered it: a page built in December still hydrates without a mismatch in January,
 * then shows the new year.
 */
const useCurrentYear = () =>
  useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );

export function SiteFooter() {
  const { t } = useTranslation();
  const year = useCurrentYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="space-y-2">
          <Logo label={t('nav.backHome')} />
          <p className="text-sm text-slate-600">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.links')}>
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
            {LINKS.map((link) => (
              <li key={link.key}>
                <Link to={link.to} className="text-slate-700 hover:text-brand-700">
                  {t(link.key)}
                </Link>
              </li>
            ))}
            <li>
              <LanguageToggle />
            </li>
          </ul>
        </nav>
      </div>
      <p className="pb-8 text-center text-xs text-slate-600">{t('footer.rights', { year })}</p>
    </footer>
  );
}
