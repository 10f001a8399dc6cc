import type { PayloadOf, RunEvent } from '@sandpiper/protocol';

/** What a set of model calls added up to. */
export interface UsageTotals {
  /** Model calls, failed ones included. */
  readonly calls: number;
  /** Input tokens over the calls, as the providers counted them. */
  readonly inputTokens: number;
  /** Output tokens over the calls. */
  readonly outputTokens: number;
  /** US dollars over the calls whose model has a price; 0 when none had one. */
  readonly costUsd: number;
  /** Calls that used tokens of a model without a price: their cost is unknown and not in `costUsd`. */
  readonly unpricedCalls: number;
  /** Calls that gave no usable answer (`outcome: error`). */
  readonly failedCalls: number;
}

/** Usage of one role on one model. */
export interface RoleUsage extends UsageTotals {
  /** The role as the `model-call` event names it: planner, operator, loop-judge… */
  readonly role: string;
  /** `provider:model`. */
  readonly model: string;
}

/** Usage within one step of the final plan, or outside every step. */
export interface StepUsage extends UsageTotals {
  /** The step's id; absent for calls outside any step (planning, the completion judge between steps). */
  readonly stepId: string | undefined;
  /** The step's number in the final plan; absent outside steps and for steps a revision dropped. */
  readonly number: number | undefined;
  /** The step's text, or a label for the calls outside steps. */
  readonly text: string;
}

/** A run's model usage: per role, per step and in total. Empty lists when the run called no model. */
export interface UsageReport {
  /** Every call of the run. */
  readonly total: UsageTotals;
  /** By role and model, in the order each first called. */
  readonly byRole: readonly RoleUsage[];
  /** By step in plan order, then the steps no longer in the plan, then the calls outside steps. */
  readonly byStep: readonly StepUsage[];
}

export const NO_USAGE: UsageTotals = {
  calls: 0,
  inputTokens: 0,
  outputTokens: 0,
  costUsd: 0,
  unpricedCalls: 0,
  failedCalls: 0,
};

/** `totals` with one more call. */
export function addCall(totals: UsageTotals, call: PayloadOf<'model-call'>): UsageTotals {
  return {
    calls: totals.calls + 1,
    inputTokens: totals.inputTokens + call.inputTokens,
    outputTokens: totals.outputTokens + call.outputTokens,
    costUsd: totals.costUsd + (call.costUsd ?? 0),
    // A call that failed before any token was counted cost nothing, price or not.
    unpricedCalls:
      totals.unpricedCalls + (call.costUsd === undefined && call.inputTokens + call.outputTokens > 0 ? 1 : 0),
    failedCalls: totals.failedCalls + (call.outcome === 'error' ? 1 : 0),
  };
}

/** The `model-call` payloads of a run, in order. */
export function modelCalls(events: readonly RunEvent[]): PayloadOf<'model-call'>[] {
  return events.flatMap((event) => (event.payload.type === 'model-call' ? [event.payload] : []));
}

export const OUTSIDE_STEPS = 'Outside steps (planning, completion checks)';

/** Group a run's model calls by role and by step; `steps` are the final plan's, numbered from 1. */
export function usageReport(
  events: readonly RunEvent[],
  steps: readonly { readonly id: string; readonly number: number; readonly text: string }[],
): UsageReport {
  const calls = modelCalls(events);
  const byRole = new Map<string, RoleUsage>();
  const byStep = new Map<string | undefined, UsageTotals>();
  let total = NO_USAGE;
  for (const call of calls) {
    total = addCall(total, call);
    const key = `${call.role}\u0000${call.model}`;
    const role = byRole.get(key) ?? { role: call.role, model: call.model, ...NO_USAGE };
    byRole.set(key, { ...role, ...addCall(role, call) });
    byStep.set(call.stepId, addCall(byStep.get(call.stepId) ?? NO_USAGE, call));
  }
  const planned = steps.flatMap((step) => {
    const totals = byStep.get(step.id);
    return totals ? [{ stepId: step.id, number: step.number, text: step.text, ...totals }] : [];
  });
  const known = new Set(steps.map((step) => step.id));
  const dropped = [...byStep.entries()].flatMap(([stepId, totals]) =>
    stepId !== undefined && !known.has(stepId)
      ? [{ stepId, number: undefined, text: `A step no longer in the plan (${stepId})`, ...totals }]
      : [],
  );
  const outside = byStep.get(undefined);
  return {
    total,
    byRole: [...byRole.values()],
    byStep: [
      ...planned,
      ...dropped,
      ...(outside ? [{ stepId: undefined, number: undefined, text: OUTSIDE_STEPS, ...outside }] : []),
    ],
  };
}

/** Whole tokens with thousands separators: `12,345`. */
export function formatTokens(count: number): string {
  return count.toLocaleString('en-US');
}

/** Dollars with cents from a dollar up, four decimals below, where single calls cost fractions of a cent. */
export function formatUsd(amount: number): string {
  return `$${amount >= 1 ? amount.toFixed(2) : amount.toFixed(4)}`;
}

/** The cost as people read it: `$0.0123`, `$0.0123 + 2 unpriced calls`, or `unknown` when no call had a price. */
export function formatCost(totals: UsageTotals): string {
  if (totals.unpricedCalls > 0 && totals.unpricedCalls === totals.calls) return 'unknown';
  const unpriced = totals.unpricedCalls;
  return `${formatUsd(totals.costUsd)}${unpriced > 0 ? ` + ${unpriced} unpriced call${unpriced === 1 ? '' : 's'}` : ''}`;
}

/** `3 calls · 3,300 in / 300 out tokens · $0.0042`. */
export function describeUsage(totals: UsageTotals): string {
  const calls = `${totals.calls} call${totals.calls === 1 ? '' : 's'}`;
  const failed = totals.failedCalls > 0 ? ` (${totals.failedCalls} failed)` : '';
  const tokens = `${formatTokens(totals.inputTokens)} in / ${formatTokens(totals.outputTokens)} out tokens`;
  return `${calls}${failed} · ${tokens} · ${formatCost(totals)}`;
}
