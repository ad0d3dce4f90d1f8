import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
export const baseURL = `http://127.0.0.1:${port}`;
// A thousand above the app's own, so runs on neighbouring E2E_PORTs (4310, 4311, …) never take each other's.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1_000);
const dataDir = process.env.E2E_DATA_DIR ?? '.e2e-data';

// Debian's Chromium; Playwright cannot download its own browser on this machine. Its headless shell
// when installed (`npm test` installs it, scripts/lib.mjs): what Playwright runs headless tests in by
// default, at about half the browser's CPU of the full Chromium in headless mode.
const SHELL = '/usr/bin/chromium-headless-shell';
const browserPath = process.env.CHROMIUM_PATH ?? (fs.existsSync(SHELL) ? SHELL : '/usr/bin/chromium');
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// At 375 px only what a phone changes runs again (decision 028): every test of the specs written for
// the phone, and elsewhere the tests tagged `@phone` (menus, cards instead of tables, the lead forms and
// the analysis on a phone) — one language of each, the other language's texts being the same layout.
// phone-layout.spec.ts opens every other workspace page at 375 px.
const PHONE_SPECS = ['phone-layout', 'pipeline-board', 'site'];
const PHONE_TESTS = new RegExp(`\\b(${PHONE_SPECS.join('|')})\\.spec\\.ts|@phone\\b`);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  // None, on CI too: a test that passes only on a second try is a failing test (decision 028).
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '.test-reports/e2e.json' }]],
  use: {
    baseURL,
    locale: 'en-US',
    // A failed test keeps its trace (actions, DOM snapshots, network), without the screencast: its frames
    // were captured and encoded for every test, passed or not (five specs: 131 → 107 s of CPU).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: { executablePath: browserPath, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined } },
    {
      name: 'mobile',
      // Matched against "<project> <file> <describe titles> <title> <tags>" (Playwright's grep).
      grep: PHONE_TESTS,
      use: {
        browserName: 'chromium',
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
  ],
  webServer: [
    {
      // Every e-mail of the run goes over SMTP to a real server on loopback, which files it in the outbox.
      command: 'node e2e/support/smtp-catcher.mjs',
      port: smtpPort,
      reuseExistingServer: false,
      env: { SMTP_CATCHER_PORT: String(smtpPort), SMTP_CATCHER_OUTBOX: `${dataDir}/outbox` },
    },
    {
      command: 'node apps/server/dist/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        LOG_LEVEL: 'warn',
        // The suite signs in many times from one address.
        RATE_LIMIT_MAX: '100000',
        // Every spec shares one address: failed sign-ins and reset requests per IP get room (per e-mail stays default).
        SIGN_IN_LIMIT_PER_IP: '1000',
        RESET_LIMIT_PER_IP: '1000',
        // A queued call analysis is picked up within 200 ms rather than up to 2 s (the default), as in the
        // API tests: about fifteen analyses a run each waited a second for the worker's next look.
        JOBS_POLL_MS: '200',
        // webhooks.spec.ts's receiver listens on loopback, which a deployment refuses by default (decision 036).
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        // calendar.spec.ts's CalDAV server (radicale) listens on loopback too (decision 042).
        CALENDAR_ALLOW_PRIVATE: 'true',
        // notifications.spec.ts waits for the sweep that makes a notification (each minute by default).
        NOTIFICATIONS_EVERY_MS: '2000',
      },
    },
  ],
});
