import { defineConfig } from 'vitest/config';

/**
 * Three suites.
 * - `unit`: pure and in-process tests (no browser, no display, no child process), the fast default
 *   for daily work (`npm test`). Its files share one module graph per worker (`isolate: false`):
 *   importing the packages again for each of some 250 files cost two minutes of a three-minute run.
 * - `e2e`: everything that starts Chromium, Xvfb, a CLI process or a whole run
 *   (`npm run test:e2e`); those files end in `.e2e.test.ts`.
 * - `fixtures`: the built-in scenario apps, desktop documents and test bed pages checked against
 *   themselves in Chromium and LibreOffice: each task's reference solution passes its check, each
 *   wrong guess fails it, planted faults show (`npm run test:fixtures`). They test the benchmarks
 *   rather than Sandpiper, so they run when a scenario, document or test bed page changes, and not
 *   in `npm run check`, which keeps CI within its 20 minutes.
 */
const sources = ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'scripts/**/*.test.ts'];
const endToEnd = ['**/*.e2e.test.ts'];
const fixtures = [
  'packages/testbed/test/**/*.e2e.test.ts',
  'packages/scenarios/test/**/*.e2e.test.ts',
  'packages/desktop-scenarios/test/**/*.e2e.test.ts',
];

export default defineConfig({
  test: {
    // A timeout only catches hangs; end-to-end runs in real Chromium take 40 s on a loaded 2-core machine.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Two forks on two cores. A third sped nothing up measurably and made two waits in the
    // keyboard and attach suites time out when the machine was busy.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: sources, exclude: [...endToEnd, '**/node_modules/**'], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: endToEnd.map((pattern) => `packages/${pattern}`),
          exclude: [...fixtures, '**/node_modules/**'],
        },
      },
      { extends: true, test: { name: 'fixtures', include: fixtures } },
    ],
  },
});
