import {
  EVENT_SCHEMA_VERSION,
  runEventSchema,
  type EventPayload,
  type EventSource,
  type RunEvent,
} from '@sandpiper/protocol';
import type { PlanVersion } from '@sandpiper/protocol';

/**
 * Builds a run's events for tests, one second apart, each checked against the event contract so
 * a test cannot pass on an event the server would never send.
 */
export function eventLog(runId = 'r-test') {
  const events: RunEvent[] = [];
  return {
    events,
    add(source: EventSource, payload: EventPayload): RunEvent {
      const seq = events.length + 1;
      const event = runEventSchema.parse({
        schemaVersion: EVENT_SCHEMA_VERSION,
        runId,
        seq,
        at: 1_000_000 + seq * 1000,
        source,
        payload,
      });
      events.push(event);
      return event;
    },
  };
}

/** A plan version with the given pending steps (ids `s1`, `s2`, …). */
export function testPlan(id: string, texts: readonly string[], extra: Partial<PlanVersion> = {}): PlanVersion {
  return {
    id,
    number: 1,
    cause: 'initial',
    state: 'draft',
    analysis: 'test',
    constraints: [],
    successCriteria: [],
    completed: [],
    pending: texts.map((text, index) => ({ id: `s${index + 1}`, text, status: 'pending' })),
    ...extra,
  };
}

export const testTask = {
  instruction: 'click Next',
  environment: { type: 'scenario', name: 'expense-report' },
  budgets: { maxActions: 50, maxAttemptsPerStep: 3, maxDurationMs: 60_000 },
  approval: 'ask',
} as const;

export const screenshot = (hash: string) =>
  ({
    id: `obs-${hash.slice(0, 4)}`,
    takenAt: 1,
    screenshot: { hash: hash.padEnd(64, '0'), mimeType: 'image/png', width: 1280, height: 800 },
  }) as const;
