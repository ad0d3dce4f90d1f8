import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';

export const DEMO_PASSWORD = 'nexa-demo-2026';
export const DEMO = {
  manager: 'manager@demo.nexa.test',
  alex: 'alex@demo.nexa.test',
  sam: 'sam@demo.nexa.test',
  jordan: 'jordan@demo.nexa.test',
} as const;

/** Signs in through the API (fast, no UI), leaving the session cookie in the page's context. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  // better-auth refuses a state-changing call without a trusted Origin.
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: baseURL },
  });
  if (!response.ok()) throw new Error(`sign-in as ${email} failed: ${response.status()} ${await response.text()}`);
}
