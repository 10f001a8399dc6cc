/**
 * Benchmark: desktop tasks on LibreOffice, judged by reading the saved document, never by the
 * run's claim. Each task runs as `sandpiper run --desktop --scenario <name> "<task>" --yes`
 * would: a private Xvfb desktop, the scenario's document prepared in the run's directory and
 * opened in LibreOffice, the built-in engine (or `--model`), then the task's own check on the file.
 *
 *   node --import tsx bench/desktop-tasks.ts                    the package's tasks (dev split)
 *   node --import tsx bench/desktop-tasks.ts --split steps      15 step-by-step tasks written apart (readable)
 *   node --import tsx bench/desktop-tasks.ts --split heldout    18 tasks written apart (figures only)
 *   node --import tsx bench/desktop-tasks.ts --remote           every call through a loopback executor
 *   node --import tsx bench/desktop-tasks.ts --only sort --model openai-compatible:…@http://…
 *
 * Outcomes as in the browser benches: `success`, `false-success` (claimed done, file wrong; or
 * claimed done on a task that should have been asked about), `false-failure` (file right, claimed
 * not done), `miss`. Also the framework's overhead per step: wall time outside environment calls.
 * Held-out instruction texts and end reasons are never printed. Writes
 * bench/results/desktop-<split>[-remote].json (…-partial.json for a filtered run).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createQueueChannel } from '@sandpiper/core';
import { desktopTasks, type DesktopTask } from '@sandpiper/desktop-scenarios';
import { createRuntime, desktopSessionDir, timeEnvironment } from '@sandpiper/runtime';
import { percentile } from './support/attached-page.js';
import { judgeOutcome, printRow, summarise, writeResults, type OutcomeRow } from './support/outcomes.js';

const { values } = parseArgs({
  options: {
    split: { type: 'string', default: 'dev' },
    only: { type: 'string' },
    limit: { type: 'string' },
    model: { type: 'string' },
    remote: { type: 'boolean', default: false },
  },
  strict: true,
});
const split = values.split === 'heldout' ? 'heldout' : values.split === 'steps' ? 'steps' : 'dev';

async function tasksOf(which: 'dev' | 'steps' | 'heldout'): Promise<{ task: DesktopTask; style: string }[]> {
  if (which === 'dev') return desktopTasks.map((task) => ({ task, style: task.expect }));
  if (which === 'steps') {
    const { devStepTasks } = await import('./desktop-dev/tasks.js');
    return devStepTasks.map((task) => ({ task, style: 'ui-steps' }));
  }
  const heldOut = await import('./desktop-heldout/tasks.js');
  return heldOut.heldOutDesktopTasks.map((task) => ({ task, style: heldOut.heldOutPhrasing[task.id] ?? '?' }));
}

const cases = (await tasksOf(split))
  .filter((entry) => !values.only || entry.task.id.includes(values.only))
  .slice(0, values.limit === undefined ? undefined : Number(values.limit));

const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-desktop-bench-'));
const runtime = await createRuntime({
  config: {},
  dataDir,
  cwd: process.cwd(),
  env: process.env,
  loopbackExecutor: values.remote === true,
  ...(values.model === undefined ? {} : { model: values.model }),
});
const rows: OutcomeRow[] = [];
const overheadPerStep: number[] = [];
const started = performance.now();
try {
  for (const [index, { task, style }] of cases.entries()) {
    const runId = runtime.newRunId();
    let timed: ReturnType<typeof timeEnvironment> | undefined;
    const prepared = await runtime.prepare({
      runId,
      mode: 'start',
      task: runtime.createTask({
        instruction: task.instruction,
        environment: { type: 'desktop', scenario: task.scenario, format: task.format },
        approval: 'auto-all',
        budgets: { maxActions: 60, maxAttemptsPerStep: 3, maxDurationMs: 240_000 },
      }),
      instrument: (environment) => (timed = timeEnvironment(environment)),
    });
    const runStarted = performance.now();
    let state;
    try {
      const outcome = await prepared.drive({ channel: createQueueChannel({ interactive: false }) });
      if (outcome.error !== undefined) throw outcome.error;
      state = outcome.state;
    } finally {
      // Closing stops LibreOffice: only what the run saved counts.
      await prepared.close();
    }
    const wallMs = performance.now() - runStarted;
    const check = await task.check(desktopSessionDir(dataDir, runId));
    const expected = task.expect === 'success' ? 'done' : 'ask';
    const steps = (state.plan?.completed.length ?? 0) + (state.plan?.pending.length ?? 0);
    if (steps > 0) overheadPerStep.push((wallMs - (timed?.elapsedMs ?? 0)) / steps);
    const row: OutcomeRow = {
      taskId: task.id,
      widget: task.scenario,
      style,
      expected,
      outcome: judgeOutcome(expected, state.status, check.ok),
      status: state.status ?? 'running',
      asked: state.status === 'needs-input',
      actions: state.actionCount,
      wallMs: Math.round(wallMs),
      environmentMs: Math.round(timed?.elapsedMs ?? 0),
      steps,
      ...(split !== 'heldout'
        ? { detail: { instruction: task.instruction, reason: state.endReason ?? '', checker: check.detail } }
        : {}),
    };
    rows.push(row);
    printRow(row, index, cases.length, split !== 'heldout');
  }
} finally {
  await runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const summary = summarise(
  rows,
  {
    split,
    through: values.remote ? 'loopback executor' : 'in process',
    engine: values.model ?? 'built-in',
    minutes: ((performance.now() - started) / 60_000).toFixed(1),
    frameworkOverheadPerStepMs: {
      median: Math.round(percentile(overheadPerStep, 50)),
      p95: Math.round(percentile(overheadPerStep, 95)),
    },
  },
  ['widget', 'style'],
);
const filtered = values.only !== undefined || values.limit !== undefined || values.model !== undefined;
writeResults(`desktop-${split}${values.remote ? '-remote' : ''}${filtered ? '-partial' : ''}`, summary, rows);
