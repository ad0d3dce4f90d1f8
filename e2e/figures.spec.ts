import fs from 'node:fs';
import Papa from 'papaparse';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { DEMO, signInAs } from './support/session.ts';
import { amountsIn, numberIn } from './support/figures.ts';
import { waitForHydration } from './support/hydration.ts';
import { createUser, giveSampleDeals, signInAsUser, type E2eUser } from './support/users.ts';

// The demo's figures, read off five pages, agree with each other: Alex's deals, won count, amounts,
// win rate and conversion on /rep, /manager, /manager/representatives and his page; his quota, won
// this quarter and attainment on /rep, his page and the forecast, where his forecast call's system
// figures are what his own form proposes; and the manager's team list filtered to his won deals.
// Read-only on the demo team (other specs add people and rows of their own in parallel, so nothing
// here reads a team total).

const LANGUAGES = ['en', 'fr'] as const;
const WON_STAGE = { en: 'Closed-Win', fr: 'Gagnée' } as const;
const REPRESENTATIVE = { en: 'Representative', fr: 'Commercial' } as const;
const STAGE = { en: 'Stage', fr: 'Étape' } as const;

const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);
/** The figures of a row: table cells on a wide screen, the card's values on a phone. */
const valuesOf = async (row: Locator) => (await row.locator('td, dd').allInnerTexts()).map((text) => text.trim());
const percent = (part: number, whole: number) => Math.round((100 * part) / whole);

async function signIn(page: Page, email: string, language: (typeof LANGUAGES)[number]) {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'language', value: language, url: baseURL }]);
  await signInAs(page, email);
}

interface RepFigures {
  open: { count: number; amount: number };
  won: { count: number; amount: number };
  lost: { count: number; amount: number };
}

async function pipelineTile(page: Page, status: string) {
  const [, amount, count] = (await page.getByTestId(`pipeline-${status}`).innerText()).split('\n');
  return { amount: numberIn(amount!), count: numberIn(count!) };
}

/** Quota, won this quarter, attainment and gap as the quota tiles show them (the rep's dashboard, the manager's page). */
async function quotaTiles(page: Page) {
  const read = async (testId: string) => {
    await expect(page.getByTestId(testId)).toBeVisible();
    return numberIn(await page.getByTestId(testId).innerText());
  };
  return {
    quota: await read('tile-quarterly-quota'),
    won: await read('tile-won-this-quarter'),
    attainment: await read('tile-quota-attainment'),
    gap: await read('tile-gap-to-quota'),
  };
}

