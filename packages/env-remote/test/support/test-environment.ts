import { randomBytes } from 'node:crypto';
import {
  CancelledError,
  type CapturedObservation,
  type Environment,
  type Handle,
  type LiveFrame,
  type LiveView,
  type ShellResult,
} from '@sandpiper/core';
import type { Action, ActionResult, EnvironmentInfo } from '@sandpiper/protocol';
import { createScriptedEnvironment } from '@sandpiper/testing';

/** PNG signature, then random bytes: big enough to span several TCP segments, distinctive enough to compare. */
export const SCREENSHOT = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...randomBytes(300_000)]);
export const FRAME = Uint8Array.from([0xff, 0xd8, 0xff, ...randomBytes(20_000)]);

/** What one call saw of its handle on the executor's side. */
export interface SeenCall {
  readonly method: 'observe' | 'act' | 'shell';
  readonly deadline: number | undefined;
  /** Resolves with the abort reason when the executor-side handle aborts. */
  readonly aborted: Promise<unknown>;
}

export interface TestEnvironmentOptions {
  /** Delay of the first `observe` in ms (then instant); it ends early when the handle aborts. */
  readonly slowFirstObserveMs?: number;
  /** Delay of the first `act` after it is recorded, in ms (then instant); it ends early when the handle aborts. */
  readonly slowFirstActMs?: number;
  /** Offer a shell (a fake that echoes the command). */
  readonly shell?: boolean;
}

/**
 * The scripted environment from @sandpiper/testing, with what the executor protocol carries on
 * top: a large screenshot, an accessibility snapshot, a live view that pushes frames every 10 ms,
 * an optional shell, slow calls, and a record of every executor-side handle.
 */
export function createTestEnvironment(options: TestEnvironmentOptions = {}) {
  const scripted = createScriptedEnvironment({
    accessibility: (performed) => [
      {
        ref: 'e1',
        role: 'button',
        name: `Submit (${performed.length} actions)`,
        box: { x: 10, y: 20, width: 80, height: 30 },
      },
      {
        ref: 'e2',
        role: 'combobox',
        name: 'Department',
        value: 'Ops',
        options: ['Ops', 'Finance'],
        box: { x: 10, y: 60, width: 120, height: 24 },
      },
    ],
    result: (action) =>
      action.type === 'open' && action.target === 'nowhere'
        ? { ok: false, error: 'nothing to open', durationMs: 1 }
        : { ok: true, durationMs: 2 },
  });
  const seen: SeenCall[] = [];
  const views = { started: 0, stopped: 0, running: 0 };
  let observations = 0;
  let closed = 0;
  let info: EnvironmentInfo = { ...scripted.info, shell: options.shell === true };

  const record = (method: SeenCall['method'], handle: Handle): void => {
    seen.push({
      method,
      deadline: handle.deadline,
      aborted: new Promise((resolve) =>
        handle.signal.aborted
          ? resolve(handle.signal.reason)
          : handle.signal.addEventListener('abort', () => resolve(handle.signal.reason), { once: true }),
      ),
    });
  };

  const environment: Environment & { readonly performed: Action[] } = {
    get info() {
      return info;
    },
    get performed() {
      return scripted.performed;
    },
    async observe(handle, observeOptions): Promise<CapturedObservation> {
      record('observe', handle);
      observations += 1;
      if (observations === 1 && options.slowFirstObserveMs) await sleep(handle, options.slowFirstObserveMs);
      const captured = await scripted.observe(handle, observeOptions);
      return { ...captured, png: SCREENSHOT, width: 1280, height: 800 };
    },
    async act(handle, action): Promise<ActionResult> {
      record('act', handle);
      const result = await scripted.act(handle, action);
      if (scripted.performed.length === 1 && options.slowFirstActMs) await sleep(handle, options.slowFirstActMs);
      return result;
    },
    async watch(_options, onFrame: (frame: LiveFrame) => void): Promise<LiveView> {
      views.started += 1;
      views.running += 1;
      const timer = setInterval(
        () => onFrame({ jpeg: FRAME, screen: { width: 1280, height: 800 }, at: Date.now() }),
        10,
      );
      let stopped = false;
      return {
        async stop() {
          if (stopped) return;
          stopped = true;
          clearInterval(timer);
          views.stopped += 1;
          views.running -= 1;
        },
      };
    },
    ...(options.shell
      ? {
          async shell(
            handle: Handle,
            command: string,
            shellOptions: { readonly timeoutMs: number },
          ): Promise<ShellResult> {
            record('shell', handle);
            return {
              exitCode: command === 'false' ? 1 : 0,
              stdout: command === 'flood' ? 'x'.repeat(400_000) : `ran: ${command} within ${shellOptions.timeoutMs}`,
              stderr: '',
              timedOut: false,
              durationMs: 3,
            };
          },
        }
      : {}),
    async close() {
      closed += 1;
      await scripted.close();
    },
  };
  return {
    environment,
    seen,
    views,
    get observations() {
      return observations;
    },
    get closed() {
      return closed;
    },
    /** Change the screen size `info` reports, as a resized viewport would. */
    resize(width: number, height: number) {
      info = { ...info, screen: { width, height } };
    },
  };
}

export type TestEnvironment = ReturnType<typeof createTestEnvironment>;

/** Wait `ms`, or reject with CancelledError as soon as the handle aborts. */
export function sleep(handle: Handle, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (handle.signal.aborted) return reject(new CancelledError('aborted before the wait'));
    const timer = setTimeout(resolve, ms);
    handle.signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new CancelledError('aborted during the wait'));
      },
      { once: true },
    );
  });
}

/** Resolve once `predicate` holds, checking every 5 ms; reject after `timeoutMs`. */
export async function until(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
