import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button-variants.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';

interface Item {
  title: string;
  body: string;
}
interface Founder {
  name: string;
  role: string;
  bio: string;
}

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

export function AboutPage() {
  const { t } = useTranslation('about');
  usePageMeta(t('metaTitle'), t('metaDescription'));
  const paragraphs = t('story.paragraphs', { returnObjects: true }) as string[];
  const values = t('values.items', { returnObjects: true }) as Item[];
  const founders = t('founders.items', { returnObjects: true }) as Founder[];

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pb-12 pt-16 sm:px-6 lg:pt-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t('eyebrow')}</p>
          <h1 className="mt-3 max-w-4xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t('title')}</h1>
          <p className="mt-5 max-w-3xl text-lg leading-relaxed text-slate-700">{t('intro')}</p>
        </div>
      </section>

      <section
        aria-labelledby="story-title"
        className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.4fr_1fr]"
      >
        <div>
          <h2 id="story-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('story.title')}
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
            {paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
        <aside aria-labelledby="mission-title" className="self-start rounded-2xl bg-slate-900 p-7 text-white">
          <h2 id="mission-title" className="text-sm font-semibold uppercase tracking-wide text-indigo-200">
            {t('mission.title')}
          </h2>
          <p className="mt-3 text-xl font-medium leading-relaxed">{t('mission.text')}</p>
        </aside>
      </section>

      <section aria-labelledby="founders-title" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="founders-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('founders.title')}
          </h2>
          <ul className="mt-8 grid gap-5 md:grid-cols-2">
            {founders.map((founder) => (
              <li key={founder.name} className="flex gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span
                  className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white"
                  aria-hidden
                >
                  {initials(founder.name)}
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{founder.name}</h3>
                  <p className="text-sm font-medium text-brand-700">{founder.role}</p>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{founder.bio}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="values-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="values-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {t('values.title')}
        </h2>
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {values.map((value) => (
            <li key={value.title} className="rounded-2xl border border-slate-200 p-6">
              <h3 className="font-semibold text-slate-900">{value.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{value.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-cta" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <div className="flex flex-col items-start justify-between gap-6 rounded-2xl bg-brand-50 p-8 md:flex-row md:items-center">
          <div>
            <h2 id="about-cta" className="text-xl font-bold text-slate-900">
              {t('cta.title')}
            </h2>
            <p className="mt-1 text-slate-700">{t('cta.body')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.joinTheTeam.getHref()} className={buttonVariants()}>
              {t('cta.join')}
            </Link>
            <Link to={paths.bookDemo.getHref()} className={buttonVariants({ variant: 'secondary' })}>
              {t('cta.demo')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
