import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor give up after 1 s by default: too short on a loaded CI machine, where a test
// that takes 1.5 s here can take several times that.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// A component that logs an error fails its test unless the test expects it.
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockClear();
  if (calls.length) throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
});
