/**
 * The word list the approve phase used before the action guard (`classifyAction` in
 * ./sensitive-action.ts): words matched against the step text and the target's name. It reads
 * typed text as a verb and cannot see the dialog an OK answers, so runs no longer use it; it stays
 * as the baseline the sensitive-action corpus tools (bench/sensitive-actions) report against.
 */
const SENSITIVE_TERMS: readonly { readonly pattern: RegExp; readonly reason: string }[] = [
  { pattern: /\b(submit|submits|submitting|confirm|place order|checkout|check out)\b/i, reason: 'submits data' },
  { pattern: /\b(send|sends|sending|publish)\b/i, reason: 'sends something to others' },
  { pattern: /\b(pay|pays|payment|purchase|buy|transfer|donate)\b/i, reason: 'spends money' },
  {
    pattern: /\b(delete|remove|erase|destroy|wipe|restart|shut ?down|reset)\b/i,
    reason: 'deletes or disrupts something',
  },
  {
    pattern: /\b(password|passcode|credential|api key|token|secret|sign in|log in|login)\b/i,
    reason: 'handles credentials',
  },
];

const COMMITTING_ACTIONS = new Set(['click', 'double-click', 'key', 'hold-and-press']);

/**
 * Why the old word list would have asked for approval, or undefined when it would not.
 *
 * @deprecated Runs decide with `classifyAction` and the task's `actionGuard`; this is a baseline for comparison only.
 */
export function sensitiveReason(actionType: string, texts: readonly (string | undefined)[]): string | undefined {
  // Typing commits nothing by itself, but typing a credential is sensitive.
  const terms =
    actionType === 'type' ? SENSITIVE_TERMS.slice(-1) : COMMITTING_ACTIONS.has(actionType) ? SENSITIVE_TERMS : [];
  for (const text of texts) {
    if (!text) continue;
    const hit = terms.find((term) => term.pattern.test(text));
    if (hit) return hit.reason;
  }
  return undefined;
}
