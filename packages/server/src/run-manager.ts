import {
  CancelledError,
  emptyRunState,
  projectRun,
  revisePlan,
  startRun,
  type Clock,
  type Engine,
  type Environment,
  type IdGenerator,
  type RunState,
  type ScreenFingerprinter,
  type UserCommand,
} from '@sandpiper/core';
import { launchBrowserEnvironment } from '@sandpiper/env-browser';
import { parseContract, taskSchema, type Task } from '@sandpiper/protocol';
import { getScenario, type ScenarioServer } from '@sandpiper/scenarios';
import type { RunSummary, Store } from '@sandpiper/storage';
import type { FieldIssue } from './http-io.js';
import { createServerChannel, type ChannelStatus } from './run-channel.js';
import type { CreateRunRequest } from './request-schemas.js';
import { newRunId } from './system.js';

/** What a front end needs to know about who is in control of a run right now. */
export interface RunControl extends ChannelStatus {
  /** The run is being driven by this server; commands are accepted only then. */
  readonly active: boolean;
}

/** Why the manager did not do what was asked. */
export type ManagerRefusal =
  | { readonly ok: false; readonly kind: 'unknown-run'; readonly reason: string }
  /** The command does not fit what the run is doing (409). */
  | { readonly ok: false; readonly kind: 'conflict'; readonly reason: string; readonly issues?: readonly FieldIssue[] }
  /** The environment could not be started (503). */
  | { readonly ok: false; readonly kind: 'unavailable'; readonly reason: string };

export interface RunManagerOptions {
  readonly store: Store;
  readonly scenarioServer: ScenarioServer;
  readonly engine: Engine;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly fingerprinter?: ScreenFingerprinter;
  /** Hears about runs that stopped on an unexpected error (the run is also ended as failed in its log). */
  readonly onError: (message: string) => void;
}

/** Runs driven in this process, plus read access to every run in the store. */
export interface RunManager {
  /** Start a browser on the scenario, record the run and drive it in the background. */
  create(request: CreateRunRequest): Promise<{ readonly ok: true; readonly runId: string } | ManagerRefusal>;
  /** Hand a person's command to a running run, if it fits what the run is waiting for. */
  command(runId: string, command: UserCommand): { readonly ok: true } | ManagerRefusal;
  /** The run's projected state and control status; undefined for an unknown run. */
  view(
    runId: string,
  ): Promise<{ readonly summary: RunSummary; readonly state: RunState; readonly control: RunControl } | undefined>;
  isActive(runId: string): boolean;
  /** Cancel every active run, wait for each to end in its log, and refuse new ones. */
  close(): Promise<void>;
}

interface ActiveRun {
  readonly channel: ReturnType<typeof createServerChannel>;
  readonly abort: AbortController;
  state: RunState;
  finished: Promise<void>;
}

const idleControl: RunControl = {
  active: false,
  waitingFor: undefined,
  pauseRequested: false,
  cancelRequested: false,
};

