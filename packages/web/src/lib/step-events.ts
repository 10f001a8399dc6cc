import type { PayloadOf, RunEvent } from '@sandpiper/protocol';

/** Everything logged while one step was under way, plus events that name it. */
export function eventsOfStep(events: readonly RunEvent[], stepId: string): RunEvent[] {
  const picked: RunEvent[] = [];
  let inside = false;
  for (const event of events) {
    const payload = event.payload;
    if (payload.type === 'step-start') inside = payload.stepId === stepId;
    const named = 'stepId' in payload && payload.stepId === stepId;
    if (inside || named) picked.push(event);
    if (payload.type === 'step-end' && payload.stepId === stepId) inside = false;
  }
  return picked;
}

export function payloadsOf<T extends RunEvent['payload']['type']>(
  events: readonly RunEvent[],
  type: T,
): { readonly seq: number; readonly at: number; readonly payload: PayloadOf<T> }[] {
  return events.flatMap((event) =>
    event.payload.type === type ? [{ seq: event.seq, at: event.at, payload: event.payload as PayloadOf<T> }] : [],
  );
}
