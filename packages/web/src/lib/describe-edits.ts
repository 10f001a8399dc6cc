import type { PlanEdit, PlanVersion } from '@sandpiper/protocol';

const countNames: Record<PlanEdit['type'], readonly [string, string]> = {
  add: ['addition', 'additions'],
  remove: ['removal', 'removals'],
  rewrite: ['rewrite', 'rewrites'],
  move: ['move', 'moves'],
  patch: ['patch', 'patches'],
  'replace-pending': ['replacement of the steps', 'replacements of the steps'],
  'set-criteria': ['change of the success criteria', 'changes of the success criteria'],
  'set-constraints': ['change of the constraints', 'changes of the constraints'],
};

/** How many edits of each kind, as the editor's bar says it: "1 rewrite, 2 additions". */
export function countEdits(edits: readonly PlanEdit[]): string {
  const counts = new Map<PlanEdit['type'], number>();
  for (const edit of edits) counts.set(edit.type, (counts.get(edit.type) ?? 0) + 1);
  return [...counts].map(([type, count]) => `${count} ${countNames[type][count === 1 ? 0 : 1]}`).join(', ');
}

/**
 * One edit as a sentence about the steps the person sees, numbered as the plan numbers them
 * (completed steps first). Steps the plan no longer has are named by their id.
 */
export function describeEdit(edit: PlanEdit, plan: PlanVersion | undefined): string {
  const offset = plan?.completed.length ?? 0;
  const step = (stepId: string) => {
    const index = plan?.pending.findIndex((candidate) => candidate.id === stepId) ?? -1;
    return index < 0 ? `Step ${stepId}` : `Step ${offset + index + 1} “${plan!.pending[index]!.text}”`;
  };
  switch (edit.type) {
    case 'rewrite':
      return `${step(edit.stepId)} becomes “${edit.text}”.`;
    case 'add':
      return `New step ${offset + edit.index + 1}: “${edit.text}”.`;
    case 'remove':
      return `${step(edit.stepId)} is removed.`;
    case 'move':
      return `${step(edit.stepId)} moves to position ${offset + edit.toIndex + 1}.`;
    case 'patch': {
      const from = plan?.pending.findIndex((candidate) => candidate.id === edit.fromStepId) ?? -1;
      const first = from < 0 ? edit.fromStepId : String(offset + from + 1);
      const range = edit.count === 1 ? `Step ${first} is` : `${edit.count} steps from step ${first} are`;
      return `${range} replaced by ${plural(edit.steps.length, 'new step')}.`;
    }
    case 'replace-pending':
      return `Every step not done yet is replaced by ${plural(edit.steps.length, 'new step')}.`;
    case 'set-criteria':
      return `The success criteria become ${plural(edit.criteria.length, 'criterion', 'criteria')}.`;
    case 'set-constraints':
      return `The constraints become ${plural(edit.constraints.length, 'constraint')}.`;
  }
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
