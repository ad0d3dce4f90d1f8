/* global fetch, setTimeout */
// `npm run bench site`: what the public site costs a visitor. The runner has built the app.
// 1. Starts the production server on a free port and a throw-away data folder.
// 2. Opens '/' and '/why-nexa' in Chromium and sums the JavaScript each page fetches
//    (gzip and brotli sizes of the built files; the server sends the brotli ones).
// 3. Runs Lighthouse on both pages, mobile and desktop (LH_RUNS=n runs each n times, median kept);
//    a run that fails is tried once more and its stderr printed. Each run records the machine's load
//    average: on a shared machine total blocking time follows the load, not the code.
// 4. Signs the demo representative and manager in and does the same for the five signed-in first pages
//    (issue 22): /rep, /rep/opportunities, /rep/pipeline, /manager and a representative's page —
//    the JavaScript each fetches until the network is idle (every script of the load, the lazy ones
//    included: an upper bound of what comes before the first meaningful paint) against a 200 KB gzip
//    budget, and Lighthouse on a phone (mobile preset, default throttling) in a browser holding the
//    session cookie and the time-zone cookie the app sets (with it the server renders the page: each
//    page reports whether it did).
// SITE_PAGES=public or SITE_PAGES=signed-in measures one half only (the other keeps its last figures).
// Prints the figures and writes bench/results/site.json.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { root } from '../scripts/lib.mjs';
import { DEMO, freePort, signIn, startServer } from './lib/server.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const BUDGET_KB = 150;
/** Issue 22: each signed-in first page, in gzip. */
const SIGNED_IN_BUDGET_KB = 200;
const SITE_PAGES = process.env.SITE_PAGES ?? 'all';
const LH_RUNS = Number(process.env.LH_RUNS ?? 1);
const dist = path.join(root, 'apps/web/dist');

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const sizesOf = (urlPath) => {
  const source = fs.readFileSync(path.join(dist, urlPath));
  return { raw: source.length, gzip: zlib.gzipSync(source, { level: 9 }).length, brotli: zlib.brotliCompressSync(source).length };
};
const sum = (files, key) => files.reduce((total, file) => total + file[key], 0);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The server on a throw-away data folder; `stop()` also removes the folder. */
async function startSiteServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-site-bench-'));
  const server = await startServer({ DATA_DIR: dataDir });
  const stop = async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { base: server.url, port: server.port, stop };
}

/** `name=value; name=value` as Playwright's cookies for `base`. */
const cookiesFor = (base, header) =>
  header.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name, value: value.join('='), url: base };
  });

/** The JavaScript files a page fetches until the network is idle, with their sizes (`cookie`: a session's). */
async function scriptsOf(browser, base, pagePath, cookie) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  if (cookie) await context.addCookies(cookiesFor(base, cookie));
  const page = await context.newPage();
  const seen = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') seen.push(new URL(request.url()).pathname);
  });
  const response = await page.goto(base + pagePath, { waitUntil: 'networkidle' });
  if (new URL(page.url()).pathname !== new URL(base + pagePath).pathname) throw new Error(`${pagePath} went to ${page.url()}`);
  // A signed-in first page arrives rendered by the server with its data (decision 024).
  const serverRendered = (await response.text()).includes('id="nexa-page-state"');
  await context.close();
  const files = [...new Set(seen)].map((file) => ({ file, ...sizesOf(file) }));
  return Object.assign(files, { serverRendered });
}

/** The scripts an HTML file of the build names itself (module script and modulepreloads), with their sizes. */
function scriptsIn(htmlFile) {
  const html = fs.readFileSync(path.join(dist, htmlFile), 'utf8');
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => ({ file: match[1], ...sizesOf(match[1]) }));
}

/** The English pre-rendered file of a public page (decision 010), as the server sends it to an English browser. */
const prerenderedFile = (pagePath) => `pages/en/${pagePath === '/' ? 'index' : pagePath.slice(1)}.html`;

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

/**
 * One Lighthouse run; a run that fails is tried once more, and its stderr is shown either way.
 * `browser`: a signed-in browser's debugging port (signedInBrowser) — Lighthouse then loads the page
 * in it and keeps its cookies, instead of starting a browser of its own with empty storage.
 */
