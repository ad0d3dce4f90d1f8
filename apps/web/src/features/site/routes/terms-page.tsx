import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/use-page-meta.ts';

// The terms take effect on 2025-04-22; the minimum age is 13.
export const TERMS_EFFECTIVE_DATE = '2025-04-22';
export const MINIMUM_AGE = 13;

interface Clause {
  title: string;
  body: string;
}

function Clauses({ id, title, clauses }: { id: string; title: string; clauses: Clause[] }) {
  return (
    <section aria-labelledby={`${id}-title`} className="scroll-mt-20" id={id}>
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-6 space-y-6">
        {clauses.map((clause) => (
          <div key={clause.title}>
            <h3 className="font-semibold text-slate-900">{clause.title}</h3>
            <p className="mt-1.5 leading-relaxed text-slate-700">{clause.body}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

export function TermsPage() {
  const { t, i18n } = useTranslation('legal');
  usePageMeta(t('metaTitle'), t('metaDescription'));
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'fr' ? 'fr-FR' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${TERMS_EFFECTIVE_DATE}T00:00:00Z`));
  const terms = t('terms', { returnObjects: true, age: MINIMUM_AGE }) as Clause[];
  const privacy = t('privacy', { returnObjects: true, age: MINIMUM_AGE }) as Clause[];

  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:py-20">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
        <p className="mt-3 text-sm font-medium text-brand-700" data-testid="terms-effective">
          {t('effective', { date: '' })}
          <time dateTime={TERMS_EFFECTIVE_DATE}>{date}</time>
        </p>
        <p className="mt-5 leading-relaxed text-slate-700">{t('intro')}</p>
      </header>
      <div className="mt-12 grid gap-12 lg:grid-cols-[220px_1fr]">
        <nav aria-label={t('contents')} className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t('contents')}</p>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href="#terms" className="text-brand-700 hover:underline">
                {t('termsTitle')}
              </a>
            </li>
            <li>
              <a href="#privacy" className="text-brand-700 hover:underline">
                {t('privacyTitle')}
              </a>
            </li>
          </ul>
        </nav>
        <div className="max-w-3xl space-y-16">
          <Clauses id="terms" title={t('termsTitle')} clauses={terms} />
          <Clauses id="privacy" title={t('privacyTitle')} clauses={privacy} />
        </div>
      </div>
    </div>
  );
}
