import type { PlanCause, PlanVersion, PlanEdit } from '@sandpiper/protocol';
import { revisePlan, type PlanVersionResult } from '../plan/index.js';
import type { RunContext } from './run-context.js';

/**
 * Apply edits from the person (or from the planner answering them), then let the planner re-derive
 * the constraints and criteria from the edited steps, all in one revision so the log holds a
 * single proposal per change and the judge never looks for a value the change replaced.
 */
export async function reviseWithRefresh(
  context: RunContext,
  parent: PlanVersion,
  edits: readonly PlanEdit[],
  why: { readonly cause: Exclude<PlanCause, 'initial'>; readonly rationale: string },
): Promise<PlanVersionResult> {
  const options = {
    ids: context.deps.ids,
    cause: why.cause,
    number: context.state.versions.length + 1,
    rationale: why.rationale,
  };
  const edited = revisePlan(parent, edits, options);
  if (!edited.ok) return edited;
  const refresh = await context.engine.planner.refresh(context.handle, {
    task: context.state.task!,
    version: edited.version,
  });
  if (refresh.unparsed.length > 0) {
    await context.emit('agent', {
      type: 'warning',
      message: `The edited plan has steps the planner cannot read: ${refresh.unparsed.map((text) => `"${text}"`).join(', ')}.`,
    });
  }
  return revisePlan(
    parent,
    [
      ...edits,
      { type: 'set-constraints', constraints: refresh.constraints },
      { type: 'set-criteria', criteria: refresh.successCriteria },
    ],
    options,
  );
}
