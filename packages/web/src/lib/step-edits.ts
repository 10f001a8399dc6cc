import type { Step, PlanEdit } from '@sandpiper/protocol';

/** One row of the pending-steps editor. */
export interface DraftStep {
  /** Stable React key: the step id for existing steps, a fresh key for added ones. */
  readonly key: string;
  /** The step this row edits; absent for a step added in the editor. */
  readonly stepId?: string;
  readonly text: string;
}

/** Longest step text the plan contract accepts. */
export const MAX_STEP_TEXT = 1000;

export type StepEditsResult =
  | { readonly ok: true; readonly edits: PlanEdit[] }
  | { readonly ok: false; readonly key: string; readonly reason: string };

export function draftFromSteps(steps: readonly Step[]): DraftStep[] {
  return steps.map((step) => ({ key: step.id, stepId: step.id, text: step.text }));
}

/**
 * The edits that turn `original` (the pending steps as the plan has them) into `draft` (the rows
 * as the person left them), to be sent as one request: removals first, then rewrites, then adds
 * and moves in final order. `revisePlan` applies edits one after another, so each add and move is
 * computed against the list as the previous edits left it.
 */
export function stepEditsFor(original: readonly Step[], draft: readonly DraftStep[]): StepEditsResult {
  for (const row of draft) {
    const text = row.text.trim();
    if (text === '') return { ok: false, key: row.key, reason: 'A step needs some text; delete it instead.' };
    if (text.length > MAX_STEP_TEXT) {
      return { ok: false, key: row.key, reason: `A step may have at most ${MAX_STEP_TEXT} characters.` };
    }
  }
  const edits: PlanEdit[] = [];
  const kept = new Set(draft.flatMap((row) => (row.stepId === undefined ? [] : [row.stepId])));
  const list: string[] = [];
  for (const step of original) {
    if (kept.has(step.id)) list.push(step.id);
    else edits.push({ type: 'remove', stepId: step.id });
  }
  const byId = new Map(original.map((step) => [step.id, step]));
  for (const row of draft) {
    const before = row.stepId === undefined ? undefined : byId.get(row.stepId);
    if (before === undefined || before.text === row.text.trim()) continue;
    edits.push({
      type: 'rewrite',
      stepId: before.id,
      text: row.text.trim(),
      ...(before.region === undefined ? {} : { region: before.region }),
    });
  }
  for (const [index, row] of draft.entries()) {
    if (row.stepId === undefined || !byId.has(row.stepId)) {
      edits.push({ type: 'add', index, text: row.text.trim() });
      list.splice(index, 0, row.key);
      continue;
    }
    if (list[index] === row.stepId) continue;
    edits.push({ type: 'move', stepId: row.stepId, toIndex: index });
    list.splice(list.indexOf(row.stepId), 1);
    list.splice(index, 0, row.stepId);
  }
  return { ok: true, edits };
}

/** The rows with the one at `index` swapped with its neighbour in `direction`; unchanged at an end. */
export function moveRow<T>(rows: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
