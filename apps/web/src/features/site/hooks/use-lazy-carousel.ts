import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useInView } from '../../../lib/use-in-view.ts';

type Action = (carousel: EmblaCarouselType) => void;

/**
 * Embla on a carousel's viewport, fetched when the carousel comes near the screen or the visitor
 * acts on it — not with the page: the landing page's carousel sits below the fold, and Embla's 7 KB
 * stay out of its initial JavaScript (issue 4). Until then the server-rendered first slide shows;
 * an action asked for before Embla is ready (`run`) happens once it is. `onSelect` hears the index
 * of the slide shown; `options` must be stable.
 */
export function useLazyCarousel(options: EmblaOptionsType, onSelect: (index: number) => void) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const near = useInView(viewportRef, { threshold: 0, rootMargin: '300px' });
  const [asked, setAsked] = useState(false);
  // A ref, not state: a key pressed after Embla is made but before the next render must reach it,
  // not wait as pending for a creation that has already happened.
  const carousel = useRef<EmblaCarouselType | undefined>(undefined);
  const pending = useRef<Action | null>(null);
  const selectRef = useRef(onSelect);
  useEffect(() => {
    selectRef.current = onSelect;
  }, [onSelect]);

  const wanted = near || asked;
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    let created: EmblaCarouselType | undefined;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (cancelled || !viewportRef.current) return;
      const embla = EmblaCarousel(viewportRef.current, options);
      created = embla;
      const select = () => selectRef.current(embla.selectedScrollSnap());
      embla.on('select', select).on('reInit', select);
      carousel.current = embla;
      pending.current?.(embla);
      pending.current = null;
    });
    return () => {
      cancelled = true;
      if (carousel.current === created) carousel.current = undefined;
      created?.destroy();
    };
  }, [wanted, options]);

  const run = useCallback((action: Action) => {
    if (carousel.current) return action(carousel.current);
    pending.current = action;
    setAsked(true);
  }, []);
  return { viewportRef, run };
}
