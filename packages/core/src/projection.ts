/**
 * The pure part of the core a front end needs, without the loop: the projection of a run's log
 * into its state, and plan diffs and the version graph. The web UI imports only this entry point
 * (and the contracts), so the browser folds events exactly as the server does.
 */
export { applyRunEvent, emptyRunState, projectRun, type RunState } from './run/projection.js';
export { diffPlans } from './plan/diff-plans.js';
export { planGraph, type PlanGraph, type PlanGraphEdge, type PlanGraphNode } from './plan/plan-graph.js';
