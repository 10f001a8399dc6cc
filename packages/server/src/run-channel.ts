import type { Handle, UserChannel, UserCommand, UserPrompt } from '@sandpiper/core';

/** Why a command was not delivered to the run; the HTTP layer answers 409 with `reason`. */
export interface CommandRefusal {
  readonly ok: false;
  /** One sentence a person can act on: what the run is doing instead. */
  readonly reason: string;
}

export type OfferResult = { readonly ok: true } | CommandRefusal;

/** What the loop is blocked on right now, as a front end would show it. */
export interface ChannelStatus {
  /** The question the run waits on; undefined while it works on its own. */
  readonly waitingFor: UserPrompt | undefined;
  /** A pause was asked for and the run has not reached a safe point to take it yet. */
  readonly pauseRequested: boolean;
  /** A cancel was asked for and the run has not reached a safe point to take it yet. */
  readonly cancelRequested: boolean;
}

interface Waiter {
  readonly prompt: UserPrompt;
  readonly deliver: (command: UserCommand) => void;
}

/**
 * A user channel for a person who acts through the server. Unlike a plain queue, it knows what
 * the loop is waiting on, so a command is delivered only to the question it answers: an "approve"
 * sent while nothing awaits approval is refused instead of lying in a queue until it approves some
 * later, unrelated request.
 */
export function createServerChannel(): UserChannel & {
  offer(command: UserCommand): OfferResult;
  status(): ChannelStatus;
} {
  let waiter: Waiter | undefined;
  let pauseRequested = false;
  let cancel: Extract<UserCommand, { type: 'cancel' }> | undefined;

  const answer = (command: UserCommand): OfferResult => {
    const current = waiter!;
    waiter = undefined;
    current.deliver(command);
    return { ok: true };
  };

  return {
    interactive: true,

    take() {
      if (cancel) return cancel;
      if (!pauseRequested) return undefined;
      pauseRequested = false;
      return { type: 'pause' };
    },

    wait(handle: Handle, prompt: UserPrompt) {
      if (cancel) return Promise.resolve(cancel);
      return new Promise<UserCommand | undefined>((resolve, reject) => {
        if (handle.signal.aborted) return reject(handle.signal.reason);
        const onAbort = () => {
          if (waiter === entry) waiter = undefined;
          reject(handle.signal.reason);
        };
        const entry: Waiter = {
          prompt,
          deliver: (command) => {
            handle.signal.removeEventListener('abort', onAbort);
            resolve(command);
          },
        };
        handle.signal.addEventListener('abort', onAbort, { once: true });
        waiter = entry;
      });
    },

    offer(command) {
      const prompt = waiter?.prompt;
      switch (command.type) {
        case 'cancel':
          if (cancel) return { ok: false, reason: 'The run is already being cancelled.' };
          // Kept even when delivered at once, so every later question is answered with it too.
          cancel = command;
          // Otherwise taken at the run's next safe point (between actions, or when it next asks something).
          return waiter ? answer(command) : { ok: true };
        case 'approve':
        case 'reject':
          if (prompt?.type === 'plan-approval' || prompt?.type === 'action-approval') return answer(command);
          return { ok: false, reason: `Nothing awaits approval: ${describe(prompt, pauseRequested)}.` };
        case 'regenerate':
        case 'edit':
          if (prompt?.type === 'plan-approval') return answer(command);
          return {
            ok: false,
            reason: `Only a plan awaiting approval can be ${command.type === 'edit' ? 'edited' : 'regenerated'}: ${describe(prompt, pauseRequested)}.`,
          };
        case 'pause':
          if (prompt?.type === 'paused') return { ok: false, reason: 'The run is already paused.' };
          if (pauseRequested)
            return { ok: false, reason: 'A pause was already asked for; the run stops before its next action.' };
          // While a decision is pending the pause waits for it, then holds the run before its next action.
          pauseRequested = true;
          return { ok: true };
        case 'resume':
          if (prompt?.type === 'paused') return answer(command);
          if (pauseRequested) {
            // The pause had not been taken yet: withdrawing it is the same as resuming.
            pauseRequested = false;
            return { ok: true };
          }
          return { ok: false, reason: `The run is not paused: ${describe(prompt, false)}.` };
      }
    },

    status: () => ({ waitingFor: waiter?.prompt, pauseRequested, cancelRequested: cancel !== undefined }),
  };
}

function describe(prompt: UserPrompt | undefined, pauseRequested: boolean): string {
  if (!prompt) return pauseRequested ? 'the run is about to pause' : 'the run is working on its own';
  switch (prompt.type) {
    case 'plan-approval':
      return `the run waits for a decision on plan version ${prompt.versionId}`;
    case 'action-approval':
      return `the run waits for approval of an action ("${prompt.summary}"), not of a plan`;
    case 'paused':
      return 'the run is paused';
  }
}
