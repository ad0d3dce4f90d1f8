import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { startReceiver } from '../apps/server/test/webhook-receiver.ts';
import { baseURL } from '../playwright.config.ts';
import { apiAs, createUser, signInAsUser } from './support/users.ts';

test('a manager registers a webhook; a deal moved reaches the receiver signed and in order; a delivery is replayed', async ({
  page,
  isMobile,
}) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    const manager = await createUser({ role: 'manager' });
    await signInAsUser(page, manager);
    await page.goto('/manager');
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/manager\/webhooks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    // From the keyboard: the URL, a description, the deal events (checked by default), Enter.
    const description = `E2E sync ${manager.id.slice(0, 8)}`;
    await page.getByLabel('Receiver URL').focus();
    await page.keyboard.type(receiver.url);
    await page.keyboard.press('Tab');
    await page.keyboard.type(description);
    await expect(page.getByRole('checkbox', { name: /Deal moved to another stage/ })).toBeChecked();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const secret = await dialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.setSecret(secret);
    await expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);
    await dialog.getByRole('button', { name: 'I have copied the secret' }).click();
    await expect(dialog).toBeHidden();
    // Shown once: never in the page again.
    const card = page.getByTestId('webhook-endpoint').filter({ hasText: description });
    await expect(card).toContainText(receiver.url);
    expect(await page.content()).not.toContain(secret);
    await expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);

    // A representative's new deal, which the manager moves along the pipeline.
    const rep = await createUser({ role: 'rep' });
    const repApi = await apiAs(rep.email, rep.password);
    const api = await apiAs(manager.email, manager.password);
    const headers = { origin: baseURL };
    const createdDeal = await repApi.post('/api/opportunities', {
      data: { product: 'Nexa', client_company_name: `Hooked ${description}` },
      headers,
    });
    expect(createdDeal.status(), await createdDeal.text()).toBe(201);
    const dealId = ((await createdDeal.json()) as { id: number }).id;
    await repApi.dispose();
    const deal = (await (await api.get(`/api/opportunities/${dealId}`)).json()) as { id: number; version: number };
    let version = deal.version;
    for (const stage of ['Qualified', 'Proposal']) {
      const moved = await api.patch(`/api/opportunities/${deal.id}`, { data: { version, stage }, headers });
      expect(moved.status(), await moved.text()).toBe(200);
      version = ((await moved.json()) as { version: number }).version;
    }
    await api.dispose();

    // Other specs write deals too: this deal's events only, deduplicated by webhook-id as a receiver does.
    const mine = () =>
      receiver.received.filter((r, i, all) => r.data.id === deal.id && all.findIndex((o) => o.id === r.id) === i);
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(5);
    expect(mine().map((r) => r.type)).toEqual([
      'deal.created',
      'deal.changed',
      'deal.stage_moved',
      'deal.changed',
      'deal.stage_moved',
    ]);
    expect(mine().every((r) => r.verified)).toBe(true);
    expect(
      mine()
        .filter((r) => r.type === 'deal.stage_moved')
        .map((r) => `${String(r.data.from)}→${String(r.data.to)}`),
    ).toEqual(['New→Qualified', 'Qualified→Proposal']);

    // The delivery log: delivered, with the receiver's answer; replay the last move.
    await card.getByRole('button', { name: 'Delivery log' }).click();
    const log = card.getByTestId('webhook-log');
    const lastMove = mine().at(-1)!;
    const row = log.getByTestId('webhook-delivery').filter({ hasText: lastMove.id }).first();
    const replayed = log.getByTestId('webhook-delivery').filter({ hasText: lastMove.id }).filter({ hasText: '· replay' });
    // Other specs' deals reach this endpoint too, newest first, ten to a page: from the first page, page
    // back until `target` shows (each page given time to be read fresh, a cached one being shown first).
    const rows = log.getByTestId('webhook-delivery');
    const pageTo = async (target: typeof row) => {
      await expect(rows.first()).toBeVisible();
      for (let older = 0; older < 30; older++) {
        if (
          await target.waitFor({ timeout: 2_000 }).then(
            () => true,
            () => false,
          )
        )
          return;
        const first = await rows.first().innerText();
        await card.getByRole('button', { name: 'Older' }).click();
        await expect(rows.first()).not.toHaveText(first);
      }
    };
    await pageTo(row);
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('HTTP 200');
    await row.getByRole('button', { name: /Replay/ }).click();
    await expect(page.getByText('Delivery queued again')).toBeVisible();
    await expect.poll(() => receiver.received.filter((r) => r.id === lastMove.id).length, { timeout: 20_000 }).toBe(2);
    // The replay is a delivery of its own, marked as one: the log from its first page again.
    await card.getByRole('button', { name: 'Delivery log' }).click();
    await card.getByRole('button', { name: 'Delivery log' }).click();
    await pageTo(replayed);
    await expect(replayed).toBeVisible();

    // Tidy: other specs' deals must not keep this run's receiver busy.
    await card.getByRole('button', { name: /^Delete/ }).click();
    await card.getByRole('button', { name: 'Delete webhook and its log' }).click();
    await expect(card).toBeHidden();
  } finally {
    await receiver.close();
  }
});
