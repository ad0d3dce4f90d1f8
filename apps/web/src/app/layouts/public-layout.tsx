import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from '../../components/layout/site-footer.tsx';
import { SiteHeader } from '../../components/layout/site-header.tsx';
import { prerenderedLanguage } from '../../lib/prerendered.ts';

export function PublicLayout() {
  const { pathname, hash } = useLocation();
  // A pre-rendered page opened at its top (or its anchor) before the script ran, and the visitor
  // may have scrolled since: hydrating it must not move them.
  const landed = useRef(prerenderedLanguage() !== undefined);
  // Every public page opens at the top, unless a link targets an anchor.
  useEffect(() => {
    if (landed.current) {
      landed.current = false;
      return;
    }
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
