import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { clerkScript, planAnswer } from './support/clerk-script.js';
import { danaFields, danaInstruction, PRESENT_PROGRESSIVE, scriptedPrices } from './support/fixtures.js';
import { openRunBench, payloadsOf, type RunBench } from './support/scenario-run.js';
import { createScriptedModel } from './support/scripted-model.js';

describe('a complete run on the expense report, every role on a scripted model', () => {
  let bench: RunBench;
  beforeAll(async () => {
    bench = await openRunBench();
  });
  afterAll(() => bench.close());

  it('fills the form, passes the completion gate and the judge, and reports every model call', async () => {
    const model = createScriptedModel({ script: clerkScript(planAnswer(danaFields)), prices: scriptedPrices });
    const engine = createModelEngine({ roles: { default: { client: model } } });
    const { state, events, app } = await bench.run({ engine, instruction: danaInstruction, session: 'success' });

    expect(state.status).toBe('succeeded');
    expect(app?.fields.employeeName).toBe('Dana Whitfield');
    expect(app?.fields.email).toBe('dana.whitfield@example.com');
    expect(app?.submissions).toEqual([]);

    const actions = payloadsOf(events, 'action-start');
    expect(actions.map((action) => action.action.type)).toEqual(['click', 'key', 'type', 'click', 'key', 'type']);
    for (const action of actions) expect(action.summary).toMatch(PRESENT_PROGRESSIVE);
    // The 'Employee name' textbox spans x 53..493 and y 309.5..348 on the 1280×800 screen.
    const nameClick = actions[0]?.action;
    expect(nameClick?.type === 'click' && nameClick.at.x > 53 && nameClick.at.x < 493).toBe(true);
    expect(nameClick?.type === 'click' && nameClick.at.y > 309.5 && nameClick.at.y < 348).toBe(true);

    const completion = payloadsOf(events, 'completion-check');
    expect(completion).toHaveLength(1);
    expect(completion[0]).toMatchObject({ accepted: true, gate: { verdict: 'done' }, judge: { verdict: 'accept' } });

    const calls = payloadsOf(events, 'model-call');
    expect(new Set(calls.map((call) => call.role))).toEqual(new Set(['planner', 'operator', 'reflector', 'judge']));
    expect(calls).toHaveLength(model.calls.length);
    for (const call of calls) {
      expect(call).toMatchObject({ model: 'openai-compatible:scripted-vl', outcome: 'ok' });
      expect(call.inputTokens).toBeGreaterThan(0);
      expect(call.outputTokens).toBeGreaterThan(0);
      expect(call.costUsd).toBeGreaterThan(0);
    }
    expect(state.usage.calls).toBe(calls.length);
    expect(state.usage.inputTokens).toBe(calls.reduce((sum, call) => sum + call.inputTokens, 0));

    const logged = JSON.stringify(events);
    expect(logged).not.toContain('Answer with one JSON object');
    expect(logged).not.toContain('Elements on it');
  });
});