function lighthouse(url, preset, attempt = 1, browser = undefined) {
  const out = path.join(os.tmpdir(), `nexa-lh-${process.pid}-${preset}.json`);
  const args = [
    'lighthouse',
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    ...(browser ? [`--port=${browser.port}`, '--disable-storage-reset'] : [`--chrome-flags=${CHROME_FLAGS.join(' ')}`]),
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const load = loadAverage();
  fs.rmSync(out, { force: true });
  const result = spawnSync('npx', args, {
    cwd: root,
    env: { ...process.env, CHROME_PATH: CHROMIUM },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (result.status !== 0 || !fs.existsSync(out)) {
    const stderr = (result.stderr ?? '')
      .split('\n')
      .filter((line) => line.trim() && !line.includes('npm warn'))
      .join('\n');
    const why = result.error ? String(result.error) : `exit ${result.status}`;
    console.error(`lighthouse failed on ${url} (${preset}, attempt ${attempt}, ${why}):\n${stderr || '(no output)'}`);
    if (attempt === 1) return lighthouse(url, preset, 2, browser);
    throw new Error(`lighthouse failed twice on ${url} (${preset})`);
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out);
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`);
  if (browser && new URL(report.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`lighthouse on ${url} ended on ${report.finalDisplayedUrl}: the session was not sent`);
  const score = (id) => Math.round(report.categories[id].score * 100);
  // What stands between a page and 100: each failing audit of accessibility and best practices.
  const failing = ['accessibility', 'best-practices'].flatMap((category) =>
    report.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && report.audits[ref.id].score !== null && report.audits[ref.id].score < 1)
      .map((ref) => `${category}: ${ref.id}`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(report.audits['first-contentful-paint'].numericValue),
    lcpMs: Math.round(report.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(report.audits['total-blocking-time'].numericValue),
    cls: Math.round(report.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
    scripts: report.audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script').length,
    // The scripts whose download ended before the observed (unthrottled) largest paint: what held it back.
    jsBeforeLcpKB: kb(
      report.audits['network-requests'].details.items
        .filter(
          (item) =>
            item.resourceType === 'Script' &&
            item.networkEndTime <= report.audits.metrics.details.items[0].observedLargestContentfulPaint,
        )
        .reduce((total, item) => total + item.transferSize, 0),
    ),
    jsTransferKB: kb(
      report.audits['network-requests'].details.items
        .filter((item) => item.resourceType === 'Script')
        .reduce((total, item) => total + item.transferSize, 0),
    ),
    failing,
    load,
    // Lighthouse's own measure of the host's CPU (higher is faster; it warns below 1,000): total
    // blocking time follows it, so runs on different days compare only at a similar index.
    benchmarkIndex: Math.round(report.environment.benchmarkIndex),
  };
}

/** LH_RUNS runs, the one with the median score kept; `browser.prepare()` runs before each (signed-in pages). */
async function medianRun(url, preset, browser = undefined) {
  const runs = [];
  for (let i = 0; i < LH_RUNS; i++) {
    await browser?.prepare();
    runs.push(lighthouse(url, preset, 1, browser));
  }
  const best = median(runs.map((run) => run.performance));
  return {
    ...runs.find((run) => run.performance === best),
    runs: runs.map((run) => run.performance),
    tbtRuns: runs.map((run) => run.tbtMs),
    lcpRuns: runs.map((run) => run.lcpMs),
    loads: runs.map((run) => run.load),
    benchmarkIndexes: runs.map((run) => run.benchmarkIndex),
  };
}

/** The public site (steps 2 and 3). */
async function measurePublic(browser, base) {
  const entry = scriptsIn('index.html');
  const pages = {};
  for (const pagePath of ['/', '/why-nexa']) pages[pagePath] = await scriptsOf(browser, base, pagePath);

  const js = Object.fromEntries(
    Object.entries(pages).map(([pagePath, files]) => [
      pagePath,
      { files: files.length, gzipKB: kb(sum(files, 'gzip')), brotliKB: kb(sum(files, 'brotli')), rawKB: kb(sum(files, 'raw')) },
    ]),
  );
  const entryFigures = { files: entry.length, gzipKB: kb(sum(entry, 'gzip')), brotliKB: kb(sum(entry, 'brotli')) };
  console.log(`entry (index.html scripts + modulepreloads): ${entryFigures.gzipKB} KB gzip, ${entryFigures.brotliKB} KB brotli`);
  for (const [pagePath, figures] of Object.entries(js)) {
    const verdict = figures.gzipKB <= BUDGET_KB ? 'within' : 'OVER';
    console.log(
      `${pagePath.padEnd(10)} JS: ${figures.gzipKB} KB gzip (${verdict} the ${BUDGET_KB} KB budget), ${figures.brotliKB} KB brotli, ${figures.files} files`,
    );
  }
  const documents = Object.fromEntries(
    ['/', '/why-nexa'].map((pagePath) => {
      const file = prerenderedFile(pagePath);
      const declared = scriptsIn(file);
      return [
        pagePath,
        {
          html: { file, ...sizesOf(`/${file}`) },
          declaredScripts: { files: declared.length, gzipKB: kb(sum(declared, 'gzip')) },
        },
      ];
    }),
  );
  for (const [pagePath, { html, declaredScripts }] of Object.entries(documents)) {
    console.log(
      `${pagePath.padEnd(10)} pre-rendered HTML: ${kb(html.gzip)} KB gzip, ${kb(html.brotli)} KB brotli; scripts it names: ${declaredScripts.gzipKB} KB gzip, ${declaredScripts.files} files (the entry chunk and its preloads at low priority)`,
    );
  }
  for (const file of pages['/']) console.log(`    ${file.file.padEnd(48)} ${String(kb(file.gzip)).padStart(6)} KB gzip`);

  const scores = {};
  for (const pagePath of ['/', '/why-nexa']) {
    for (const preset of ['mobile', 'desktop']) {
      const result = await medianRun(base + pagePath, preset);
      scores[`${pagePath} ${preset}`] = result;
      console.log(
        `lighthouse ${pagePath} ${preset}: performance ${result.performance}, accessibility ${result.accessibility}, best practices ${result.bestPractices}, SEO ${result.seo} (FCP ${result.fcpMs} ms, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls}; runs ${result.runs.join('/')}, TBT ${result.tbtRuns.join('/')} ms, load average ${result.loads.join(' | ')})`,
      );
    }
  }
  return {
    budgetKB: BUDGET_KB,
    entry: entryFigures,
    js,
    documents: Object.fromEntries(
      Object.entries(documents).map(([pagePath, { html, declaredScripts }]) => [
        pagePath,
        { file: html.file, gzipKB: kb(html.gzip), brotliKB: kb(html.brotli), declaredScripts },
      ]),
    ),
    homeFiles: pages['/'].map(({ file, gzip }) => ({ file, gzipKB: kb(gzip) })),
    lighthouse: scores,
  };
}

/** The five signed-in first pages (step 4), each as the person whose page it is. */
async function signedInPages(base) {
  // The time zone the app keeps in a cookie on every start (lib/render-hints.ts): a browser that has
  // signed in has it, and with it the server renders the page. This machine's zone, as its browser's.
  const zone = `nexa-tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`;
  const rep = `${await signIn(base, DEMO.alex)}; ${zone}`;
  const manager = `${await signIn(base, DEMO.manager)}; ${zone}`;
  const res = await fetch(`${base}/api/team/representatives?pageSize=200`, { headers: { cookie: manager } });
  const { items } = await res.json();
  const alex = items.find((item) => item.email === DEMO.alex);
  if (!alex) throw new Error('the demo representative is not in the team');
  return [
    { path: '/rep', cookie: rep },
    { path: '/rep/opportunities', cookie: rep },
    { path: '/rep/pipeline', cookie: rep },
    { path: '/manager', cookie: manager },
    { path: `/manager/representatives/${alex.id}`, name: '/manager/representatives/:id', cookie: manager },
  ];
}

/**
 * A browser holding a person's cookies, for Lighthouse to drive through its debugging port. A
 * signed-in person's browser sends the session from its cookie jar; a session given to Lighthouse as
 * an extra header was lost as soon as the page set a cookie of its own (the render hints), and a
 * page that read again after hydrating was sent to sign in. Chromium is started as Lighthouse starts
 * it; before each run `prepare()` connects, empties the HTTP cache (Lighthouse's own reset would also
 * clear the cookies), sets the cookies again and disconnects (a client still attached to the browser
 * holds back the tab Lighthouse opens: it never paints).
 */
async function signedInBrowser(base, cookie) {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-lh-profile-'));
  const child = spawn(
    CHROMIUM,
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: 'ignore',
    },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`${endpoint}/json/version`);
      break;
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    port,
    prepare: async () => {
      const browser = await chromium.connectOverCDP(endpoint);
      const [context] = browser.contexts();
      const page = context.pages()[0] ?? (await context.newPage());
      await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
      await context.clearCookies();
      await context.addCookies(cookiesFor(base, cookie));
      await browser.close();
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function measureSignedIn(browser, base) {
  const pages = await signedInPages(base);
  const js = {};
  for (const { path: pagePath, name = pagePath, cookie } of pages) {
    const files = await scriptsOf(browser, base, pagePath, cookie);
    const figures = {
      files: files.length,
      gzipKB: kb(sum(files, 'gzip')),
      brotliKB: kb(sum(files, 'brotli')),
      rawKB: kb(sum(files, 'raw')),
      serverRendered: files.serverRendered,
    };
    js[name] = figures;
    const verdict = figures.gzipKB <= SIGNED_IN_BUDGET_KB ? 'within' : 'OVER';
    console.log(
      `${name.padEnd(30)} JS by network idle: ${figures.gzipKB} KB gzip (${verdict} the ${SIGNED_IN_BUDGET_KB} KB budget), ${figures.brotliKB} KB brotli, ${figures.files} files, ${figures.serverRendered ? 'rendered by the server' : 'NOT rendered by the server'}`,
    );
  }
  const scores = {};
  for (const { path: pagePath, name = pagePath, cookie } of pages) {
    const browser = await signedInBrowser(base, cookie);
    let result;
    try {
      result = await medianRun(base + pagePath, 'mobile', browser);
    } finally {
      await browser.close();
    }
    scores[`${name} mobile`] = result;
    console.log(
      `lighthouse ${name} mobile: performance ${result.performance}, accessibility ${result.accessibility}, best practices ${result.bestPractices} (FCP ${result.fcpMs} ms, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls}, ${result.scripts} scripts, ${result.jsTransferKB} KB JS transferred, ${result.jsBeforeLcpKB} KB of it before the observed LCP; runs ${result.runs.join('/')}, LCP ${result.lcpRuns.join('/')} ms, TBT ${result.tbtRuns.join('/')} ms, load average ${result.loads.join(' | ')}, benchmark index ${result.benchmarkIndexes.join('/')})${result.failing.length ? `\n    failing: ${result.failing.join(', ')}` : ''}`,
    );
  }
  return {
    budgetKB: SIGNED_IN_BUDGET_KB,
    jsMeasure: 'every script fetched until the network is idle (375 px), gzip -9 of the built files',
    js,
    lighthouse: scores,
  };
}

const resultsFile = path.join(root, 'bench/results/site.json');
const previous = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : {};
const startLoad = loadAverage();
console.log(`load average (1, 5, 15 min): ${startLoad}`);
const { base, stop } = await startSiteServer();
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  let publicSite;
  let signedIn;
  try {
    publicSite = SITE_PAGES === 'signed-in' ? undefined : await measurePublic(browser, base);
    signedIn = SITE_PAGES === 'public' ? undefined : await measureSignedIn(browser, base);
  } finally {
    await browser.close();
  }
  const { signedIn: previousSignedIn, measuredAt: _at, machine: _machine, ...previousPublic } = previous;
  const results = {
    measuredAt: new Date().toISOString(),
    machine: `${os.cpus().length} cores, load average at the start ${startLoad}, at the end ${loadAverage()}`,
    ...(publicSite ?? previousPublic),
    signedIn: signedIn ?? previousSignedIn,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log('→ bench/results/site.json');
  if (publicSite && publicSite.js['/'].gzipKB > BUDGET_KB) process.exitCode = 1;
  if (signedIn && Object.values(signedIn.js).some((figures) => figures.gzipKB > SIGNED_IN_BUDGET_KB)) process.exitCode = 1;
} finally {
  await stop();
}
