import {
  projectRun,
  resumeRun,
  startRun,
  type Clock,
  type CompletionConfig,
  type DetectorConfig,
  type Engine,
  type Environment,
  type IdGenerator,
  type RunDependencies,
  type RunState,
  type ScreenFingerprinter,
  type ScreenMasker,
  type ScreenTextLocator,
  type ToolRunner,
  type UserChannel,
} from '@sandpiper/core';
import type { Box, RunEvent, Task } from '@sandpiper/protocol';
import { writeReport, type ReportPaths } from '@sandpiper/report';
import type { RunClaim, Store } from '@sandpiper/storage';
import type { EngineSetup } from './engine-setup.js';
import { coveringLiveView, type WatchScreen } from './live-mask.js';
import type { OpenedEnvironment } from './open-environment.js';

/** How a prepared run is driven: who answers its questions and who hears its events. */
export interface DriveOptions {
  /** Where the run hears from the person (a terminal prompt, the server's HTTP handlers, a script). */
  readonly channel: UserChannel;
  /** Called after every appended event with the state it produced. */
  readonly onEvent?: (event: RunEvent, state: RunState) => void;
  /** Aborting it cancels the run: it ends as `cancelled` at the next safe point. */
  readonly signal?: AbortSignal;
  /** Debug log; never receives secrets. */
  readonly debug?: (message: string) => void;
}

/** How a driven run ended. */
export interface RunOutcome {
  /** The run's state from its log, ended. */
  readonly state: RunState;
  /** Where its report was written; absent when writing it failed (the failure is in `reportError`). */
  readonly report: ReportPaths | undefined;
  readonly reportError?: unknown;
  /** Set when the run stopped on an unexpected error; it was then ended as failed in its log. */
  readonly error?: unknown;
}

/** One run with its environment open and its engine built, ready to drive once. */
export interface PreparedRun {
  readonly runId: string;
  readonly task: Task;
  readonly environment: Environment;
  /**
   * The live view of the run's screen, with the secret fields and secret text of its last snapshot
   * covered in every frame; absent when the environment has no live view.
   */
  readonly watch?: WatchScreen;
  /** The engine the run uses, with the label people see. */
  readonly engine: EngineSetup;
  /**
   * Drive the run to its end (a new run from its plan, a resumed one from its log), then write
   * its report. Never rejects for the run's own failures: they are in the outcome and the log.
   */
  drive(options: DriveOptions): Promise<RunOutcome>;
  /** Close the engine and the environment (an attached browser is only detached). Safe to call twice. */
  close(): Promise<void>;
}

export interface PrepareRunInput {
  readonly runId: string;
  readonly task: Task;
  readonly mode: 'start' | 'resume';
  readonly engine: EngineSetup;
  readonly open: () => Promise<OpenedEnvironment>;
  readonly store: Store;
  readonly reportsDir: string;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly fingerprinter: ScreenFingerprinter;
  /** Paints over secrets on screen before a screenshot is stored or read. */
  readonly masker: ScreenMasker;
  /** Reads where a screen with no accessibility snapshot shows a secret, so it can be covered. */
  readonly secretLocator?: ScreenTextLocator;
  readonly completion: CompletionConfig;
  readonly detectors: DetectorConfig;
  readonly createTools: () => Promise<ToolRunner>;
  /** Values of the task's secret placeholders, by name; only the environment sees them. */
  readonly secrets?: ReadonlyMap<string, string>;
}

export async function prepareRun(input: PrepareRunInput): Promise<PreparedRun> {
  const { store, runId, task } = input;
  // Taken before the environment opens, so a run another process still drives is refused untouched.
  let claim: RunClaim | undefined = input.mode === 'resume' ? store.claimRun(runId) : undefined;
  let opened: OpenedEnvironment;
  try {
    opened = await input.open();
  } catch (error: unknown) {
    claim?.release();
    throw error;
  }
  let engine: Engine | undefined;
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      await engine?.close?.().catch(() => {});
      await opened.environment.close();
      // Released last: until the environment is closed, this process still holds the run's screen.
      claim?.release();
    })());
  try {
    engine = input.engine.create();
    const tools = await input.createTools();
    if (input.mode === 'start') {
      store.createRun({
        id: runId,
        instruction: task.instruction,
        environment: task.environment,
        createdAt: input.clock.now(),
      });
      claim = store.claimRun(runId);
    }
    const built = engine;
    // Where the last snapshot showed secrets; the live view covers them until the next one.
    let secretsOnScreen: readonly Box[] = [];
    const environment = opened.environment;
    return {
      runId,
      task,
      environment,
      ...(environment.watch
        ? { watch: coveringLiveView(environment.watch.bind(environment), () => secretsOnScreen) }
        : {}),
      engine: input.engine,
      close,
      async drive(options) {
        const deps: RunDependencies = {
          log: store,
          blobs: store.blobs,
          environment: opened.environment,
          engine: built,
          clock: input.clock,
          ids: input.ids,
          channel: options.channel,
          fingerprinter: input.fingerprinter,
          masker: input.masker,
          ...(input.secretLocator ? { secretLocator: input.secretLocator } : {}),
          completion: input.completion,
          detectors: input.detectors,
          tools,
          ...(input.secrets && input.secrets.size > 0 ? { secrets: input.secrets } : {}),
          onSecretsOnScreen: (boxes) => {
            secretsOnScreen = boxes;
          },
          ...(options.onEvent ? { onEvent: options.onEvent } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.debug ? { debug: options.debug } : {}),
        };
        let error: unknown;
        try {
          if (input.mode === 'start') await startRun(deps, runId, task);
          else await resumeRun(deps, runId, { environment: opened.reopened ? 'reopened' : 'kept' });
        } catch (thrown: unknown) {
          error = thrown;
          await endAfterCrash(store, runId, thrown);
        }
        const events = await store.read(runId);
        const state = projectRun(runId, events);
        try {
          const report = await writeReport(input.reportsDir, runId, events, store.blobs);
          return { state, report, ...(error === undefined ? {} : { error }) };
        } catch (reportError: unknown) {
          return { state, report: undefined, reportError, ...(error === undefined ? {} : { error }) };
        }
      },
    };
  } catch (error: unknown) {
    await close();
    throw error;
  }
}

/** A run that threw has no `run-end` yet; write one so its log, its status in lists and its streams all see it end. */
async function endAfterCrash(store: Store, runId: string, error: unknown): Promise<void> {
  const events = await store.read(runId);
  if (events.some((event) => event.payload.type === 'run-end')) return;
  const message = error instanceof Error ? error.message : String(error);
  await store.append(runId, { source: 'agent', payload: { type: 'warning', message: message.slice(0, 4000) } });
  await store.append(runId, {
    source: 'agent',
    payload: {
      type: 'run-end',
      status: 'failed',
      reason: `The run stopped on an unexpected error: ${message}`.slice(0, 4000),
    },
  });
}
