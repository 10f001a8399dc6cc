import { approvedActionsFrom, type ApprovedAction } from './approved-actions.js';
import { redactingEngine } from './redacting-engine.js';
import { createSecretBook, liveSecretBoxes, secretBoxes, type SecretBook } from './secrets.js';
import type { Box, EventPayload, EventSource, Observation, RunEvent } from '@sandpiper/protocol';
import type { DetectorConfig } from '../detectors/index.js';
import type { Engine, Screen } from '../engine.js';
import { CancelledError, type Handle } from '../handle.js';
import { BudgetError, boxesInImage } from '@sandpiper/protocol';
import { activeTime } from './active-time.js';
import type {
  BlobStore,
  CapturedObservation,
  Clock,
  CoveredSecret,
  Environment,
  EventLog,
  IdGenerator,
  ScreenFingerprinter,
  ScreenMasker,
  ScreenTextLocator,
  ToolRunner,
} from '../ports.js';
import { applyRunEvent, projectRun, type RunState } from './projection.js';
import type { CompletionConfig } from './completion-policy.js';
import type { UserChannel } from './user-channel.js';
import { applyTrajectoryEvent, emptyTrajectory, type TrajectoryState } from './watchdog.js';

/** Everything a run needs from the outside world, passed in explicitly. */
export interface RunDependencies {
  readonly log: EventLog;
  readonly blobs: BlobStore;
  readonly environment: Environment;
  readonly engine: Engine;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly channel: UserChannel;
  /** Fingerprints screenshots for the stuck detectors; without it, visual non-progress is never confirmed. */
  readonly fingerprinter?: ScreenFingerprinter;
  /** Called after every appended event with the state it produced (CLI progress, server push). */
  readonly onEvent?: (event: RunEvent, state: RunState) => void;
  /** Aborting it cancels the run at the next safe point and interrupts blocking calls. */
  readonly signal?: AbortSignal;
  /** Debug log; never receives secrets. */
  readonly debug?: (message: string) => void;
  /** Thresholds of the stuck detectors and the loop breaker; the documented defaults when absent. */
  readonly detectors?: DetectorConfig;
  /** How the run decides it is done (completion gate, conservative judge, rejections allowed); defaults when absent. */
  readonly completion?: CompletionConfig;
  /** Performs `tool-call` actions (searcher, coder); absent: such actions fail with a reason the operator reads. */
  readonly tools?: ToolRunner;
  /**
   * Values of the secrets the task names by placeholder (`{{password}}` → its value; names in any
   * case). Only the environment sees a value, when text is typed; everything recorded shows the
   * placeholder.
   */
  readonly secrets?: ReadonlyMap<string, string>;
  /**
   * Covers secret fields and text showing a secret in each screenshot before it is stored or read
   * by the engine; without it, a page that shows a secret in clear has it in the stored image.
   */
  readonly masker?: ScreenMasker;
  /**
   * Reads where a screenshot shows a known secret when the environment gives no accessibility
   * snapshot to say so; without it, such screens are stored as they are.
   */
  readonly secretLocator?: ScreenTextLocator;
  /**
   * Told after every snapshot where the screen shows or may soon show a secret (secret fields and
   * text showing a known secret, in screen points), so a live view of the screen can cover it.
   */
  readonly onSecretsOnScreen?: (boxes: readonly Box[]) => void;
}

/**
 * How much later than the run's wall-time budget ends the deadline its handle carries lies. Timers
 * fire in the order they are due, so this is room against early timers and coarse clocks, not a
 * wait: the run's signal aborts when the budget ends.
 */
const HANDLE_DEADLINE_SLACK_MS = 200;

/**
 * The state of one run while a process drives it. The state is never written directly: every
 * change goes through `emit`, which appends an event and folds it into the projection.
 */
export class RunContext {
  private current: RunState;
  private path: TrajectoryState;
  private lastScreen: Screen | undefined;
  private firstAddress: string | undefined;
  private redacted: Engine | undefined;
  /** Aborted by the person's cancel (the run's own signal) or when the wall-time budget runs out. */
  private readonly abort = new AbortController();
  /** Stops the deadline watch once the run is over. */
  private readonly watch = new AbortController();
  /** When the wall-time budget runs out, in milliseconds since the epoch; set once the run starts. */
  private readonly budget: { deadline: number | undefined } = { deadline: undefined };
  private sealedAt: 'open' | 'sealed' = 'open';
  readonly handle: Handle;
  /** The run's secrets: bound by placeholder, and learnt from secret fields as they are typed into. */
  readonly secrets: SecretBook;
  /** Sensitive actions the person approved and the run performed; none is asked or done twice in a step. */
  readonly approvedActions: ApprovedAction[];

