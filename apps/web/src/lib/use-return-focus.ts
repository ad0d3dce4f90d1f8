import { useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back where it came from when a dialog closes. Radix returns focus only to its own
 * Trigger; our dialogs are mostly opened from state (a button's click, a menu, a dropped card, a
 * select), so they remember the element that had focus when they opened and give `onCloseAutoFocus`
 * to their Content. An opener gone meanwhile (a "Mark as won" button hidden once the deal is won)
 * hands focus to `fallback` when given, else leaves Radix's own behaviour.
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null | undefined): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's content mounts (Radix portals it on the next commit)
  // and before its focus trap moves focus inside.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return (event) => {
    const element = opener.current?.isConnected ? opener.current : fallback?.();
    opener.current = null;
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  };
}
