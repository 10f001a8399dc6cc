/**
 * Runs held in each state the fuzzer aims at: waiting for a plan decision, waiting for an action
 * decision, working on their own, paused, taken over, ended. Before a case is sent its run is
 * looked at again; a run that left its state (a fuzzed approve that was valid, a wait that timed
 * out) moves to the state it is in now if that one is empty, is cancelled otherwise, and a fresh
 * run takes its place. The pool's own requests are not fuzz cases and are counted apart.
 */
import { runViewSchema } from '@sandpiper/protocol';
import { sendHttp } from './transport.js';
import type { RunState } from './types.js';

/** What the pool's own requests saw going wrong: these are findings too. */
export interface PoolProblem {
  readonly request: string;
  readonly problem: string;
}

export interface RunPool {
  /** A run in `state`, made when there is none; undefined when one could not be made. */
  runIn(state: RunState): Promise<PooledRun | undefined>;
  /** Look at a run again and say where it stands now; `gone` when it cannot be read. */
  stateOf(runId: string): Promise<SeenState>;
  /** Runs created by fuzz cases: cancelled at once so their browsers do not pile up. */
  adopt(runId: string): Promise<void>;
  readonly problems: readonly PoolProblem[];
  /** Requests the pool sent, and runs it created. */
  readonly counts: { requests: number; runsCreated: number };
}

export interface PooledRun {
  readonly id: string;
  readonly state: RunState;
  /** A pending step's id, for edits that should apply. */
  readonly stepId: string | undefined;
  /** The latest screenshot hash, for annotations and image requests. */
  readonly screenshotHash: string | undefined;
}

export type SeenState = RunState | 'result-confirmation' | 'question' | 'orphaned' | 'gone';

/** Two short steps on the expense form: quick for the built-in engine, and they wait for a plan decision. */
const TWO_STEP_TASK =
  "fill in the Employee name field with 'Dana Lee', then fill in the Email field with 'dana@example.com'";
/** A sensitive click: under `auto` approval the plan goes ahead and the click waits for a decision. */
const SENSITIVE_TASK = "fill in the Employee name field with 'Dana Lee', then click 'Submit'";
/** Waits for a text the page never shows, so the run keeps working on its own for a while. */
const SLOW_TASK = "wait for 'Quarterly audit complete' to appear";
const QUICK_TASK = "fill in the Employee name field with 'Dana Lee'";

const BOUND_MS = 5000;
const SETTLE_MS = 90_000;

