import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createQueueChannel } from '@sandpiper/core';
import { createModelEngine } from '@sandpiper/model-engine';
import { checkModelSpec, createModelClient } from '@sandpiper/models';
import {
  createRuntime,
  createVisionChangeEvidence,
  type EngineSetup,
  type PreparedRun,
  type RunOutcome,
  type Runtime,
  type ScenarioServer,
} from '@sandpiper/runtime';
import type { ScenarioTask } from '@sandpiper/scenarios';
import { patternLabel, responderFor, type HostileCase, type Provider } from './cases.js';
import { FAKE_KEYS, SCRIPT_MARKER } from './fixtures.js';
import type { HostileServer } from './server.js';

/**
 * How each client is bounded: a short wait for one response and a short retry schedule, so one
 * case stays within seconds even when every request is held (the shipped defaults, 120 s and
 * three retries from 1 s, are for real vendors).
 */
export const CLIENT_LIMITS = {
  timeoutMs: 2500,
  retry: { maxRetries: 2, initialDelayMs: 100, maxDelayMs: 500, maxRetryAfterMs: 5000 },
} as const;

/** The run's own limits: a time budget below the bench's hard limit, so the framework ends it first. */
export const RUN_BUDGETS = { maxActions: 20, maxAttemptsPerStep: 2, maxDurationMs: 45_000 } as const;

/** What the bench records of one case. */
export interface CaseResult {
  readonly id: string;
  readonly category: string;
  readonly variant: string;
  readonly provider: Provider;
  readonly stream: boolean;
  readonly pattern: string;
  /** An exception escaped the run (it was ended by the runtime's crash handler) or the bench's own code. */
  readonly crashed: boolean;
  /** The exception's message, when there was one. */
  readonly crash?: string;
  /** The run's event log ends with a `run-end` event. */
  readonly runEnd: boolean;
  /** The case outlived the hard time limit. */
  readonly hang: boolean;
  /** The run's final status from its log, or `none` when it has no state. */
  readonly status: string;
  /** Its status as the store lists it. */
  readonly storedStatus: string;
  /** The stored status is still `running` (or `created`) after the case. */
  readonly leftRunning: boolean;
  readonly claimedSuccess: boolean;
  /** The scenario's state checker says the task was done. */
  readonly achieved: boolean;
  /** Claimed `succeeded` while the checker disagrees. */
  readonly falseSuccess: boolean;
  /** The stored task instruction is the one given (a reply cannot rewrite it). */
  readonly instructionIntact: boolean;
  /** A fake key shows in the stored events or the written report. */
  readonly keyLeaked: boolean;
  /** The HTML report carries the planted `<script>` marker unescaped. */
  readonly scriptInReport: boolean;
  readonly endReason?: string;
  readonly wallMs: number;
  /** Requests the hostile server received. */
  readonly modelCalls: number;
  /** Of those, how many got the hostile reply. */
  readonly hostileReplies: number;
  /** The answer each request asked for, in order. */
  readonly asked: readonly string[];
}

/** The engine for one provider and transport, each role on the hostile server's model. */
export function engineSetup(provider: Provider, stream: boolean, origin: string): EngineSetup {
  const spec = {
    'openai-compatible': `openai-compatible:bench-model@${origin}/v1`,
    openai: `openai:gpt-4.1@${origin}/v1`,
    anthropic: `anthropic:claude-bench-4@${origin}`,
    ollama: `ollama:bench-model@${origin}`,
  }[provider];
  const check = checkModelSpec(spec, FAKE_KEYS);
  if (!check.usable || check.spec === undefined) throw new Error(`${spec}: ${check.problems.join('; ')}`);
  const valid = check.spec;
  const profile = check.profile;
  return {
    kind: 'custom',
    label: `${spec}${stream ? ' (streamed)' : ''}`,
    create: () =>
      createModelEngine({
        roles: {
          default: {
            client: createModelClient(valid, FAKE_KEYS, { ...CLIENT_LIMITS, stream }),
            ...(profile === undefined ? {} : { profile }),
          },
        },
        changeEvidence: createVisionChangeEvidence(),
      }),
  };
}

/** A runtime on a fresh data directory (removed by `close`), with the fake keys as its environment. */
export async function createHostileRuntime(
  scenarioServer: ScenarioServer,
  engine: EngineSetup,
): Promise<Runtime & { readonly dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-hostile-'));
  const runtime = await createRuntime({
    // The loop judge is asked after every chain, so that its role is in every run.
    config: { detectors: { judgeEvery: 1 } },
    dataDir,
    cwd: dataDir,
    env: FAKE_KEYS,
    engine,
    scenarioServer,
    browser: { accessibility: true, headed: false },
  });
  return {
    ...runtime,
    dataDir,
    async close() {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Context shared by every case of a bench run. */
export interface CaseContext {
  readonly runtime: Runtime;
  readonly hostile: HostileServer;
  readonly scenarios: ScenarioServer;
  readonly task: ScenarioTask;
  readonly engines: (provider: Provider, stream: boolean) => EngineSetup;
  /** Hard limit of one case, in milliseconds. */
  readonly limitMs: number;
  /** Lets the valid model see the run it answers for. */
  readonly setCurrentRun: (runId: string | undefined) => void;
  /** Errors that escaped to the process while the case ran (unhandled rejections). */
  readonly escaped: unknown[];
}

const sleep = (ms: number) => new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), ms).unref());

