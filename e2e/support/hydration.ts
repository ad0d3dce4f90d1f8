import type { Page } from '@playwright/test';

/**
 * The public pages arrive pre-rendered (decision 010), the signed-in ones rendered by the server
 * (decision 024): their content is visible before React has hydrated it (a select changed before then
 * keeps no choice), and their timers (demos, rotating rows) only start once it has. A test that drives
 * the clock or types into a field waits for this first. React marks each element it hydrated with
 * a `__reactFiber$…` property; `#main` is hydrated with the page it holds.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return !!main && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });
}
