import { createRulesEngine } from '@sandpiper/model-rules';
import { createHybridEngine } from '@sandpiper/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { clerkScript, planAnswer } from './support/clerk-script.js';
import { danaFields, danaInstruction } from './support/fixtures.js';
import { openRunBench, payloadsOf, type RunBench } from './support/scenario-run.js';
import { createScriptedModel } from './support/scripted-model.js';

/**
 * The hybrid engine on the expense report: the real built-in engine first, the scripted clerk
 * model behind it, so a model call is made only for what the built-in engine cannot settle.
 */
describe('a hybrid run on the expense report', () => {
  let bench: RunBench;
  beforeAll(async () => {
    bench = await openRunBench();
  });
  afterAll(() => bench.close());

  function hybrid() {
    const model = createScriptedModel({ script: clerkScript(planAnswer(danaFields)) });
    const engine = createHybridEngine(
      createRulesEngine({ ocr: 'off' }),
      createModelEngine({ roles: { default: { client: model } } }),
    );
    return { model, engine };
  }

  it('calls no model when the built-in engine reads the instruction and sees every step work', async () => {
    const { model, engine } = hybrid();
    const { state, events, app } = await bench.run({ engine, instruction: danaInstruction, session: 'parsed' });
    expect(state.status).toBe('succeeded');
    expect(app?.fields.employeeName).toBe('Dana Whitfield');
    expect(app?.fields.email).toBe('dana.whitfield@example.com');
    expect(model.calls).toEqual([]);
    expect(payloadsOf(events, 'model-call')).toEqual([]);
  });

  it('asks the model for the plan of words it cannot place, then does the steps itself', async () => {
    const { model, engine } = hybrid();
    const { state, events, app } = await bench.run({
      engine,
      instruction: "Put Dana Whitfield's name and work address on the expense form",
      session: 'model-planned',
    });
    expect(state.status).toBe('succeeded');
    expect(app?.fields.email).toBe('dana.whitfield@example.com');
    expect(model.calls.map((call) => call.name)).toEqual(['plan']);
    expect(payloadsOf(events, 'model-call').map((call) => call.role)).toEqual(['planner']);
  });
});