for (const language of LANGUAGES) {
  test(`Alex's figures agree on every page that shows them (${language})`, async ({ page }) => {
    test.setTimeout(60_000);

    // The representative's own dashboard.
    await signIn(page, DEMO.alex, language);
    await page.goto('/rep');
    await expect(page.getByTestId('pipeline-Closed-Win')).toBeVisible();
    const rep: RepFigures = {
      open: await pipelineTile(page, 'On-going'),
      won: await pipelineTile(page, 'Closed-Win'),
      lost: await pipelineTile(page, 'Closed-Lost'),
    };
    const deals = rep.open.count + rep.won.count + rep.lost.count;
    const total = rep.open.amount + rep.won.amount + rep.lost.amount;
    expect(rep.won.count).toBeGreaterThan(0);
    expect(rep.lost.count).toBeGreaterThan(0);
    // The card's first paragraph is its figure (the title is a heading).
    expect(numberIn(await page.getByTestId('card-open').locator('p').first().innerText())).toBe(rep.open.count);
    const winRate = percent(rep.won.count, rep.won.count + rep.lost.count);
    const conversion = percent(rep.won.count, deals);
    // The representative's own number this quarter (issue 38): the manager's page about them shows the same.
    const quota = await quotaTiles(page);
    expect(quota.quota).toBeGreaterThan(0);
    expect(quota.attainment).toBe(percent(quota.won, quota.quota));
    // What his forecast call form proposes (commit, best case): the manager's "system" figures.
    const proposed = amountsIn(await page.getByTestId('forecast-call-proposed').innerText());
    expect(proposed).toHaveLength(2);

    // The manager's dashboard: Alex's row of the team table.
    await signIn(page, DEMO.manager, language);
    await page.goto('/manager');
    const teamRow = visible(page, 'team-row').filter({ hasText: 'Alex Martin' });
    await expect(teamRow).toHaveCount(1);
    // Pipeline (all deals) beside won revenue (issue 38): "Total Sales" counted lost deals too.
    const [teamDeals, teamTotal, teamWon, teamWinRate] = await valuesOf(teamRow);
    expect(numberIn(teamDeals!)).toBe(deals);
    expect(numberIn(teamTotal!)).toBe(total);
    expect(numberIn(teamWon!)).toBe(rep.won.amount);
    expect(numberIn(teamWinRate!)).toBe(winRate);

    // The representatives list.
    await page.goto('/manager/representatives');
    const listRow = visible(page, 'representative-row').filter({ hasText: 'Alex Martin' });
    await expect(listRow).toHaveCount(1);
    const [, listTotal, listWon, listDeals, listConversion] = await valuesOf(listRow);
    expect(numberIn(listTotal!)).toBe(total);
    expect(numberIn(listWon!)).toBe(rep.won.amount);
    expect(numberIn(listDeals!)).toBe(deals);
    expect(numberIn(listConversion!)).toBe(conversion);

    // Alex's page.
    await listRow.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alex Martin' })).toBeVisible();
    const alexId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await expect(page.getByTestId('tile-win-rate')).toHaveText(new RegExp(`^${winRate}\\s?%$`));
    expect(numberIn(await page.getByTestId('tile-avg-deal-size').innerText())).toBe(Math.round(total / deals));
    const totals = (await page.getByTestId('representative-totals').innerText()).split('·').map(numberIn);
    expect(await quotaTiles(page)).toEqual(quota);
    expect(totals).toEqual([total, rep.won.amount, deals, conversion]);

    // The forecast (issue 38): his row's won and quota are his tiles', and his forecast call's system
    // figures are what his own form proposed.
    await page.goto('/manager/forecast');
    await expect(page.getByTestId(`figure-won-${alexId}`)).toBeVisible();
    expect(numberIn(await page.getByTestId(`figure-won-${alexId}`).innerText())).toBe(quota.won);
    const forecastRow = page.getByTestId('forecast-table').locator('tbody tr').filter({ hasText: 'Alex Martin' });
    expect(numberIn(await forecastRow.locator('td').nth(5).innerText())).toBe(quota.quota);
    const callRow = page.locator(`[data-testid="forecast-call-row"][data-rep="${alexId}"]`);
    expect((await callRow.getByTestId('call-system').innerText()).split('/').map(numberIn)).toEqual(proposed);

    // The team list, filtered to Alex's won deals with its own controls, and its export.
    await page.goto('/manager/opportunities');
    // The page arrives rendered by the server (decision 024): a choice made before React hydrated the
    // select is lost, as the 28 Nov CI saw (the stage was applied, the representative not).
    await waitForHydration(page);
    await page.getByLabel(REPRESENTATIVE[language], { exact: true }).selectOption({ label: 'Alex Martin' });
    await page.getByLabel(STAGE[language], { exact: true }).selectOption({ label: WON_STAGE[language] });
    await expect(page).toHaveURL(
      new RegExp(`owner_id=${encodeURIComponent(alexId)}.*stage=Closed-Win|stage=Closed-Win.*owner_id=`),
    );
    await expect(page.getByTestId('opportunities-count')).toHaveText(new RegExp(`^${rep.won.count}\\s`));
    await expect(visible(page, 'opportunity-row')).toHaveCount(rep.won.count);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('opportunities-export').click()]);
    const csv = Papa.parse<Record<string, string>>(fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(csv.data).toHaveLength(rep.won.count);
    expect(new Set(csv.data.map((row) => row.representative))).toEqual(new Set(['Alex Martin']));
    expect(new Set(csv.data.map((row) => row.outcome))).toEqual(new Set(['won']));
    expect(csv.data.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(rep.won.amount);
  });
}

test('a metric tooltip opens from the keyboard and leads to its definition', async ({ page }) => {
  await signIn(page, DEMO.alex, 'en');
  await page.goto('/rep');
  const help = page.getByRole('button', { name: 'How “Open opportunities” is computed' });
  await help.focus();
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: 'Open opportunities' });
  await expect(popover).toContainText('Deals whose outcome is open: neither won nor lost.');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(help).toBeFocused();
  await page.keyboard.press('Enter');
  await popover.getByRole('link', { name: 'Full definition' }).click();
  await expect(page).toHaveURL(/\/help\/metrics#open-opportunities$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How the figures are computed' })).toBeVisible();
  await expect(page.locator('#open-opportunities')).toBeFocused();
});

// People changes (docs/metrics.md, "Who counts"): a representative deactivated, or made a manager,
// leaves every page that counts people at once, their deals wait under Unassigned, and the hand-over
// brings them back. The people are the spec's own; the team-wide comparisons run on pages read one
// after another while other specs add people, so they are retried until one reading agrees.

/** The forecast's figures of one row (won … gap), by the row's name ("Team" for the footer). */
async function forecastFigures(page: Page, name: string | null): Promise<number[]> {
  await page.goto('/manager/forecast');
  const table = page.getByTestId('forecast-table');
  await expect(table).toBeVisible();
  const row = name === null ? table.locator('tfoot tr') : table.locator('tbody tr').filter({ hasText: name });
  return (await valuesOf(row)).map(numberIn);
}

