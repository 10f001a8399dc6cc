import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { clerkScript, planAnswer, typingOperator } from './support/clerk-script.js';
import { danaFields, danaInstruction, scriptedPrices } from './support/fixtures.js';
import { openRunBench, payloadsOf, type RunBench } from './support/scenario-run.js';
import { createScriptedModel } from './support/scripted-model.js';

describe('malformed answers are repaired by re-asking with the validation error', () => {
  let bench: RunBench;
  beforeAll(async () => {
    bench = await openRunBench();
  });
  afterAll(() => bench.close());

  it('reads a plan wrapped in prose, re-asks for missing criteria and for an invented action, and still succeeds', async () => {
    const complete = JSON.parse(planAnswer(danaFields)) as Record<string, unknown>;
    const { successCriteria: _dropped, ...withoutCriteria } = complete;
    const model = createScriptedModel({
      prices: scriptedPrices,
      script: clerkScript('', {
        plan: [
          `Here is the plan I came up with:\n\`\`\`json\n${JSON.stringify(withoutCriteria)}\n\`\`\`\nLet me know.`,
          `Sorry, with the criteria this time: ${JSON.stringify(complete)}`,
        ],
        operator_decision: [
          JSON.stringify({
            decision: 'act',
            actions: [{ summary: 'Teleporting to the field', action: { type: 'teleport', to: 'Employee name' } }],
          }),
          typingOperator,
        ],
      }),
    });
    const engine = createModelEngine({ roles: { default: { client: model } } });
    const { state, events, app } = await bench.run({ engine, instruction: danaInstruction, session: 'repaired' });

    expect(state.status).toBe('succeeded');
    expect(app?.fields.email).toBe('dana.whitfield@example.com');

    const calls = payloadsOf(events, 'model-call');
    const repaired = calls.filter((call) => call.outcome === 'repaired');
    expect(repaired.map((call) => call.role)).toEqual(['planner', 'operator']);
    expect(calls.filter((call) => call.outcome === 'error')).toEqual([]);

    const planCalls = model.calls.filter((call) => call.name === 'plan');
    expect(planCalls).toHaveLength(2);
    const planReask = planCalls[1]!.request.messages;
    expect(planReask.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(JSON.stringify(planReask[3]?.content)).toContain('successCriteria');

    const operatorReask = model.calls.filter((call) => call.name === 'operator_decision')[1]!.request.messages;
    expect(JSON.stringify(operatorReask.at(-1)?.content)).toContain('Invalid discriminator value');
    expect(payloadsOf(events, 'action-start').some((action) => action.summary.includes('Teleport'))).toBe(false);
  });
});
