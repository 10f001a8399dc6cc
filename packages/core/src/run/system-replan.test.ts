import { createHash } from 'node:crypto';
import { taskSchema, type Action } from '@sandpiper/protocol';
import {
  createManualClock,
  createMemoryBlobStore,
  createMemoryEventLog,
  createScriptedEngine,
  createScriptedEnvironment,
  createSequentialIds,
  legacyCriterion,
} from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import type { OperatorDecision, OperatorInput } from '../engine.js';
import { startRun } from './agent-loop.js';
import { createQueueChannel } from './user-channel.js';

const deadClick: Action = { type: 'click', at: { x: 640, y: 400 }, button: 'left', count: 1, modifiers: [] };

/** Clicks the dead button over and over; any other step acts once and is done. */
function stubbornOperator(input: OperatorInput): OperatorDecision {
  if (input.step.text === "Click the 'Save' button") {
    return { type: 'act', actions: [{ action: deadClick, summary: "Clicking 'Save'" }] };
  }
  return input.performed.length === 0
    ? { type: 'act', actions: [{ action: { type: 'key', keys: ['Escape'] }, summary: 'Pressing a key' }] }
    : { type: 'step-complete', evidence: 'done' };
}

function setup(fingerprint: (call: number) => string) {
  const clock = createManualClock();
  const log = createMemoryEventLog(clock.now);
  let calls = 0;
  const engine = createScriptedEngine({
    planner: [
      {
        type: 'plan',
        analysis: 'Save.',
        constraints: [],
        successCriteria: [legacyCriterion('Saved')],
        steps: [{ text: "Click the 'Save' button" }],
      },
    ],
    operator: [stubbornOperator],
  });
  const deps = {
    log,
    blobs: createMemoryBlobStore((bytes) => createHash('sha256').update(bytes).digest('hex')),
    environment: createScriptedEnvironment(),
    engine,
    clock,
    ids: createSequentialIds(),
    channel: createQueueChannel({ interactive: false }),
    fingerprinter: { dHash: async () => fingerprint((calls += 1)) },
  };
  const task = taskSchema.parse({
    instruction: "click the 'Save' button",
    environment: { type: 'url', url: 'http://127.0.0.1:1/' },
    approval: 'auto',
    // Replanning is under test, not approval: a blind click on 'Save' would otherwise ask first.
    actionGuard: 'never',
    budgets: { maxActions: 12, maxAttemptsPerStep: 1, maxDurationMs: 60_000 },
  });
  return { deps, log, task, engine };
}

describe('system-driven replanning inside a run', () => {
  it('halts a step that repeats on a still screen and proposes one recovery step as a new version', async () => {
    const { deps, log, task, engine } = setup(() => '00ff00ff00ff00ff');
    await startRun(deps, 'run-1', task);
    const events = log.all('run-1');
    const fired = events.flatMap((event) => (event.payload.type === 'detector-fire' ? [event.payload] : []));
    expect(fired.map((firing) => firing.detector)).toContain('system-replan-trigger');
    expect(fired.find((firing) => firing.detector === 'system-replan-trigger')?.pattern).toMatch(/^REPEAT_SEQ_L1_R3$/);
    const halted = events.find((event) => event.payload.type === 'step-end' && event.payload.status === 'failed');
    expect(halted).toBeDefined();
    const recovery = events.flatMap((event) =>
      event.payload.type === 'plan-version-create' && event.payload.version.cause === 'system-replan'
        ? [event.payload.version]
        : [],
    )[0]!;
    expect(recovery.rationale).toContain('REPEAT_SEQ_L1_R3');
    expect(recovery.pending).toHaveLength(2);
    expect(recovery.pending[1]?.text).toBe("Click the 'Save' button");
    expect(recovery.pending[1]?.status).toBe('pending');
    expect(recovery.completed).toEqual([]);
    // The recovery went through approval like any other proposal, and its step ran next.
    expect(
      events.some((event) => event.payload.type === 'approval-response' && event.payload.decision === 'accepted'),
    ).toBe(true);
    expect(engine.calls.operator.map((call) => call.step.text)).toContain(recovery.pending[0]!.text);
    // The loop breaker spoke first, and its hint reached the operator.
    expect(fired[0]?.tier).toBe(1);
    expect(engine.calls.operator.some((call) => call.loopHint?.tier === 1)).toBe(true);
  });

  it('does not fire when the same click keeps changing the screen (near miss)', async () => {
    const { deps, log, task } = setup((call) =>
      (BigInt(call) * 0x0f0f0f0f0f0f0f0fn).toString(16).padStart(16, '0').slice(-16),
    );
    await startRun(deps, 'run-1', task);
    const fired = log.all('run-1').filter((event) => event.payload.type === 'detector-fire');
    expect(
      fired.filter(
        (event) => event.payload.type === 'detector-fire' && event.payload.detector === 'system-replan-trigger',
      ),
    ).toEqual([]);
  });

  it("puts the engine's own recovery step in front when it has a recovery role, keeping the pattern", async () => {
    const { deps, log, task, engine } = setup(() => '00ff00ff00ff00ff');
    const asked: string[][] = [];
    const withRecovery = {
      ...engine,
      recovery: {
        async propose(_handle: unknown, input: { previous: readonly string[]; pattern: string }) {
          asked.push([input.pattern, ...input.previous]);
          return { type: 'proposal' as const, step: 'Press Escape', rationale: 'A hidden dialog may hold the focus.' };
        },
      },
    };
    await startRun({ ...deps, engine: withRecovery }, 'run-1', task);
    const recovery = log
      .all('run-1')
      .flatMap((event) =>
        event.payload.type === 'plan-version-create' && event.payload.version.cause === 'system-replan'
          ? [event.payload.version]
          : [],
      )[0]!;
    expect(recovery.pending[0]?.text).toBe('Press Escape');
    expect(recovery.rationale).toBe('A hidden dialog may hold the focus. [REPEAT_SEQ_L1_R3]');
    expect(asked[0]).toEqual(['REPEAT_SEQ_L1_R3']);
  });
});
