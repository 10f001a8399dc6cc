import { createHash } from 'node:crypto';
import type { Action, TaskInput } from '@sandpiper/protocol';
import { taskSchema } from '@sandpiper/protocol';
import {
  createManualClock,
  createMemoryBlobStore,
  createMemoryEventLog,
  createScriptedEngine,
  createScriptedEnvironment,
  createSequentialIds,
  type ScriptedEngineScript,
  legacyCriterion,
} from '@sandpiper/testing';
import type { OperatorDecision, PlannerResult } from '../engine.js';
import type { Environment, ScreenFingerprinter } from '../ports.js';
import type { CompletionConfig } from '../run/completion-policy.js';
import { createQueueChannel, type UserChannel } from '../run/user-channel.js';

/** Shared fixtures of the agent-loop tests: a two-step plan and a loop wired to scripted parts. */
export const twoStepPlan: Extract<PlannerResult, { type: 'plan' }> = {
  type: 'plan',
  analysis: 'Fill the name, then press Enter.',
  constraints: [],
  successCriteria: [legacyCriterion("The Name field shows 'Ada'", 'Ada')],
  steps: [{ text: "Type 'Ada' into the 'Name' field" }, { text: 'Press Enter' }],
};

export const click: Action = { type: 'click', at: { x: 10, y: 10 }, button: 'left', count: 1, modifiers: [] };

/** Acts once per step, then reports the step complete. */
export function actOnceThenComplete(input: { performed: readonly unknown[] }): OperatorDecision {
  return input.performed.length === 0
    ? { type: 'act', actions: [{ action: click, summary: 'Clicking the field' }] }
    : { type: 'step-complete', evidence: 'done' };
}

export function setup(options: {
  task?: Partial<TaskInput>;
  script?: Partial<ScriptedEngineScript>;
  channel?: UserChannel;
  environment?: Environment;
  signal?: AbortSignal;
  completion?: CompletionConfig;
  fingerprinter?: ScreenFingerprinter;
  clock?: ReturnType<typeof createManualClock>;
}) {
  const clock = options.clock ?? createManualClock();
  const log = createMemoryEventLog(clock.now);
  const environment = options.environment ?? createScriptedEnvironment();
  const engine = createScriptedEngine({ planner: [twoStepPlan], operator: [actOnceThenComplete], ...options.script });
  const deps = {
    log,
    blobs: createMemoryBlobStore((bytes) => createHash('sha256').update(bytes).digest('hex')),
    environment,
    engine,
    clock,
    ids: createSequentialIds(),
    channel: options.channel ?? createQueueChannel({ interactive: false }),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.completion ? { completion: options.completion } : {}),
    ...(options.fingerprinter ? { fingerprinter: options.fingerprinter } : {}),
  };
  const task = taskSchema.parse({
    instruction: "type 'Ada' into the Name field and press Enter",
    environment: { type: 'url', url: 'http://127.0.0.1:1/' },
    approval: 'auto',
    ...options.task,
  });
  return { deps, log, engine, environment, task };
}
