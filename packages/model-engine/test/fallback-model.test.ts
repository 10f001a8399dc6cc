import { MODEL_CONTRACT_VERSION, ModelError, type ModelClient } from '@sandpiper/models';
import { createFallbackEngine } from '@sandpiper/runtime';
import { describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { reportingHandle, sampleTask, step, syntheticScreen } from './support/screens.js';
import { createScriptedModel } from './support/scripted-model.js';

/**
 * A fallback model: once the primary cannot be reached, every role asks the fallback for the rest
 * of the run; a primary that answers, however badly, is never replaced.
 */

/** A model client that fails every call the way an adapter does after its own retries. */
function failing(reason: 'overloaded' | 'auth'): ModelClient & { calls: number } {
  const client = {
    specificationVersion: MODEL_CONTRACT_VERSION,
    provider: 'openai-compatible' as const,
    model: 'primary-vl',
    calls: 0,
    complete(): Promise<never> {
      client.calls += 1;
      return Promise.reject(new ModelError(reason, reason === 'auth' ? 'the key was refused' : 'the server is busy'));
    },
  };
  return client;
}

const verdict = JSON.stringify({ evidence: 'The field shows Ada.', summary: 'Typed.', verdict: 'success' });
const decision = JSON.stringify({
  decision: 'act',
  actions: [{ summary: "Clicking 'Next'", action: { type: 'click', at: { x: 640, y: 714 } } }],
});

async function checkThenDecide(primary: ModelClient) {
  const backup = createScriptedModel({
    script: { step_verdict: [verdict], operator_decision: [decision] },
    model: 'fallback-vl',
  });
  const engine = createFallbackEngine(
    createModelEngine({ roles: { default: { client: primary } }, unavailableThrows: true }),
    createModelEngine({ roles: { default: { client: backup } } }),
  );
  const { handle, reports } = reportingHandle();
  const screen = await syntheticScreen(1);
  const check = await engine.reflector.check(handle, {
    step: step('step-1'),
    performed: [],
    before: screen,
    after: screen,
  });
  const next = await engine.operator.decide(handle, {
    task: sampleTask,
    step: step('step-2'),
    attempt: 1,
    screen,
    performed: [],
  });
  return { check, next, backup, reports };
}

describe('a fallback model behind the primary', () => {
  it('takes over the call that found the primary unreachable, and every call after it', async () => {
    const primary = failing('overloaded');
    const { check, next, backup, reports } = await checkThenDecide(primary);
    expect(check.passed).toBe(true);
    expect(next.type).toBe('act');
    expect(primary.calls).toBe(1);
    expect(backup.calls.map((call) => call.name)).toEqual(['step_verdict', 'operator_decision']);
    expect(reports.map((report) => [report.model, report.outcome])).toEqual([
      ['openai-compatible:primary-vl', 'error'],
      ['openai-compatible:fallback-vl', 'ok'],
      ['openai-compatible:fallback-vl', 'ok'],
    ]);
  });

  it('takes over from a primary whose key is refused', async () => {
    const primary = failing('auth');
    const { check, backup } = await checkThenDecide(primary);
    expect(check.passed).toBe(true);
    expect(backup.calls).toHaveLength(2);
  });

  it('keeps a primary that answers badly: its safe outcome stands and the fallback is not asked', async () => {
    const primary = createScriptedModel({ script: { step_verdict: ['not json at all'] }, model: 'primary-vl' });
    const backup = createScriptedModel({ script: { step_verdict: [verdict] }, model: 'fallback-vl' });
    const engine = createFallbackEngine(
      createModelEngine({ roles: { default: { client: primary } }, unavailableThrows: true }),
      createModelEngine({ roles: { default: { client: backup } } }),
    );
    const screen = await syntheticScreen(1);
    const check = await engine.reflector.check(reportingHandle().handle, {
      step: step('step-1'),
      performed: [],
      before: screen,
      after: screen,
    });
    expect(check.passed).toBe(false);
    expect(backup.calls).toEqual([]);
  });
});
