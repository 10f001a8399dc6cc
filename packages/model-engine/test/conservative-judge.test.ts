import { describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { plan, reportingHandle, sampleTask, syntheticScreen } from './support/screens.js';
import { createScriptedModel } from './support/scripted-model.js';

const accept = {
  verdict: 'accept',
  certain: true,
  reason: 'The Employee name field reads Ada.',
  criteria: [{ id: 'criterion-1', satisfied: true, evidence: "The field reads 'Ada'." }],
  sideEffectsConfirmed: true,
  screenStable: true,
  missing: [],
};

async function judged(answer: object) {
  const model = createScriptedModel({ script: { completion_verdict: [JSON.stringify(answer)] } });
  const engine = createModelEngine({ roles: { default: { client: model } } });
  const verdict = await engine.judge.judge(reportingHandle().handle, {
    task: sampleTask,
    plan: plan(),
    screen: await syntheticScreen(3),
    recent: ["Typing 'Ada': ok"],
  });
  return { verdict, request: model.calls[0]!.request };
}

describe('the judge accepts only certain, evidenced, settled completions', () => {
  it('accepts a certain answer that quotes the exact value, at a low temperature', async () => {
    const { verdict, request } = await judged(accept);
    expect(verdict).toEqual({ verdict: 'accept', reason: accept.reason, satisfied: ['criterion-1'], missing: [] });
    expect(request.temperature).toBe(0.2);
  });

  it.each([
    ['an uncertain acceptance', { certain: false }, 'the judge was not certain'],
    ['a hedged acceptance', { reason: 'The field probably reads Ada.' }, 'the judge hedged'],
    [
      'an exact value not quoted',
      { criteria: [{ id: 'criterion-1', satisfied: true, evidence: 'The name is there.' }] },
      'was not quoted',
    ],
    ['an unconfirmed side effect', { sideEffectsConfirmed: false }, 'no visible confirmation'],
    ['a screen still changing', { screenStable: false }, 'not settled'],
    ['missing work listed', { missing: ['press Save'] }, 'listed as missing'],
  ])('turns %s into a rejection', async (_case, change, why) => {
    const { verdict } = await judged({ ...accept, ...change });
    expect(verdict.verdict).toBe('reject');
    expect(verdict.reason).toContain(why);
  });

  it('downgrades a criterion read as satisfied without its exact value to unknown', async () => {
    const model = createScriptedModel({
      script: {
        criteria_readings: [
          JSON.stringify({ readings: [{ id: 'criterion-1', status: 'satisfied', evidence: 'A name is typed.' }] }),
        ],
      },
    });
    const engine = createModelEngine({ roles: { default: { client: model } } });
    const readings = await engine.judge.assess(reportingHandle().handle, {
      task: sampleTask,
      plan: plan(),
      screen: await syntheticScreen(4),
    });
    expect(readings).toEqual([expect.objectContaining({ id: 'criterion-1', status: 'unknown' })]);
  });
});
