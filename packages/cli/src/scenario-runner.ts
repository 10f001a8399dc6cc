import { createHash } from 'node:crypto';
import {
  startRun,
  createQueueChannel,
  type CompletionConfig,
  type Engine,
  type Environment,
  type RunDependencies,
  type RunState,
} from '@sandpiper/core';
import { launchBrowserEnvironment } from '@sandpiper/env-browser';
import { taskSchema } from '@sandpiper/protocol';
import type { ScenarioFault, ScenarioServer, ScenarioTask } from '@sandpiper/scenarios';
import { createMemoryBlobStore, createMemoryEventLog, createSequentialIds } from '@sandpiper/testing';
import { createVisionFingerprinter } from './fingerprint.js';
import { withAccessibility } from './runtime.js';
import { createSystemClock } from './system.js';

/** The outcome of one scenario task, judged by the scenario's own state checker. */
export interface ScenarioTaskResult {
  readonly taskId: string;
  readonly scenario: string;
  /** What the scenario's state checker says, independent of the agent's claim (for clarify tasks: nothing changed). */
  readonly achieved: boolean;
  readonly checkerDetail: string;
  /** The run's own verdict. */
  readonly status: RunState['status'];
  readonly endReason: string | undefined;
  /** Whether the run ended the way the task expects (achieved for success tasks, asking for clarify tasks). */
  readonly asExpected: boolean;
  readonly steps: number;
  readonly actions: number;
  readonly wallMs: number;
  /** Wall time spent inside environment calls (screenshots, input, page settling). */
  readonly environmentMs: number;
  readonly state: RunState;
}

/** Wrap an environment so the time spent inside it is measured; the rest is the framework's overhead. */
export function timeEnvironment(environment: Environment): Environment & { readonly elapsedMs: number } {
  let elapsedMs = 0;
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      elapsedMs += performance.now() - start;
    }
  };
  return {
    info: environment.info,
    get elapsedMs() {
      return elapsedMs;
    },
    observe: (handle, options) => timed(() => environment.observe(handle, options)),
    act: (handle, action) => timed(() => environment.act(handle, action)),
    close: () => environment.close(),
  };
}

export interface ScenarioRunOptions {
  /** Give the engine the accessibility tree with each screenshot; true when absent. */
  readonly accessibility?: boolean;
  /** How the run decides it is done; the core's defaults (gate and judge on) when absent. */
  readonly completion?: CompletionConfig;
  /** Open the app with this planted fault; the task's own `fault` (usually none) when absent. */
  readonly fault?: ScenarioFault;
  /** Called after every event of the run, with the state it produced. */
  readonly onEvent?: RunDependencies['onEvent'];
  /** The session the app reports its state to (`ScenarioServer.state`); a fresh one when absent. */
  readonly session?: string;
}

/**
 * Run one built-in scenario task end to end in a fresh headless Chromium with the given engine,
 * approving everything by policy, then ask the scenario's checker whether it was really achieved.
 */
export async function runScenarioTask(
  server: ScenarioServer,
  task: ScenarioTask,
  engine: Engine,
  options: ScenarioRunOptions = {},
): Promise<ScenarioTaskResult> {
  const session = options.session ?? `${task.id}-${Math.random().toString(36).slice(2, 8)}`;
  const fault = options.fault ?? task.fault;
  const url = server.urlFor(task.scenario, {
    session,
    ...(task.surprise ? { surprise: true } : {}),
    ...(fault === undefined ? {} : { fault }),
  });
  const browser = await launchBrowserEnvironment({ url });
  const environment = timeEnvironment(withAccessibility(browser, options.accessibility ?? true));
  const started = performance.now();
  try {
    const state = await startRun(
      {
        log: createMemoryEventLog(),
        blobs: createMemoryBlobStore((bytes) => createHash('sha256').update(bytes).digest('hex')),
        environment,
        engine,
        clock: createSystemClock(),
        ids: createSequentialIds(),
        channel: createQueueChannel({ interactive: false }),
        fingerprinter: createVisionFingerprinter(),
        ...(options.completion === undefined ? {} : { completion: options.completion }),
        ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
      },
      `bench-${session}`,
      taskSchema.parse({
        instruction: task.instruction,
        environment: { type: 'scenario', name: task.scenario },
        approval: 'auto-all',
        budgets: { maxActions: 60, maxAttemptsPerStep: 3, maxDurationMs: 120_000 },
      }),
    );
    const wallMs = performance.now() - started;
    const check = task.check(server.state(task.scenario, session));
    // A clarify task's checker confirms that nothing in the app changed.
    const asExpected = task.expect === 'clarify' ? state.status === 'needs-input' && check.ok : check.ok;
    return {
      taskId: task.id,
      scenario: task.scenario,
      achieved: check.ok,
      checkerDetail: check.detail,
      status: state.status,
      endReason: state.endReason,
      asExpected,
      steps: (state.plan?.completed.length ?? 0) + (state.plan?.pending.length ?? 0),
      actions: state.actionCount,
      wallMs,
      environmentMs: environment.elapsedMs,
      state,
    };
  } finally {
    await environment.close();
  }
}