/** The dashboard's count, the list's count and the forecast's rows of representatives agree; so do quota and gap. */
async function expectPeopleAgree(page: Page) {
  await expect(async () => {
    await page.goto('/manager');
    const counted = numberIn(await page.getByTestId('card-representatives').innerText());
    await page.goto('/manager/representatives');
    const listed = numberIn(await page.getByTestId('representatives-count').innerText());
    await page.goto('/manager/forecast');
    const table = page.getByTestId('forecast-table');
    await expect(table).toBeVisible();
    // A representative's row links to their page; the Unassigned row does not.
    const rows = table.locator('tbody tr').filter({ has: page.locator('a') });
    const quotas = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[5]!.textContent ?? ''));
    const gaps = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[6]!.textContent ?? ''));
    const [won, commit, , , , quota, gap] = (await valuesOf(table.locator('tfoot tr'))).map(numberIn);
    expect(listed).toBe(counted);
    expect(quotas).toHaveLength(counted);
    expect(quotas.reduce((sum, text) => sum + numberIn(text), 0)).toBe(quota);
    expect(gap).toBe(Math.max(0, quota! - won! - commit!));
    // The team's gap both ways (issue 38): the team's own, and the sum of the representatives' gaps.
    expect(numberIn(await page.getByTestId('team-gap').innerText())).toBe(gap);
    expect(numberIn(await page.getByTestId('team-shortfall').innerText())).toBe(
      gaps.reduce((sum, text) => sum + numberIn(text), 0),
    );
  }).toPass({ timeout: 60_000 });
}

/** Not on the representatives list nor in the forecast any more. */
async function expectLeftTheTeam(page: Page, person: E2eUser) {
  await page.goto(`/manager/representatives?q=${encodeURIComponent(person.email)}`);
  await expect(page.getByTestId('representatives-count')).toHaveCount(0);
  await expect(visible(page, 'representative-row')).toHaveCount(0);
  await page.goto('/manager/forecast');
  await expect(page.getByTestId('forecast-table')).toBeVisible();
  await expect(page.getByTestId('forecast-table').locator('tbody tr').filter({ hasText: person.name })).toHaveCount(0);
}

/** Hands the person's deals to `to` on the team page, as a manager does after the change. */
async function handOver(page: Page, person: E2eUser, to: E2eUser, deals: number) {
  await page.goto('/manager/team');
  await waitForHydration(page);
  const panel = page.locator(`[data-testid="team-person"][data-email="${person.email}"]`).getByTestId('hand-over');
  await expect(panel).toContainText(`${deals} deals count under Unassigned`);
  await panel.getByLabel(`Hand over ${deals} deals to`).selectOption({ label: to.name });
  await panel.getByRole('button', { name: 'Reassign deals' }).click();
  await expect(panel).toBeHidden();
}

async function listedDeals(page: Page, person: E2eUser): Promise<number> {
  await page.goto(`/manager/representatives?q=${encodeURIComponent(person.email)}`);
  const row = visible(page, 'representative-row');
  await expect(row).toHaveCount(1);
  const [, , , deals] = await valuesOf(row); // location, pipeline, won revenue, deals
  return numberIn(deals!);
}

test('after a deactivation and after a role change, every page that counts people agrees', async ({ page }) => {
  test.setTimeout(240_000);
  const [manager, leaving, promoted, receiving] = await Promise.all([
    createUser({ role: 'manager' }),
    createUser({ role: 'rep' }),
    createUser({ role: 'rep' }),
    createUser({ role: 'rep' }),
  ]);
  const [deals] = await Promise.all([giveSampleDeals(leaving), giveSampleDeals(promoted)]);
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await signInAsUser(page, manager);
  await expectPeopleAgree(page);
  const leavingFigures = await forecastFigures(page, leaving.name);
  expect(await listedDeals(page, leaving)).toBe(deals);

  // A deactivation: asked first, then the person leaves every count and their deals wait.
  await page.goto('/manager/team');
  const leavingRow = page.locator(`[data-testid="team-person"][data-email="${leaving.email}"]`);
  page.once('dialog', (dialog) => void dialog.accept());
  await leavingRow.getByRole('button', { name: `Deactivate ${leaving.name}` }).click();
  await expect(leavingRow.getByTestId('hand-over')).toBeVisible();
  await expectLeftTheTeam(page, leaving);
  await expectPeopleAgree(page);
  await handOver(page, leaving, receiving, deals);
  // The receiver's forecast row is now the one the leaver had (same default quota, no deals before).
  expect(await forecastFigures(page, receiving.name)).toEqual(leavingFigures);
  expect(await listedDeals(page, receiving)).toBe(deals);

  // A role change: asked first too, and the same rule.
  await page.goto('/manager/team');
  await waitForHydration(page);
  const promotedRow = page.locator(`[data-testid="team-person"][data-email="${promoted.email}"]`);
  await promotedRow.getByLabel(`Role of ${promoted.name}`).selectOption({ label: 'Sales Manager' });
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await promotedRow.getByRole('button', { name: 'Change role' }).click();
  await expect(promotedRow.getByTestId('hand-over')).toBeVisible();
  expect(question).toContain(`their ${deals} deals count under Unassigned`);
  await expectLeftTheTeam(page, promoted);
  await expectPeopleAgree(page);
  await handOver(page, promoted, receiving, deals);
  expect(await listedDeals(page, receiving)).toBe(2 * deals);
  await expectPeopleAgree(page);
});