export function createRunPool(server: { host: string; port: number; token: string }): RunPool {
  const held = new Map<RunState, PooledRun>();
  const problems: PoolProblem[] = [];
  const counts = { requests: 0, runsCreated: 0 };

  async function call(method: string, path: string, body?: unknown, timeoutMs = BOUND_MS) {
    counts.requests += 1;
    const answer = await sendHttp({
      host: server.host,
      port: server.port,
      method,
      path,
      headers: {
        authorization: `Bearer ${server.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: Buffer.from(JSON.stringify(body)) }),
      timeoutMs,
    });
    let json: unknown;
    try {
      json = JSON.parse(answer.body.toString('utf8'));
    } catch {
      json = undefined;
    }
    if (answer.timedOut || answer.status === undefined || answer.status >= 500) {
      problems.push({
        request: `${method} ${path}`,
        problem: answer.timedOut
          ? `no answer within ${timeoutMs} ms`
          : `answered ${answer.status ?? answer.transportError}: ${answer.body.toString('utf8').slice(0, 200)}`,
      });
    }
    return { status: answer.status, json };
  }

  async function view(runId: string) {
    const answer = await call('GET', `/api/runs/${encodeURIComponent(runId)}`);
    if (answer.status !== 200) return undefined;
    const parsed = runViewSchema.safeParse(answer.json);
    if (!parsed.success) {
      problems.push({ request: `GET /api/runs/${runId}`, problem: `the view does not fit its schema` });
      return undefined;
    }
    return parsed.data;
  }

  async function stateOf(runId: string): Promise<SeenState> {
    const seen = await view(runId);
    if (!seen) return 'gone';
    if (seen.summary.status !== 'running' && seen.summary.status !== 'created') return 'ended';
    if (!seen.control.active) return 'orphaned';
    const waiting = seen.control.waitingFor?.type;
    if (waiting === undefined) return 'working';
    return waiting;
  }

  async function waitFor(runId: string, wanted: (state: SeenState) => boolean): Promise<SeenState> {
    const deadline = Date.now() + SETTLE_MS;
    let state = await stateOf(runId);
    while (!wanted(state) && Date.now() < deadline && state !== 'gone' && state !== 'ended') {
      await new Promise((resolve) => setTimeout(resolve, 150));
      state = await stateOf(runId);
    }
    return state;
  }

  async function create(instruction: string, approval: 'ask' | 'auto' | 'auto-all') {
    // Starting a browser on two busy cores can take a while; this bound is the pool's, not a case's.
    const answer = await call('POST', '/api/runs', { scenario: 'expense-report', instruction, approval }, 60_000);
    const id = (answer.json as { id?: unknown } | undefined)?.id;
    if (answer.status !== 201 || typeof id !== 'string') return undefined;
    counts.runsCreated += 1;
    return id;
  }

  async function make(state: RunState): Promise<string | undefined> {
    switch (state) {
      case 'plan-approval': {
        const id = await create(TWO_STEP_TASK, 'ask');
        return id && (await waitFor(id, (seen) => seen === 'plan-approval')) === 'plan-approval' ? id : undefined;
      }
      case 'action-approval': {
        const id = await create(SENSITIVE_TASK, 'auto');
        return id && (await waitFor(id, (seen) => seen === 'action-approval')) === 'action-approval' ? id : undefined;
      }
      case 'working': {
        const id = await create(SLOW_TASK, 'auto-all');
        return id && (await waitFor(id, (seen) => seen === 'working')) === 'working' ? id : undefined;
      }
      case 'paused':
      case 'taken-over': {
        const id = await create(TWO_STEP_TASK, 'ask');
        if (!id || (await waitFor(id, (seen) => seen === 'plan-approval')) !== 'plan-approval') return undefined;
        await call('POST', `/api/runs/${id}/pause`, {});
        await call('POST', `/api/runs/${id}/approve`, {});
        if ((await waitFor(id, (seen) => seen === 'paused')) !== 'paused') return undefined;
        if (state === 'paused') return id;
        await call('POST', `/api/runs/${id}/takeover`, {});
        return (await waitFor(id, (seen) => seen === 'taken-over')) === 'taken-over' ? id : undefined;
      }
      case 'ended': {
        const id = await create(QUICK_TASK, 'auto-all');
        return id && (await waitFor(id, () => false)) === 'ended' ? id : undefined;
      }
    }
  }

  async function describe(id: string, state: RunState): Promise<PooledRun> {
    const seen = await view(id);
    // Waiting for a plan decision, the steps are in the version under review, not yet in force.
    const plan = seen?.state.plan ?? seen?.state.versions.at(-1);
    const stepId = plan?.pending.find((step) => step.status === 'pending')?.id;
    const events = await call('GET', `/api/runs/${id}/events`);
    const page = events.json as {
      events?: { payload: { type: string; observation?: { screenshot: { hash: string } } } }[];
    };
    const screenshotHash = page.events
      ?.map((event) => event.payload.observation?.screenshot.hash)
      .findLast((hash) => hash !== undefined);
    return { id, state, stepId, screenshotHash };
  }

  async function retire(id: string): Promise<void> {
    const state = await stateOf(id);
    if (state === 'ended' || state === 'gone') return;
    await call('POST', `/api/runs/${id}/cancel`, { reason: 'retired by the fuzzer' });
  }

  return {
    problems,
    counts,
    stateOf,
    async runIn(state) {
      const current = held.get(state);
      if (current) {
        const seen = await stateOf(current.id);
        if (seen === state) return current;
        held.delete(state);
        // A run that drifted into another empty state fills it instead of starting a new browser.
        if (isRunState(seen) && !held.has(seen)) held.set(seen, await describe(current.id, seen));
        else await retire(current.id);
      }
      const id = await make(state);
      if (!id) return undefined;
      const made = await describe(id, state);
      held.set(state, made);
      return made;
    },
    async adopt(runId) {
      await retire(runId);
    },
  };
}

function isRunState(state: SeenState): state is RunState {
  return state !== 'result-confirmation' && state !== 'question' && state !== 'orphaned' && state !== 'gone';
}
