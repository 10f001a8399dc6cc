import type { Action, Annotation, PlanEdit, UserPrompt } from '@sandpiper/protocol';
import type { Handle } from '../handle.js';

/** A decision or command from the person, delivered to a running loop. */
export type UserCommand =
  /**
   * Yes to the question the run waits on. `requestId` names the approval request the person saw;
   * a channel that knows the waiting request refuses the answer when it differs. Absent: whatever
   * waits.
   */
  | { readonly type: 'approve'; readonly requestId?: string }
  /** No to the question the run waits on, with the reason; `requestId` as for `approve`. */
  | { readonly type: 'reject'; readonly reason: string; readonly requestId?: string }
  | { readonly type: 'regenerate' }
  /** Change the plan under review: add, remove, move, rewrite, patch or replace pending steps. */
  | { readonly type: 'edit'; readonly edits: readonly PlanEdit[] }
  | { readonly type: 'pause' }
  | { readonly type: 'resume' }
  | { readonly type: 'cancel'; readonly reason?: string }
  /** Advice in the person's words; the planner turns it into a proposal. */
  | { readonly type: 'guidance'; readonly text: string }
  /** Marks on a screenshot; the planner repairs the steps they concern. */
  | { readonly type: 'annotation'; readonly annotation: Annotation }
  /** The person takes control of the environment; the run holds until `handback`. */
  | { readonly type: 'takeover' }
  /** One action the person performs on the environment during a takeover. */
  | { readonly type: 'input'; readonly action: Action }
  | { readonly type: 'handback' };

/**
 * Where a loop hears from the person. `take` returns a queued command without waiting (for pause
 * and cancel checks between actions); `wait` blocks until one arrives or the handle is aborted.
 * A loop without a person attached gets `undefined` from `wait` at once, and then stops and asks.
 */
export interface UserChannel {
  readonly interactive: boolean;
  take(): UserCommand | undefined;
  wait(handle: Handle, prompt: UserPrompt): Promise<UserCommand | undefined>;
}

/** A channel fed from code: the CLI's prompt, a server's HTTP handlers, or a test script. */
export function createQueueChannel(options: {
  interactive: boolean;
}): UserChannel & { push(command: UserCommand): void } {
  const queue: UserCommand[] = [];
  const waiters: ((command: UserCommand) => void)[] = [];
  return {
    interactive: options.interactive,
    push(command) {
      const waiter = waiters.shift();
      if (waiter) waiter(command);
      else queue.push(command);
    },
    take: () => queue.shift(),
    wait(handle, _prompt) {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      if (!options.interactive) return Promise.resolve(undefined);
      return new Promise((resolve, reject) => {
        const onAbort = () => reject(handle.signal.reason);
        handle.signal.addEventListener('abort', onAbort, { once: true });
        waiters.push((command) => {
          handle.signal.removeEventListener('abort', onAbort);
          resolve(command);
        });
      });
    },
  };
}
