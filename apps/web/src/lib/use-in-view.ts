import { useEffect, useState, type RefObject } from 'react';

interface InViewOptions {
  /** How much of the element must show (0–1). */
  threshold?: number;
  /** Grows the viewport, e.g. '200px' to react shortly before the element scrolls in. */
  rootMargin?: string;
}

/** Becomes true (and stays true) once the element is at least `threshold` visible. */
export function useInView(ref: RefObject<Element | null>, { threshold = 0.2, rootMargin }: InViewOptions = {}): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, threshold, rootMargin]);
  return seen;
}
