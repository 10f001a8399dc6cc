/**
 * Words that mark an action as sensitive: it commits something the person may not be able to take
 * back (submit, send, pay, delete) or touches credentials. Under the default approval policy such
 * actions wait for the person's approval.
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
 * Why an action needs approval, or undefined when it does not. Looks at the words of the step and
 * of the target the action was grounded on, since either can reveal what a click commits.
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
