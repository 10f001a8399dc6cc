import { planGraph } from '@sandpiper/core';
import type { PlanVersion } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { layoutVersionGraph } from './version-graph-layout.js';

function version(number: number, state: PlanVersion['state'], parent?: number): PlanVersion {
  return {
    id: `v${number}`,
    number,
    ...(parent === undefined ? {} : { parentId: `v${parent}` }),
    cause: parent === undefined ? 'initial' : 'guidance',
    state,
    analysis: '',
    constraints: [],
    successCriteria: [],
    completed: [],
    pending: [{ id: 's1', text: 'Click Next', status: 'pending' }],
  };
}

const lanes = (versions: PlanVersion[]) =>
  Object.fromEntries(layoutVersionGraph(planGraph(versions)).rows.map((row) => [row.node.id, row.lane]));

describe('the version graph layout', () => {
  it('keeps a straight line of approved versions in one lane', () => {
    expect(lanes([version(1, 'superseded'), version(2, 'superseded', 1), version(3, 'locked', 2)])).toEqual({
      v1: 0,
      v2: 0,
      v3: 0,
    });
  });

  it('branches a rejected proposal off the approved line, which stays straight', () => {
    const versions = [
      version(1, 'superseded'),
      version(2, 'rejected', 1),
      version(3, 'locked', 1),
      version(4, 'proposal', 3),
    ];
    expect(lanes(versions)).toEqual({ v1: 0, v2: 1, v3: 0, v4: 0 });
    const rows = layoutVersionGraph(planGraph(versions)).rows;
    expect(rows.find((row) => row.node.id === 'v2')!.parent).toEqual({ row: 0, lane: 0 });
    expect(layoutVersionGraph(planGraph(versions)).laneCount).toBe(2);
  });

  it('branches a rejected proposal off even when nothing replaced it yet', () => {
    expect(lanes([version(1, 'locked'), version(2, 'rejected', 1)])).toEqual({ v1: 0, v2: 1 });
    expect(lanes([version(1, 'locked'), version(2, 'proposal', 1)])).toEqual({ v1: 0, v2: 0 });
  });

  it('reuses a lane once its branch has ended', () => {
    const versions = [
      version(1, 'superseded'),
      version(2, 'rejected', 1),
      version(3, 'superseded', 1),
      version(4, 'rejected', 3),
      version(5, 'locked', 3),
    ];
    expect(lanes(versions)).toEqual({ v1: 0, v2: 1, v3: 0, v4: 1, v5: 0 });
  });
});
