import { checkAddress, resolveAddress, type Action } from '@sandpiper/protocol';
import type { RunContext } from './run-context.js';

/**
 * Why the task's navigation policy refuses an `open` action, or undefined when it may go ahead (it
 * still passes the action guard after this). Addresses relative to the current page are read
 * against it, as the environment will.
 */
export function refusedAddress(context: RunContext, action: Action): string | undefined {
  if (action.type !== 'open') return undefined;
  const current = context.latestScreen?.observation.url;
  const address = resolveAddress(action.target, current);
  if (address === undefined) return undefined;
  const verdict = checkAddress(address, context.state.task?.navigation, context.startAddress);
  return verdict.allowed ? undefined : `Opening '${clip(address)}' is not allowed: ${verdict.reason}.`;
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
