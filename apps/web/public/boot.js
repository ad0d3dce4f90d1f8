/* global document, requestAnimationFrame, setTimeout */
// Starts the app's scripts once the page the server sent has painted (src/html-page.ts,
// `scriptsAfterPaint`): the page is already whole in its HTML, so on a slow connection the first
// paint gets the bandwidth and the scripts follow it instead of competing with it. A classic script,
// so it can read its own element: `data-modules` is the entry chunk, then the chunks it imports.
(() => {
  const modules = (document.currentScript?.dataset.modules ?? '').split(' ').filter(Boolean);
  const [entry, ...imports] = modules;
  let started = false;
  const start = () => {
    if (started || !entry) return;
    started = true;
    for (const href of imports) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // A hidden tab (opened in the background) paints nothing: nothing to wait for. A visible one starts
  // after its next frame, once the page has painted — however long that takes on a slow phone.
  if (document.visibilityState === 'hidden') start();
  else {
    requestAnimationFrame(() => setTimeout(start, 0));
    document.addEventListener('visibilitychange', start, { once: true });
  }
})();
