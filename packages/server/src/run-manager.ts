import {
  InterruptedError,
  emptyRunState,
  projectRun,
  releaseRunningStep,
  revisePlan,
  type RunState,
  type UserCommand,
} from '@sandpiper/core';
import {
  ContractError,
  errorKindOf,
  type Action,
  type EnvironmentInfo,
  marksBoundingBox,
  type AnnotationRequest,
  type Box,
  type CreateRunRequest,
  type FieldIssue,
  type EnvironmentSpec,
  type Task,
} from '@sandpiper/protocol';
import type { EngineSetup, PreparedRun, Runtime } from '@sandpiper/runtime';
import { RunClaimedError, type RunSummary } from '@sandpiper/runtime';
import { createLiveChannel, type LiveChannel } from './live-view.js';
import { createServerChannel, type ChannelStatus } from './run-channel.js';

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
  | { readonly ok: false; readonly kind: 'unavailable'; readonly reason: string }
  /** The request is well-formed but does not fit the run's data (400, with the fields named). */
  | { readonly ok: false; readonly kind: 'invalid'; readonly reason: string; readonly issues: readonly FieldIssue[] };

export interface RunManagerOptions {
  /** Builds every run: environment, engine, store, report. */
  readonly runtime: Runtime;
  /** Hears about runs that stopped on an unexpected error (the run is also ended as failed in its log). */
  readonly onError: (message: string) => void;
}

/** Runs driven in this process, plus read access to every run in the store. */
export interface RunManager {
  /** Open the run's environment (a scenario, a URL, an attached browser), record the run and drive it in the background. */
  create(request: CreateRunRequest): Promise<{ readonly ok: true; readonly runId: string } | ManagerRefusal>;
  /**
   * Take up an interrupted run (its process died, or a server stopped while driving it): open its
   * environment again and drive it from its log on this server's engine, as `sandpiper resume` does.
   */
  recover(runId: string): Promise<{ readonly ok: true } | ManagerRefusal>;
  /** Hand a person's command to a running run, if it fits what the run is waiting for. */
  command(runId: string, command: UserCommand): { readonly ok: true } | ManagerRefusal;
  /**
   * Check that marks were drawn on a screenshot of this run and inside it, add their bounding
   * box, and hand them to the run as an annotation.
   */
  annotate(
    runId: string,
    request: AnnotationRequest,
  ): Promise<{ readonly ok: true; readonly box: Box } | ManagerRefusal>;
  /** The run's projected state and control status; undefined for an unknown run. */
  view(
    runId: string,
  ): Promise<{ readonly summary: RunSummary; readonly state: RunState; readonly control: RunControl } | undefined>;
  isActive(runId: string): boolean;
  /** The live view of a run this server drives; undefined for runs that are not live. */
  liveView(runId: string): LiveChannel | undefined;
  /**
   * Stop every active run where it is without ending it (each reads as interrupted, to be
   * recovered by the next server or `sandpiper resume`), wait for them to let go, and refuse new ones.
   */
  close(): Promise<void>;
}

interface ActiveRun {
  readonly engine: EngineSetup;
  /** What the run's environment can do and how large its screen is, for checking a person's input. */
  readonly environment: { readonly info: EnvironmentInfo };
  readonly channel: ReturnType<typeof createServerChannel>;
  readonly live: LiveChannel;
  readonly abort: AbortController;
  state: RunState;
  finished: Promise<void>;
}

const idleControl: RunControl = {
  active: false,
  waitingFor: undefined,
  pauseRequested: false,
  cancelRequested: false,
  queued: 0,
  queuedChanges: [],
};

