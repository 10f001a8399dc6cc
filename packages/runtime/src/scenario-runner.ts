import { createQueueChannel, type Environment, type RunState } from '@sandpiper/core';
import type { RunEvent } from '@sandpiper/protocol';
import type { ScenarioFault, ScenarioTask } from '@sandpiper/scenarios';
import type { EngineSetup } from './engine-setup.js';
import type { Runtime } from './runtime.js';

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
  /** The engine; the runtime's own when absent. */
  readonly engine?: EngineSetup;
  /** Open the app with this planted fault; the task's own `fault` (usually none) when absent. */
  readonly fault?: ScenarioFault;
  /** Called after every event of the run, with the state it produced. */
  readonly onEvent?: (event: RunEvent, state: RunState) => void;
  /** The run id, which is also the session the app reports its state under; a fresh one when absent. */
  readonly runId?: string;
}

/**
 * Run one built-in scenario task end to end through the runtime (a fresh headless Chromium, the
 * run stored like any other), approving everything by policy, then ask the scenario's checker
 * whether it was really achieved.
 */
export async function runScenarioTask(
  runtime: Runtime,
  task: ScenarioTask,
  options: ScenarioRunOptions = {},
): Promise<ScenarioTaskResult> {
  const runId = options.runId ?? runtime.newRunId();
  const fault = options.fault ?? task.fault;
  let timed: ReturnType<typeof timeEnvironment> | undefined;
  const prepared = await runtime.prepare({
    runId,
    mode: 'start',
    task: runtime.createTask({
      instruction: task.instruction,
      environment: { type: 'scenario', name: task.scenario },
      approval: 'auto-all',
      budgets: { maxActions: 60, maxAttemptsPerStep: 3, maxDurationMs: 120_000 },
    }),
    ...(options.engine ? { engine: options.engine } : {}),
    scenario: { ...(task.surprise ? { surprise: true } : {}), ...(fault === undefined ? {} : { fault }) },
    instrument: (environment) => (timed = timeEnvironment(environment)),
  });
  const started = performance.now();
  try {
    const outcome = await prepared.drive({
      channel: createQueueChannel({ interactive: false }),
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    });
    if (outcome.error !== undefined) throw outcome.error;
    const wallMs = performance.now() - started;
    const state = outcome.state;
    const server = await runtime.scenarios();
    const check = task.check(server.state(task.scenario, runId));
    // A clarify task's checker confirms that nothing in the app changed; a refused task's, that the
    // page shows its refusal. Both must end asking.
    const asExpected = task.expect === 'success' ? check.ok : state.status === 'needs-input' && check.ok;
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
      environmentMs: timed?.elapsedMs ?? 0,
      state,
    };
  } finally {
    await prepared.close();
  }
}
