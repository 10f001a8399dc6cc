import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createHandle, type Handle } from '@sandpiper/core';
import type { DesktopEnvironment } from '../src/index.js';

/** Path of the Tk probe window that reports what it receives. */
export const PROBE_APP = fileURLToPath(new URL('./probe-app.py', import.meta.url));
/** Debian's Python, which has tkinter and pyatspi (a `python3` on PATH may be another one). */
export const SYSTEM_PYTHON = '/usr/bin/python3';
/** Upper bound of every wait in these tests; conditions are polled, never assumed after a sleep. */
export const WAIT_MS = 30_000;

export const handle: Handle = createHandle();

/** One line the probe printed. */
export interface ProbeEvent {
  readonly event: string;
  readonly [field: string]: unknown;
}

/** Where the probe's widgets are, in screen pixels: [x, y, width, height]. */
export interface ProbeLayout {
  readonly entry: readonly [number, number, number, number];
  readonly canvas: readonly [number, number, number, number];
}

/** A running probe window and what it has reported so far. */
export interface Probe {
  readonly title: string;
  readonly pid: number;
  readonly events: ProbeEvent[];
  /** Index of the next event, to wait only for what happens after this point. */
  mark(): number;
  /** The first event from index `from` on that satisfies `accept`. */
  waitFor(accept: (event: ProbeEvent) => boolean, from?: number, timeoutMs?: number): Promise<ProbeEvent>;
  /** Ask the probe where its widgets are now (after the window manager placed it). */
  layout(): Promise<ProbeLayout>;
  /** Send a command line to the probe (`pointer`). */
  send(command: string): void;
  stop(): Promise<void>;
}

/** How long one start of the probe may take to report `ready` before it is started again. */
const PROBE_START_MS = 10_000;
/** Starts of the probe before giving up. */
const PROBE_STARTS = 3;

/**
 * Start the probe window on the environment's display and wait until it is mapped and active. A
 * start that does not report `ready` in time (a busy machine can lose the first map of a window
 * while the window manager is still settling) is stopped and tried again; the last failure names
 * what the probe printed on stderr.
 */
export async function startProbe(env: DesktopEnvironment, title: string): Promise<Probe> {
  let failure: unknown;
  for (let start = 1; start <= PROBE_STARTS; start += 1) {
    const probe = spawnProbe(env, title);
    try {
      await probe.waitFor((event) => event.event === 'ready', 0, PROBE_START_MS);
      await eventually(`'${title}' as the active window`, async () =>
        (await env.listWindows(handle)).find((window) => window.title === title && window.active),
      );
      return probe;
    } catch (error) {
      failure = new Error(`${String(error)}; the probe's stderr: ${probe.stderr() || '(nothing)'}`);
      await probe.stop();
    }
  }
  throw failure;
}

function spawnProbe(env: DesktopEnvironment, title: string): Probe & { stderr(): string } {
  const child: ChildProcess = spawn(SYSTEM_PYTHON, [PROBE_APP, title], {
    env: { DISPLAY: env.display, PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const events: ProbeEvent[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  createInterface({ input: child.stdout! }).on('line', (line) => events.push(JSON.parse(line) as ProbeEvent));
  const waitFor = (accept: (event: ProbeEvent) => boolean, from = 0, timeoutMs = WAIT_MS): Promise<ProbeEvent> =>
    eventually(
      `a probe event in '${title}'`,
      () => {
        const found = events.slice(from).find(accept);
        if (found === undefined && child.exitCode !== null) {
          throw new Error(`The probe '${title}' exited (code ${child.exitCode}) before the event came`);
        }
        return found;
      },
      timeoutMs,
    ).catch((error: unknown) => {
      // Say what did come, so a timeout tells a wrong character from a missing event.
      const seen = events
        .slice(from)
        .slice(-6)
        .map((event) => JSON.stringify(event));
      throw new Error(`${String(error)}; the last events since then: ${seen.join(' ') || '(none)'}`);
    });
  return {
    title,
    pid: child.pid!,
    events,
    mark: () => events.length,
    waitFor,
    async layout() {
      const from = events.length;
      child.stdin!.write('layout\n');
      return (await waitFor((event) => event.event === 'layout', from)) as unknown as ProbeLayout;
    },
    send(command) {
      child.stdin!.write(`${command}\n`);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
    stderr: () => stderr.trim(),
  };
}

/**
 * Click the probe's text entry until it reports having the keyboard focus: a click that lands
 * while the window manager is still handing the window its focus can leave the entry without it.
 */
export async function focusEntry(env: DesktopEnvironment, probe: Probe): Promise<void> {
  const layout = await probe.layout();
  const focused = (): boolean | undefined =>
    probe.events.filter((event) => event.event === 'entry-focus' || event.event === 'entry-blur').at(-1)?.event ===
      'entry-focus' || undefined;
  await eventually(`the entry of '${probe.title}' to have the focus`, async () => {
    if (focused()) return true;
    await env.act(handle, { type: 'click', at: centreOf(layout.entry) });
    return eventually('a focus report', focused, 2_000).catch(() => undefined);
  });
}

/** Poll `probe` every 50 ms until it returns a value, for at most `timeoutMs`; throws naming `what` otherwise. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = WAIT_MS,
): Promise<T> {
  const stopAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > stopAt) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The centre of a widget box, as an action point. */
export function centreOf(box: readonly [number, number, number, number]): { x: number; y: number } {
  return { x: Math.round(box[0] + box[2] / 2), y: Math.round(box[1] + box[3] / 2) };
}

/** Whether a process is still running. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
