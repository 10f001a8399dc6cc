import { spawn } from 'node:child_process';
import type { Handle } from '@sandpiper/core';
import { DesktopEnvironmentError } from './errors.js';
import { KeyboardMap } from './keyboard-map.js';
import type { InputDevice, InputOutcome, PointerButton } from './input-device.js';
import { childEnvironment, findExecutable, OutputTail, stopProcess } from './processes.js';
import { raceHandle } from './waiting.js';
import type { XDisplay } from './x11-client.js';

const XDOTOOL_TIMEOUT_MS = 10_000;
const OK: InputOutcome = { ok: true };

/**
 * Input through the `xdotool` program, for servers without XTEST in reach of this process.
 * Primitives are collected into one command line (`mousemove 10 20 mousedown 1 mouseup 1`) and
 * run at {@link flush}, so an action costs one process (4–5 ms) instead of one per event.
 * Every command gets `--delay 0`: xdotool's default sleeps 100 ms after a click and 12 ms a key.
 * Characters the keymap lacks are bound first through {@link KeyboardMap} (once, never rebound):
 * left to itself, xdotool binds a scratch keycode and reverts it at once, and the application
 * may read the keymap after the revert and type nothing.
 */
export class XdotoolInput implements InputDevice {
  readonly backend = 'xdotool' as const;
  private pending: string[] = [];

  private constructor(
    private readonly executable: string,
    private readonly display: string,
    private readonly keyboard: KeyboardMap,
  ) {}

  static async create(display: string, connection: XDisplay): Promise<XdotoolInput> {
    const executable = findExecutable('xdotool');
    if (executable === undefined) {
      throw new DesktopEnvironmentError(
        'missing-program',
        'The display has no XTEST extension and xdotool is not installed; run `apt-get install xdotool`.',
      );
    }
    return new XdotoolInput(executable, display, await KeyboardMap.load(connection));
  }

  move(x: number, y: number): void {
    this.pending.push('mousemove', String(Math.round(x)), String(Math.round(y)));
  }

  button(button: PointerButton, down: boolean): void {
    this.pending.push(down ? 'mousedown' : 'mouseup', String(button));
  }

  async key(_handle: Handle, keysym: number, down: boolean): Promise<InputOutcome> {
    if (down) {
      await this.keyboard.refresh();
      if ((await this.keyboard.resolve(keysym)) === undefined) {
        return { ok: false, error: `No keycode is left to bind keysym 0x${keysym.toString(16)} to.` };
      }
    }
    // xdotool reads `0x…` as a keysym value.
    this.pending.push(down ? 'keydown' : 'keyup', '--delay', '0', `0x${keysym.toString(16)}`);
    return OK;
  }

  async type(handle: Handle, text: string): Promise<InputOutcome> {
    const prepared = await this.keyboard.prepare(text);
    if (!prepared.ok) return prepared;
    await this.flush(handle);
    // `type` takes every remaining argument as text, so it always ends a command line.
    return this.run(handle, ['type', '--delay', '0', '--', text]);
  }

  async flush(handle: Handle): Promise<void> {
    if (this.pending.length === 0) return;
    const commands = this.pending;
    this.pending = [];
    const outcome = await this.run(handle, commands);
    if (!outcome.ok) {
      throw new DesktopEnvironmentError('display-lost', `xdotool failed: ${outcome.error}`, { retryable: true });
    }
  }

  async close(): Promise<void> {
    this.pending = [];
    await this.keyboard.restore();
  }

  private async run(handle: Handle, args: readonly string[]): Promise<InputOutcome> {
    const stderr = new OutputTail(2_000);
    const child = spawn(this.executable, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: childEnvironment({ DISPLAY: this.display }),
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.append(chunk));
    const finished = new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve(code));
    });
    try {
      const code = await raceHandle(handle, finished, XDOTOOL_TIMEOUT_MS, () => null);
      if (code === 0) return OK;
      return { ok: false, error: stderr.lastLine() || `xdotool exited with ${code ?? 'a timeout'}` };
    } finally {
      if (child.exitCode === null) await stopProcess(child, 500);
    }
  }
}
