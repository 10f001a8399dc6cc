import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { clerkScript, findElement, planAnswer, typingOperator } from './support/clerk-script.js';
import { danaFields, danaInstruction } from './support/fixtures.js';
import { openRunBench, payloadsOf, type RunBench } from './support/scenario-run.js';
import { createScriptedModel, type ScriptedCall } from './support/scripted-model.js';

/** Aims at the right field, but 4000 pixels too far to the right. */
function offScreenClick(call: ScriptedCall): string {
  const field = findElement(call.user, 'Employee name');
  return JSON.stringify({
    decision: 'act',
    actions: [
      {
        summary: "Clicking 'Employee name'",
        action: { type: 'click', at: { x: field.centre.x + 4000, y: field.centre.y } },
      },
    ],
  });
}

function pointsOnScreen(events: Parameters<typeof payloadsOf>[0]): boolean {
  return payloadsOf(events, 'action-start').every(
    (start) => start.action.type !== 'click' || (start.action.at.x < 1280 && start.action.at.y < 800),
  );
}

describe('coordinates outside the screen never reach the environment', () => {
  let bench: RunBench;
  beforeAll(async () => {
    bench = await openRunBench();
  });
  afterAll(() => bench.close());

  it('re-asks once with the reason and acts on the corrected point', async () => {
    const model = createScriptedModel({
      script: clerkScript(planAnswer(danaFields), { operator_decision: [offScreenClick, typingOperator] }),
    });
    const engine = createModelEngine({ roles: { default: { client: model } } });
    const { state, events } = await bench.run({ engine, instruction: danaInstruction, session: 'corrected' });

    expect(state.status).toBe('succeeded');
    expect(pointsOnScreen(events)).toBe(true);
    const reask = model.calls.filter((call) => call.name === 'operator_decision')[1]!.request.messages.at(-1);
    expect(JSON.stringify(reask?.content)).toContain('lies outside the 1280×800 image');
    const operatorCalls = payloadsOf(events, 'model-call').filter((call) => call.role === 'operator');
    expect(operatorCalls[0]?.outcome).toBe('repaired');
  });

  it('fails the step once the repairs are spent, without acting, and the run ends failed', async () => {
    const model = createScriptedModel({
      script: clerkScript(planAnswer(danaFields), {
        operator_decision: [offScreenClick],
        critic_verdict: [
          JSON.stringify({ verdict: 'retryable', reason: 'The form is on screen and the field is empty.' }),
        ],
      }),
    });
    const engine = createModelEngine({ roles: { default: { client: model } }, maxRepairs: 2 });
    const { state, events } = await bench.run({ engine, instruction: danaInstruction, session: 'hopeless' });

    expect(state.status).toBe('failed');
    expect(state.endReason).toContain('outside the screen');
    // The critic read the failed run: nothing stands in the way of another try.
    expect(state.endReason).toContain('Critic: worth another try, The form is on screen and the field is empty.');
    expect(payloadsOf(events, 'action-start')).toEqual([]);
    // Two attempts at the first step, each one answer and two re-asks.
    expect(model.calls.filter((call) => call.name === 'operator_decision')).toHaveLength(6);
    const operatorCalls = payloadsOf(events, 'model-call').filter((call) => call.role === 'operator');
    expect(operatorCalls.map((call) => call.outcome)).toEqual(['error', 'error']);
    expect(payloadsOf(events, 'feasibility-check')).toHaveLength(1);
  });
});
