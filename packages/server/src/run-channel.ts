import type { QueuedChange, UserPrompt } from '@sandpiper/protocol';
import type { Handle, UserChannel, UserCommand } from '@sandpiper/core';

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
  /** Changes and takeovers accepted while the run worked, waiting for its next safe point. */
  readonly queued: number;
  /**
   * Those changes and takeovers, oldest first, as the person asked for them. The channel always
   * sets it; absent (a run this server does not drive) means none.
   */
  readonly queuedChanges: readonly QueuedChange[];
}

/** The commands that wait for the run's next safe point when they arrive while it works. */
type QueueableCommand = Extract<UserCommand, { type: 'edit' | 'guidance' | 'annotation' | 'takeover' }>;

/** The holds a run can be in while it waits for the person. */
type HoldType = 'paused' | 'taken-over';

/** Changes that may wait for the run's next safe point at once; more is a client out of control. */
const MAX_QUEUED = 20;

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
  // Edits, guidance, annotations and takeovers sent while the run works: taken between actions.
  const queued: QueueableCommand[] = [];
  // While the run holds (paused, or taken over) it still works between questions: it performs an
  // input, looks at the screen after a hand-back. A command that answers the hold and arrives in
  // such a gap is parked for the hold's next question instead of being refused.
  const holding = new Set<HoldType>();
  const parked: Record<HoldType, UserCommand[]> = { paused: [], 'taken-over': [] };
  const park = (hold: HoldType, command: UserCommand): OfferResult => {
    const list = parked[hold];
    if (list.length >= MAX_QUEUED) return { ok: false, reason: `${MAX_QUEUED} commands already wait for the run.` };
    list.push(command);
    return { ok: true };
  };
  const release = (command: UserCommand) => {
    if (command.type === 'resume') holding.delete('paused');
    if (command.type === 'handback') holding.delete('taken-over');
    if (command.type === 'cancel') holding.clear();
  };
  let cancel: Extract<UserCommand, { type: 'cancel' }> | undefined;

  const answer = (command: UserCommand): OfferResult => {
    const current = waiter!;
    waiter = undefined;
    release(command);
    current.deliver(command);
    return { ok: true };
  };

  return {
    interactive: true,

    take() {
      if (cancel) return cancel;
      if (pauseRequested) {
        pauseRequested = false;
        return { type: 'pause' };
      }
      return queued.shift();
    },

    wait(handle: Handle, prompt: UserPrompt) {
      if (cancel) return Promise.resolve(cancel);
      if (prompt.type === 'paused' || prompt.type === 'taken-over') {
        holding.add(prompt.type);
        const next = parked[prompt.type].shift();
        if (next) {
          release(next);
          return Promise.resolve(next);
        }
      }
      // A change sent while the run was planning is the first thing its approval question hears.
      if ((prompt.type === 'plan-approval' || prompt.type === 'paused') && queued.length > 0) {
        return Promise.resolve(queued.shift());
      }
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
          if (
            prompt?.type === 'plan-approval' ||
            prompt?.type === 'action-approval' ||
            prompt?.type === 'result-confirmation'
          ) {
            // A double click, or a click on a panel the next question just replaced, names a request that is over.
            const stale =
              command.requestId !== undefined &&
              prompt.requestId !== undefined &&
              command.requestId !== prompt.requestId;
            if (!stale) return answer(command);
            return {
              ok: false,
              reason: `That answer was for a question the run no longer asks: ${describeQuestion(prompt)}. Read that question and answer it.`,
            };
          }
          // "Try again" or "no" to a question the run asked in words.
          if (prompt?.type === 'question' && command.requestId === undefined) return answer(command);
          if (command.requestId !== undefined) {
            return { ok: false, reason: `That question is no longer open: ${describe(prompt, pauseRequested)}.` };
          }
          return { ok: false, reason: `Nothing awaits approval: ${describe(prompt, pauseRequested)}.` };
        case 'regenerate':
          if (prompt?.type === 'plan-approval') return answer(command);
          return {
            ok: false,
            reason: `Only a plan awaiting approval can be regenerated: ${describe(prompt, pauseRequested)}.`,
          };
        case 'edit':
        case 'guidance':
        case 'annotation':
        case 'takeover':
          if (prompt?.type === 'taken-over') {
            return {
              ok: false,
              reason: `The person has control of the screen: hand it back before ${whileTakenOver[command.type]}.`,
            };
          }
          if (prompt?.type === 'result-confirmation') {
            return { ok: false, reason: `Say first whether the task is done: ${describe(prompt, pauseRequested)}.` };
          }
          if (command.type === 'takeover' && prompt?.type === 'action-approval') {
            return { ok: false, reason: `Decide on the action first: ${describe(prompt, pauseRequested)}.` };
          }
          if (prompt?.type === 'plan-approval' || prompt?.type === 'paused' || prompt?.type === 'question') {
            return answer(command);
          }
          if (queued.length >= MAX_QUEUED) {
            return { ok: false, reason: `${MAX_QUEUED} changes already wait for the run's next safe point.` };
          }
          queued.push(command);
          return { ok: true };
        case 'input':
        case 'handback':
          if (prompt?.type === 'taken-over') return answer(command);
          if (holding.has('taken-over') && !parked['taken-over'].some((entry) => entry.type === 'handback')) {
            return park('taken-over', command);
          }
          return {
            ok: false,
            reason: `Nobody has taken over the screen: ${describe(prompt, pauseRequested)}.`,
          };
        case 'pause':
          if (prompt?.type === 'taken-over') return { ok: false, reason: 'The person has control of the screen.' };
          // Paused, the run may still ask about a proposal; it stays paused after that decision.
          if (prompt?.type === 'paused' || holding.has('paused'))
            return { ok: false, reason: 'The run is already paused.' };
          if (prompt?.type === 'result-confirmation') {
            return {
              ok: false,
              reason: `There is nothing left to pause: every step ran, and ${describe(prompt, false)}.`,
            };
          }
          if (pauseRequested)
            return { ok: false, reason: 'A pause was already asked for; the run stops before its next action.' };
          // While a decision is pending the pause waits for it, then holds the run before its next action.
          pauseRequested = true;
          return { ok: true };
        case 'resume':
          if (prompt?.type === 'paused') return answer(command);
          if (prompt?.type === 'taken-over') return { ok: false, reason: 'Hand the screen back before resuming.' };
          if (holding.has('paused') && !prompt && parked.paused.length === 0) return park('paused', command);
          if (holding.has('paused') && prompt?.type === 'plan-approval') {
            return {
              ok: false,
              reason:
                'Decide on the proposal first: the run stays paused after your decision, and you can resume it then.',
            };
          }
          if (pauseRequested) {
            // The pause had not been taken yet: withdrawing it is the same as resuming.
            pauseRequested = false;
            return { ok: true };
          }
          return { ok: false, reason: `The run is not paused: ${describe(prompt, false)}.` };
      }
    },

    status: () => ({
      waitingFor: waiter?.prompt,
      pauseRequested,
      cancelRequested: cancel !== undefined,
      queued: queued.length,
      queuedChanges: queued.map(toQueuedChange),
    }),
  };
}

