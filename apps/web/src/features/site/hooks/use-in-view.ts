import { useEffect, useState, type RefObject } from 'react';

/** Becomes true (and stays true) once the element is at least `threshold` visible. */
export function useInView(ref: RefObject<Element | null>, threshold = 0.2): boolean {
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
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, threshold]);
  return seen;
}
