import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { DEMO, DEMO_PASSWORD, signInAs } from './support/session.ts';
import { createUser, mailedLink } from './support/users.ts';

const root = path.resolve(import.meta.dirname, '..');
/**
 * Skipped in the phone project: the test opens browser contexts of its own, which have the default
 * 1280 px viewport there too, so it ran the desktop check a second time.
 */
const SAME_AT_EVERY_WIDTH = 'its own browser contexts: the same check at every width, run at 1440 px';

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('sign-in and route guard on the demo team', () => {
  test('the demo manager signs in and lands on /manager', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await signInWithForm(page, DEMO.manager, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/manager$/);
    await expect(page.getByTestId('workspace-user-name').first()).toHaveText('Morgan Lee');
  });

  test('a demo representative signs in and lands on /rep', async ({ page }) => {
    await page.goto('/signin');
    await signInWithForm(page, DEMO.sam, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/rep$/);
  });

  test(
    'empty fields show the spec message; a wrong password the same answer as an unknown e-mail',
    { tag: '@phone' },
    async ({ page }) => {
      // Failed sign-ins count against the e-mail: a person of its own, not one the other specs sign in as.
      const rep = await createUser({ role: 'rep' });
      await page.goto('/signin');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toContainText('Fields required');
      await expect(page.getByRole('alert')).toContainText('Both fields are required.');

      await signInWithForm(page, rep.email, 'not-the-password');
      await expect(page.getByRole('alert')).toContainText('Sign-in failed');
      await expect(page.getByRole('alert')).toContainText('Please check your email and password');
      await expect(page).toHaveURL(/\/signin$/);

      await signInWithForm(page, 'nobody@demo.nexa.test', 'not-the-password');
      await expect(page.getByRole('alert')).toContainText('Please check your email and password');
    },
  );

  // The suite's server trusts only its PUBLIC_URL (127.0.0.1); localhost is another origin to a browser.
  test('a page opened at an untrusted address says to set PUBLIC_URL, in both languages', async ({ browser, isMobile }) => {
    test.skip(isMobile, SAME_AT_EVERY_WIDTH);
    const other = baseURL.replace('127.0.0.1', 'localhost');
    for (const [locale, words] of [
      ['en-US', 'set PUBLIC_URL to'],
      ['fr-FR', 'définissez PUBLIC_URL sur'],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto(`${other}/signin`);
      await page.getByLabel(locale === 'en-US' ? 'Email' : 'E-mail').fill(DEMO.sam);
      await page.getByLabel(locale === 'en-US' ? 'Password' : 'Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: locale === 'en-US' ? 'Sign in' : 'Se connecter' }).click();
      await expect(page.getByRole('alert')).toContainText(words);
      await expect(page.getByRole('alert')).toContainText(other);
      await context.close();
    }
  });

  test.describe('in French', () => {
    // The project's page, so the phone project checks the French form at 375 px (a context of its own
    // had the default 1280 px viewport there).
    test.use({ locale: 'fr-FR' });

    test('the form speaks French', async ({ page }) => {
      await page.goto('/signin');
      await expect(page.getByRole('heading', { name: 'Se connecter', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByRole('alert')).toContainText('Les deux champs sont obligatoires.');
      await expect(page.getByRole('link', { name: 'Mot de passe oublié ?' })).toBeVisible();
    });
  });

  test('a representative typing /manager is sent to /', async ({ page }) => {
    await signInAs(page, DEMO.alex);
    await page.goto('/manager');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('workspace-user-name')).toHaveCount(0);
  });

  test('a visitor typing /rep/opportunities is sent to /signin, and back there after signing in', async ({ page }) => {
    await page.goto('/rep/opportunities');
    await expect(page).toHaveURL(/\/signin$/);
    await signInWithForm(page, DEMO.alex, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/rep\/opportunities$/);
  });

  test(
    'sign-out returns to /signin and the back button shows no workspace data',
    { tag: '@phone' },
    async ({ page, isMobile }) => {
      await page.goto('/signin');
      await signInWithForm(page, DEMO.manager, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/manager$/);
      await expect(page.getByTestId('workspace-user-name').first()).toHaveText('Morgan Lee');
      // A second workspace page, so that "back" after signing out lands on a workspace page.
      if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Sales Representatives' }).locator('visible=true').click();
      await expect(page).toHaveURL(/\/manager\/representatives$/);
      if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Sign out' }).locator('visible=true').click();
      await expect(page).toHaveURL(/\/signin$/);

      await page.goBack();
      await expect(page).toHaveURL(/\/signin$/);
      await expect(page.getByText('Morgan Lee')).toHaveCount(0);
      // The session is gone on the server too.
      expect((await page.request.get('/api/me')).status()).toBe(401);
    },
  );

  test('the forgot-password link opens the reset request, which answers the same for any e-mail', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill('nobody@demo.nexa.test');
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
  });
});

/**
 * A user without a role cannot be invited (an invitation names a role), so this test runs a second
 * server from the same build on a private data folder, the account made with `npm run user` before
 * it starts (the embedded database is one process at a time).
 */
test.describe('with a private server', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.skip(({ isMobile }) => isMobile, 'one private server is enough; the layouts are covered above');

  const port = Number(process.env.E2E_PORT ?? 4310) + 50;
  const origin = `http://127.0.0.1:${port}`;
  let dataDir: string;
  let server: ChildProcess | undefined;

  const user = (...args: string[]) => {
    const result = spawnSync('npx', ['tsx', 'apps/server/src/cli/user.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DEMO_MODE: 'false', NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`npm run user ${args.join(' ')} failed: ${result.stderr}`);
  };

  test.beforeAll(async ({ browser: _browser }, testInfo) => {
    if (testInfo.project.name !== 'desktop') return;
    testInfo.setTimeout(120_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nexa-e2e-auth-'));
    user('create', '--email', 'norole@e2e.test', '--name', 'No Role', '--role', 'none', '--password', 'no-role-password');
    server = spawn('node', ['apps/server/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        DEMO_MODE: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 200; i++) {
      const ok = await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error('the private server did not start');
  });

  test.afterAll(async () => {
    if (server?.pid) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a user whose role is neither gets the unknown-role error and stays on /signin', async ({ page }) => {
    await page.goto(`${origin}/signin`);
    await signInWithForm(page, 'norole@e2e.test', 'no-role-password');
    await expect(page.getByRole('alert')).toContainText('Unknown role');
    await expect(page.getByRole('alert')).toContainText("Your user account doesn't have a valid role assigned.");
    await expect(page).toHaveURL(`${origin}/signin`);
  });
});

test('the reset flow sets a new password that then works', async ({ page }) => {
  const rep = await createUser({ role: 'rep' });
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The reset page is its own chunk: until it shows, the sign-in page (which also has an Email field) is on screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  const since = new Date();
  await page.getByLabel('Email').fill(rep.email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();

  await page.goto(await mailedLink(rep.email, 'reset-password', since));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // The token leaves the address bar once read.
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm the new password').fill('short');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('p[id$="-error"]').first()).toHaveText('Use 8 to 128 characters.');

  await page.getByLabel('New password', { exact: true }).fill('brand-new-password');
  await page.getByLabel('Confirm the new password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await signInWithForm(page, rep.email, rep.password);
  await expect(page.getByRole('alert')).toContainText('Sign-in failed');
  await signInWithForm(page, rep.email, 'brand-new-password');
  await expect(page).toHaveURL(/\/rep$/);
});
