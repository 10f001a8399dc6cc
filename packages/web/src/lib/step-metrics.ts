import type { RunEvent } from '@sandpiper/protocol';

/** What the run timeline shows under a step's node. */
export interface StepMetrics {
  /** How many times the step was started (1 plus retries). */
  readonly attempts: number;
  /** Time of the first `step-start`, in milliseconds since the Unix epoch. */
  readonly startedAt: number;
  /** Time of the last `step-end`; absent while the step has not ended. */
  readonly endedAt?: number;
  /** Screenshots taken while the step was under way (observations between its start and end). */
  readonly screenshots: number;
  /** Actions the agent performed for the step. */
  readonly actions: number;
}

/** Per-step metrics by step id, from the run's events. */
export function stepMetrics(events: readonly RunEvent[]): Map<string, StepMetrics> {
  const metrics = new Map<
    string,
    { attempts: number; startedAt: number; endedAt?: number; screenshots: number; actions: number }
  >();
  let current: string | undefined;
  for (const event of events) {
    const payload = event.payload;
    switch (payload.type) {
      case 'step-start': {
        current = payload.stepId;
        const known = metrics.get(current);
        if (known) {
          known.attempts += 1;
          delete known.endedAt;
        } else metrics.set(current, { attempts: 1, startedAt: event.at, screenshots: 0, actions: 0 });
        break;
      }
      case 'observation':
        if (current !== undefined) metrics.get(current)!.screenshots += 1;
        break;
      case 'action-start':
        if (metrics.has(payload.stepId)) metrics.get(payload.stepId)!.actions += 1;
        break;
      case 'step-end': {
        const known = metrics.get(payload.stepId);
        if (known) known.endedAt = event.at;
        if (current === payload.stepId) current = undefined;
        break;
      }
      default:
        break;
    }
  }
  return metrics;
}

export type InterventionKind = 'guidance' | 'annotation' | 'plan-edit' | 'takeover';

/** A person's intervention, placed between the timeline's step nodes. */
export interface InterventionMarker {
  readonly seq: number;
  readonly at: number;
  readonly kind: InterventionKind;
  /** One line for the marker's tooltip. */
  readonly label: string;
  /** Steps completed before the intervention: the marker sits after that many nodes. */
  readonly afterCompleted: number;
}

export function interventionMarkers(events: readonly RunEvent[]): InterventionMarker[] {
  const markers: InterventionMarker[] = [];
  let completed = 0;
  for (const event of events) {
    const payload = event.payload;
    const place = { seq: event.seq, at: event.at, afterCompleted: completed };
    switch (payload.type) {
      case 'step-end':
        if (payload.status === 'completed') completed += 1;
        break;
      case 'guidance':
        markers.push({ ...place, kind: 'guidance', label: `Guidance: ${payload.text}` });
        break;
      case 'annotation':
        markers.push({
          ...place,
          kind: 'annotation',
          label: `Annotation: ${payload.marks.length} mark${payload.marks.length === 1 ? '' : 's'}${payload.sentence ? ` — ${payload.sentence}` : ''}`,
        });
        break;
      case 'plan-version-create':
        if (payload.version.cause === 'plan-edit') {
          markers.push({ ...place, kind: 'plan-edit', label: `Plan edit: version ${payload.version.number}` });
        }
        break;
      case 'takeover-start':
        markers.push({ ...place, kind: 'takeover', label: 'You took over the screen' });
        break;
      default:
        break;
    }
  }
  return markers;
}

/** The grounding of the latest action: what was looked for and how it was found. */
export function lastGrounding(events: readonly RunEvent[]) {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const payload = events[index]!.payload;
    if (payload.type === 'action-start' && payload.grounding) return payload.grounding;
  }
  return undefined;
}
