import { createHandle } from '@sandpiper/core';
import type { AccessibilityNode, Action } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { node, performedOf, screenOf, stepOf } from '../test-support/screens.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { click } from './test-pairs.js';

const box = node('searchbox', 'Search assets', [20, 20, 300, 30]);
const rows = (names: readonly string[]) => [
  node('grid', 'Assets', [20, 80, 800, 400], { ref: 'g' }),
  ...names.flatMap((name, index) => [
    node('row', '', [20, 110 + index * 30, 800, 30], { ref: `r${index}`, parent: 'g' }),
    node('gridcell', name, [20, 110 + index * 30, 200, 30], { parent: `r${index}` }),
  ]),
];
const searched: Action[] = [click(60, 35), { type: 'type', text: 'cranes' }, { type: 'key', keys: ['Enter'] }];

function check(after: AccessibilityNode[]) {
  return createEvidenceReflector().check(createHandle(), {
    step: stepOf("Search for 'cranes'"),
    performed: performedOf(...searched),
    before: screenOf({ nodes: [box, ...rows(['Crane C-1', 'Forklift FL-3', 'Pallet jack PJ-2'])] }),
    after: screenOf({ nodes: after }),
  });
}

describe('a search that finds nothing', () => {
  it('is a refusal to ask about when the page says so', async () => {
    const result = await check([box, ...rows([]), node('StaticText', 'No Matching Rows', [300, 200, 200, 20])]);
    expect(result).toMatchObject({ passed: false, refused: expect.stringContaining('No Matching Rows') });
  });

  it('is a refusal to ask about when every listed item went away', async () => {
    const result = await check([box, ...rows([])]);
    expect(result).toMatchObject({ passed: false, refused: expect.stringMatching(/none of the 3 items/) });
  });

  it('is no refusal when results are listed', async () => {
    const result = await check([box, ...rows(['Crane C-1'])]);
    expect(result.refused).toBeUndefined();
  });
});
