import { createHandle } from '@sandpiper/core';
import { criterionText, type AccessibilityNode } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { allStepsConfirmedCriterion } from '../planner/outcomes.js';
import { createRulesJudge } from '../judge/judge.js';
import { createScreenReader } from '../screen/screen-reader.js';
import { node, performedOf, screenOf, stepOf, testTask } from '../test-support/screens.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { GONE_FROM_PAGE } from './judgment.js';
import { click } from './test-pairs.js';

const form = [
  node('heading', 'Trip request', [20, 20, 300, 30]),
  node('combobox', 'From', [20, 80, 300, 30], { value: 'Porto' }),
  node('combobox', 'Travellers', [20, 140, 400, 30]),
  node('StaticText', 'Ana Souza', [30, 145, 80, 20]),
  node('button', 'Remove Ana Souza', [112, 145, 16, 16]),
];
const withMei = [
  ...form,
  node('StaticText', 'Mei Lin', [140, 145, 60, 20]),
  node('button', 'Remove Mei Lin', [202, 145, 16, 16]),
];

function check(after: AccessibilityNode[]) {
  return createEvidenceReflector().check(createHandle(), {
    step: stepOf("Remove 'Mei Lin'"),
    performed: performedOf(click(210, 153)),
    before: screenOf({ nodes: withMei }),
    after: screenOf({ nodes: after }),
  });
}

describe('a removal', () => {
  it('is seen when its object leaves a page that otherwise stays', async () => {
    const result = await check(form);
    expect(result).toMatchObject({ passed: true, evidence: expect.stringContaining(`'Mei Lin' ${GONE_FROM_PAGE}`) });
  });

  it('is seen when the name stays only as a choice the list still offers', async () => {
    const offered = node('option', 'Mei Lin', [20, 300, 300, 20], { selected: false });
    expect((await check([...form, offered])).evidence).toContain(GONE_FROM_PAGE);
    // Still chosen, it was not removed.
    const chosen = node('option', 'Mei Lin', [20, 300, 300, 20], { selected: true });
    expect((await check([...form, chosen])).evidence).not.toContain(GONE_FROM_PAGE);
  });

  it('is not taken from a dialog that hides the page, nor from a page that was replaced', async () => {
    const dialog = [
      node('dialog', 'Remove traveller?', [200, 100, 400, 200]),
      node('button', 'Remove', [220, 250, 80, 30]),
    ];
    expect((await check(dialog)).evidence).not.toContain(GONE_FROM_PAGE);
    const elsewhere = [node('heading', 'Your trips', [20, 20, 300, 30]), node('link', 'New trip', [20, 80, 100, 20])];
    expect((await check(elsewhere)).evidence).not.toContain(GONE_FROM_PAGE);
  });

  it('confirms a final removal to the completion judge without a message', async () => {
    const judge = createRulesJudge(createScreenReader(undefined));
    const plan = {
      id: 'plan-1',
      number: 1,
      cause: 'initial' as const,
      state: 'locked' as const,
      analysis: '',
      constraints: [],
      successCriteria: [
        {
          text: criterionText(allStepsConfirmedCriterion),
          check: allStepsConfirmedCriterion.check,
          id: 'c1',
          status: 'unknown' as const,
        },
      ],
      completed: [{ id: 's1', text: "Remove 'Mei Lin'", status: 'completed' as const }],
      pending: [],
    };
    const screen = screenOf({ nodes: form });
    const seen = await judge.judge(createHandle(), {
      task: testTask,
      plan,
      screen,
      recent: [`Clicking 'Remove Mei Lin': ok`, `Step completed: After remove, 'Mei Lin' ${GONE_FROM_PAGE}.`],
    });
    expect(seen).toMatchObject({ verdict: 'accept', confirmedSteps: ['s1'] });
    const unseen = await judge.judge(createHandle(), {
      task: testTask,
      plan,
      screen,
      recent: [`Clicking 'Remove Mei Lin': ok`, 'Step completed: After the click, region 2 changed.'],
    });
    expect(unseen).toMatchObject({ verdict: 'reject', unsure: true });
  });
});

describe('a removal done after paging to its object', () => {
  const page = (names: readonly string[]) =>
    screenOf({
      nodes: [
        node('heading', 'Assets', [20, 20, 300, 30]),
        ...names.map((name, index) => node('StaticText', name, [20, 80 + index * 40, 200, 30])),
        node('button', 'Next page', [20, 500, 100, 30]),
      ],
    });

  it('is read against the page the removal was done on, not the first one', async () => {
    const result = await createEvidenceReflector().check(createHandle(), {
      step: stepOf("Delete 'Boiler B-02'"),
      performed: performedOf(click(210, 133)),
      before: page(['Forklift FL-1', 'Forklift FL-2', 'Crane C-1']),
      lastActedOn: page(['Boiler B-01', 'Boiler B-02', 'Pump P-3']),
      after: page(['Boiler B-01', 'Pump P-3']),
    });
    expect(result).toMatchObject({
      passed: true,
      evidence: expect.stringContaining(`'Boiler B-02' ${GONE_FROM_PAGE}`),
    });
  });
});

describe('a removal confirmed in a dialog', () => {
  const rows = (names: readonly string[]) => [
    node('heading', 'Assets', [20, 20, 300, 30]),
    ...names.map((name, index) => node('StaticText', name, [20, 80 + index * 40, 200, 30])),
  ];
  const confirm = [
    node('dialog', 'Delete Boiler B-02?', [300, 200, 400, 200]),
    node('StaticText', 'The asset is removed.', [320, 240, 300, 20]),
    node('button', 'Delete', [320, 340, 80, 30]),
  ];

  it('is read against the page under the dialog, not the dialog', async () => {
    const result = await createEvidenceReflector().check(createHandle(), {
      step: stepOf("Delete 'Boiler B-02'"),
      performed: performedOf(click(210, 133), click(360, 355)),
      before: screenOf({ nodes: rows(['Boiler B-02', 'Tug TG-1', 'Generator G-2']) }),
      lastActedOn: screenOf({ nodes: confirm }),
      after: screenOf({ nodes: rows(['Tug TG-1', 'Generator G-2', 'Dryer D-2']) }),
    });
    expect(result).toMatchObject({
      passed: true,
      evidence: expect.stringContaining(`'Boiler B-02' ${GONE_FROM_PAGE}`),
    });
  });

  it('is not seen when the page under the dialog was replaced', async () => {
    const result = await createEvidenceReflector().check(createHandle(), {
      step: stepOf("Delete 'Boiler B-02'"),
      performed: performedOf(click(210, 133), click(360, 355)),
      before: screenOf({ nodes: rows(['Boiler B-02', 'Tug TG-1', 'Generator G-2']) }),
      lastActedOn: screenOf({ nodes: confirm }),
      after: screenOf({ nodes: rows(['Forklift FL-1', 'Crane C-1', 'Pump P-3']) }),
    });
    expect(result.evidence).not.toContain(GONE_FROM_PAGE);
  });
});