  private constructor(
    readonly deps: RunDependencies,
    readonly runId: string,
    initial: RunState,
    trajectory: TrajectoryState,
    approved: ApprovedAction[],
  ) {
    this.approvedActions = approved;
    this.current = initial;
    this.path = trajectory;
    this.secrets = createSecretBook(deps.secrets);
    const outer = deps.signal;
    if (outer?.aborted) this.abort.abort(outer.reason);
    else outer?.addEventListener('abort', () => this.abort.abort(outer.reason), { once: true });
    const budget = this.budget;
    this.handle = {
      signal: this.abort.signal,
      // A little past the budget's end: the run's own watch aborts the signal first, so a call
      // bounded by the deadline is interrupted (and reads as out of time) rather than timing out
      // on a countdown of its own that may fire a few milliseconds earlier and read as a failure.
      get deadline() {
        return budget.deadline === undefined ? undefined : budget.deadline + HANDLE_DEADLINE_SLACK_MS;
      },
      log: deps.debug ?? (() => {}),
      report: async (call) => {
        const stepId = this.current.currentStep?.stepId;
        await this.emit('agent', { type: 'model-call', ...call, ...(stepId ? { stepId } : {}) });
      },
    };
  }

  static async open(deps: RunDependencies, runId: string): Promise<RunContext> {
    const events = await deps.log.read(runId);
    return new RunContext(
      deps,
      runId,
      projectRun(runId, events),
      events.reduce(applyTrajectoryEvent, emptyTrajectory),
      approvedActionsFrom(events),
    );
  }

  get state(): RunState {
    return this.current;
  }

  /** The recent actions and screens the stuck detectors read. */
  get trajectory(): TrajectoryState {
    return this.path;
  }

  /** The run's engine, reading every input through the secret book (see {@link redactingEngine}). */
  get engine(): Engine {
    this.redacted ??= redactingEngine(this.deps.engine, this.secrets);
    return this.redacted;
  }

  async emit(source: EventSource, payload: EventPayload, cause?: number): Promise<RunEvent> {
    // Work that outlived the run's end (a call that never answered) may not write after it.
    if (this.sealedAt === 'sealed') throw new CancelledError('the run has already ended');
    return this.append(source, payload, cause);
  }

  private async append(source: EventSource, payload: EventPayload, cause?: number): Promise<RunEvent> {
    // Nothing recorded shows a secret: not the log, nor the projection, reports and streams built from it.
    const recorded = this.secrets.redact(payload);
    const event = await this.deps.log.append(this.runId, {
      source,
      payload: recorded,
      ...(cause ? { cause } : {}),
    });
    this.current = applyRunEvent(this.current, event);
    this.path = applyTrajectoryEvent(this.path, event);
    this.deps.onEvent?.(event, this.current);
    return event;
  }

  /** Look at the screen, store the screenshot once, and log the observation. */
  async observe(cause?: number): Promise<Screen> {
    const capture = await this.deps.environment.observe(this.handle, {
      accessibility: this.deps.environment.info.accessibility,
    });
    const covered = await this.coverSecrets(capture);
    const png = covered.png;
    const [hash, dHash] = await Promise.all([
      this.deps.blobs.put(png, 'image/png'),
      this.deps.fingerprinter?.dHash(png),
    ]);
    const observation: Observation = {
      id: this.deps.ids.next('obs'),
      takenAt: this.deps.clock.now(),
      screenshot: {
        hash,
        mimeType: 'image/png',
        width: capture.width,
        height: capture.height,
        ...(dHash === undefined ? {} : { dHash }),
      },
      ...(capture.url === undefined ? {} : { url: capture.url }),
      ...(capture.title === undefined ? {} : { title: capture.title }),
      ...(capture.accessibility === undefined ? {} : { accessibility: [...capture.accessibility] }),
    };
    // The roles read the screen as it is recorded: a secret on it shows as its placeholder or a mask.
    const recorded = this.secrets.redact(observation);
    this.firstAddress ??= capture.url;
    await this.emit('environment', { type: 'observation', observation: recorded }, cause);
    this.lastScreen = {
      observation: recorded,
      capture: {
        ...covered,
        ...(capture.accessibility === undefined ? {} : { accessibility: this.secrets.redact(capture.accessibility) }),
        ...(capture.url === undefined ? {} : { url: this.secrets.redact(capture.url) }),
        ...(capture.title === undefined ? {} : { title: this.secrets.redact(capture.title) }),
      },
    };
    return this.lastScreen;
  }

