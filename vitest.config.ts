import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Each test file's CPU seconds, when NEXA_FILE_CPU names where to write them (scripts/vitest-file-cpu.ts).
const fileCpu = path.resolve(import.meta.dirname, 'scripts/vitest-file-cpu.ts');

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Pure functions with no state of their own: one import of the package per worker, not per file
          // (19 → 7 s). The web project stays isolated: its tests share i18n and the DOM.
          isolate: false,
          setupFiles: [fileCpu],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Rendering tests take 1–2 s here; a loaded CI machine must not turn that into a timeout.
          testTimeout: 20_000,
          setupFiles: [fileCpu, './src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          setupFiles: [fileCpu, './test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are heavy; two files at a time fit the 2-core machine.
          maxWorkers: 2,
          // Each file opens its own database and server, so files share nothing but the modules; importing
          // the whole server again for each of ~90 files cost 1.5–2 s of CPU apiece, a third of the layer's
          // CPU (docs/performance.md, the test suite). A worker imports it once and runs its files in turn.
          isolate: false,
        },
      },
    ],
  },
});
