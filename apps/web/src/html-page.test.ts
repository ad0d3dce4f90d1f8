import { describe, expect, it } from 'vitest';
import { jsonScript, writeHtmlPage } from './html-page.ts';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Nexa</title>
    <meta name="description" content="d" />
    <meta property="og:title" content="Nexa" />
    <meta property="og:description" content="d" />
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="modulepreload" crossorigin href="/assets/i18n-c.js">
    <link rel="stylesheet" crossorigin href="/assets/index-d.css">
  </head>
  <body>
    <div id="root"><div class="frame"></div></div>
  </body>
</html>`;

describe('writeHtmlPage', () => {
  it('puts the markup, language and title in the template', () => {
    const html = writeHtmlPage(TEMPLATE, { language: 'fr', title: 'Mes <affaires>', markup: '<main>x</main>' });
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<title>Mes &lt;affaires&gt;</title>');
    expect(html).toContain('<div id="root" data-prerendered="fr"><main>x</main></div>');
    expect(html).not.toContain('class="frame"');
    // The scripts load with the HTML, at low priority.
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js">');
  });

  it('keeps the template title when the page sets none', () => {
    const html = writeHtmlPage(TEMPLATE, { language: 'en', markup: '' });
    expect(html).toContain('<title>Nexa</title>');
    expect(html).not.toContain('twitter:title');
  });

  it('starts the scripts after the first paint: boot.js names the entry, then its imports', () => {
    const html = writeHtmlPage(TEMPLATE, { language: 'en', markup: '<p>x</p>', scriptsAfterPaint: true });
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(html).toContain(
      '<script defer src="/boot.js" data-modules="/assets/index-a.js /assets/react-b.js /assets/i18n-c.js"></script>',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-d.css">');
  });

  it('refuses a template whose shape it does not know', () => {
    expect(() => writeHtmlPage(TEMPLATE.replace('<title>Nexa</title>', ''), { language: 'en', title: 't', markup: '' })).toThrow(
      /one <title>/,
    );
  });
});

describe('jsonScript', () => {
  it('writes data no value can break out of', () => {
    const data = { name: '</script><script>alert(1)</script>', note: '<!--' };
    const html = jsonScript('state', data);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const json = html.slice(html.indexOf('>') + 1, html.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual(data);
  });
});
