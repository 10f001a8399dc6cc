import type { Action, Task } from '@sandpiper/protocol';
import type { SensitivityVerdict } from './sensitive-action.js';
import type { SensitiveCategory } from './sensitive-lexicon.js';

/**
 * Which actions wait for approval, as the task sets it (`Task.actionGuard`). Independent of who
 * approves (`Task.approval`): under `auto-all` a held action is still logged as a request, and
 * approved by policy.
 */
export type ActionGuard = NonNullable<Task['actionGuard']>;

/** The policy of a task that sets none. */
export const DEFAULT_ACTION_GUARD: ActionGuard = 'conservative';

/** Under `permissive`, only what cannot be undone or costs money, shell commands and programs started, still ask. */
const PERMISSIVE_ASKS: ReadonlySet<SensitiveCategory> = new Set(['destructive', 'money', 'shell', 'program']);

/** Whether an action waits for approval, and the reason the person is shown. */
export type GuardDecision = { readonly ask: false } | { readonly ask: true; readonly reason: string };

/**
 * Apply a policy to the guard's reading of an action. `always`: every action that reaches the
 * environment or a tool asks (the agent's own done and fail do not). `never`: none asks.
 * `conservative`: sensitive ones ask, and so do those the guard could not read. `permissive`:
 * only destructive, money and shell actions ask.
 */
export function guardDecision(
  guard: ActionGuard | undefined,
  verdict: SensitivityVerdict,
  action: Action,
): GuardDecision {
  switch (guard ?? DEFAULT_ACTION_GUARD) {
    case 'never':
      return { ask: false };
    case 'always': {
      if (action.type === 'done' || action.type === 'fail') return { ask: false };
      const reason = verdict.sensitive
        ? verdict.reason
        : (verdict.uncertain ?? 'the action guard asks before every action');
      return { ask: true, reason };
    }
    case 'conservative':
      if (verdict.sensitive) return { ask: true, reason: verdict.reason };
      return verdict.uncertain === undefined ? { ask: false } : { ask: true, reason: verdict.uncertain };
    case 'permissive':
      return verdict.sensitive && PERMISSIVE_ASKS.has(verdict.category)
        ? { ask: true, reason: verdict.reason }
        : { ask: false };
  }
}
