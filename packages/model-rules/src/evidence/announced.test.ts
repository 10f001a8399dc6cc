import { createHandle } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { node, performedOf, screenOf, stepOf } from '../test-support/screens.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { click } from './test-pairs.js';

const filters = [
  node('combobox', 'City', [20, 80, 300, 30], { value: 'Lisbon' }),
  node('button', 'Apply filters', [20, 140, 120, 30]),
];

function check(step: string, before: AccessibilityNode[], after: AccessibilityNode[]) {
  return createEvidenceReflector().check(createHandle(), {
    step: stepOf(step),
    performed: performedOf(click(80, 155)),
    before: screenOf({ nodes: before }),
    after: screenOf({ nodes: after }),
  });
}

describe('a command the page answers in a live region', () => {
  const status = (text: string) => [
    node('status', '', [20, 200, 400, 24]),
    node('StaticText', text, [24, 202, 300, 20]),
  ];

  it('passes on the state the page announces, new after the click', async () => {
    const result = await check('Apply', filters, [...filters, ...status('16 jobs match your filters.')]);
    expect(result).toMatchObject({ passed: true, basis: 'state' });
    expect(result.evidence).toContain('16 jobs match your filters.');
  });

  it('fails on a refusal in the region, which asks the person for something', async () => {
    // A sign-up without the terms ticked: the page's answer is a request, not news.
    const result = await check('Sign up', filters, [
      ...filters,
      ...status('Agree to the Terms of Service to continue.'),
    ]);
    expect(result.passed).toBe(false);
    const named = await check('Sign up', filters, [
      ...filters,
      node('status', 'Agree to the Terms of Service to continue.', [20, 200, 400, 24]),
    ]);
    expect(named.passed).toBe(false);
  });

  it('takes no announcement the page already made, an error, or one with an object to be wrong about', async () => {
    const same = [...filters, ...status('16 jobs match your filters.')];
    expect((await check('Apply', same, same)).evidence).not.toContain('announces');
    const error = await check('Apply', filters, [...filters, ...status('Could not apply the filters, try again.')]);
    expect(error.evidence).not.toContain('announces');
    const object = await check("Archive 'Q3 report'", filters, [...filters, ...status('16 jobs match your filters.')]);
    expect(object.evidence).not.toContain('announces');
  });

  it('reads "apply the filters" as applying the form itself', async () => {
    const result = await check("Apply 'filters'", filters, [...filters, ...status('16 jobs match your filters.')]);
    expect(result).toMatchObject({ passed: true, basis: 'state' });
  });
});

describe('an item picked from a menu that closed', () => {
  const card = (title: string) => [
    node('heading', title, [20, 20, 300, 30]),
    node('button', 'More actions', [340, 20, 30, 30]),
  ];
  const menu = [
    node('menu', 'More actions', [300, 60, 160, 90]),
    node('menuitem', 'Rename', [300, 60, 160, 30]),
    node('menuitem', 'Archive', [300, 90, 160, 30]),
  ];

  it('is a click the person asked for, read where it was clicked', async () => {
    const result = await createEvidenceReflector().check(createHandle(), {
      step: stepOf("Pick 'Archive'"),
      performed: performedOf(click(380, 105)),
      // The menu was open when the step began: the screen before is the one clicked on.
      before: screenOf({ nodes: [...card('Crew portal'), ...menu] }),
      after: screenOf({ nodes: [...card('Crew portal (archived)')] }),
    });
    expect(result).toMatchObject({ passed: true, basis: 'state' });
  });
});

describe('a row picked in a grid', () => {
  const grid = (ticked: boolean) => [
    node('grid', 'Assets', [100, 100, 900, 300], { ref: 'grid' }),
    node('row', '', [100, 140, 900, 40], { ref: 'r1', parent: 'grid' }),
    node('checkbox', 'Toggle row selection', [110, 152, 16, 16], { parent: 'r1', checked: ticked }),
    node('text', 'Forklift FL-3', [200, 150, 150, 20], { parent: 'r1' }),
  ];
  const pick = (ticked: boolean) =>
    createEvidenceReflector().check(createHandle(), {
      step: stepOf("Pick 'Forklift FL-3'"),
      performed: performedOf(click(118, 160)),
      before: screenOf({ nodes: grid(false) }),
      after: screenOf({ nodes: grid(ticked) }),
    });

  it('is read from its checkbox', async () => {
    expect(await pick(true)).toMatchObject({ passed: true, evidence: "The row of 'Forklift FL-3' is ticked." });
    expect((await pick(false)).evidence).not.toContain('is ticked');
  });
});
