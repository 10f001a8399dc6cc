import { EVENT_SCHEMA_VERSION } from '@sandpiper/protocol';
import { createHash } from 'node:crypto';
import { taskSchema } from '@sandpiper/protocol';
import {
  createManualClock,
  createMemoryBlobStore,
  createMemoryEventLog,
  createScriptedEngine,
  createScriptedEnvironment,
  createSequentialIds,
  legacyCriterion,
} from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import { startRun } from './agent-loop.js';
import { applyRunEvent, emptyRunState, projectRun } from './projection.js';
import { createQueueChannel } from './user-channel.js';

describe('the run projection', () => {
  it('rehydrates from the stored log to exactly the state the live run ended with, at every prefix', async () => {
    const clock = createManualClock();
    const log = createMemoryEventLog(clock.now);
    const states: ReturnType<typeof projectRun>[] = [];
    const final = await startRun(
      {
        log,
        blobs: createMemoryBlobStore((bytes) => createHash('sha256').update(bytes).digest('hex')),
        environment: createScriptedEnvironment(),
        engine: createScriptedEngine({
          planner: [
            {
              type: 'plan',
              analysis: 'Two steps.',
              constraints: [],
              successCriteria: [legacyCriterion('Saved is visible')],
              steps: [{ text: 'Press Tab' }, { text: 'Press Enter' }],
            },
          ],
          operator: [
            (input) =>
              input.performed.length === 0
                ? { type: 'act', actions: [{ action: { type: 'key', keys: ['Tab'] }, summary: 'Pressing Tab' }] }
                : { type: 'step-complete', evidence: 'pressed' },
          ],
        }),
        clock,
        ids: createSequentialIds(),
        channel: createQueueChannel({ interactive: false }),
        onEvent: (_event, state) => states.push(state),
      },
      'run-7',
      taskSchema.parse({
        instruction: 'press tab then enter',
        environment: { type: 'url', url: 'http://127.0.0.1:1/' },
        approval: 'auto',
      }),
    );
    const events = log.all('run-7');
    expect(projectRun('run-7', events)).toEqual(final);
    events.forEach((_event, index) => {
      expect(projectRun('run-7', events.slice(0, index + 1))).toEqual(states[index]);
    });
    expect(final.plan?.completed.map((step) => step.status)).toEqual(['completed', 'completed']);
    expect(final.versions[0]?.state).toBe('locked');
  });

  it('ignores a step event that does not fit the plan instead of corrupting it', () => {
    const base = emptyRunState('run-1');
    const state = applyRunEvent(base, {
      schemaVersion: EVENT_SCHEMA_VERSION,
      runId: 'run-1',
      seq: 1,
      at: 0,
      source: 'agent',
      payload: { type: 'step-end', stepId: 'missing', status: 'completed', reason: 'x' },
    });
    expect(state.plan).toBeUndefined();
    expect(state.lastSeq).toBe(1);
  });
});
