import {
  CancelledError,
  throwIfCancelled,
  type CapturedObservation,
  type Environment,
  type Handle,
  type LiveFrame,
  type LiveView,
  type LiveViewOptions,
  type ShellResult,
} from '@sandpiper/core';
import {
  actionSchema,
  actionTypes,
  type Action,
  type ActionInput,
  type ActionResult,
  type ActionType,
  type EnvironmentInfo,
} from '@sandpiper/protocol';
import type { AccessibilityReader } from './accessibility-reader.js';
import type { Clipboard } from './clipboard.js';
import { DesktopEnvironmentError, describeError } from './errors.js';
import type { InputBackend, InputDevice } from './input-device.js';
import { parseLaunchTarget, type ProgramLauncher } from './launcher.js';
import { startLiveView } from './live-view.js';
import { openProgram, type OpenOutcome } from './open-program.js';
import { performInputAction } from './perform-action.js';
import { encodePng, fingerprintFrame, type CaptureTransport, type ScreenCapturer } from './screen-capture.js';
import { runShellCommand, type ShellContext } from './shell.js';
import { pollUntil } from './waiting.js';
import type { DesktopWindow, WindowManagerClient, WindowMatch } from './windows.js';

/** Actions that belong to the agent, not to the screen. */
const AGENT_ACTIONS: ReadonlySet<ActionType> = new Set(['tool-call', 'done', 'fail']);
/** A screen unchanged over this long counts as settled after an action. */
const SETTLE_QUIET_MS = 40;

/**
 * Everything a {@link DesktopEnvironment} works with, assembled by `launchDesktopEnvironment` and
 * `attachDesktopEnvironment`; internal to the package.
 */
export interface DesktopEnvironmentParts {
  /** The X display name, such as `:3`. */
  readonly display: string;
  /** Human-readable description for {@link EnvironmentInfo.description}. */
  readonly description: string;
  /** Screenshots of the root window; its size is the screen size and the action space. */
  readonly capturer: ScreenCapturer;
  /** Where pointer and keyboard input goes (XTEST, or xdotool as a fallback). */
  readonly input: InputDevice;
  /** The window list, the active window and focusing, over EWMH. */
  readonly windows: WindowManagerClient;
  /** The CLIPBOARD selection, over this package's X connection. */
  readonly clipboard: Clipboard;
  /** Starts the programs `open` may start, and stops them at close. */
  readonly launcher: ProgramLauncher;
  /** Absent when AT-SPI is not available or was turned off. */
  readonly accessibility?: AccessibilityReader;
  /** Absent unless shell access was enabled. */
  readonly shell?: ShellContext;
  /** Longest wait after an input action for the screen to stop changing, in ms; 0 turns settling off. */
  readonly settleMs: number;
  /** Longest wait for a launched program's first window, in ms. */
  readonly openTimeoutMs: number;
  /** Whether the X connection has ended. */
  readonly isLost: () => boolean;
  /** Give back everything the environment started: programs, buses, the X server it ran. */
  readonly release: () => Promise<void>;
}

/**
 * An X11 desktop as an {@link Environment}: screenshots over MIT-SHM (or the X socket), input
 * through XTEST (or xdotool), windows over EWMH, accessibility through AT-SPI. Coordinates are
 * root-window pixels, which are exactly the screenshot's pixels.
 */
export class DesktopEnvironment implements Environment {
  /** Run a command on the machine, in the session's working directory; absent unless enabled. */
  readonly shell?: (handle: Handle, command: string, options: { readonly timeoutMs: number }) => Promise<ShellResult>;
  private closed = false;
  private readonly views = new Set<LiveView>();

  constructor(private readonly parts: DesktopEnvironmentParts) {
    const context = parts.shell;
    if (context !== undefined) {
      this.shell = (handle, command, options) => {
        this.assertUsable();
        return runShellCommand(handle, context, command, options);
      };
    }
  }

  get info(): EnvironmentInfo {
    return {
      kind: 'desktop',
      description: this.parts.description,
      screen: this.parts.capturer.size,
      devicePixelRatio: 1,
      coordinateSpace: 'screen-logical-pixels',
      actionSpace: actionTypes.filter((type) => !AGENT_ACTIONS.has(type)),
      accessibility: this.parts.accessibility !== undefined,
      shell: this.parts.shell !== undefined,
    };
  }

