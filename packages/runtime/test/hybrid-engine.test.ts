import {
  createHandle,
  type CriterionReading,
  type Engine,
  type JudgeVerdict,
  type OperatorDecision,
  type StepCheck,
} from '@sandpiper/core';
import type { Grounding } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { createHybridEngine } from '../src/index.js';

/**
 * Which engine answers in the hybrid: the built-in one's answers that settle something stand,
 * the rest go to the model. Both engines here are fakes through the real engine contract that
 * record what was asked of them.
 */

const handle = createHandle({});
const screen = {
  observation: { id: 'obs-1', takenAt: 1, screenshot: { hash: 'h1', mimeType: 'image/png', width: 10, height: 10 } },
  capture: { png: new Uint8Array(), width: 10, height: 10 },
} as const;
const task = { instruction: 'Do it', environment: { type: 'url', url: 'http://127.0.0.1:1/' } } as never;
const step = { id: 'step-1', text: "Click 'Save'", status: 'pending' } as const;
const plan = {
  id: 'plan-1',
  number: 1,
  cause: 'initial',
  state: 'locked',
  analysis: '',
  constraints: [],
  successCriteria: [
    { id: 'criterion-a', text: 'A', status: 'unknown' },
    { id: 'criterion-b', text: 'B', status: 'unknown' },
  ],
  completed: [],
  pending: [step],
} as never;

interface Answers {
  decide?: OperatorDecision;
  check?: StepCheck;
  readings?: CriterionReading[];
  verdict?: JudgeVerdict;
}

function fake(name: string, answers: Answers, asked: string[]): Engine {
  const note = <T>(what: string, value: T | undefined): T => {
    asked.push(`${name}.${what}`);
    if (value === undefined) throw new Error(`${name} has no answer for ${what}`);
    return value;
  };
  return {
    name,
    planner: {
      plan: async () => note('plan', { type: 'clarify' as const, question: 'What?', unparsed: ['it'] }),
      refresh: async () => note('refresh', { constraints: [], successCriteria: [], unparsed: [] }),
      missingWork: async () => note('missingWork', []),
      revise: async () => note('revise', { type: 'unchanged' as const, reason: 'no' }),
    },
    operator: { decide: async () => note('decide', answers.decide) },
    grounder: { ground: async () => note<Grounding>('ground', undefined) },
    reflector: { check: async () => note('check', answers.check) },
    judge: {
      judge: async () => note('judge', answers.verdict),
      assess: async () => note('assess', answers.readings),
    },
  };
}

function hybrid(builtin: Answers, model: Answers) {
  const asked: string[] = [];
  return { engine: createHybridEngine(fake('builtin', builtin, asked), fake('model', model, asked)), asked };
}

const act: OperatorDecision = { type: 'act', actions: [{ action: { type: 'key', keys: ['Enter'] }, summary: 'x' }] };
const operatorInput = { task, step, attempt: 1, screen, performed: [] };

