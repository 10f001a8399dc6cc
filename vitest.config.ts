import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'scripts/**/*.test.ts'],
    // A timeout only catches hangs; end-to-end runs in real Chromium take 40 s on a loaded 2-core machine.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Browser and OCR tests share two cores; more forks only add contention.
    pool: 'forks',
    maxWorkers: 2,
  },
});
