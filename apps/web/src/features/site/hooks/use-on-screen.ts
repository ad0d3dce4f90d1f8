import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is in the viewport now (unlike useInView, it turns false again). True until
 * measured, so the first render matches the pre-rendered page.
 */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    // The last entry is the latest state when several changes arrive in one callback.
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.at(-1)?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}
