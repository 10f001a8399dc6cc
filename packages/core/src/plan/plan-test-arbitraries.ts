import type { PlanCause, PlanVersion, StepStatus, PlannedStep, PlanEdit } from '@sandpiper/protocol';
import fc from 'fast-check';
import { advancePlan } from './advance-plan.js';
import type { PlanVersionResult } from './plan-invariant-error.js';
import { buildPlan, createSequentialIds, deepFreeze } from './plan-test-support.js';
import { revisePlan } from './revise-plan.js';

const wordArbitrary = fc.constantFrom('Open', 'Click', 'Type', 'Tick', "'Save'", "'Ada'", 'the form', 'Name');
export const textArbitrary = fc.array(wordArbitrary, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
/** Mostly real text, sometimes blank, so rejections of blank text are exercised. */
const editTextArbitrary = fc.oneof(
  { weight: 9, arbitrary: textArbitrary },
  { weight: 1, arbitrary: fc.constantFrom('', '   ') },
);

export const plannedStepArbitrary = (text = textArbitrary): fc.Arbitrary<PlannedStep> =>
  fc.record({ text, expectedOutcome: textArbitrary }, { requiredKeys: ['text'] });

/** An initial plan: its steps and how many of them have already run. */
export const initialPlanArbitrary = fc
  .record({ steps: fc.array(plannedStepArbitrary(), { minLength: 1, maxLength: 8 }), completed: fc.nat(8) })
  .map(({ steps, completed }) => ({ steps, completed: Math.min(completed, steps.length) }));

/**
 * A step reference drawn before the plan exists: resolved modulo the plan's steps plus one unknown
 * id, so edits hit completed, pending and missing steps alike.
 */
type Target = number;
const targetArbitrary = fc.nat(20);
/** Positions slightly outside the list too. */
const positionArbitrary = fc.integer({ min: -1, max: 10 });

export type EditSpec =
  | { type: 'add'; index: number; step: PlannedStep }
  | { type: 'remove'; target: Target }
  | { type: 'move'; target: Target; toIndex: number }
  | { type: 'rewrite'; target: Target; step: PlannedStep }
  | { type: 'patch'; target: Target; count: number; steps: PlannedStep[] }
  | { type: 'replace-pending'; steps: PlannedStep[] }
  | { type: 'set-criteria'; texts: string[] }
  | { type: 'set-constraints'; constraints: string[] };

const stepsArbitrary = (maxLength: number) => fc.array(plannedStepArbitrary(editTextArbitrary), { maxLength });

export const editSpecArbitrary: fc.Arbitrary<EditSpec> = fc.oneof(
  fc.record({ type: fc.constant('add'), index: positionArbitrary, step: plannedStepArbitrary(editTextArbitrary) }),
  fc.record({ type: fc.constant('remove'), target: targetArbitrary }),
  fc.record({ type: fc.constant('move'), target: targetArbitrary, toIndex: positionArbitrary }),
  fc.record({ type: fc.constant('rewrite'), target: targetArbitrary, step: plannedStepArbitrary(editTextArbitrary) }),
  fc.record({
    type: fc.constant('patch'),
    target: targetArbitrary,
    count: fc.integer({ min: 0, max: 7 }),
    steps: stepsArbitrary(4),
  }),
  fc.record({ type: fc.constant('replace-pending'), steps: stepsArbitrary(6) }),
  fc.record({ type: fc.constant('set-criteria'), texts: fc.array(editTextArbitrary, { maxLength: 3 }) }),
  fc.record({ type: fc.constant('set-constraints'), constraints: fc.array(textArbitrary, { maxLength: 3 }) }),
) as fc.Arbitrary<EditSpec>;

export const UNKNOWN_STEP_ID = 'step-unknown';

export function resolveTarget(version: PlanVersion, target: Target): string {
  const ids = [...version.completed, ...version.pending].map((step) => step.id);
  return ids[target % (ids.length + 1)] ?? UNKNOWN_STEP_ID;
}

export function resolveEdit(version: PlanVersion, spec: EditSpec): PlanEdit {
  switch (spec.type) {
    case 'add':
      return { type: 'add', index: spec.index, ...spec.step };
    case 'remove':
      return { type: 'remove', stepId: resolveTarget(version, spec.target) };
    case 'move':
      return { type: 'move', stepId: resolveTarget(version, spec.target), toIndex: spec.toIndex };
    case 'rewrite':
      return { type: 'rewrite', stepId: resolveTarget(version, spec.target), ...spec.step };
    case 'patch':
      return { type: 'patch', fromStepId: resolveTarget(version, spec.target), count: spec.count, steps: spec.steps };
    case 'replace-pending':
      return { type: 'replace-pending', steps: spec.steps };
    case 'set-criteria':
      return {
        type: 'set-criteria',
        criteria: spec.texts.map((text) => ({ text, check: { kind: 'described', mustShow: [] } })),
      };
    case 'set-constraints':
      return { type: 'set-constraints', constraints: spec.constraints };
  }
}

/** One thing that happens to a plan during a run. */
export type PlanOperation =
  /** Execution changes a step's status; `next` aims at the first pending step, as a run does. */
  | { op: 'advance'; target: Target | 'next'; status: StepStatus }
  /** A person's (or a model's) batch of edits; `accept` says whether the proposal is approved. */
  | { op: 'revise'; edits: EditSpec[]; accept: boolean }
  /** The run replans from its first pending step at one of the three scopes, after marking it failed. */
  | {
      op: 'replan';
      scope: 'rewrite' | 'patch' | 'replace-pending';
      failFirst: boolean;
      count: number;
      steps: PlannedStep[];
    };

export const operationArbitrary: fc.Arbitrary<PlanOperation> = fc.oneof(
  fc.record({
    op: fc.constant('advance'),
    target: fc.oneof(fc.constant('next' as const), targetArbitrary),
    status: fc.constantFrom<StepStatus>('executing', 'completed', 'completed', 'failed', 'recovery', 'pending'),
  }),
  fc.record({ op: fc.constant('revise'), edits: fc.array(editSpecArbitrary, { maxLength: 4 }), accept: fc.boolean() }),
  fc.record({
    op: fc.constant('replan'),
    scope: fc.constantFrom('rewrite', 'patch', 'replace-pending'),
    failFirst: fc.boolean(),
    count: fc.integer({ min: 1, max: 5 }),
    steps: fc.array(plannedStepArbitrary(), { minLength: 1, maxLength: 5 }),
  }),
) as fc.Arbitrary<PlanOperation>;

/** The edit a replan at `scope` makes, aimed at the first pending step. */
export function replanEdit(version: PlanVersion, operation: Extract<PlanOperation, { op: 'replan' }>): PlanEdit {
  const first = version.pending[0]?.id ?? UNKNOWN_STEP_ID;
  const [step] = operation.steps as [PlannedStep];
  switch (operation.scope) {
    case 'rewrite':
      return { type: 'rewrite', stepId: first, ...step };
    case 'patch':
      return {
        type: 'patch',
        fromStepId: first,
        count: Math.min(operation.count, Math.max(1, version.pending.length)),
        steps: operation.steps,
      };
    case 'replace-pending':
      return { type: 'replace-pending', steps: operation.steps };
  }
}

/** What happened at one step of a simulated run, with a copy of the input taken before the call. */
export type PlanTraceEntry =
  | {
      kind: 'revision';
      parent: PlanVersion;
      parentBefore: PlanVersion;
      edits: readonly PlanEdit[];
      result: PlanVersionResult;
    }
  | { kind: 'advance'; version: PlanVersion; versionBefore: PlanVersion; stepId: string; result: PlanVersionResult };

/**
 * Play `operations` against a plan built from `initial`, the way a run would: accepted versions
 * and live views become the current plan, rejected ones are dropped. Every input is deep-frozen.
 */
export function simulatePlanHistory(
  initial: { steps: readonly PlannedStep[]; completed: number },
  operations: readonly PlanOperation[],
): PlanTraceEntry[] {
  const ids = createSequentialIds();
  let current = deepFreeze(buildPlan(ids, initial.steps, initial.completed));
  let number = 1;
  const trace: PlanTraceEntry[] = [];
  const advance = (stepId: string, status: StepStatus): void => {
    const versionBefore = structuredClone(current);
    const result = advancePlan(current, stepId, status);
    trace.push({ kind: 'advance', version: current, versionBefore, stepId, result });
    if (result.ok) current = deepFreeze(result.version);
  };
  const revise = (edits: readonly PlanEdit[], cause: PlanCause, accept: boolean): void => {
    const parentBefore = structuredClone(current);
    number += 1;
    const result = revisePlan(current, deepFreeze(edits), { ids, cause, number });
    trace.push({ kind: 'revision', parent: current, parentBefore, edits, result });
    if (result.ok && accept) current = deepFreeze(result.version);
  };
  for (const operation of operations) {
    if (operation.op === 'advance') {
      const stepId =
        operation.target === 'next'
          ? (current.pending[0]?.id ?? UNKNOWN_STEP_ID)
          : resolveTarget(current, operation.target);
      advance(stepId, operation.status);
    } else if (operation.op === 'revise') {
      revise(
        operation.edits.map((spec) => resolveEdit(current, spec)),
        'plan-edit',
        operation.accept,
      );
    } else {
      const first = current.pending[0];
      if (operation.failFirst && first !== undefined) advance(first.id, 'failed');
      revise([replanEdit(current, operation)], 'system-replan', true);
    }
  }
  return trace;
}
