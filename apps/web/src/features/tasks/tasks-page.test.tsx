import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { json, renderRoutes } from '../../test/render-routes.tsx';
import { TasksPage } from './routes/tasks-page.tsx';

/*
 * /rep/tasks' tabs and pages as the server bounds them (docs/performance.md, "Tasks"): a tab's count
 * stops at 99 ("99+"), a list's total at 1,000 rows past its page (`capped`), and the pages after it
 * stay reachable.
 */
let list: unknown;
let fetchMock: ReturnType<typeof vi.fn>;

beforeAll(async () => {
  await i18next.loadNamespaces(['tasks', 'common']);
});
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => (String(url).startsWith('/api/tasks/suggestions') ? json({ items: [] }) : json(list)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const answer = (over: Record<string, unknown>) => ({
  items: [],
  total: 0,
  capped: false,
  counts: { today: 0, overdue: 0, upcoming: 0 },
  timeZone: 'UTC',
  ...over,
});

describe('the task tabs', () => {
  for (const [lang, tab, page] of [
    ['en', 'Overdue (99+)', 'Page 1 of more than 20'],
    ['fr', 'En retard (99+)', 'Page 1 sur plus de 20'],
  ] as const) {
    it(`says "99+" past 99 and "more than" past the counted pages (${lang})`, async () => {
      await i18next.changeLanguage(lang);
      list = answer({ total: 1000, capped: true, counts: { today: 3, overdue: 100, upcoming: 99 } });
      renderAt('/rep/tasks?view=overdue');
      // The tabs show their counts once the list has answered.
      expect((await screen.findByText(tab)).getAttribute('data-testid')).toBe('task-tab-overdue');
      expect(screen.getByTestId('task-tab-upcoming').textContent).toMatch(/\(99\)$/);
      expect(screen.getByTestId('task-tab-today').textContent).toMatch(/\(3\)$/);
      expect(await screen.findByText(page)).toBeTruthy();
      expect(
        screen
          .getAllByRole('button')
          .some((b) => b.textContent === (lang === 'en' ? 'Next' : 'Suivante') && !b.hasAttribute('disabled')),
      ).toBe(true);
    });
  }

  it('counts the pages exactly below the bound', async () => {
    await i18next.changeLanguage('en');
    list = answer({ total: 120, counts: { today: 0, overdue: 0, upcoming: 100 } });
    renderAt('/rep/tasks?view=upcoming');
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/tasks?view=upcoming&page=1&pageSize=50');
  });
});

function renderAt(url: string) {
  return renderRoutes([{ path: '/rep/tasks', element: <TasksPage /> }], url);
}
