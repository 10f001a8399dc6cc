import { CancelledError } from '@sandpiper/core';
import { MODEL_CONTRACT_VERSION, ModelError, type ModelClient } from '@sandpiper/models';
import { describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { plan, reportingHandle, sampleTask, step, syntheticScreen } from './support/screens.js';
import { createScriptedModel } from './support/scripted-model.js';

const nonsense = 'I am not sure what you want me to do here.';

/** An engine whose model answers prose to everything, so every role runs out of repairs. */
function confusedEngine(maxRepairs = 1) {
  const model = createScriptedModel({
    script: Object.fromEntries(
      [
        'plan',
        'plan_refresh',
        'plan_revision',
        'missing_work',
        'operator_decision',
        'grounding',
        'change_description',
        'step_verdict',
        'completion_verdict',
        'criteria_readings',
        'feasibility',
        'loop_verdict',
        'recovery_proposal',
        'critic_verdict',
      ].map((name) => [name, [nonsense]]),
    ),
  });
  return { model, engine: createModelEngine({ roles: { default: { client: model } }, maxRepairs }) };
}

describe('after the repair bound every role returns its safe outcome instead of throwing', () => {
  it('planner asks, operator asks, judge rejects, reflector fails, criteria stay unknown', async () => {
    const { model, engine } = confusedEngine();
    const { handle, reports } = reportingHandle();
    const screen = await syntheticScreen(1);
    const version = plan();

    const planned = await engine.planner.plan(handle, { task: sampleTask, screen });
    expect(planned).toMatchObject({ type: 'clarify', unparsed: [sampleTask.instruction] });
    expect(planned.type === 'clarify' && planned.question).toContain('could not be read');

    const decision = await engine.operator.decide(handle, {
      task: sampleTask,
      step: step('step-2'),
      attempt: 1,
      screen,
      performed: [],
    });
    expect(decision.type).toBe('clarify');
    expect(decision.type === 'clarify' && decision.question).toContain("The model's answers could not be read");

    const verdict = await engine.judge.judge(handle, { task: sampleTask, plan: version, screen });
    expect(verdict).toMatchObject({ verdict: 'reject', satisfied: [] });

    const check = await engine.reflector.check(handle, {
      step: step('step-2'),
      performed: [{ action: { type: 'type', text: 'Ada' }, summary: "Typing 'Ada'", ok: true }],
      before: screen,
      after: await syntheticScreen(2),
    });
    expect(check.passed).toBe(false);

    const readings = await engine.judge.assess(handle, { task: sampleTask, plan: version, screen });
    expect(readings).toEqual([expect.objectContaining({ id: 'criterion-1', status: 'unknown' })]);

    expect(
      await engine.judge.feasibility!(handle, {
        task: sampleTask,
        plan: version,
        step: step('step-2'),
        failure: 'x',
        screen,
      }),
    ).toMatchObject({ verdict: 'uncertain' });
    expect(
      await engine.loopJudge!.judge(handle, { trajectory: [], lines: ['Clicking: ok'], stepText: 'Click' }),
    ).toMatchObject({ verdict: 'keep' });
    expect(
      await engine.planner.missingWork(handle, {
        task: sampleTask,
        plan: version,
        screen,
        unmet: [],
        missing: [],
        reason: 'x',
      }),
    ).toEqual([]);
    expect(
      await engine.planner.revise(handle, {
        task: sampleTask,
        plan: version,
        request: { type: 'guidance', text: 'use Tab' },
      }),
    ).toMatchObject({ type: 'unchanged' });
    expect(await engine.planner.refresh(handle, { task: sampleTask, version })).toEqual({
      constraints: [],
      // The version's own criteria, kept as they were.
      successCriteria: version.successCriteria.map(({ text, check }) => ({ text, check })),
      unparsed: [],
    });
    expect(
      await engine.recovery.propose(handle, {
        task: sampleTask,
        step: step('step-2'),
        pattern: 'P',
        reason: 'r',
        recent: [],
        previous: [],
      }),
    ).toMatchObject({ type: 'none' });
    expect(await engine.critic.review(handle, { task: sampleTask, plan: version, recent: [] })).toMatchObject({
      verdict: 'retryable',
    });

    // The reflector gave up after stage 1, so 12 role calls, each one answer and one re-ask.
    expect(reports).toHaveLength(12);
    expect(reports.every((report) => report.outcome === 'error' && report.error?.startsWith('invalid-output'))).toBe(
      true,
    );
    expect(model.calls).toHaveLength(24);
    expect(reports.every((report) => report.inputTokens > 0)).toBe(true);
  });

  it('throws only for cancellation, as the core expects', async () => {
    const { engine } = confusedEngine();
    const controller = new AbortController();
    controller.abort();
    const { handle, reports } = reportingHandle(controller.signal);
    await expect(engine.planner.plan(handle, { task: sampleTask })).rejects.toSatisfy(CancelledError.isInstance);
    expect(reports).toEqual([]);
  });

  it.each([
    ['auth', 'HTTP 401: Incorrect API key provided', 'Check the API key'],
    ['bad-request', 'HTTP 404: The model `gpt-9` does not exist', 'Check the model name'],
  ] as const)(
    'planner says the model refused (%s) instead of asking to restate the task',
    async (kind, message, fix) => {
      const refusing: ModelClient = {
        specificationVersion: MODEL_CONTRACT_VERSION,
        provider: 'openai',
        model: 'gpt-9',
        complete: () => Promise.reject(new ModelError(kind, message)),
      };
      const engine = createModelEngine({ roles: { default: { client: refusing } } });
      const planned = await engine.planner.plan(reportingHandle().handle, { task: sampleTask });
      expect(planned.type).toBe('unavailable');
      expect(planned.type === 'unavailable' && planned.reason).toContain(message);
      expect(planned.type === 'unavailable' && planned.reason).toContain(fix);
    },
  );
});
