import { defineConfig } from 'vitest/config';

/**
 * Two suites. `unit`: pure and in-process tests (no browser, no display, no child process), the
 * fast default for daily work (`npm test`). `e2e`: everything that starts Chromium, Xvfb, a CLI
 * process or a whole run (`npm run test:e2e`); those files end in `.e2e.test.ts`.
 */
const sources = ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'scripts/**/*.test.ts'];
const endToEnd = ['**/*.e2e.test.ts'];

export default defineConfig({
  test: {
    // A timeout only catches hangs; end-to-end runs in real Chromium take 40 s on a loaded 2-core machine.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Browser and OCR tests share two cores; more forks only add contention.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: sources, exclude: [...endToEnd, '**/node_modules/**'] } },
      { extends: true, test: { name: 'e2e', include: endToEnd.map((pattern) => `packages/${pattern}`) } },
    ],
  },
});
