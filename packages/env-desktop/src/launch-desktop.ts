import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Handle } from '@sandpiper/core';
import { accessibilityBusInstalled, startAccessibilityBus, type AccessibilityBus } from './accessibility-bus.js';
import { AccessibilityReader, type AccessibilityLimits } from './accessibility-reader.js';
import { Clipboard } from './clipboard.js';
import { DesktopEnvironment } from './desktop-environment.js';
import { startOpenbox, startXvfb, type StartedDisplay } from './display-server.js';
import { DesktopEnvironmentError } from './errors.js';
import { writeOpenboxConfig } from './openbox-config.js';
import type { InputDevice } from './input-device.js';
import { DEFAULT_PROGRAM_NAMES, ProgramLauncher, resolvePrograms } from './launcher.js';
import { childEnvironment } from './processes.js';
import { ScreenCapturer } from './screen-capture.js';
import { pollUntil } from './waiting.js';
import { WindowManagerClient } from './windows.js';
import { connectDisplay, disconnectDisplay, readProperty, type XDisplay } from './x11-client.js';
import { XdotoolInput } from './xdotool-input.js';
import { XTestInput } from './xtest-input.js';

/** Options shared by {@link launchDesktopEnvironment} and {@link attachDesktopEnvironment}. */
export interface DesktopOptions {
  /**
   * Programs `open` may start, by the name a target uses: a list of names looked up on PATH, or
   * name → executable. Defaults to LibreOffice's launchers (`localc`, `lowriter`, `loimpress`,
   * `lodraw`); anything else is refused with `{ ok: false }`.
   */
  readonly programs?: readonly string[] | Readonly<Record<string, string>>;
  /** Directory of shell commands and of relative paths given to `open`; defaults to a fresh one removed at close. */
  readonly workingDirectory?: string;
  /** Offer `shell` (and `info.shell: true`); off unless set. */
  readonly shell?: boolean;
  /** Read AT-SPI accessibility when the machine has it; defaults to true. False never starts the helper. */
  readonly accessibility?: boolean;
  /** Limits of one accessibility snapshot; defaults to `DEFAULT_ACCESSIBILITY_LIMITS`. */
  readonly accessibilityLimits?: AccessibilityLimits;
  /** Python with python3-pyatspi; defaults to Debian's `/usr/bin/python3` (a `python3` on PATH may be another one). */
  readonly python?: string;
  /** `auto` (the default) uses XTEST and falls back to xdotool when the server lacks it. */
  readonly input?: 'auto' | 'xtest' | 'xdotool';
  /** Use MIT-SHM for screenshots when the server accepts it; defaults to true. */
  readonly sharedMemory?: boolean;
  /** Variables added to the environment of launched programs and shell commands (the rest of this process's is not passed). */
  readonly env?: Readonly<Record<string, string>>;
  /** Longest wait after an input action for the screen to answer, and again for it to stop changing, in ms; defaults to 1000, 0 turns it off. */
  readonly settleMs?: number;
  /** Longest wait in `open` for the program's first window, in ms; defaults to 30 000. */
  readonly openTimeoutMs?: number;
}

/** Options of {@link launchDesktopEnvironment}. */
export interface LaunchDesktopOptions extends DesktopOptions {
  /** Screen size in pixels; defaults to 1280×800. */
  readonly screen?: { readonly width: number; readonly height: number };
  /** Run openbox as window manager (needed for focusing and EWMH window lists); defaults to true. */
  readonly windowManager?: boolean;
  /** HOME of launched programs; defaults to a private one in the session directory, so their profiles stay apart. */
  readonly home?: string;
}

/** Options of {@link attachDesktopEnvironment}. */
export interface AttachDesktopOptions extends DesktopOptions {
  /** The display to drive, such as `:0`. */
  readonly display: string;
  /** HOME of launched programs; defaults to this process's HOME. */
  readonly home?: string;
}

const WINDOW_MANAGER_TIMEOUT_MS = 10_000;

/**
 * Start a private desktop: Xvfb on a free display (local socket only) with openbox, plus AT-SPI
 * buses when accessibility is on. `close` stops all of it and removes the session directory.
 */
