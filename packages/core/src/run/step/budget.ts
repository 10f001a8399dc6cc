import type { RunContext } from '../run-context.js';
import { stopRun, type RunStop } from '../stop.js';

/**
 * The budget phase, between actions: the action, time, token and money budgets against what the
 * run has used so far. A stop names the budget and the figures; undefined while all hold.
 */
export function budgetStop(context: RunContext): RunStop | undefined {
  const budgets = context.state.task!.budgets;
  if (context.state.actionCount >= budgets.maxActions) {
    return stopRun('budget-exhausted', `The action budget of ${budgets.maxActions} was used up.`);
  }
  if (context.timeLeft() <= 0) {
    return stopRun('budget-exhausted', `The time budget of ${budgets.maxDurationMs} ms ran out.`);
  }
  return modelBudgetStop(context);
}

/** The token and money budgets, against what the model calls so far added up to. */
export function modelBudgetStop(context: RunContext): RunStop | undefined {
  const { maxModelTokens, maxCostUsd } = context.state.task!.budgets;
  const usage = context.state.usage;
  const tokens = usage.inputTokens + usage.outputTokens;
  if (maxModelTokens !== undefined && tokens >= maxModelTokens) {
    return stopRun(
      'budget-exhausted',
      `The token budget of ${maxModelTokens} was used up (${tokens} tokens in ${usage.calls} model calls).`,
    );
  }
  if (maxCostUsd !== undefined && usage.costUsd >= maxCostUsd) {
    return stopRun(
      'budget-exhausted',
      `The money budget of ${usd(maxCostUsd)} was used up (${usd(usage.costUsd)} in ${usage.calls} model calls).`,
    );
  }
  return undefined;
}

/** Dollars with cents, or with four decimals below a dollar, where model calls cost fractions of a cent. */
function usd(amount: number): string {
  return `$${amount >= 1 ? amount.toFixed(2) : amount.toFixed(4)}`;
}
