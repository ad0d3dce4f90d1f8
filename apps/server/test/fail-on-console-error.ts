import { afterEach, vi } from 'vitest';

// A test that makes the code log an error fails, unless the test expects it (Epic Stack's rule).
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockClear();
  if (calls.length) throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
});