export async function launchDesktopEnvironment(
  handle: Handle,
  options: LaunchDesktopOptions = {},
): Promise<DesktopEnvironment> {
  const screen = options.screen ?? { width: 1280, height: 800 };
  const session = await Session.create();
  try {
    const started = await startXvfb(handle, screen);
    session.onRelease(() => started.stop());
    const connection = await session.connect(started.display);
    const home = options.home ?? (await session.directory('home'));
    if (options.windowManager !== false) {
      const config = await writeOpenboxConfig(await session.directory('openbox'));
      await startWindowManager(handle, started, connection, home, config);
    }
    const bus = options.accessibility === false ? undefined : await session.startBus(started.display);
    // A program started from outside (a shell on this display) finds the bus through the root window.
    if (bus !== undefined) setRootProperty(connection, 'AT_SPI_BUS', bus.env.AT_SPI_BUS_ADDRESS);
    return await assemble(handle, session, connection, {
      ...options,
      display: started.display,
      home,
      sessionEnv: bus?.env ?? {},
      description:
        `Xvfb ${started.display} ${screen.width}x${screen.height}` +
        (options.windowManager === false ? '' : ' with openbox'),
    });
  } catch (error: unknown) {
    await session.release();
    throw error;
  }
}

/**
 * Drive a display that is already running. Only what this environment starts (launched
 * programs, its own AT-SPI buses when the display has none) is stopped at `close`.
 */
export async function attachDesktopEnvironment(
  handle: Handle,
  options: AttachDesktopOptions,
): Promise<DesktopEnvironment> {
  const session = await Session.create();
  try {
    const connection = await session.connect(options.display);
    const existing = process.env['AT_SPI_BUS_ADDRESS'] ?? (await rootText(connection, 'AT_SPI_BUS'));
    // Programs started on someone's desktop belong to that session: its runtime directory too.
    const runtimeDirectory = process.env['XDG_RUNTIME_DIR'];
    let sessionEnv: Record<string, string> =
      runtimeDirectory === undefined ? {} : { XDG_RUNTIME_DIR: runtimeDirectory };
    if (options.accessibility !== false) {
      if (existing !== undefined) {
        sessionEnv['AT_SPI_BUS_ADDRESS'] = existing;
        const sessionBus = process.env['DBUS_SESSION_BUS_ADDRESS'];
        if (sessionBus !== undefined) sessionEnv['DBUS_SESSION_BUS_ADDRESS'] = sessionBus;
      } else {
        sessionEnv = { ...sessionEnv, ...((await session.startBus(options.display))?.env ?? {}) };
      }
    }
    return await assemble(handle, session, connection, {
      ...options,
      home: options.home ?? process.env['HOME'] ?? session.root,
      sessionEnv,
      description: `attached to X display ${options.display}`,
    });
  } catch (error: unknown) {
    await session.release();
    throw error;
  }
}

interface AssembleOptions extends DesktopOptions {
  readonly display: string;
  readonly home: string;
  readonly sessionEnv: Readonly<Record<string, string>>;
  readonly description: string;
}

async function assemble(
  handle: Handle,
  session: Session,
  connection: XDisplay,
  options: AssembleOptions,
): Promise<DesktopEnvironment> {
  const capturer = await ScreenCapturer.create(connection, { preferShm: options.sharedMemory !== false });
  session.onRelease(() => capturer.dispose());
  const input = await createInput(connection, options.display, options.input ?? 'auto');
  session.onRelease(() => input.close());
  const clipboard = new Clipboard(connection);
  session.onRelease(() => clipboard.dispose());
  const cwd =
    options.workingDirectory === undefined ? await session.directory('work') : resolve(options.workingDirectory);
  const env = childEnvironment({ ...options.sessionEnv, ...options.env, DISPLAY: options.display, HOME: options.home });
  const launcher = new ProgramLauncher(resolvePrograms(options.programs ?? DEFAULT_PROGRAM_NAMES), { cwd, env });
  session.onRelease(() => launcher.stopAll());
  let accessibility: AccessibilityReader | undefined;
  if (options.accessibility !== false && options.sessionEnv['AT_SPI_BUS_ADDRESS'] !== undefined) {
    const reader = new AccessibilityReader(options.python ?? '/usr/bin/python3', env, options.accessibilityLimits);
    session.onRelease(() => reader.close());
    if (await reader.probe()) accessibility = reader;
    else handle.log('AT-SPI is not usable here (python3-pyatspi missing?); observations carry no accessibility');
  }
  let lost = false;
  connection.client.on('end', () => {
    lost = true;
  });
  return new DesktopEnvironment({
    display: options.display,
    description: options.description,
    capturer,
    input,
    windows: new WindowManagerClient(connection),
    clipboard,
    launcher,
    ...(accessibility === undefined ? {} : { accessibility }),
    ...(options.shell === true ? { shell: { cwd, env } } : {}),
    settleMs: options.settleMs ?? 1000,
    openTimeoutMs: options.openTimeoutMs ?? 30_000,
    isLost: () => lost,
    release: () => session.release(),
  });
}

