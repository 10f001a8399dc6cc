import type { RunState } from '@sandpiper/core';
import type { PayloadOf } from '@sandpiper/protocol';
import { clip } from './progress-evidence.js';
import { addCall, describeUsage, formatTokens, formatUsd, NO_USAGE, type UsageTotals } from '@sandpiper/report';

/** Model calls the printer has seen but not yet shown a usage line for. */
export interface UsageMemory {
  /** Calls inside each step, by step id, until the step ends. */
  readonly byStep: Map<string, UsageTotals>;
  /** Calls outside any step (planning) since the last planning line. */
  outside: UsageTotals;
}

export const createUsageMemory = (): UsageMemory => ({ byStep: new Map(), outside: NO_USAGE });

/** Counts the call; a line only when the call failed, since the person should know a model is unreachable. */
export function describeModelCall(
  payload: PayloadOf<'model-call'>,
  memory: UsageMemory | undefined,
): string | undefined {
  if (memory) {
    if (payload.stepId === undefined) memory.outside = addCall(memory.outside, payload);
    else memory.byStep.set(payload.stepId, addCall(memory.byStep.get(payload.stepId) ?? NO_USAGE, payload));
  }
  return payload.outcome === 'error'
    ? `    ✗ ${payload.role} model call failed: ${clip(payload.error ?? 'no usable answer', 140)}`
    : undefined;
}

/** "  planning: 1 call · …" for the calls made outside steps since the last such line. */
export function describePlanningUsage(memory: UsageMemory | undefined): string | undefined {
  if (!memory || memory.outside.calls === 0) return undefined;
  const line = `  model usage, planning: ${describeUsage(memory.outside)}`;
  memory.outside = NO_USAGE;
  return line;
}

/** The step's usage and the run's so far, once the step ends; nothing for a step without model calls. */
export function describeStepUsage(
  stepId: string,
  state: RunState,
  memory: UsageMemory | undefined,
): string | undefined {
  const step = memory?.byStep.get(stepId);
  if (!memory || !step) return undefined;
  memory.byStep.delete(stepId);
  const usage = state.usage;
  const run = `${formatTokens(usage.inputTokens + usage.outputTokens)} tokens, ${formatUsd(usage.costUsd)}`;
  return `    model usage: ${describeUsage(step)} (run so far: ${run})`;
}

/** The run's totals for the summary; undefined when no model was called. */
export function describeRunUsage(state: RunState): string | undefined {
  const usage = state.usage;
  if (usage.calls === 0) return undefined;
  const calls = `${usage.calls} call${usage.calls === 1 ? '' : 's'}`;
  return `Model usage: ${calls} · ${formatTokens(usage.inputTokens)} in / ${formatTokens(usage.outputTokens)} out tokens · ${formatUsd(usage.costUsd)}`;
}

/**
 * Which budget ended a `budget-exhausted` run, read from the task's budgets and what was used,
 * checked in the order the loop checks them.
 */
export function describeBudgetStop(state: RunState): string | undefined {
  const budgets = state.task?.budgets;
  if (state.status !== 'budget-exhausted' || !budgets) return undefined;
  const usage = state.usage;
  const tokens = usage.inputTokens + usage.outputTokens;
  if (state.actionCount >= budgets.maxActions) return `■ stopped: action budget of ${budgets.maxActions} used up`;
  if (budgets.maxModelTokens !== undefined && tokens >= budgets.maxModelTokens) {
    return `■ stopped: token budget of ${budgets.maxModelTokens} used up (${formatTokens(tokens)} tokens in ${usage.calls} model calls)`;
  }
  if (budgets.maxCostUsd !== undefined && usage.costUsd >= budgets.maxCostUsd) {
    return `■ stopped: money budget of ${formatUsd(budgets.maxCostUsd)} used up (${formatUsd(usage.costUsd)} in ${usage.calls} model calls)`;
  }
  return `■ stopped: time budget of ${budgets.maxDurationMs / 1000} s ran out`;
}
