import type { PlanVersion, RunEvent } from '@sandpiper/protocol';
import { describeAction } from './describe-action.js';
import type { Tone } from './run-phase.js';

/** Where a step sits in the plan, for labels such as "Step 3". */
export interface StepLabel {
  /** Position in the plan, from 1, counting completed steps. */
  readonly number: number;
  readonly text: string;
}

/** Step number and text by step id; later versions (and finally the plan in force) win. */
export function stepLabels(versions: readonly PlanVersion[], plan: PlanVersion | undefined): Map<string, StepLabel> {
  const labels = new Map<string, StepLabel>();
  for (const version of plan ? [...versions, plan] : versions) {
    for (const [index, step] of [...version.completed, ...version.pending].entries()) {
      labels.set(step.id, { number: index + 1, text: step.text });
    }
  }
  return labels;
}

/** One line of the activity feed. */
export interface ActivityItem {
  readonly seq: number;
  readonly at: number;
  readonly kind: 'step' | 'action' | 'check' | 'manual' | 'note';
  readonly tone: Tone;
  readonly text: string;
  /** A second, quieter line (how a target was found, why a step failed); absent when there is none. */
  readonly detail?: string;
  /** The step the line belongs to; absent for lines outside any step. */
  readonly stepId?: string;
}

/** The feed a person reads: intent-level summaries, not raw traces. */
export function activityItems(events: readonly RunEvent[], labels: ReadonlyMap<string, StepLabel>): ActivityItem[] {
  const items: ActivityItem[] = [];
  const stepName = (stepId: string) => {
    const label = labels.get(stepId);
    return label ? `Step ${label.number}` : 'A step';
  };
  for (const event of events) {
    const base = { seq: event.seq, at: event.at };
    const payload = event.payload;
    switch (payload.type) {
      case 'step-start':
        items.push({
          ...base,
          kind: 'step',
          tone: 'neutral',
          stepId: payload.stepId,
          text: `${stepName(payload.stepId)}${payload.attempt > 1 ? `, attempt ${payload.attempt}` : ''}: ${labels.get(payload.stepId)?.text ?? payload.stepId}`,
        });
        break;
      case 'action-start': {
        const grounding = payload.grounding;
        items.push({
          ...base,
          kind: 'action',
          tone: 'busy',
          stepId: payload.stepId,
          text: payload.summary,
          ...(grounding
            ? {
                detail: `Found “${grounding.query}” by ${grounding.method}${grounding.score === undefined ? '' : ` (${Math.round(grounding.score * 100)}%)`}${grounding.ambiguous ? `, ambiguous among ${grounding.alternatives.length + 1}` : ''}`,
              }
            : {}),
        });
        break;
      }
      case 'action-end':
        if (!payload.result.ok) {
          items.push({
            ...base,
            kind: 'action',
            tone: 'bad',
            stepId: payload.stepId,
            text: 'The action could not be performed',
            ...(payload.result.error ? { detail: payload.result.error } : {}),
          });
        }
        break;
      case 'step-check':
        items.push({
          ...base,
          kind: 'check',
          tone: payload.passed ? 'good' : 'attention',
          stepId: payload.stepId,
          text: payload.passed ? 'Outcome confirmed' : 'Outcome not seen yet',
          detail: payload.evidence,
        });
        break;
      case 'step-end':
        items.push({
          ...base,
          kind: 'step',
          tone: payload.status === 'completed' ? 'good' : 'bad',
          stepId: payload.stepId,
          text: `${stepName(payload.stepId)} ${payload.status}`,
          ...(payload.status === 'failed' ? { detail: payload.reason } : {}),
        });
        break;
      case 'manual-action':
        items.push({
          ...base,
          kind: 'manual',
          tone: payload.result.ok ? 'attention' : 'bad',
          text: `You: ${describeAction(payload.action)}`,
          ...(payload.result.ok ? {} : { detail: payload.result.error ?? 'The environment refused it.' }),
        });
        break;
      case 'takeover-start':
        items.push({ ...base, kind: 'manual', tone: 'attention', text: 'You took over the screen' });
        break;
      case 'takeover-end':
        items.push({
          ...base,
          kind: 'manual',
          tone: 'neutral',
          text: `You handed back after ${payload.manualActions} manual action${payload.manualActions === 1 ? '' : 's'}`,
        });
        break;
      case 'run-pause':
        items.push({ ...base, kind: 'note', tone: 'attention', text: 'Paused' });
        break;
      case 'run-resume':
        items.push({ ...base, kind: 'note', tone: 'neutral', text: 'Resumed' });
        break;
      default:
        break;
    }
  }
  return items;
}
