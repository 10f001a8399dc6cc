import type { Environment } from '../ports.js';
import type { RunEvent } from '@sandpiper/protocol';
import { createScriptedEnvironment } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import type { CriterionReading, JudgeInput } from '../engine.js';
import { click, setup, twoStepPlan } from '../test-support/loop-harness.js';
import type { UserChannel } from './user-channel.js';
import { startRun } from './agent-loop.js';
import { completionConfigSchema } from './completion-policy.js';

const payloadsOf = <T extends RunEvent['payload']['type']>(events: readonly RunEvent[], type: T) =>
  events.flatMap((event) =>
    event.payload.type === type ? [event.payload as Extract<RunEvent['payload'], { type: T }>] : [],
  );

const reading = (input: JudgeInput, status: CriterionReading['status'], evidence: string): CriterionReading[] =>
  input.plan.successCriteria.map((criterion) => ({ id: criterion.id, status, evidence }));

/** Every look at the screen returns different bytes, as on a page that keeps animating. */
function restlessEnvironment(): Environment {
  const base = createScriptedEnvironment();
  let looks = 0;
  return {
    ...base,
    info: base.info,
    async observe(handle, options) {
      const capture = await base.observe(handle, options);
      looks += 1;
      return { ...capture, png: Uint8Array.from([...capture.png, looks % 256]) };
    },
  };
}

