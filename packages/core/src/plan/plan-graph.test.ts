import type { PlanState, PlanVersion, PlanEdit } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { lineage, planGraph } from './plan-graph.js';
import { buildPlan, createSequentialIds, FORM_STEPS } from './plan-test-support.js';
import { revisePlan } from './revise-plan.js';
import type { RevisePlanOptions } from './revise-plan.js';

/** v1 → v2 (rejected edit), v1 → v3 (accepted guidance), v3 → v4 (pending replan). */
function branchingHistory(): PlanVersion[] {
  const ids = createSequentialIds();
  const revise = (
    parent: PlanVersion,
    edits: readonly PlanEdit[],
    options: Omit<RevisePlanOptions, 'ids'>,
    state: PlanState,
  ): PlanVersion => {
    const result = revisePlan(parent, edits, { ids, ...options });
    if (!result.ok) throw result.error;
    return { ...result.version, state };
  };
  const v1: PlanVersion = { ...buildPlan(ids, FORM_STEPS), state: 'superseded' };
  const v2 = revise(v1, [{ type: 'remove', stepId: 'step-5' }], { cause: 'plan-edit', number: 2 }, 'rejected');
  const v3 = revise(
    v1,
    [{ type: 'rewrite', stepId: 'step-2', text: "Type 'Ada Lovelace'" }],
    { cause: 'guidance', number: 3, rationale: 'Use the full name.' },
    'locked',
  );
  const v4 = revise(
    v3,
    [{ type: 'replace-pending', steps: [{ text: 'Retry' }] }],
    { cause: 'system-replan', number: 4 },
    'proposal',
  );
  return [v4, v2, v1, v3];
}

describe('planGraph and lineage', () => {
  it('shows a rejected proposal as a sibling branch of the accepted one', () => {
    const graph = planGraph(branchingHistory());
    expect(graph.roots).toEqual(['plan-1']);
    expect(graph.nodes).toEqual([
      { id: 'plan-1', number: 1, cause: 'initial', state: 'superseded', depth: 0 },
      { id: 'plan-2', number: 2, cause: 'plan-edit', state: 'rejected', parentId: 'plan-1', depth: 1 },
      {
        id: 'plan-3',
        number: 3,
        cause: 'guidance',
        state: 'locked',
        rationale: 'Use the full name.',
        parentId: 'plan-1',
        depth: 1,
      },
      { id: 'plan-4', number: 4, cause: 'system-replan', state: 'proposal', parentId: 'plan-3', depth: 2 },
    ]);
    expect(graph.edges).toEqual([
      { from: 'plan-1', to: 'plan-2', cause: 'plan-edit' },
      { from: 'plan-1', to: 'plan-3', cause: 'guidance' },
      { from: 'plan-3', to: 'plan-4', cause: 'system-replan' },
    ]);
  });

  it('follows the chain of parents from a version up to its root', () => {
    const history = branchingHistory();
    expect(lineage(history, 'plan-4').map((version) => version.id)).toEqual(['plan-4', 'plan-3', 'plan-1']);
    expect(lineage(history, 'plan-2').map((version) => version.id)).toEqual(['plan-2', 'plan-1']);
    expect(lineage(history, 'plan-9')).toEqual([]);
  });

  it('treats a version whose parent is missing as a root', () => {
    const graph = planGraph(branchingHistory().filter((version) => version.id !== 'plan-1'));
    expect(graph.roots).toEqual(['plan-2', 'plan-3']);
    expect(graph.nodes.map((node) => node.depth)).toEqual([0, 0, 1]);
  });

  it('keeps the latest entry of a version listed twice and survives a cycle', () => {
    const [v4, v2, v1, v3] = branchingHistory() as [PlanVersion, PlanVersion, PlanVersion, PlanVersion];
    const graph = planGraph([v1, v2, v3, v4, { ...v3, state: 'superseded' }]);
    expect(graph.nodes.find((node) => node.id === 'plan-3')?.state).toBe('superseded');
    const cyclic = planGraph([{ ...v1, parentId: 'plan-2' }, v2]);
    expect(cyclic.nodes.map((node) => node.depth).sort()).toEqual([0, 1]);
    expect(lineage([{ ...v1, parentId: 'plan-2' }, v2], 'plan-1').map((version) => version.id)).toEqual([
      'plan-1',
      'plan-2',
    ]);
  });
});
