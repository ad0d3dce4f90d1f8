import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button-variants.ts';
import { paths } from '../../../lib/paths.ts';

/** 'Request access' → /early-access, 'Book a demo' → /book-demo; the French subtitle differs. */
export function ClosingBanner() {
  const { t } = useTranslation('site');
  return (
    <section aria-labelledby="banner-title" className="px-4 py-16 sm:px-6">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-500 px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <div className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-white/10 blur-2xl" aria-hidden />
        <h2 id="banner-title" className="relative mx-auto max-w-3xl text-3xl font-bold tracking-tight sm:text-4xl">
          {t('banner.title')}
        </h2>
        <p className="relative mx-auto mt-4 max-w-2xl text-base text-indigo-50 sm:text-lg" data-testid="banner-subtitle">
          {t('banner.subtitle')}
        </p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to={paths.earlyAccess.getHref()}
            className={buttonVariants({ size: 'lg', variant: 'secondary', className: 'ring-0' })}
          >
            {t('banner.requestAccess')}
          </Link>
          <Link
            to={paths.bookDemo.getHref()}
            className={buttonVariants({
              size: 'lg',
              className: 'bg-transparent ring-1 ring-white/70 hover:bg-white/10',
            })}
          >
            {t('banner.bookDemo')}
          </Link>
        </div>
      </div>
    </section>
  );
}
