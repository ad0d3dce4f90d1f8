import { Menu, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MobileMenu } from '../../lib/use-mobile-menu.ts';

/**
 * The button that opens and closes a menu below 768 px (the site's and the workspace's), from
 * `useMobileMenu`: it names what it does next, says whether the menu is open and which element it
 * is, and gets the focus back when Escape closes the menu.
 */
export function MenuToggle({ menu, controls }: { menu: MobileMenu; controls: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
      aria-expanded={menu.open}
      ref={menu.buttonRef}
      aria-controls={controls}
      aria-label={menu.open ? t('nav.closeMenu') : t('nav.openMenu')}
      onClick={menu.toggle}
    >
      {menu.open ? <X className="h-6 w-6" aria-hidden /> : <Menu className="h-6 w-6" aria-hidden />}
    </button>
  );
}
