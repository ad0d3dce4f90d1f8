import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../components/ui/button-variants.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { paths } from '../lib/paths.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageMeta(t('notFound.metaTitle'));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-600" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-600">{t('notFound.body')}</p>
      <Link to={paths.home.getHref()} className={buttonVariants({ className: 'mt-8' })}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
