import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CancelledError,
  createQueueChannel,
  startRun,
  type Clock,
  type Engine,
  type RunDependencies,
  type RunState,
  type ScreenFingerprinter,
} from '@sandpiper/core';
import { launchBrowserEnvironment } from '@sandpiper/env-browser';
import { taskSchema, type PayloadOf, type RunEvent } from '@sandpiper/protocol';
import { startScenarioServer, type ExpenseReportState, type ScenarioServer } from '@sandpiper/scenarios';
import { openStore } from '@sandpiper/storage';
import { createSequentialIds } from '@sandpiper/testing';
import { decodePng, dHash } from '@sandpiper/vision';

/** The wall clock; runs against a real browser wait for real time. */
export function systemClock(): Clock {
  return {
    now: () => Date.now(),
    sleep: (handle, ms) =>
      new Promise<void>((resolve, reject) => {
        if (handle.signal.aborted) return reject(new CancelledError());
        const timer = setTimeout(resolve, ms);
        handle.signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            reject(new CancelledError());
          },
          { once: true },
        );
      }),
  };
}

export function visionFingerprinter(): ScreenFingerprinter {
  return {
    async dHash(png) {
      return dHash(await decodePng(png))
        .toString(16)
        .padStart(16, '0');
    },
  };
}

const SECRET_KEYS = /password|passwd|passphrase|api[-_]?key|token(?!s$)|secret|authorization/i;

/** A scenario server and a scratch directory for one test file. */
export interface RunBench {
  readonly server: ScenarioServer;
  close(): Promise<void>;
  run(options: ScenarioRunOptions): Promise<ScenarioRunResult>;
}

export interface ScenarioRunOptions {
  readonly engine: Engine;
  readonly instruction: string;
  /** The app session, unique per run. */
  readonly session: string;
  readonly budgets?: { maxActions?: number; maxAttemptsPerStep?: number; maxDurationMs?: number };
  readonly onEvent?: RunDependencies['onEvent'];
}

export interface ScenarioRunResult {
  readonly state: RunState;
  readonly events: readonly RunEvent[];
  /** The expense app's own state after the run. */
  readonly app: ExpenseReportState | undefined;
}

/**
 * Start the expense-report app and give each run a fresh headless Chromium on it, with the event
 * log and screenshots in a real SQLite store on disk.
 */
export async function openRunBench(): Promise<RunBench> {
  const server = await startScenarioServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'model-engine-'));
  // The store's default secret-key pattern matches any key containing "token", which also catches
  // the `inputTokens` and `outputTokens` counts of model-call events and makes them invalid; this
  // pattern keeps the same secrets out while letting the counts through (reported to the lead).
  const store = openStore({ dataDir, secretKeyPattern: SECRET_KEYS });
  let runs = 0;
  return {
    server,
    async close() {
      store.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async run(options) {
      runs += 1;
      const runId = `run-${runs}-${options.session}`;
      const task = taskSchema.parse({
        instruction: options.instruction,
        environment: { type: 'scenario', name: 'expense-report' },
        approval: 'auto-all',
        budgets: { maxActions: 60, maxAttemptsPerStep: 2, maxDurationMs: 170_000, ...options.budgets },
      });
      store.createRun({
        id: runId,
        instruction: task.instruction,
        environment: task.environment,
        createdAt: Date.now(),
      });
      const environment = await launchBrowserEnvironment({
        url: server.urlFor('expense-report', { session: options.session }),
      });
      try {
        const state = await startRun(
          {
            log: store,
            blobs: store.blobs,
            environment,
            engine: options.engine,
            clock: systemClock(),
            ids: createSequentialIds(),
            channel: createQueueChannel({ interactive: false }),
            fingerprinter: visionFingerprinter(),
            ...(options.onEvent ? { onEvent: options.onEvent } : {}),
          },
          runId,
          task,
        );
        const events = await store.read(runId);
        return {
          state,
          events,
          app: server.state('expense-report', options.session) as ExpenseReportState | undefined,
        };
      } finally {
        await environment.close();
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