/** What a command refused during a takeover would have done, as the refusal names it. */
const whileTakenOver: Readonly<Record<'edit' | 'guidance' | 'annotation' | 'takeover', string>> = {
  edit: 'editing the plan',
  guidance: 'giving guidance',
  annotation: 'annotating the screen',
  takeover: 'taking it over again',
};

/** A queued command as the control status shows it: what was asked, without the marks' geometry. */
function toQueuedChange(command: QueueableCommand): QueuedChange {
  switch (command.type) {
    case 'edit':
      // The same edits: `PlanEdit` keeps its step lists readonly, the wire type inferred from the schema does not.
      return { type: 'edit', edits: [...command.edits] as Extract<QueuedChange, { type: 'edit' }>['edits'] };
    case 'guidance':
      return { type: 'guidance', text: command.text };
    case 'annotation':
      return command.annotation.sentence === undefined
        ? { type: 'annotation' }
        : { type: 'annotation', sentence: command.annotation.sentence };
    case 'takeover':
      return { type: 'takeover' };
  }
}

/** The approval question the run asks now, for a refusal of an answer meant for an earlier one. */
function describeQuestion(
  prompt: Extract<UserPrompt, { type: 'plan-approval' | 'action-approval' | 'result-confirmation' }>,
): string {
  switch (prompt.type) {
    case 'plan-approval':
      return `it now waits for a decision on plan version ${prompt.versionId}`;
    case 'action-approval':
      return `it now asks whether it may do "${prompt.summary}"`;
    case 'result-confirmation':
      return 'it now asks whether the task is done';
  }
}

function describe(prompt: UserPrompt | undefined, pauseRequested: boolean): string {
  if (!prompt) return pauseRequested ? 'the run is about to pause' : 'the run is working on its own';
  switch (prompt.type) {
    case 'plan-approval':
      return `the run waits for a decision on plan version ${prompt.versionId}`;
    case 'action-approval':
      return `the run waits for approval of an action ("${prompt.summary}"), not of a plan`;
    case 'result-confirmation':
      return 'the run asks whether the task is done (approve: yes; reject: no)';
    case 'question':
      return `the run asks a question: ${prompt.question}`;
    case 'paused':
      return 'the run is paused';
    case 'taken-over':
      return 'the person has control of the screen';
  }
}