export function createRunManager(options: RunManagerOptions): RunManager {
  const { runtime } = options;
  const store = runtime.store;
  const active = new Map<string, ActiveRun>();
  // Runs still finishing (report, environment) after their log ended; closing waits for them too.
  const finishing = new Set<Promise<void>>();
  let closing = false;

  async function create(request: CreateRunRequest) {
    if (closing) return { ok: false, kind: 'unavailable', reason: 'The server is shutting down.' } as const;
    const environment: EnvironmentSpec = request.environment ?? { type: 'scenario', name: request.scenario! };
    let engine: EngineSetup;
    try {
      engine = await runtime.engineFor(request.model);
    } catch (error: unknown) {
      return invalidRequest(error, 'model');
    }
    let task: Task;
    try {
      task = runtime.createTask({
        environment,
        approval: request.approval,
        ...(request.instruction === undefined ? {} : { instruction: request.instruction }),
        ...(request.budgets ? { budgets: request.budgets } : {}),
      });
    } catch (error: unknown) {
      return invalidRequest(error, environment.type === 'scenario' && request.scenario ? 'scenario' : 'environment');
    }
    const runId = runtime.newRunId();
    let prepared: PreparedRun;
    try {
      prepared = await runtime.prepare({ runId, task, mode: 'start', engine });
    } catch (error: unknown) {
      const kind = errorKindOf(error);
      if (kind !== 'environment' && kind !== 'usage') throw error;
      return {
        ok: false,
        kind: 'unavailable',
        reason: `The environment did not open: ${(error as Error).message}`,
      } as const;
    }
    if (closing) {
      await prepared.close();
      return { ok: false, kind: 'unavailable', reason: 'The server is shutting down.' } as const;
    }
    drive(prepared);
    return { ok: true, runId } as const;
  }

  async function recover(runId: string) {
    if (closing) return { ok: false, kind: 'unavailable', reason: 'The server is shutting down.' } as const;
    const summary = store.getRun(runId);
    if (!summary) return unknownRun(runId);
    if (active.has(runId)) {
      return { ok: false, kind: 'conflict', reason: `Run ${runId} is already being driven by this server.` } as const;
    }
    if (summary.status !== 'interrupted') {
      const why =
        summary.status === 'running' || summary.status === 'created'
          ? 'another process drives it'
          : `it already ended (${summary.status})`;
      return { ok: false, kind: 'conflict', reason: `Run ${runId} cannot be resumed: ${why}.` } as const;
    }
    const start = (await store.read(runId)).find((event) => event.payload.type === 'run-start');
    if (start?.payload.type !== 'run-start') {
      return {
        ok: false,
        kind: 'conflict',
        reason: `Run ${runId} never started; start a new run instead.`,
      } as const;
    }
    let prepared: PreparedRun;
    try {
      prepared = await runtime.prepare({ runId, task: start.payload.task, mode: 'resume', engine: runtime.engine });
    } catch (error: unknown) {
      if (RunClaimedError.isInstance(error)) return { ok: false, kind: 'conflict', reason: error.message } as const;
      const kind = errorKindOf(error);
      if (kind !== 'environment' && kind !== 'usage') throw error;
      return {
        ok: false,
        kind: 'unavailable',
        reason: `The environment did not open again: ${(error as Error).message}`,
      } as const;
    }
    if (closing) {
      await prepared.close();
      return { ok: false, kind: 'unavailable', reason: 'The server is shutting down.' } as const;
    }
    drive(prepared);
    return { ok: true } as const;
  }

  function drive(prepared: PreparedRun): void {
    const runId = prepared.runId;
    const run: ActiveRun = {
      engine: prepared.engine,
      environment: prepared.environment,
      channel: createServerChannel(),
      // The prepared run's live view: the environment's, with the secrets on screen covered.
      live: createLiveChannel(prepared, options.onError),
      abort: new AbortController(),
      state: emptyRunState(runId),
      finished: Promise.resolve(),
    };
    active.set(runId, run);
    run.finished = prepared
      .drive({
        channel: run.channel,
        signal: run.abort.signal,
        onEvent: (event, state) => {
          run.state = state;
          // An ended run takes no more commands, even while its report is still being written.
          if (event.payload.type === 'run-end') active.delete(runId);
        },
      })
      .then((outcome) => {
        if (outcome.error !== undefined) {
          options.onError(`Run ${runId} stopped on an unexpected error: ${String(outcome.error)}`);
        }
        if (outcome.reportError !== undefined) {
          options.onError(`The report of run ${runId} could not be written: ${String(outcome.reportError)}`);
        }
      })
      .catch((error: unknown) => options.onError(`Run ${runId} could not be ended in its log: ${String(error)}`))
      .finally(async () => {
        active.delete(runId);
        await run.live.end().catch(() => {});
        await prepared.close().catch(() => {});
      });
    finishing.add(run.finished);
    void run.finished.finally(() => finishing.delete(run.finished));
  }

  /** Why a run takes no commands: unknown, or not driven by this server. */
  function inactive(runId: string): ManagerRefusal {
    const summary = store.getRun(runId);
    if (!summary) return unknownRun(runId);
    return {
      ok: false,
      kind: 'conflict',
      reason: `Run ${runId} is not being driven by this server (its status is ${summary.status}); it takes no commands.`,
    };
  }

  function command(runId: string, userCommand: UserCommand) {
    const run = active.get(runId);
    if (!run) return inactive(runId);
    if (userCommand.type === 'edit') {
      const misfit = checkEdits(run, userCommand.edits);
      if (misfit) return misfit;
    }
    if (userCommand.type === 'input') {
      const misfit = checkInput(run.environment.info, userCommand.action);
      if (misfit) return misfit;
    }
    const offered = run.channel.offer(userCommand);
    return offered.ok ? offered : ({ ok: false, kind: 'conflict', reason: offered.reason } as const);
  }

  async function annotate(runId: string, request: AnnotationRequest) {
    if (!active.has(runId)) return inactive(runId);
    const events = await store.read(runId);
    const observation = events
      .map((event) => (event.payload.type === 'observation' ? event.payload.observation : undefined))
      .findLast((candidate) => candidate?.screenshot.hash === request.screenshotHash);
    if (!observation) {
      const reason = 'The marks were not drawn on a screenshot of this run.';
      return { ok: false, kind: 'invalid', reason, issues: [{ path: 'screenshotHash', message: reason }] } as const;
    }
    const box = marksBoundingBox(request.marks);
    const { width, height } = observation.screenshot;
    if (box.x + box.width > width || box.y + box.height > height || box.x < 0 || box.y < 0) {
      const reason = `The marks reach outside the ${width}×${height} screenshot.`;
      return { ok: false, kind: 'invalid', reason, issues: [{ path: 'marks', message: reason }] } as const;
    }
    const annotation = {
      screenshotHash: request.screenshotHash,
      marks: request.marks,
      box,
      ...(request.sentence ? { sentence: request.sentence } : {}),
    };
    const result = command(runId, { type: 'annotation', annotation });
    return result.ok ? ({ ok: true, box } as const) : result;
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
    for (const run of active.values()) run.abort.abort(new InterruptedError('the server shut down'));
    await Promise.allSettled([...finishing]);
  }

  return {
    create,
    recover,
    command,
    annotate,
    view,
    isActive: (runId) => active.has(runId),
    liveView: (runId) => active.get(runId)?.live,
    close,
  };
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
  // Awaiting approval, the edits apply to the version under review; otherwise to the plan in force,
  // whose running step goes back to pending when the run takes the edits in.
  const version =
    waiting?.type === 'plan-approval'
      ? run.state.versions.find((candidate) => candidate.id === waiting.versionId)
      : run.state.plan && releaseRunningStep(run.state.plan);
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

/**
 * Check a person's action against the screen it is for before the run performs it: an action the
 * environment cannot perform (the agent's own `done`, a tool call) or a point off its screen is
 * refused, naming the field, instead of being accepted and only failing in the log.
 */
function checkInput(info: EnvironmentInfo, action: Action): ManagerRefusal | undefined {
  if (!info.actionSpace.includes(action.type)) {
    const reason = `This environment cannot perform '${action.type}' actions; it takes ${info.actionSpace.join(', ')}.`;
    return { ok: false, kind: 'invalid', reason, issues: [{ path: 'action.type', message: reason }] };
  }
  const { width, height } = info.screen;
  for (const [field, point] of pointsOf(action)) {
    if (point.x < width && point.y < height) continue;
    const reason = `The point (${point.x}, ${point.y}) is outside the ${width}×${height} screen.`;
    return { ok: false, kind: 'invalid', reason, issues: [{ path: `action.${field}`, message: reason }] };
  }
  return undefined;
}

/** The screen points an action touches, by field name. */
function pointsOf(action: Action): [string, { x: number; y: number }][] {
  switch (action.type) {
    case 'click':
    case 'double-click':
      return [['at', action.at]];
    case 'move':
      return [['to', action.to]];
    case 'drag':
      return [
        ['from', action.from],
        ['to', action.to],
      ];
    case 'scroll':
      return action.at ? [['at', action.at]] : [];
    default:
      return [];
  }
}

/**
 * A request the runtime refused as bad usage, with the fields named: a task field out of bounds
 * names its own path; anything else (an unknown scenario, an unusable model) names `field`.
 */
function invalidRequest(error: unknown, field: string): ManagerRefusal {
  if (errorKindOf(error) !== 'usage') throw error;
  const message = (error as Error).message;
  const issues = ContractError.isInstance(error) ? error.issues : [{ path: field, message }];
  return { ok: false, kind: 'invalid', reason: message, issues };
}

function unknownRun(runId: string) {
  return { ok: false, kind: 'unknown-run', reason: `There is no run ${JSON.stringify(runId)}.` } as const;
}
