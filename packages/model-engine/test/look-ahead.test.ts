import type { Handle, Screen } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { findElement, listedCriteria } from './support/clerk-script.js';
import { plan, reportingHandle, sampleTask, syntheticScreen } from './support/screens.js';
import { createScriptedModel, type ScriptedCall } from './support/scripted-model.js';

/**
 * The step check looking ahead: one call on the screen after a step gives the verdict, the
 * criteria readings and the next step's first move, and the operator and the criteria check take
 * them only for exactly that screen and step.
 */

const withAda = [
  { ref: 'e1', role: 'textbox', name: 'Employee name', value: 'Ada', box: { x: 53, y: 309, width: 440, height: 38 } },
  { ref: 'e2', role: 'button', name: 'Next', box: { x: 612, y: 695, width: 70, height: 38 } },
];

const version = plan();
const current = version.pending[0]!;
const following = version.pending[1]!;

/** The verdict, honest readings, and a click on Next for "Click 'Next'", with `change` applied. */
function lookAhead(change: (answer: Record<string, unknown>) => Record<string, unknown> = (answer) => answer) {
  return (call: ScriptedCall) =>
    JSON.stringify(
      change({
        evidence: "The 'Employee name' field shows 'Ada'.",
        summary: 'The name is typed.',
        verdict: 'success',
        readings: listedCriteria(call.user).map(({ id }) => ({ id, status: 'satisfied', evidence: "It reads 'Ada'." })),
        next: {
          decision: 'act',
          thought: 'Next is visible.',
          actions: [
            {
              summary: "Clicking 'Next'",
              action: { type: 'click', at: findElement(call.user, 'Next', 'button').centre },
            },
          ],
          completesStep: true,
        },
      }),
    );
}

const freshDecision = JSON.stringify({
  decision: 'act',
  thought: 'Asked afresh.',
  actions: [{ summary: "Clicking 'Next'", action: { type: 'click', at: { x: 640, y: 714 } } }],
});
const freshReadings = JSON.stringify({
  readings: [{ id: 'criterion-1', status: 'unknown', evidence: 'Asked afresh.' }],
});

/** The operator's decision on the step after `current`, on this screen. */
function decideNext(engine: ReturnType<typeof createModelEngine>, handle: Handle, screen: Screen, attempt = 1) {
  return engine.operator.decide(handle, { task: sampleTask, step: following, attempt, screen, performed: [] });
}

async function checkThenContinue(
  reply: (call: ScriptedCall) => string,
  options: { readonly nextScreen?: (after: Screen) => Promise<Screen>; readonly attempt?: number } = {},
) {
  const model = createScriptedModel({
    script: { step_verdict_and_next: [reply], operator_decision: [freshDecision], criteria_readings: [freshReadings] },
  });
  const engine = createModelEngine({ roles: { default: { client: model } } });
  const { handle } = reportingHandle();
  const before = await syntheticScreen(1);
  const after = await syntheticScreen(2, { nodes: withAda });
  const check = await engine.reflector.check(handle, {
    step: current,
    performed: [],
    before,
    after,
    task: sampleTask,
    plan: version,
  });
  const screen = options.nextScreen ? await options.nextScreen(after) : after;
  const readings = await engine.judge.assess(handle, { task: sampleTask, plan: version, screen });
  const decision = await decideNext(engine, handle, screen, options.attempt);
  return { check, readings, decision, calls: model.calls.map((call) => call.name), model };
}

