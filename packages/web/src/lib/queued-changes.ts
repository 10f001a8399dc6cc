import type { RunState } from '@sandpiper/core/projection';
import type { QueuedChange, UserPrompt } from '@sandpiper/protocol';
import { describeEdit } from './describe-edits.js';

/** What the steps panel says about changes the server holds for the run's next safe point. */
export interface QueuedNotice {
  /** One sentence: what waits, and after what the run takes it in. */
  readonly headline: string;
  /** What was asked, one line per edit, guidance, annotation or takeover, oldest first. */
  readonly items: readonly string[];
}

/**
 * The notice for changes accepted while the run was busy (an action under way, an action waiting
 * for approval, the planner writing), or undefined when nothing waits. Until the run takes them
 * in, the plan on screen does not show them, so without this the person would think them lost.
 */
export function queuedNotice(
  changes: readonly QueuedChange[],
  state: RunState,
  waitingFor: UserPrompt | undefined,
): QueuedNotice | undefined {
  if (changes.length === 0 || state.phase === 'ended') return undefined;
  const plan = state.plan ?? state.versions.at(-1);
  const items = changes.flatMap((change): string[] => {
    switch (change.type) {
      case 'edit':
        return change.edits.map((edit) => describeEdit(edit, plan));
      case 'guidance':
        return [`Guidance: “${change.text}”.`];
      case 'annotation':
        return [change.sentence ? `Marks on a screenshot: “${change.sentence}”.` : 'Marks on a screenshot.'];
      case 'takeover':
        return ['You take over the screen.'];
    }
  });
  return { headline: `${subject(changes)} ${after(state, waitingFor)}.`, items };
}

/** "Your edits wait: the run takes them in", in the words that fit what waits. */
function subject(changes: readonly QueuedChange[]): string {
  const types = new Set(changes.map((change) => change.type));
  if (types.size === 1 && types.has('edit')) return 'Your edits wait: the run takes them in';
  if (types.size === 1 && types.has('takeover')) return 'Your takeover waits: the run hands you the screen';
  if (changes.length === 1 && types.has('guidance')) return 'Your guidance waits: the run takes it in';
  if (changes.length === 1 && types.has('annotation')) return 'Your marks wait: the run takes them in';
  return 'Your changes wait: the run takes them in';
}

/** When the run reaches its next safe point, as seen from what it does now. */
function after(state: RunState, waitingFor: UserPrompt | undefined): string {
  if (waitingFor?.type === 'action-approval') return `after you decide on the action “${waitingFor.summary}” above`;
  if (state.phase === 'planning' || state.phase === 'created') return 'once the planner has written the plan';
  const current = state.currentStep;
  const plan = state.plan;
  const index = current && plan ? plan.pending.findIndex((step) => step.id === current.stepId) : -1;
  if (plan && index >= 0) {
    return `after its current action, in step ${plan.completed.length + index + 1} “${plan.pending[index]!.text}”`;
  }
  return 'after its current action';
}
