import type { RunState } from '@sandpiper/core/projection';
import type { PlanVersion, RunPhase, UserPrompt } from '@sandpiper/protocol';

/** How a label should look: calm, working, needs the person, good or bad news. */
export type Tone = 'neutral' | 'busy' | 'attention' | 'good' | 'bad';

/** The run phase as the status bar names it. */
export interface PhaseLabel {
  /** Stable name for tests and styling: planning, replanning, executing, paused, taken-over, waiting, failed, done, cancelled, starting. */
  readonly key: string;
  readonly label: string;
  /** What the person is waiting for or should do; absent when nothing needs saying. */
  readonly hint?: string;
  readonly tone: Tone;
}

/**
 * The phase to show. The projection keeps a paused run paused through decisions taken meanwhile;
 * the server's report of what the run waits on is kept as a second opinion for runs logged before.
 */
export function effectivePhase(phase: RunPhase, waitingFor: UserPrompt | undefined): RunPhase {
  return phase === 'executing' && waitingFor?.type === 'paused' ? 'paused' : phase;
}

/** The version awaiting approval, when the run waits on a plan. */
export function candidateVersion(state: RunState): PlanVersion | undefined {
  const subject = state.pendingApproval?.subject;
  if (subject?.type !== 'plan') return undefined;
  return state.versions.find((version) => version.id === subject.versionId);
}

export function describePhase(state: RunState, pauseRequested = false): PhaseLabel {
  switch (state.phase) {
    case 'created':
      return { key: 'starting', label: 'Starting', tone: 'busy' };
    case 'planning':
      return { key: 'planning', label: 'Planning', hint: 'The planner is writing the steps.', tone: 'busy' };
    case 'awaiting-approval': {
      const candidate = candidateVersion(state);
      // A pause asked for now is taken once the plan is decided: say so, or the button alone tells.
      const thenPause = pauseRequested || state.paused ? ' The run stays paused after your decision.' : '';
      if (candidate && candidate.cause !== 'initial') {
        return {
          key: 'replanning',
          label: 'Replanning',
          hint: `A revised plan awaits your approval.${thenPause}`,
          tone: 'attention',
        };
      }
      return {
        key: 'waiting',
        label: 'Waiting for you',
        hint: `Review the plan and approve it.${thenPause}`,
        tone: 'attention',
      };
    }
    case 'executing':
      return pauseRequested
        ? { key: 'executing', label: 'Pausing…', hint: 'The run pauses after the current action.', tone: 'busy' }
        : { key: 'executing', label: 'Executing', tone: 'busy' };
    case 'paused':
      return { key: 'paused', label: 'Paused', hint: 'Resume, edit the plan or take over.', tone: 'attention' };
    case 'taken-over':
      return {
        key: 'taken-over',
        label: 'Taken over',
        hint: 'You control the screen; hand back when done.',
        tone: 'attention',
      };
    case 'waiting-for-user':
      return {
        key: 'waiting',
        label: 'Waiting for you',
        hint:
          state.pendingApproval?.subject.type === 'action'
            ? 'An action needs your approval.'
            : state.pendingApproval?.subject.type === 'result'
              ? 'Every step ran: say whether the task is done.'
              : state.clarification?.question,
        tone: 'attention',
      };
    case 'ended':
      switch (state.status) {
        case 'succeeded':
          return { key: 'done', label: 'Done', tone: 'good' };
        case 'cancelled':
          return { key: 'cancelled', label: 'Cancelled', tone: 'neutral' };
        case 'needs-input':
          return { key: 'failed', label: 'Stopped: needs input', tone: 'bad' };
        case 'budget-exhausted':
          return { key: 'failed', label: 'Failed: budget used up', tone: 'bad' };
        default:
          return { key: 'failed', label: 'Failed', tone: 'bad' };
      }
  }
}

/** Draft, Proposal or Locked: the state of the plan the run works with or waits on. */
export function describePlanState(state: RunState): { readonly label: string; readonly version?: PlanVersion } {
  const candidate = candidateVersion(state);
  if (candidate) return { label: candidate.state === 'draft' ? 'Draft' : 'Proposal', version: candidate };
  if (state.plan) return { label: 'Locked', version: state.plan };
  const last = state.versions.at(-1);
  if (!last) return { label: 'No plan yet' };
  return { label: capitalize(last.state), version: last };
}

/** The plan whose steps the panels show: the candidate while one awaits approval, else the plan in force. */
export function workingPlan(state: RunState): PlanVersion | undefined {
  return candidateVersion(state) ?? state.plan ?? state.versions.at(-1);
}

/** The version a candidate is compared with: the plan in force, or for a draft its parent. */
export function comparisonBase(state: RunState, candidate: PlanVersion): PlanVersion | undefined {
  if (state.plan && state.plan.id !== candidate.id) return releasedStep(state.plan);
  if (candidate.parentId === undefined) return undefined;
  return state.versions.find((version) => version.id === candidate.parentId);
}

/**
 * The plan in force as a revision starts from it: the step that was under way is pending again,
 * so the diff does not report that as a change.
 */
function releasedStep(plan: PlanVersion): PlanVersion {
  if (!plan.pending.some((step) => step.status === 'executing')) return plan;
  return {
    ...plan,
    pending: plan.pending.map((step) => (step.status === 'executing' ? { ...step, status: 'pending' } : step)),
  };
}

export function stepProgress(plan: PlanVersion | undefined): { readonly done: number; readonly total: number } {
  if (!plan) return { done: 0, total: 0 };
  return { done: plan.completed.length, total: plan.completed.length + plan.pending.length };
}

/** A system proposal's rationale ends with the pattern that fired, in brackets: `… [REPEAT_SEQ_L3_R3]`. */
export function splitRationale(rationale: string | undefined): { readonly text: string; readonly pattern?: string } {
  if (!rationale) return { text: '' };
  const match = /^(.*?)\s*\[([^\]]+)\]\s*$/s.exec(rationale);
  return match ? { text: match[1]!, pattern: match[2]! } : { text: rationale };
}

const causeLabels: Record<PlanVersion['cause'], string> = {
  initial: 'Initial plan',
  regenerate: 'Regenerated',
  'plan-edit': 'Plan edit',
  guidance: 'Guidance',
  annotation: 'Annotation',
  'system-replan': 'System replan',
  'verifier-rejection': 'Verifier rejection',
  resume: 'Redo after restart',
  declined: 'Without a declined step',
};

export function causeLabel(cause: PlanVersion['cause']): string {
  return causeLabels[cause];
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