describe('the step check looking ahead', () => {
  it('answers the verdict, the criteria and the next move in one call, which the judge and operator then take', async () => {
    const run = await checkThenContinue(lookAhead());
    expect(run.check.passed).toBe(true);
    expect(run.calls).toEqual(['step_verdict_and_next']);
    expect(run.readings).toEqual([{ id: 'criterion-1', status: 'satisfied', evidence: "It reads 'Ada'." }]);
    expect(run.decision).toMatchObject({
      type: 'act',
      completesStep: true,
      actions: [{ action: { type: 'click', at: { x: 647, y: 714 } } }],
    });
    const prompt = run.model.calls[0]!.request.messages.map((message) => JSON.stringify(message.content)).join('\n');
    expect(prompt).toContain("Next step: Click 'Next'");
    expect(prompt).toContain('[criterion-1]');
  });

  it('asks afresh on another screen: a move decided on one screenshot is not used on the next', async () => {
    const run = await checkThenContinue(lookAhead(), { nextScreen: () => syntheticScreen(3, { nodes: withAda }) });
    expect(run.calls).toEqual(['step_verdict_and_next', 'criteria_readings', 'operator_decision']);
    expect(run.readings[0]?.evidence).toBe('Asked afresh.');
    expect(run.decision).toMatchObject({ type: 'act', actions: [{ summary: expect.stringContaining('Next') }] });
  });

  it('asks afresh on a later attempt, which must see what went wrong', async () => {
    const run = await checkThenContinue(lookAhead(), { attempt: 2 });
    expect(run.calls).toEqual(['step_verdict_and_next', 'operator_decision']);
  });

  it('holds no move after a failure verdict, and the failure stands', async () => {
    const run = await checkThenContinue(
      lookAhead((answer) => ({ ...answer, verdict: 'failure', evidence: 'The field is empty.' })),
    );
    expect(run.check).toMatchObject({ passed: false, evidence: 'The field is empty.' });
    expect(run.calls).toEqual(['step_verdict_and_next', 'operator_decision']);
  });

  it('keeps the verdict and drops a malformed look ahead without re-asking', async () => {
    const run = await checkThenContinue(
      lookAhead((answer) => ({
        ...answer,
        readings: [{ id: 'criterion-9', status: 'satisfied', evidence: 'Made up.' }],
        next: {
          decision: 'act',
          actions: [{ summary: 'Clicking', action: { type: 'click', at: { x: 99_999, y: 5 } } }],
        },
      })),
    );
    expect(run.check.passed).toBe(true);
    expect(run.calls).toEqual(['step_verdict_and_next', 'criteria_readings', 'operator_decision']);
    expect(run.readings[0]?.evidence).toBe('Asked afresh.');
  });

  it('does not take a satisfied exact criterion that does not quote its value', async () => {
    const run = await checkThenContinue(
      lookAhead((answer) => ({
        ...answer,
        readings: [{ id: 'criterion-1', status: 'satisfied', evidence: 'The name is filled in.' }],
      })),
    );
    expect(run.readings[0]).toMatchObject({ status: 'unknown' });
  });
});

describe('when the step check does not look ahead', () => {
  it('asks the plain verdict without a plan (a recheck), and the next move of the operator', async () => {
    const model = createScriptedModel({
      script: {
        step_verdict: [JSON.stringify({ evidence: 'It reads Ada.', summary: 'Typed.', verdict: 'success' })],
        operator_decision: [freshDecision],
      },
    });
    const engine = createModelEngine({ roles: { default: { client: model } } });
    const { handle } = reportingHandle();
    const after = await syntheticScreen(2, { nodes: withAda });
    await engine.reflector.check(handle, { step: current, performed: [], before: after, after });
    await decideNext(engine, handle, after);
    expect(model.calls.map((call) => call.name)).toEqual(['step_verdict', 'operator_decision']);
  });

  it('reads only the criteria when the operator is another model, whose move it cannot make', async () => {
    const checker = createScriptedModel({ script: { step_verdict_and_next: [lookAhead()] }, model: 'checker-vl' });
    const operator = createScriptedModel({ script: { operator_decision: [freshDecision] }, model: 'operator-vl' });
    const engine = createModelEngine({ roles: { default: { client: checker }, operator: { client: operator } } });
    const { handle } = reportingHandle();
    const after = await syntheticScreen(2, { nodes: withAda });
    await engine.reflector.check(handle, {
      step: current,
      performed: [],
      before: after,
      after,
      task: sampleTask,
      plan: version,
    });
    await engine.judge.assess(handle, { task: sampleTask, plan: version, screen: after });
    await decideNext(engine, handle, after);
    expect(checker.calls.map((call) => call.name)).toEqual(['step_verdict_and_next']);
    expect(operator.calls.map((call) => call.name)).toEqual(['operator_decision']);
    const prompt = JSON.stringify(checker.calls[0]!.request.messages);
    expect(prompt).toContain('Next step: (none');
  });
});