  /**
   * The screenshot as it may be kept: secret fields with a value and text showing a secret are
   * painted over, in the image's own pixels (a snapshot's boxes are in screen points). A screen
   * with no snapshot is read for the secrets' text instead, and what was covered is kept with it.
   * A live view is told where to cover.
   */
  private async coverSecrets(capture: CapturedObservation): Promise<CapturedObservation> {
    const screenWidth = this.deps.environment.info.screen.width;
    const masker = this.deps.masker;
    if (capture.accessibility !== undefined) {
      this.deps.onSecretsOnScreen?.(liveSecretBoxes(capture.accessibility, this.secrets));
      const boxes = boxesInImage(secretBoxes(capture.accessibility, this.secrets), capture.width, screenWidth);
      return masker && boxes.length > 0 ? { ...capture, png: await masker.cover(capture.png, boxes) } : capture;
    }
    const locator = this.deps.secretLocator;
    const covered: CoveredSecret[] = [];
    const inImage: Box[] = [];
    if (locator !== undefined) {
      for (const value of this.secrets.values()) {
        const boxes = await locator.locate(capture.png, value);
        inImage.push(...boxes);
        // The same scaling, the other way: from the image's pixels to screen points.
        const placeholder = this.secrets.redact(value);
        covered.push(...boxesInImage(boxes, screenWidth, capture.width).map((box) => ({ box, placeholder })));
      }
    }
    this.deps.onSecretsOnScreen?.(covered.map((place) => place.box));
    if (!masker || inImage.length === 0) return capture;
    return { ...capture, png: await masker.cover(capture.png, inImage), covered };
  }

  /**
   * The address the run was started on: the task's URL, else the first page this process saw
   * (a scenario's page, an attached tab). The navigation policy always allows it.
   */
  get startAddress(): string | undefined {
    const environment = this.current.task?.environment;
    return environment?.type === 'url' ? environment.url : this.firstAddress;
  }

  /**
   * The screen the last checked step started from, when this process checked one: what the final
   * screen shows that it did not is new (a confirmation written in plain text, say).
   */
  lastStepBefore: Screen | undefined;

  /** The screen the last checked step was checked on, when this process checked one. */
  lastStepAfter: Screen | undefined;

  /** The screen this process saw last, if it has observed anything yet. */
  get latestScreen(): Screen | undefined {
    return this.lastScreen;
  }

  /** Rebuild a screen from a logged observation (after a restart), or undefined if its image is gone. */
  async screenFrom(observation: Observation): Promise<Screen | undefined> {
    const png = await this.deps.blobs.get(observation.screenshot.hash);
    if (!png) return undefined;
    return {
      observation,
      capture: {
        png,
        width: observation.screenshot.width,
        height: observation.screenshot.height,
        ...(observation.url === undefined ? {} : { url: observation.url }),
        ...(observation.title === undefined ? {} : { title: observation.title }),
        ...(observation.accessibility === undefined ? {} : { accessibility: observation.accessibility }),
      },
    };
  }

  /**
   * Start counting the wall-time budget: from now, less the time earlier processes already spent
   * on the run (a resumed run goes on with what is left). From here on the handle carries the
   * deadline, and its signal aborts when the deadline passes, interrupting whatever call is
   * under way. Call once the run's `run-start` (or `run-recover`) is logged.
   */
  async armDeadline(): Promise<void> {
    const task = this.current.task;
    if (!task || this.budget.deadline !== undefined) return;
    const spent = activeTime(await this.deps.log.read(this.runId));
    this.budget.deadline = this.deps.clock.now() + task.budgets.maxDurationMs - spent;
    const budget = task.budgets.maxDurationMs;
    this.deps.clock
      .waitUntil({ signal: this.watch.signal, deadline: undefined, log: () => {} }, this.budget.deadline)
      .then(
        () => this.abort.abort(new BudgetError(`The time budget of ${budget} ms ran out.`)),
        () => {},
      );
  }

  /** Whether the handle was aborted because the wall-time budget ran out (not by the person). */
  get outOfTime(): boolean {
    return (
      BudgetError.isInstance(this.abort.signal.reason) || (this.budget.deadline !== undefined && this.timeLeft() <= 0)
    );
  }

  /** Time left before the run's wall-clock budget runs out, in milliseconds. */
  timeLeft(): number {
    if (this.budget.deadline === undefined) return Number.POSITIVE_INFINITY;
    return this.budget.deadline - this.deps.clock.now();
  }

  /**
   * The run is over: stop the deadline watch and refuse any further event but the ones `emitFinal`
   * writes, so work still hanging (a model call that never answers) cannot write after the end.
   */
  seal(): void {
    this.sealedAt = 'sealed';
    this.watch.abort();
  }

  /** Append one of the run's closing events after {@link seal}. */
  emitFinal(source: EventSource, payload: EventPayload): Promise<RunEvent> {
    return this.append(source, payload);
  }

  throwIfCancelled(): void {
    if (this.handle.signal.aborted) throw new CancelledError('the run was cancelled');
  }
}
