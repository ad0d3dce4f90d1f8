import type { EmblaOptionsType } from 'embla-carousel';
import { ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import { useCallback, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyCarousel } from '../hooks/use-lazy-carousel.ts';

interface Programme {
  name: string;
  detail: string;
  quote: string;
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');

/** A neutral name mark: the programme's initials in a ring and its name set in type, no third-party logo. */
function NameMark({ name, detail }: { name: string; detail: string }) {
  return (
    <div className="flex items-center gap-4">
      <span
        className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full border-2 border-slate-300 text-lg font-bold tracking-wider text-slate-600"
        aria-hidden
      >
        {initialsOf(name)}
      </span>
      <span className="min-w-0">
        <span className="block text-lg font-semibold tracking-tight text-slate-800 sm:text-xl">{name}</span>
        <span className="block text-sm text-slate-600">{detail}</span>
      </span>
    </div>
  );
}

/** The carousel's previous and next buttons. */
function ArrowButton({ onClick, label, icon: Icon }: { onClick: () => void; label: string; icon: LucideIcon }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
    >
      <Icon className="h-5 w-5" aria-hidden />
    </button>
  );
}

const CAROUSEL_OPTIONS: EmblaOptionsType = { loop: true, align: 'start' };

/**
 * 'Recognized by Global Tech Accelerators' — 2 slides that loop, aligned to the start,
 * with previous/next buttons and the left/right arrow keys; the slide shown is announced.
 */
export function PartnerCarousel() {
  const { t } = useTranslation('site');
  const programmes = t('partners.items', { returnObjects: true }) as Programme[];
  const [selected, setSelected] = useState(0);
  const { viewportRef, run } = useLazyCarousel(CAROUSEL_OPTIONS, setSelected);

  const previous = useCallback(() => run((embla) => embla.scrollPrev()), [run]);
  const next = useCallback(() => run((embla) => embla.scrollNext()), [run]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };
  const count = programmes.length;

  return (
    <section aria-labelledby="partners-title" className="border-y border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
        <div className="text-center">
          <h2 id="partners-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('partners.title')}
          </h2>
          <p className="mt-2 text-slate-600">{t('partners.subtitle')}</p>
        </div>
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label={t('partners.label')}
          aria-describedby="partners-hint"
          tabIndex={0}
          onKeyDown={onKeyDown}
          className="mt-10 rounded-2xl"
          data-testid="partner-carousel"
        >
          <p id="partners-hint" className="sr-only">
            {t('partners.keyboardHint')}
          </p>
          <div className="overflow-hidden rounded-2xl" ref={viewportRef}>
            <div className="flex">
              {programmes.map((programme, index) => (
                <div
                  key={programme.name}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={t('partners.slide', { index: index + 1, count })}
                  aria-hidden={index !== selected}
                  className="min-w-0 shrink-0 grow-0 basis-full px-1"
                  data-testid="partner-slide"
                  data-active={index === selected}
                >
                  <div className="flex h-full flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8">
                    <NameMark name={programme.name} detail={programme.detail} />
                    <p className="max-w-sm text-sm text-slate-600 sm:text-right">{programme.quote}</p>
                  </div>
                </div>
              ))}
            </div>
          </div>
          <div className="mt-6 flex items-center justify-center gap-4">
            <ArrowButton onClick={previous} label={t('partners.previous')} icon={ChevronLeft} />
            <p className="flex gap-2" aria-hidden>
              {programmes.map((programme, index) => (
                <span
                  key={programme.name}
                  className={`h-2 rounded-full transition-all ${index === selected ? 'w-6 bg-brand-600' : 'w-2 bg-slate-300'}`}
                />
              ))}
            </p>
            <ArrowButton onClick={next} label={t('partners.next')} icon={ChevronRight} />
          </div>
          <p id="partners-status" className="sr-only" aria-live="polite" data-testid="partner-status">
            {t('partners.announce', { index: selected + 1, count, name: programmes[selected]?.name })}
          </p>
        </div>
      </div>
    </section>
  );
}
