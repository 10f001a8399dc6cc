import { createHandle } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { createScreenReader } from '../screen/screen-reader.js';
import { node, screenOf } from '../test-support/screens.js';
import { judgeFeasibility } from './feasibility.js';

const reader = createScreenReader(undefined);

/** A feed: two posts, each with its author and a Like button. */
const feed: AccessibilityNode[] = [
  node('main', '', [0, 0, 1280, 800], { ref: 'm' }),
  ...['Dana Ruiz', 'Mei Chen'].flatMap((author, index) => [
    node('article', '', [100, 100 + index * 200, 800, 180], { ref: `post${index}`, parent: 'm' }),
    node('text', author, [120, 110 + index * 200, 200, 20], { ref: `author${index}`, parent: `post${index}` }),
    node('button', 'Like', [120, 240 + index * 200, 80, 30], { ref: `like${index}`, parent: `post${index}` }),
  ]),
];

const feasibility = (step: string) =>
  judgeFeasibility(createHandle(), reader, {
    step: { id: 's1', text: step, status: 'pending' },
    screen: screenOf({ nodes: feed }),
    failure: 'the target was not found',
  } as Parameters<typeof judgeFeasibility>[2]);

describe('feasibility of a step whose target is named by what holds it', () => {
  it('is uncertain when the holder reads as a list of names that are each on the page', async () => {
    const verdict = await feasibility("Like 'dana ruiz and mei chen'");
    expect(verdict.verdict).toBe('uncertain');
    expect(verdict.evidence.join(' ')).toMatch(/'dana ruiz and mei chen' may be 2 names/);
  });

  it('is infeasible, said of the holder, when nothing on the page is named so', async () => {
    const verdict = await feasibility("Like 'Omar Haddad'");
    expect(verdict.verdict).toBe('infeasible');
    expect(verdict.evidence.join(' ')).toMatch(/Nothing on the page is named 'Omar Haddad'; 'Like' is on the page/);
  });

  it('is infeasible, said of the outer holder, when what holds the holder is nowhere', async () => {
    const verdict = await feasibility("Like 'Dana Ruiz' in 'Omar Haddad'");
    expect(verdict.verdict).toBe('infeasible');
    expect(verdict.evidence.join(' ')).toMatch(/Nothing on the page is named 'Omar Haddad'/);
  });

  it('is infeasible as before when the target itself is nowhere', async () => {
    const verdict = await feasibility("Archive 'Dana Ruiz'");
    expect(verdict.verdict).toBe('infeasible');
    expect(verdict.evidence[0]).toMatch(/Nothing on the page is named 'archive'/);
  });

  it('is uncertain when a control carries another name of the command, enabled or not', async () => {
    const grid: AccessibilityNode[] = [
      node('main', '', [0, 0, 1280, 800], { ref: 'm' }),
      node('button', 'Delete selected (0)', [100, 40, 160, 30], { ref: 'bulk', parent: 'm', disabled: true }),
      node('row', 'Forklift FL-3', [100, 100, 800, 40], { ref: 'r1', parent: 'm' }),
      node('checkbox', 'Select Forklift FL-3', [110, 110, 20, 20], { ref: 'c1', parent: 'r1' }),
    ];
    const verdict = await judgeFeasibility(createHandle(), reader, {
      step: { id: 's1', text: "Remove 'Forklift FL-3'", status: 'pending' },
      screen: screenOf({ nodes: grid }),
      failure: 'the target was not found',
    } as Parameters<typeof judgeFeasibility>[2]);
    expect(verdict.verdict).toBe('uncertain');
    expect(verdict.evidence[0]).toMatch(/'Delete selected \(0\)' is on the page/);
  });
});
