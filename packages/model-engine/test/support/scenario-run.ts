import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQueueChannel, type Engine, type RunState } from '@sandpiper/core';
import type { PayloadOf, RunEvent } from '@sandpiper/protocol';
import { createRuntime, type Runtime } from '@sandpiper/runtime';
import { startScenarioServer, type ExpenseReportState, type ScenarioServer } from '@sandpiper/scenarios';

/** A scenario server and a runtime on a scratch directory for one test file. */
export interface RunBench {
  readonly server: ScenarioServer;
  close(): Promise<void>;
  run(options: ScenarioRunOptions): Promise<ScenarioRunResult>;
}

export interface ScenarioRunOptions {
  readonly engine: Engine;
  readonly instruction: string;
  /** Names the run (and so the app session), unique per run. */
  readonly session: string;
  readonly budgets?: { maxActions?: number; maxAttemptsPerStep?: number; maxDurationMs?: number };
  readonly onEvent?: (event: RunEvent, state: RunState) => void;
}

export interface ScenarioRunResult {
  readonly state: RunState;
  readonly events: readonly RunEvent[];
  /** The expense app's own state after the run. */
  readonly app: ExpenseReportState | undefined;
}

/**
 * Start the expense-report app and run each task through the runtime, as the CLI does: a fresh
 * headless Chromium per run, the event log and screenshots in a real SQLite store on disk, the
 * given engine (a model engine on a scripted model) for the run.
 */
export async function openRunBench(): Promise<RunBench> {
  const server = await startScenarioServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'model-engine-'));
  const runtime: Runtime = await createRuntime({ config: {}, dataDir, cwd: dataDir, env: {}, scenarioServer: server });
  let runs = 0;
  return {
    server,
    async close() {
      await runtime.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async run(options) {
      runs += 1;
      const runId = `run-${runs}-${options.session}`;
      const task = runtime.createTask({
        instruction: options.instruction,
        environment: { type: 'scenario', name: 'expense-report' },
        approval: 'auto-all',
        budgets: { maxActions: 60, maxAttemptsPerStep: 2, maxDurationMs: 170_000, ...options.budgets },
      });
      const prepared = await runtime.prepare({
        runId,
        task,
        mode: 'start',
        engine: { kind: 'custom', label: options.engine.name, create: () => options.engine },
      });
      try {
        const outcome = await prepared.drive({
          channel: createQueueChannel({ interactive: false }),
          ...(options.onEvent ? { onEvent: options.onEvent } : {}),
        });
        if (outcome.error !== undefined) throw outcome.error;
        return {
          state: outcome.state,
          events: await runtime.store.read(runId),
          app: server.state('expense-report', runId) as ExpenseReportState | undefined,
        };
      } finally {
        await prepared.close();
      }
    },
  };
}

/** The payloads of one event type, in order. */
export function payloadsOf<T extends RunEvent['payload']['type']>(
  events: readonly RunEvent[],
  type: T,
): PayloadOf<T>[] {
  return events.map((event) => event.payload).filter((payload): payload is PayloadOf<T> => payload.type === type);
}
