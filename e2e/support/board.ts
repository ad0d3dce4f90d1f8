import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks a board card up from the keyboard (its handle focused, Space) and waits until the board hears
 * arrows: dnd-kit's keyboard sensor starts listening for them from a timer set as the drag starts, so
 * an arrow pressed as soon as "Picked up …" was announced could come before it and be lost on a loaded
 * machine (pipeline-board.spec's keyboard announcement failed now and then on CI). A timer set in the
 * page after that one runs after it.
 */
export async function pickUpWithKeyboard(page: Page, handle: Locator, announcement: string): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(announcement)).toBeAttached();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
