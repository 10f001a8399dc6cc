import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The suites that take longest (measured in CI: each runs one to four minutes of whole runs in
 * Chromium or LibreOffice), longest first. A clean checkout has no timings cached, so vitest would
 * order files by size and start these small files last, leaving one worker busy at the end
 * while the other idles; started first, they pack with the short files.
 */
const longestFirst = [
  'packages/runtime/test/scenario-tasks/desktop.e2e.test.ts',
  'packages/runtime/test/scenario-tasks/expense-report.e2e.test.ts',
  'packages/runtime/test/scenario-tasks/sales-charts.e2e.test.ts',
  'packages/cli/test/crash-resume.e2e.test.ts',
  'packages/runtime/test/scenario-tasks/machine-status.e2e.test.ts',
  'packages/server/test/web-ui-intent.e2e.test.ts',
  'packages/cli/test/cli-run.e2e.test.ts',
];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = longestFirst.findIndex((suffix) => file.moduleId.endsWith(suffix));
      return index < 0 ? longestFirst.length : index;
    };
    // Projects keep their order (the first place each appears), and the rest keep vitest's.
    const projects = new Map<string, number>();
    sorted.forEach((file, index) => projects.set(file.project.name, projects.get(file.project.name) ?? index));
    const key = (file: TestSpecification, index: number) => [projects.get(file.project.name)!, rank(file), index];
    return sorted
      .map((file, index) => ({ file, key: key(file, index) }))
      .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!)
      .map(({ file }) => file);
  }
}

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
    sequence: { sequencer: LongestFirstSequencer },
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