export function createRunManager(options: RunManagerOptions): RunManager {
  const { store } = options;
  const active = new Map<string, ActiveRun>();
  let closing = false;

  async function create(request: CreateRunRequest) {
    if (closing) return { ok: false, kind: 'unavailable', reason: 'The server is shutting down.' } as const;
    const scenario = getScenario(request.scenario)!;
    const runId = newRunId(new Date(options.clock.now()));
    const task = parseContract(
      taskSchema,
      {
        instruction: request.instruction ?? scenario.defaultTask,
        environment: { type: 'scenario', name: scenario.name },
        approval: request.approval,
        ...(request.budgets ? { budgets: request.budgets } : {}),
      },
      'task',
    );
    let environment: Environment;
    try {
      environment = await launchBrowserEnvironment({
        url: options.scenarioServer.urlFor(scenario.name, { session: runId }),
      });
    } catch (error: unknown) {
      return {
        ok: false,
        kind: 'unavailable',
        reason: `The browser did not start: ${(error as Error).message}`,
      } as const;
    }
    if (closing) {
      await environment.close();
      return { ok: false, kind: 'unavailable', reason: 'The server is shutting down.' } as const;
    }
    // The row is written only once the browser is up, so a failed start leaves no half-made run.
    try {
      store.createRun({
        id: runId,
        instruction: task.instruction,
        environment: task.environment,
        createdAt: options.clock.now(),
      });
    } catch (error: unknown) {
      await environment.close();
      throw error;
    }
    drive(runId, task, environment);
    return { ok: true, runId } as const;
  }

  function drive(runId: string, task: Task, environment: Environment): void {
    const run: ActiveRun = {
      channel: createServerChannel(),
      abort: new AbortController(),
      state: emptyRunState(runId),
      finished: Promise.resolve(),
    };
    active.set(runId, run);
    const deps = {
      log: store,
      blobs: store.blobs,
      environment,
      engine: options.engine,
      clock: options.clock,
      ids: options.ids,
      channel: run.channel,
      signal: run.abort.signal,
      onEvent: (_event: unknown, state: RunState) => {
        run.state = state;
      },
      ...(options.fingerprinter ? { fingerprinter: options.fingerprinter } : {}),
    };
    run.finished = startRun(deps, runId, task)
      .then(
        () => undefined,
        (error: unknown) => endAfterCrash(runId, run.state, error),
      )
      .finally(async () => {
        active.delete(runId);
        await environment.close().catch(() => {});
      });
  }

  /** A run that threw has no `run-end` yet; write one so its log, list status and streams all see it end. */
  async function endAfterCrash(runId: string, state: RunState, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    options.onError(`Run ${runId} stopped on an unexpected error: ${message}`);
    if (state.phase === 'ended') return;
    try {
      await store.append(runId, { source: 'agent', payload: { type: 'warning', message } });
      await store.append(runId, {
        source: 'agent',
        payload: { type: 'run-end', status: 'failed', reason: `The run stopped on an unexpected error: ${message}` },
      });
    } catch (writeError: unknown) {
      options.onError(`Run ${runId} could not be marked as failed: ${(writeError as Error).message}`);
    }
  }

  function command(runId: string, userCommand: UserCommand) {
    const run = active.get(runId);
    if (!run) {
      const summary = store.getRun(runId);
      if (!summary) return unknownRun(runId);
      return {
        ok: false,
        kind: 'conflict',
        reason: `Run ${runId} is not being driven by this server (its status is ${summary.status}); it takes no commands.`,
      } as const;
    }
    if (userCommand.type === 'edit') {
      const misfit = checkEdits(run, userCommand.edits);
      if (misfit) return misfit;
    }
    const offered = run.channel.offer(userCommand);
    return offered.ok ? offered : ({ ok: false, kind: 'conflict', reason: offered.reason } as const);
  }

  async function view(runId: string) {
    const summary = store.getRun(runId);
    if (!summary) return undefined;
    const run = active.get(runId);
    if (run) return { summary, state: run.state, control: { active: true, ...run.channel.status() } };
    return { summary, state: projectRun(runId, await store.read(runId)), control: idleControl };
  }

  async function close() {
    closing = true;
    const runs = [...active.values()];
    for (const run of runs) run.abort.abort(new CancelledError('the server is shutting down'));
    await Promise.allSettled(runs.map((run) => run.finished));
  }

  return { create, command, view, isActive: (runId) => active.has(runId), close };
}

/**
 * Try the edits on the version awaiting approval before handing them to the run, so an edit that
 * cannot apply (an unknown or completed step, a position out of range) is refused with its reason
 * instead of only showing up as a warning in the log.
 */
function checkEdits(
  run: ActiveRun,
  edits: Extract<UserCommand, { type: 'edit' }>['edits'],
): ManagerRefusal | undefined {
  const waiting = run.channel.status().waitingFor;
  if (waiting?.type !== 'plan-approval') return undefined;
  const version = run.state.versions.find((candidate) => candidate.id === waiting.versionId);
  if (!version) return undefined;
  let counter = 0;
  const trial = revisePlan(version, edits, {
    ids: { next: (prefix) => `${prefix}-trial-${(counter += 1)}` },
    cause: 'plan-edit',
    number: version.number + 1,
  });
  if (trial.ok) return undefined;
  const path = trial.error.editIndex === undefined ? 'edits' : `edits[${trial.error.editIndex}]`;
  return {
    ok: false,
    kind: 'conflict',
    reason: `The edits do not fit plan version ${version.number}: ${trial.error.message}`,
    issues: [{ path, message: trial.error.message }],
  };
}

function unknownRun(runId: string) {
  return { ok: false, kind: 'unknown-run', reason: `There is no run ${JSON.stringify(runId)}.` } as const;
}
