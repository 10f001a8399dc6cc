import type { PlanEdit, PlanVersion } from '@sandpiper/protocol';
import { useCallback, useMemo, useRef, useState } from 'react';
import { draftFromSteps, stepEditsFor, type DraftStep, type StepEditsResult } from '../lib/step-edits.js';

/**
 * The person's unsaved changes to the pending steps of one plan version. It lives above the step
 * editor, so that the approval buttons can see it (approving would otherwise drop it) and so that
 * switching to the comparison view does not throw it away.
 */
export interface StepDraft {
  /** The rows the editor shows: the draft's, or the plan's pending steps when nothing was changed. */
  readonly rows: readonly DraftStep[];
  /** The person has touched the steps since the last save or discard: the edit bar shows. */
  readonly open: boolean;
  /** The edits the rows amount to, or why they cannot be sent yet; undefined when not open. */
  readonly result: StepEditsResult | undefined;
  /** The draft would change the plan, or holds a row that cannot be sent yet: leaving it loses work. */
  readonly unsaved: boolean;
  readonly saving: boolean;
  change(rows: readonly DraftStep[]): void;
  discard(): void;
  /** Send the edits; resolves true when the server took them, and the draft is then closed. */
  save(): Promise<boolean>;
  /** A key for a row the person adds, unique for as long as the draft lives. */
  newRowKey(): string;
}

export function useStepDraft(
  plan: PlanVersion | undefined,
  onSave: (edits: PlanEdit[]) => Promise<boolean>,
): StepDraft {
  const [draft, setDraft] = useState<{ readonly baseId: string; readonly rows: readonly DraftStep[] }>();
  const [saving, setSaving] = useState(false);
  const counter = useRef(0);
  // A draft belongs to the version it was made on; once the run shows another, it no longer applies.
  const current = plan !== undefined && draft?.baseId === plan.id ? draft : undefined;

  const rows = useMemo(() => {
    if (!plan) return [];
    const completed = new Set(plan.completed.map((step) => step.id));
    return (current?.rows ?? draftFromSteps(plan.pending)).filter(
      (row) => row.stepId === undefined || !completed.has(row.stepId),
    );
  }, [plan, current]);
  const result = useMemo(() => (current && plan ? stepEditsFor(plan.pending, rows) : undefined), [current, plan, rows]);
  const unsaved = result !== undefined && (!result.ok || result.edits.length > 0);

  const planId = plan?.id;
  const change = useCallback(
    (next: readonly DraftStep[]) => {
      if (planId !== undefined) setDraft({ baseId: planId, rows: next });
    },
    [planId],
  );
  const discard = useCallback(() => setDraft(undefined), []);
  const save = useCallback(async () => {
    if (!current || !result?.ok || result.edits.length === 0) return false;
    setSaving(true);
    const sent = await onSave(result.edits);
    setSaving(false);
    // Changes made while the request was on its way are kept: only the rows that were sent close.
    if (sent) setDraft((latest) => (latest?.rows === current.rows ? undefined : latest));
    return sent;
  }, [current, result, onSave]);

  const newRowKey = useCallback(() => `new-${(counter.current += 1)}`, []);

  return { rows, open: current !== undefined, result, unsaved, saving, change, discard, save, newRowKey };
}
