import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface MobileMenu {
  open: boolean;
  toggle: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The open state of a menu behind a toggle button. It closes when `place` changes (the person went
 * somewhere) and on Escape, handing focus back to the button so the keyboard is where it was.
 */
export function useMobileMenu(place: string): MobileMenu {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [place]);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close]);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  return { open, toggle, buttonRef };
}