/** How driving the run ended: its outcome (absent after a hang it never came back from), and whether it hung. */
interface Driven {
  readonly outcome: RunOutcome | undefined;
  readonly hang: boolean;
}

/**
 * Drive the run, giving up after `limitMs`: then the run is cancelled through its signal, and
 * given a further 15 s to come back with its outcome.
 */
async function driveWithin(prepared: PreparedRun, limitMs: number): Promise<Driven> {
  const controller = new AbortController();
  const driving = prepared.drive({ channel: createQueueChannel({ interactive: false }), signal: controller.signal });
  const first = await Promise.race([driving, sleep(limitMs)]);
  if (first !== 'late') return { outcome: first, hang: false };
  controller.abort();
  const after = await Promise.race([driving, sleep(15_000)]);
  return { outcome: after === 'late' ? undefined : after, hang: true };
}

/** What the run left behind: its log, its stored row, its report, and the app's real state. */
async function inspect(context: CaseContext, runId: string, outcome: RunOutcome | undefined) {
  const { runtime, task } = context;
  const events = await runtime.store.read(runId);
  const start = events.find((event) => event.payload.type === 'run-start')?.payload;
  const stored = runtime.store.getRun(runId)?.status ?? 'missing';
  const readReport = (file: string | undefined) =>
    file !== undefined && existsSync(file) ? readFileSync(file, 'utf8') : '';
  const html = readReport(outcome?.report?.html);
  const recorded = [JSON.stringify(events), readReport(outcome?.report?.json), html].join('\n');
  const status = outcome?.state.status ?? 'none';
  const achieved = task.check(context.scenarios.state(task.scenario, runId)).ok;
  return {
    runEnd: events.at(-1)?.payload.type === 'run-end',
    status,
    storedStatus: stored,
    leftRunning: stored === 'running' || stored === 'created',
    claimedSuccess: status === 'succeeded',
    achieved,
    falseSuccess: status === 'succeeded' && !achieved,
    instructionIntact: start?.type === 'run-start' && start.task.instruction === task.instruction,
    keyLeaked: Object.values(FAKE_KEYS).some((key) => key !== undefined && recorded.includes(key)),
    scriptInReport: html.includes(SCRIPT_MARKER),
    ...(outcome?.state.endReason === undefined ? {} : { endReason: outcome.state.endReason.slice(0, 300) }),
  };
}

/** Run one case end to end and judge what became of the run. */
export async function runCase(context: CaseContext, hostileCase: HostileCase): Promise<CaseResult> {
  const { runtime, task } = context;
  const runId = runtime.newRunId();
  const responder = responderFor(hostileCase);
  context.hostile.use(responder.respond);
  context.setCurrentRun(runId);
  context.escaped.length = 0;
  const started = performance.now();
  let crash: unknown;
  let driven: Driven = { outcome: undefined, hang: false };
  const prepared = await runtime
    .prepare({
      runId,
      mode: 'start',
      task: runtime.createTask({
        instruction: task.instruction,
        environment: { type: 'scenario', name: task.scenario },
        approval: 'auto-all',
        budgets: RUN_BUDGETS,
      }),
      engine: context.engines(hostileCase.provider, hostileCase.stream),
    })
    .catch((error: unknown) => {
      crash = error;
      return undefined;
    });
  if (prepared !== undefined) driven = await driveWithin(prepared, context.limitMs);
  const wallMs = performance.now() - started;
  const found = await inspect(context, runId, driven.outcome);
  if (prepared !== undefined) await Promise.race([prepared.close(), sleep(10_000)]);
  context.setCurrentRun(undefined);
  crash ??= driven.outcome?.error ?? context.escaped[0];
  return {
    ...caseFields(hostileCase),
    crashed: crash !== undefined,
    ...(crash === undefined ? {} : { crash: describeError(crash) }),
    hang: driven.hang,
    ...found,
    wallMs: Math.round(wallMs),
    modelCalls: context.hostile.seen.length,
    hostileReplies: responder.hostileCount(),
    asked: context.hostile.seen.map((request) => request.name),
  };
}

/** The result of a case whose own checking threw: a crash, with nothing else known. */
export function crashedCase(hostileCase: HostileCase, error: unknown, wallMs: number): CaseResult {
  return {
    ...caseFields(hostileCase),
    crashed: true,
    crash: describeError(error),
    runEnd: false,
    hang: false,
    status: 'none',
    storedStatus: 'unknown',
    leftRunning: false,
    claimedSuccess: false,
    achieved: false,
    falseSuccess: false,
    instructionIntact: false,
    keyLeaked: false,
    scriptInReport: false,
    wallMs: Math.round(wallMs),
    modelCalls: 0,
    hostileReplies: 0,
    asked: [],
  };
}

function caseFields(hostileCase: HostileCase) {
  return {
    id: hostileCase.id,
    category: hostileCase.category,
    variant: hostileCase.variant,
    provider: hostileCase.provider,
    stream: hostileCase.stream,
    pattern: patternLabel(hostileCase.pattern),
  };
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 500);
}
