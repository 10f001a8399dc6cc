export { advancePlan } from './advance-plan.js';
export { checkPrefixPreserved } from './check-prefix-preserved.js';
export type { CreatePlanVersionInput } from './create-plan-version.js';
export { createPlanVersion } from './create-plan-version.js';
export { applyPlanDiff, diffPlans } from './diff-plans.js';
export type {
  AddStepEdit,
  MoveStepEdit,
  PatchStepsEdit,
  PlanEdit,
  RemoveStepEdit,
  ReplacePendingEdit,
  RewriteStepEdit,
  SetConstraintsEdit,
  SetCriteriaEdit,
} from './plan-edit.js';
export { MAX_PATCH_COUNT, planEditListSchema, planEditSchema, plannedStepSchema } from './plan-edit.js';
export type { PlanGraph, PlanGraphEdge, PlanGraphNode } from './plan-graph.js';
export { lineage, planGraph } from './plan-graph.js';
export type { PlanInvariantErrorOptions, PlanInvariantReason, PlanVersionResult } from './plan-invariant-error.js';
export { PlanInvariantError } from './plan-invariant-error.js';
export type { RevisePlanOptions } from './revise-plan.js';
export { revisePlan } from './revise-plan.js';