async function createInput(
  connection: XDisplay,
  display: string,
  choice: 'auto' | 'xtest' | 'xdotool',
): Promise<InputDevice> {
  if (choice !== 'xdotool') {
    const xtest = await XTestInput.create(connection);
    if (xtest !== undefined) return xtest;
    if (choice === 'xtest') {
      throw new DesktopEnvironmentError('unsupported-display', `The X server at ${display} has no XTEST extension.`);
    }
  }
  return XdotoolInput.create(display, connection);
}

async function startWindowManager(
  handle: Handle,
  display: StartedDisplay,
  connection: XDisplay,
  home: string,
  configFile: string,
): Promise<void> {
  display.adoptWindowManager(startOpenbox(display.display, home, configFile));
  const windows = new WindowManagerClient(connection);
  const ready = await pollUntil(handle, async () => ((await windows.hasWindowManager()) ? true : undefined), {
    timeoutMs: WINDOW_MANAGER_TIMEOUT_MS,
    intervalMs: 50,
  });
  if (ready === undefined) {
    throw new DesktopEnvironmentError('display-start', `openbox did not take over ${display.display} within 10 s.`, {
      retryable: true,
    });
  }
}

function setRootProperty(connection: XDisplay, name: string, value: string): void {
  const { client } = connection;
  const root = connection.screen[0]!.root;
  client.InternAtom(false, name, (error, atom) => {
    if (!error) client.ChangeProperty(0, root, atom, client.atoms['STRING'] ?? 31, 8, Buffer.from(value, 'latin1'));
    return true;
  });
}

async function rootText(connection: XDisplay, name: string): Promise<string | undefined> {
  const atom = await new Promise<number>((resolveAtom) =>
    connection.client.InternAtom(true, name, (error, value) => {
      resolveAtom(error ? 0 : value);
      return true;
    }),
  );
  if (atom === 0) return undefined;
  const property = await readProperty(connection.client, connection.screen[0]!.root, atom);
  return property === undefined ? undefined : property.data.toString('latin1');
}

/**
 * The session directory and everything started for one environment, released in reverse order
 * of start, each step even when an earlier one failed.
 */
class Session {
  private readonly releases: (() => Promise<void> | void)[] = [];
  private releasing: Promise<void> | undefined;

  private constructor(readonly root: string) {}

  static async create(): Promise<Session> {
    const session = new Session(await mkdtemp(join(tmpdir(), 'sandpiper-desktop-')));
    session.onRelease(() => rm(session.root, { recursive: true, force: true }));
    return session;
  }

  onRelease(step: () => Promise<void> | void): void {
    this.releases.push(step);
  }

  async directory(name: string): Promise<string> {
    const path = join(this.root, name);
    await mkdir(path, { recursive: true });
    return path;
  }

  async connect(display: string): Promise<XDisplay> {
    const connection = await connectDisplay(display, () => undefined);
    this.onRelease(() => disconnectDisplay(connection));
    return connection;
  }

  async startBus(display: string): Promise<AccessibilityBus | undefined> {
    if (!accessibilityBusInstalled()) return undefined;
    const bus = await startAccessibilityBus(display, await this.directory('bus'));
    this.onRelease(() => bus.stop());
    return bus;
  }

  release(): Promise<void> {
    this.releasing ??= (async () => {
      for (const step of this.releases.reverse()) {
        try {
          await step();
        } catch {
          // Keep releasing: one stuck step must not leave the rest running.
        }
      }
    })();
    return this.releasing;
  }
}
