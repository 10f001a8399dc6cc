import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createModelEngine } from '../src/index.js';
import { plan, reportingHandle, sampleTask, syntheticScreen } from './support/screens.js';
import { createScriptedModel } from './support/scripted-model.js';

const accept = {
  criteria: [{ id: 'criterion-1', evidence: "The field reads 'Ada'.", satisfied: true }],
  sideEffects: 'confirmed',
  screenStable: true,
  missing: [],
  reason: 'The Employee name field reads Ada.',
  certain: true,
  verdict: 'accept',
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

  it('asks for the evidence before the verdict, so strict decoding writes the verdict last', async () => {
    const { request } = await judged(accept);
    const shape = z.toJSONSchema(request.outputSchema!) as { properties: Record<string, unknown> };
    const fields = Object.keys(shape.properties);
    expect(fields.at(-1)).toBe('verdict');
    expect(fields.indexOf('criteria')).toBeLessThan(fields.indexOf('certain'));
  });

  it.each([
    ['a task with no side effect', { sideEffects: 'not-applicable' }],
    ['a plain description that uses a word of doubt', { reason: "A banner that reads 'Saved' appears." }],
  ])('accepts %s', async (_case, change) => {
    const { verdict } = await judged({ ...accept, ...change });
    expect(verdict.verdict).toBe('accept');
  });

  it.each([
    ['an uncertain acceptance', { certain: false }, 'the judge was not certain'],
    [
      'an exact value not quoted',
      { criteria: [{ id: 'criterion-1', evidence: 'The name is there.', satisfied: true }] },
      'was not quoted',
    ],
    ['an unconfirmed side effect', { sideEffects: 'unconfirmed' }, 'no visible confirmation'],
    ['a screen still changing', { screenStable: false }, 'not settled'],
    ['missing work listed', { missing: ['press Save'] }, 'listed as missing'],
  ])('turns %s into a rejection', async (_case, change, why) => {
    const { verdict } = await judged({ ...accept, ...change });
    expect(verdict.verdict).toBe('reject');
    expect(verdict.reason).toContain(why);
    // The rejection comes from doubt, not from something the screen contradicts.
    expect(verdict.unsure).toBe(true);
  });

  it('keeps a certain rejection as a plain one, and marks an uncertain one unsure', async () => {
    const reject = { ...accept, criteria: [{ ...accept.criteria[0], satisfied: false }], verdict: 'reject' };
    expect((await judged(reject)).verdict).toMatchObject({ verdict: 'reject', reason: accept.reason });
    expect((await judged(reject)).verdict.unsure).toBeUndefined();
    expect((await judged({ ...reject, certain: false })).verdict).toMatchObject({ verdict: 'reject', unsure: true });
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
