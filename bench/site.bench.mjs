// `npm run bench site`: what the public site costs a visitor. The runner has built the app.
// 1. Starts the production server on a free port and a throw-away data folder.
// 2. Opens '/' and '/why-nexa' in Chromium and sums the JavaScript each page fetches
//    (gzip and brotli sizes of the built files; the server sends the brotli ones).
// 3. Runs Lighthouse on both pages, mobile and desktop (LH_RUNS=n runs each n times, median kept);
//    a run that fails is tried once more and its stderr printed. Each run records the machine's load
//    average: on a shared machine total blocking time follows the load, not the code.
// Prints the figures and writes bench/results/site.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { root } from '../scripts/lib.mjs';
import { startServer } from './lib/server.mjs';

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
  return { base: server.url, stop };
}

/** The JavaScript files a page fetches until the network is idle, with their sizes. */
async function scriptsOf(browser, base, pagePath) {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
  const seen = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') seen.push(new URL(request.url()).pathname);
  });
  await page.goto(base + pagePath, { waitUntil: 'networkidle' });
  await page.close();
  return [...new Set(seen)].map((file) => ({ file, ...sizesOf(file) }));
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

/** One Lighthouse run; a run that fails is tried once more, and its stderr is shown either way. */
function lighthouse(url, preset, attempt = 1) {
  const out = path.join(os.tmpdir(), `nexa-lh-${process.pid}-${preset}.json`);
  const args = [
    'lighthouse',
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
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
    if (attempt === 1) return lighthouse(url, preset, 2);
    throw new Error(`lighthouse failed twice on ${url} (${preset})`);
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out);
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const score = (id) => Math.round(report.categories[id].score * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(report.audits['first-contentful-paint'].numericValue),
    lcpMs: Math.round(report.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(report.audits['total-blocking-time'].numericValue),
    cls: Math.round(report.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
    load,
  };
}

function medianRun(url, preset) {
  const runs = Array.from({ length: LH_RUNS }, () => lighthouse(url, preset));
  const best = median(runs.map((run) => run.performance));
  return {
    ...runs.find((run) => run.performance === best),
    runs: runs.map((run) => run.performance),
    tbtRuns: runs.map((run) => run.tbtMs),
    loads: runs.map((run) => run.load),
  };
}

const startLoad = loadAverage();
console.log(`load average (1, 5, 15 min): ${startLoad}`);
const { base, stop } = await startSiteServer();
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const entry = scriptsIn('index.html');
  const pages = {};
  for (const pagePath of ['/', '/why-nexa']) pages[pagePath] = await scriptsOf(browser, base, pagePath);
  await browser.close();

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
      const result = medianRun(base + pagePath, preset);
      scores[`${pagePath} ${preset}`] = result;
      console.log(
        `lighthouse ${pagePath} ${preset}: performance ${result.performance}, accessibility ${result.accessibility}, best practices ${result.bestPractices}, SEO ${result.seo} (FCP ${result.fcpMs} ms, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls}; runs ${result.runs.join('/')}, TBT ${result.tbtRuns.join('/')} ms, load average ${result.loads.join(' | ')})`,
      );
    }
  }
  const results = {
    measuredAt: new Date().toISOString(),
    machine: `${os.cpus().length} cores, load average at the start ${startLoad}, at the end ${loadAverage()}`,
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
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/site.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('→ bench/results/site.json');
  if (js['/'].gzipKB > BUDGET_KB) process.exitCode = 1;
} finally {
  await stop();
}