describe('completion: the gate and the judge', () => {
  it('accepts when every criterion is seen on a stable screen and the judge accepts', async () => {
    const { deps, log, task, engine } = setup({});
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('succeeded');
    const [check] = payloadsOf(log.all('run-1'), 'completion-check');
    expect(check).toMatchObject({ claim: 1, accepted: true, gate: { verdict: 'done', stable: true } });
    expect(check?.judge?.verdict).toBe('accept');
    expect(engine.calls.judge[0]?.recent?.some((line) => line.startsWith('Step completed'))).toBe(true);
    // The judge also sees the screen the last step started from, to tell new text from old.
    expect(engine.calls.judge[0]?.lastStepBefore?.observation.id).toMatch(/^obs/);
    // And the screen that step was checked on, where a passing toast may still have shown.
    const after = engine.calls.judge[0]?.lastStepAfter?.observation.id;
    expect(after).toMatch(/^obs/);
    expect(after).not.toBe(engine.calls.judge[0]?.lastStepBefore?.observation.id);
  });

  it('reads the criteria after a step that touches them, not after the last step, and logs only changes', async () => {
    const { deps, log, task, engine } = setup({
      script: {
        assess: [
          (input) => reading(input, 'unsatisfied', 'the Name field is empty'),
          (input) => reading(input, 'satisfied', "the Name field shows 'Ada'"),
        ],
      },
    });
    const state = await startRun(deps, 'run-1', task);
    const updates = payloadsOf(log.all('run-1'), 'criteria-update');
    // Read after "Type 'Ada' into the 'Name' field" (it names the criterion's field and value),
    // not after the last step "Press Enter" (completion reads them at once), then at completion.
    expect(engine.calls.assess).toHaveLength(2);
    expect(updates.map((update) => update.criteria[0]?.status)).toEqual(['unsatisfied', 'satisfied']);
    expect(updates[0]?.stepId).toBe('step-1');
    expect(state.plan?.successCriteria[0]?.status).toBe('satisfied');
    expect(Object.values(state.criteriaEvidence)).toEqual(["the Name field shows 'Ada'"]);
  });

  it('rejects a claim with an unmet criterion, appends the missing work and goes on to succeed', async () => {
    const { deps, log, task, engine } = setup({
      script: {
        // After step 1, at the first claim, and at the second; not after the last steps.
        assess: [
          (input) => reading(input, 'satisfied', 'seen'),
          (input) => reading(input, 'unsatisfied', 'the Name field is empty'),
          (input) => reading(input, 'satisfied', "the Name field shows 'Ada'"),
        ],
        missingWork: [[{ text: "Type 'Ada' into the 'Name' field" }]],
      },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('succeeded');
    const checks = payloadsOf(log.all('run-1'), 'completion-check');
    expect(checks.map((check) => [check.claim, check.gate.verdict, check.accepted])).toEqual([
      [1, 'continue', false],
      [2, 'done', true],
    ]);
    expect(checks[0]?.judge).toBeUndefined();
    expect(checks[0]?.gate.reason).toContain('the Name field is empty');
    const rejection = state.versions.find((version) => version.cause === 'verifier-rejection');
    expect(rejection?.state).toBe('locked');
    expect(rejection?.rationale).toContain('the Name field is empty');
    expect(state.plan?.completed.map((step) => step.text)).toEqual([
      "Type 'Ada' into the 'Name' field",
      'Press Enter',
      "Type 'Ada' into the 'Name' field",
    ]);
    expect(engine.calls.missingWork[0]?.unmet.map((unmet) => unmet.evidence)).toEqual(['the Name field is empty']);
  });

  it('counts an acceptance its judge is not certain of as a rejection and ends failed after the allowed rejections', async () => {
    const { deps, log, task, engine } = setup({
      completion: completionConfigSchema.parse({ maxRejections: 1 }),
      script: {
        judge: [{ verdict: 'accept', reason: 'The form is saved.', satisfied: [], certain: false }],
        missingWork: [[{ text: 'Press Enter' }]],
      },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('failed');
    expect(state.endReason).toContain('not confirmed');
    const checks = payloadsOf(log.all('run-1'), 'completion-check');
    expect(checks).toHaveLength(2);
    expect(checks.every((check) => check.judge?.hedged === true && !check.accepted)).toBe(true);
    expect(engine.calls.missingWork).toHaveLength(1);
  });

  it('rejects an acceptance that still lists missing work', async () => {
    const { deps, log, task } = setup({
      completion: completionConfigSchema.parse({ maxRejections: 0 }),
      script: { judge: [{ verdict: 'accept', reason: 'Saved.', satisfied: [], missing: ['confirm the dialog'] }] },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('failed');
    expect(payloadsOf(log.all('run-1'), 'completion-check')[0]?.judge).toMatchObject({
      verdict: 'reject',
      hedged: true,
      missing: ['confirm the dialog'],
    });
  });

  it('ends failed with the evidence when a rejected claim has no known missing work', async () => {
    const { deps, task } = setup({
      script: { judge: [{ verdict: 'reject', reason: 'No confirmation that the report was sent.', satisfied: [] }] },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('failed');
    expect(state.endReason).toContain('No confirmation that the report was sent.');
  });

  it('does not call the judge when the screen never settles', async () => {
    const { deps, log, task, engine } = setup({ environment: restlessEnvironment() });
    const state = await startRun(deps, 'run-1', { ...task });
    expect(state.status).toBe('failed');
    const check = payloadsOf(log.all('run-1'), 'completion-check')[0];
    expect(check?.gate).toMatchObject({ verdict: 'continue', stable: false });
    expect(engine.calls.judge).toHaveLength(0);
  });

  it('with both checks off, finishing the steps is enough (the baseline the benchmark compares against)', async () => {
    const { deps, log, task, engine } = setup({
      completion: completionConfigSchema.parse({ gate: false, judge: false }),
      script: { judge: [{ verdict: 'reject', reason: 'never asked', satisfied: [] }] },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('succeeded');
    expect(engine.calls.judge).toHaveLength(0);
    expect(payloadsOf(log.all('run-1'), 'completion-check')).toHaveLength(0);
  });

  it('with the gate off, the judge alone decides', async () => {
    const { deps, log, task } = setup({
      completion: completionConfigSchema.parse({ gate: false }),
      script: { assess: [(input) => reading(input, 'unsatisfied', 'not seen')] },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('succeeded');
    expect(payloadsOf(log.all('run-1'), 'completion-check')[0]?.gate.verdict).toBe('skipped');
  });
});

describe('completion: feasibility', () => {
  it('ends the run as failed with the evidence when the judge finds the step infeasible', async () => {
    const { deps, log, task, engine } = setup({
      script: {
        operator: [{ type: 'fail', reason: "No control named 'Export' on this screen" }],
        feasibility: [{ verdict: 'infeasible', evidence: ["The page has no element named 'Export' anywhere."] }],
      },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('failed');
    expect(state.endReason).toContain("no element named 'Export'");
    expect(engine.calls.operator).toHaveLength(1);
    expect(payloadsOf(log.all('run-1'), 'feasibility-check')).toEqual([
      {
        type: 'feasibility-check',
        stepId: 'step-1',
        verdict: 'infeasible',
        evidence: ["The page has no element named 'Export' anywhere."],
      },
    ]);
    expect(state.plan?.pending[0]?.status).toBe('failed');
  });

  it('keeps retrying, and asks only once per step, when feasibility is uncertain', async () => {
    const { deps, log, task, engine } = setup({
      script: {
        operator: [{ type: 'fail', reason: 'The field is disabled' }],
        feasibility: [{ verdict: 'uncertain', evidence: ['The field exists but is disabled.'] }],
      },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('failed');
    expect(engine.calls.operator).toHaveLength(task.budgets.maxAttemptsPerStep);
    expect(payloadsOf(log.all('run-1'), 'feasibility-check')).toHaveLength(1);
  });
});

describe('completion: a result resting on changes alone is asked about', () => {
  const confirmedOnly = {
    ...twoStepPlan,
    successCriteria: [{ check: { kind: 'steps-confirmed' as const } }],
  };
  const changeOnly = {
    passed: true,
    evidence: 'After the click on Archive, region 2 changed.',
    basis: 'change' as const,
  };
  const stateRead = { passed: true, evidence: "The 'Name' field shows 'Ada'.", basis: 'state' as const };

  it('ends needing input, naming the step, when nobody can answer', async () => {
    const { deps, log, task } = setup({ script: { planner: [confirmedOnly], reflector: [stateRead, changeOnly] } });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('needs-input');
    expect(state.endReason).toContain('"Press Enter"');
    expect(state.endReason).not.toContain('"Type');
    const subjects = payloadsOf(log.all('run-1'), 'approval-request').map((payload) => payload.subject.type);
    expect(subjects.at(-1)).toBe('result');
  });

  it('succeeds on the person’s yes and fails on their no', async () => {
    for (const [answer, status] of [
      [{ type: 'approve' as const }, 'succeeded'],
      [{ type: 'reject' as const, reason: 'the message is still in the inbox' }, 'failed'],
    ] as const) {
      const prompts: string[] = [];
      // A person who answers only the question about the result.
      const channel: UserChannel = {
        interactive: true,
        take: () => undefined,
        wait: (_handle, prompt) => {
          prompts.push(prompt.type);
          return Promise.resolve(prompt.type === 'result-confirmation' ? answer : undefined);
        },
      };
      const { deps, task } = setup({ channel, script: { planner: [confirmedOnly], reflector: [changeOnly] } });
      const state = await startRun(deps, 'run-1', task);
      expect(prompts).toEqual(['result-confirmation']);
      expect(state.status).toBe(status);
      if (status === 'failed') expect(state.endReason).toContain('still in the inbox');
    }
  });

  it('is not asked when every step was read as a state, when the judge read the step, or when criteria of their own hold', async () => {
    const read = setup({ script: { planner: [confirmedOnly], reflector: [stateRead] } });
    expect((await startRun(read.deps, 'run-1', read.task)).status).toBe('succeeded');

    const judged = setup({
      script: {
        planner: [confirmedOnly],
        reflector: [stateRead, changeOnly],
        judge: [{ verdict: 'accept', reason: "The page says 'Archived'.", satisfied: [], confirmedSteps: ['step-2'] }],
      },
    });
    expect((await startRun(judged.deps, 'run-1', judged.task)).status).toBe('succeeded');

    const own = setup({ script: { reflector: [changeOnly] } });
    expect((await startRun(own.deps, 'run-1', own.task)).status).toBe('succeeded');
  });

  it('asks, rather than failing, when the judge only missed a confirmation and no work is left', async () => {
    const unsure = {
      verdict: 'reject' as const,
      reason: "No message on screen confirms that 'Save' took effect.",
      satisfied: [],
      unsure: true,
    };
    const { deps, log, task } = setup({ script: { judge: [unsure] } });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('needs-input');
    expect(state.endReason).toContain("no message on screen confirms that 'Save' took effect");
    expect(payloadsOf(log.all('run-1'), 'approval-request').at(-1)?.subject.type).toBe('result');

    const contradicted = { verdict: 'reject' as const, reason: "The 'Name' field shows 'Bob'.", satisfied: [] };
    const sure = setup({ script: { judge: [contradicted] } });
    expect((await startRun(sure.deps, 'run-1', sure.task)).status).toBe('failed');
  });
});

describe('the screens a step check reads', () => {
  it('include the one the last actions were decided on, when the step acted more than once', async () => {
    const actTwice = (input: { performed: readonly unknown[] }) =>
      input.performed.length < 2
        ? ({ type: 'act', actions: [{ action: click, summary: `Action ${input.performed.length + 1}` }] } as const)
        : ({ type: 'step-complete', evidence: 'done' } as const);
    const { deps, task, engine } = setup({ script: { operator: [actTwice] } });
    await startRun(deps, 'run-1', task);
    const [first] = engine.calls.reflector;
    expect(first?.lastActedOn).toBeDefined();
    expect(first?.lastActedOn?.observation.id).not.toBe(first?.before.observation.id);
  });

  it('leave it out when the step acted once, from the screen it started on', async () => {
    const { deps, task, engine } = setup({});
    await startRun(deps, 'run-1', task);
    expect(engine.calls.reflector[0]?.lastActedOn).toBeUndefined();
  });
});