describe('the hybrid engine', () => {
  it('keeps the built-in action, and asks the model when the built-in operator cannot act', async () => {
    const first = hybrid({ decide: act }, {});
    expect(await first.engine.operator.decide(handle, operatorInput)).toBe(act);
    expect(first.asked).toEqual(['builtin.decide']);
    const second = hybrid({ decide: { type: 'fail', reason: 'No Save button.' } }, { decide: act });
    expect(await second.engine.operator.decide(handle, operatorInput)).toBe(act);
    expect(second.asked).toEqual(['builtin.decide', 'model.decide']);
  });

  it('keeps a built-in pass, and lets the model judge a step the built-in check did not see work', async () => {
    const passed = { passed: true, evidence: 'Saved.' };
    const first = hybrid({ check: passed }, {});
    const input = { step, performed: [], before: screen, after: screen };
    expect(await first.engine.reflector.check(handle, input)).toBe(passed);
    expect(first.asked).toEqual(['builtin.check']);
    const second = hybrid({ check: { passed: false, evidence: 'No change.' } }, { check: passed });
    expect(await second.engine.reflector.check(handle, input)).toBe(passed);
    expect(second.asked).toEqual(['builtin.check', 'model.check']);
    // The page's own refusal is not the model's to overturn.
    const refused = { passed: false, evidence: 'The page says the password is wrong.', refused: 'Incorrect password.' };
    const third = hybrid({ check: refused }, { check: passed });
    expect(await third.engine.reflector.check(handle, input)).toBe(refused);
    expect(third.asked).toEqual(['builtin.check']);
  });

  it('asks the model only for the criteria the built-in engine could not read, keeping the rest', async () => {
    const { engine, asked } = hybrid(
      {
        readings: [
          { id: 'criterion-a', status: 'satisfied', evidence: 'A shown.' },
          { id: 'criterion-b', status: 'unknown', evidence: 'Cannot read B.' },
        ],
      },
      {
        readings: [
          { id: 'criterion-a', status: 'unsatisfied', evidence: 'Model on A.' },
          { id: 'criterion-b', status: 'satisfied', evidence: 'Model read B.' },
        ],
      },
    );
    expect(await engine.judge.assess(handle, { task, plan, screen })).toEqual([
      { id: 'criterion-a', status: 'satisfied', evidence: 'A shown.' },
      { id: 'criterion-b', status: 'satisfied', evidence: 'Model read B.' },
    ]);
    expect(asked).toEqual(['builtin.assess', 'model.assess']);
  });

  it('lets a completion verdict on criteria it read stand, and hands doubt and unreadable criteria to the model', async () => {
    const read: CriterionReading[] = [
      { id: 'criterion-a', status: 'satisfied', evidence: 'A.' },
      { id: 'criterion-b', status: 'unsatisfied', evidence: 'Not B.' },
    ];
    const certain: JudgeVerdict = { verdict: 'reject', reason: 'B is not shown.', satisfied: ['criterion-a'] };
    const accept: JudgeVerdict = { verdict: 'accept', reason: 'Both.', satisfied: ['criterion-a', 'criterion-b'] };
    const input = { task, plan, screen };

    const settled = hybrid({ readings: read, verdict: certain }, {});
    expect(await settled.engine.judge.judge(handle, input)).toBe(certain);
    expect(settled.asked).toEqual(['builtin.judge', 'builtin.assess']);

    const accepted = hybrid({ readings: read, verdict: accept }, {});
    expect(await accepted.engine.judge.judge(handle, input)).toBe(accept);
    expect(accepted.asked).toEqual(['builtin.judge']);

    const doubt = hybrid({ readings: read, verdict: { ...certain, unsure: true } }, { verdict: accept });
    expect(await doubt.engine.judge.judge(handle, input)).toBe(accept);
    expect(doubt.asked).toEqual(['builtin.judge', 'builtin.assess', 'model.judge']);

    const unreadable = hybrid(
      { readings: [read[0]!, { id: 'criterion-b', status: 'unknown', evidence: '?' }], verdict: certain },
      { verdict: accept },
    );
    expect(await unreadable.engine.judge.judge(handle, input)).toBe(accept);
    expect(unreadable.asked).toEqual(['builtin.judge', 'builtin.assess', 'model.judge']);
  });

  it('replaces a built-in plan whose first target is out of sight only with a plan the model has', async () => {
    const builtinPlan = {
      type: 'plan' as const,
      analysis: '',
      constraints: [],
      successCriteria: [],
      steps: [{ text: "Click 'Details'" }],
    };
    const searching: OperatorDecision = {
      type: 'act',
      actions: [{ action: { type: 'scroll', deltaX: 0, deltaY: 500 }, summary: 'Looking further down' }],
    };
    const build = (modelPlan: 'plan' | 'clarify') => {
      const asked: string[] = [];
      const builtin = fake('builtin', { decide: searching }, asked);
      const model = fake('model', {}, asked);
      const planned = { ...builtinPlan, steps: [{ text: "Click the 'Details' link" }] };
      return {
        asked,
        engine: createHybridEngine(
          { ...builtin, planner: { ...builtin.planner, plan: async () => builtinPlan } },
          {
            ...model,
            planner: {
              ...model.planner,
              plan: async () =>
                modelPlan === 'plan' ? planned : { type: 'clarify' as const, question: '?', unparsed: ['it'] },
            },
          },
        ),
      };
    };
    const replaced = await build('plan').engine.planner.plan(handle, { task, screen });
    expect(replaced.type === 'plan' && replaced.steps[0]?.text).toBe("Click the 'Details' link");
    const kept = await build('clarify').engine.planner.plan(handle, { task, screen });
    expect(kept).toBe(builtinPlan);
  });

  it('asks the model to plan words the built-in planner could not place', async () => {
    const asked: string[] = [];
    const model = fake('model', {}, asked);
    const planned = { type: 'plan' as const, analysis: '', constraints: [], successCriteria: [], steps: [] };
    const engine = createHybridEngine(fake('builtin', {}, asked), {
      ...model,
      planner: { ...model.planner, plan: async () => (asked.push('model.plan'), planned) },
    });
    expect(await engine.planner.plan(handle, { task, screen })).toBe(planned);
    expect(asked).toEqual(['builtin.plan', 'model.plan']);
  });
});