  /** The X display this environment drives, such as `:3`, for programs started outside it. */
  get display(): string {
    return this.parts.display;
  }

  /** How screenshots and input reach the server, for diagnostics and benchmarks. */
  get transports(): { readonly capture: CaptureTransport; readonly input: InputBackend } {
    return { capture: this.parts.capturer.transport, input: this.parts.input.backend };
  }

  async observe(handle: Handle, options: { accessibility?: boolean } = {}): Promise<CapturedObservation> {
    throwIfCancelled(handle);
    this.assertUsable();
    try {
      const image = await this.parts.capturer.captureRgba();
      const [png, title, accessibility] = await Promise.all([
        encodePng(image),
        this.parts.windows.activeTitle(),
        options.accessibility === true ? this.snapshot(handle) : Promise.resolve(undefined),
      ]);
      return {
        png,
        width: image.width,
        height: image.height,
        ...(title === undefined ? {} : { title }),
        ...(accessibility === undefined ? {} : { accessibility }),
      };
    } catch (error: unknown) {
      throw this.classify(error);
    }
  }

  /** Accepts actions with defaults unfilled (`ActionInput`); they are parsed before anything happens. */
  async act(handle: Handle, action: ActionInput): Promise<ActionResult> {
    throwIfCancelled(handle);
    this.assertUsable();
    const started = performance.now();
    const finish = (outcome: { ok: boolean; error?: string }): ActionResult => ({
      ...outcome,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
    const parsed = actionSchema.safeParse(action);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      return finish({ ok: false, error: `Invalid action: ${issues.join('; ')}` });
    }
    const valid = parsed.data;
    try {
      if (valid.type === 'open') return finish(toResult(await this.open(handle, valid.target)));
      if (valid.type === 'done' || valid.type === 'fail' || valid.type === 'tool-call') {
        return finish({ ok: false, error: `The desktop does not perform '${valid.type}'; the agent handles it.` });
      }
      const waits = valid.type !== 'wait' && this.parts.settleMs > 0;
      const before = waits ? fingerprintFrame(await this.parts.capturer.capture()) : undefined;
      const outcome = await performInputAction(handle, this.parts.input, this.parts.capturer.size, valid);
      if (outcome.ok && before !== undefined) await this.settle(handle, before);
      return finish(outcome);
    } catch (error: unknown) {
      const classified = this.classify(error);
      if (classified !== error || CancelledError.isInstance(error)) throw classified;
      return finish({ ok: false, error: describeError(error) });
    }
  }

  /**
   * Why an action needs a person's approval on this desktop, or undefined when it does not:
   * `open` starts a program, which can read and change files as this user.
   */
  approvalReason(action: Action): string | undefined {
    if (action.type !== 'open') return undefined;
    const parsed = parseLaunchTarget(action.target);
    return parsed.ok ? `starts the program ${parsed.argv.join(' ')}` : undefined;
  }

  /** Start an allowed program from argv and wait for its first window; the same path `open` takes. */
  launch(handle: Handle, argv: readonly [string, ...string[]]): Promise<OpenOutcome> {
    this.assertUsable();
    return openProgram(handle, this.parts, argv);
  }

  /** Every window the window manager lists, oldest first. */
  listWindows(handle: Handle): Promise<DesktopWindow[]> {
    throwIfCancelled(handle);
    this.assertUsable();
    return this.parts.windows.list();
  }

  /** Wait for a window whose title contains `match` (or matches the pattern); undefined when `timeoutMs` passes. */
  waitForWindow(
    handle: Handle,
    match: WindowMatch,
    options: { readonly timeoutMs: number },
  ): Promise<DesktopWindow | undefined> {
    this.assertUsable();
    return this.parts.windows.waitFor(handle, match, options.timeoutMs);
  }

  /** Activate a window (by id or by title), as clicking it in a task bar would. */
  async focusWindow(
    handle: Handle,
    target: number | WindowMatch,
  ): Promise<{ ok: true } | { ok: false; error: string }> {
    this.assertUsable();
    const window = typeof target === 'number' ? { id: target } : await this.parts.windows.find(target);
    if (window === undefined) return { ok: false, error: `No window has a title matching ${String(target)}.` };
    return this.parts.windows.focus(handle, window.id);
  }

  /** The clipboard's text (CLIPBOARD selection); empty when it holds no text. */
  readClipboard(handle: Handle): Promise<string> {
    this.assertUsable();
    return this.parts.clipboard.read(handle);
  }

  /** Put text on the clipboard, for a paste (Control+V) to insert. */
  writeClipboard(handle: Handle, text: string): Promise<void> {
    this.assertUsable();
    return this.parts.clipboard.write(handle, text);
  }

  /** Stream the screen for a live view; stopped by `close` at the latest. */
  watch(options: LiveViewOptions, onFrame: (frame: LiveFrame) => void): Promise<LiveView> {
    this.assertUsable();
    const view = startLiveView(this.parts.capturer, options, onFrame);
    this.views.add(view);
    return Promise.resolve({
      stop: async () => {
        this.views.delete(view);
        await view.stop();
      },
    });
  }

  /** Stop live views and everything the environment started; an attached display itself stays. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.views].map((view) => view.stop()));
    this.views.clear();
    await this.parts.release();
  }

  private async open(handle: Handle, target: string): Promise<OpenOutcome> {
    const parsed = parseLaunchTarget(target);
    if (!parsed.ok) return parsed;
    return openProgram(handle, this.parts, parsed.argv);
  }

  private async snapshot(handle: Handle): Promise<CapturedObservation['accessibility']> {
    const reader = this.parts.accessibility;
    if (reader === undefined) return undefined;
    try {
      const snapshot = await reader.snapshot(handle, this.parts.capturer.size);
      if (snapshot.truncated) handle.log(`accessibility snapshot cut at its limits after ${snapshot.elapsedMs} ms`);
      return snapshot.nodes;
    } catch (error: unknown) {
      if (CancelledError.isInstance(error)) throw error;
      // Accessibility is an extra; a broken helper must not cost the screenshot.
      handle.log(`accessibility snapshot failed: ${describeError(error)}`);
      return undefined;
    }
  }

  /**
   * Wait for the screen to answer an input: first for it to differ from the frame `before` the
   * input (a program busy for a moment paints late, and an unchanged screen right after a click
   * says nothing yet), then for two captures a moment apart to be identical; each wait at most
   * `settleMs`. An input with no visible effect therefore costs `settleMs`.
   */
  private async settle(handle: Handle, before: number): Promise<void> {
    const capture = async (): Promise<number> => fingerprintFrame(await this.parts.capturer.capture());
    const changed = await pollUntil(handle, async () => ((await capture()) === before ? undefined : true), {
      timeoutMs: this.parts.settleMs,
      intervalMs: SETTLE_QUIET_MS,
    });
    if (changed === undefined) return;
    let previous = await capture();
    await pollUntil(
      handle,
      async () => {
        const current = await capture();
        const still = current === previous;
        previous = current;
        return still ? true : undefined;
      },
      { timeoutMs: this.parts.settleMs, intervalMs: SETTLE_QUIET_MS },
    );
  }

  private assertUsable(): void {
    if (this.closed) throw new DesktopEnvironmentError('closed', 'The desktop environment was closed.');
    if (this.parts.isLost()) {
      throw new DesktopEnvironmentError('display-lost', `The X display ${this.parts.display} went away.`);
    }
  }

  /** A failure caused by the display going away becomes a `display-lost` error; others pass through. */
  private classify(error: unknown): unknown {
    if (CancelledError.isInstance(error) || DesktopEnvironmentError.isInstance(error)) return error;
    if (this.parts.isLost()) {
      return new DesktopEnvironmentError(
        'display-lost',
        `The X display ${this.parts.display} went away (${describeError(error)}).`,
        { cause: error },
      );
    }
    return error;
  }
}

function toResult(outcome: OpenOutcome): { ok: boolean; error?: string } {
  return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
}
