import { EVENT_SCHEMA_VERSION } from '@sandpiper/protocol';
import type { RunEvent } from '@sandpiper/protocol';
import { createManualClock } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../engine.js';
import { CancelledError, type Handle } from '../handle.js';
import { setup } from '../test-support/loop-harness.js';
import { activeTime } from './active-time.js';
import { ABORT_GRACE_MS, startRun } from './agent-loop.js';

/** An engine whose operator never answers and ignores its handle's signal, as a hung model call would. */
function withHungOperator(engine: Engine) {
  let handle: Handle | undefined;
  let called!: () => void;
  const reached = new Promise<void>((resolve) => (called = resolve));
  let answer!: () => void;
  const hung: Engine = {
    ...engine,
    operator: {
      decide: (given) => {
        handle = given;
        called();
        return new Promise((resolve) => {
          answer = () => resolve({ type: 'step-complete', evidence: 'too late' });
        });
      },
    },
  };
  return { engine: hung, reached, handle: () => handle, answerLate: () => answer() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the run’s time budget', () => {
  it('is the deadline of every handle, and ends a run whose model never answers', async () => {
    const clock = createManualClock();
    const { deps, task, log } = setup({ clock, task: { approval: 'auto-all', budgets: { maxDurationMs: 5000 } } });
    const hung = withHungOperator(deps.engine);
    const started = clock.now();
    const run = startRun({ ...deps, engine: hung.engine }, 'r-deadline', task);
    await hung.reached;
    // The handle's deadline lies a little past the budget's end, so the run's abort comes first.
    expect(hung.handle()?.deadline).toBeGreaterThan(started + 5000);
    expect(hung.handle()?.deadline).toBeLessThan(started + 5000 + ABORT_GRACE_MS);

    clock.advance(5000);
    await flush();
    expect(hung.handle()?.signal.aborted).toBe(true);
    clock.advance(ABORT_GRACE_MS);
    const state = await run;
    expect(state.status).toBe('budget-exhausted');
    expect(state.endReason).toBe('The time budget of 5000 ms ran out.');
    const events = await log.read('r-deadline');
    const end = events.at(-1)!;
    expect(end.payload.type).toBe('run-end');
    expect(end.at - events[0]!.at).toBe(5000 + ABORT_GRACE_MS);
    expect(events.some((event) => event.payload.type === 'run-cancel')).toBe(false);

    // The call that outlived the run answers at last: nothing more is written after the end.
    hung.answerLate();
    await flush();
    expect((await log.read('r-deadline')).length).toBe(events.length);
  });

  it('ends as out of time, not as the failure of a call that times out on its own near the deadline', async () => {
    const clock = createManualClock();
    const { deps, task } = setup({ clock, task: { approval: 'auto-all', budgets: { maxDurationMs: 5000 } } });
    let reached!: () => void;
    const called = new Promise<void>((resolve) => (reached = resolve));
    // As a model adapter does: count down to the handle's deadline (which real timers may reach a
    // little before the run's own watch fires) and give up with a failure of its own, unless the run stopped it first.
    const timingOut: Engine = {
      ...deps.engine,
      operator: {
        decide: async (given) => {
          const own = { signal: new AbortController().signal, deadline: undefined, log: () => {} };
          reached();
          await clock.waitUntil(own, given.deadline! - 1);
          if (given.signal.aborted) throw new CancelledError('the run stopped the call');
          return { type: 'clarify', question: 'The model gave no answer in time.' };
        },
      },
    };
    const run = startRun({ ...deps, engine: timingOut }, 'r-own-timeout', task);
    await called;
    // Up to a millisecond before the budget ends, then to its end.
    clock.advance(4999);
    await flush();
    clock.advance(1);
    await flush();
    clock.advance(ABORT_GRACE_MS);
    const state = await run;
    expect(state.status).toBe('budget-exhausted');
  });

  it('ends a cancelled run within the grace period even while a call hangs', async () => {
    const clock = createManualClock();
    const abort = new AbortController();
    const { deps, task, log } = setup({ clock, task: { approval: 'auto-all' }, signal: abort.signal });
    const hung = withHungOperator(deps.engine);
    const run = startRun({ ...deps, engine: hung.engine }, 'r-cancel', task);
    await hung.reached;
    abort.abort(new Error('the person pressed cancel'));
    await flush();
    clock.advance(ABORT_GRACE_MS);
    const state = await run;
    expect(state.status).toBe('cancelled');
    const types = (await log.read('r-cancel')).map((event: RunEvent) => event.payload.type);
    expect(types.slice(-2)).toEqual(['run-cancel', 'run-end']);
  });

  it('lets a run that answers in time finish as usual', async () => {
    const { deps, task } = setup({ task: { approval: 'auto-all', budgets: { maxDurationMs: 60_000 } } });
    const state = await startRun(deps, 'r-normal', task);
    expect(state.status).toBe('succeeded');
  });
});

describe('time already spent on a run', () => {
  const at = (seq: number, time: number, type: 'run-start' | 'run-recover' | 'warning'): RunEvent =>
    ({
      schemaVersion: EVENT_SCHEMA_VERSION,
      runId: 'r',
      seq,
      at: time,
      source: 'agent',
      payload:
        type === 'run-start' ? { type, task: {} as never } : type === 'run-recover' ? { type } : { type, message: 'x' },
    }) as RunEvent;

  it('counts each process from its first event to its last, not the gaps between them', () => {
    const events = [
      at(1, 1000, 'run-start'),
      at(2, 4000, 'warning'),
      // The process died here; the run was resumed an hour later.
      at(3, 3_604_000, 'run-recover'),
      at(4, 3_606_500, 'warning'),
    ];
    expect(activeTime(events)).toBe(3000 + 2500);
    expect(activeTime([])).toBe(0);
    expect(activeTime([at(1, 50, 'run-start')])).toBe(0);
  });
});
