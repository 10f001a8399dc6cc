import type { PerformedAction } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { findElement } from './support/clerk-script.js';
import { reportingHandle, sampleTask, step, syntheticScreen } from './support/screens.js';
import { createScriptedModel, type ScriptedCall } from './support/scripted-model.js';

function clickName(call: ScriptedCall): string {
  return JSON.stringify({
    decision: 'act',
    actions: [
      {
        summary: "Clicking 'Employee name'",
        action: { type: 'click', at: findElement(call.user, 'Employee name').centre },
      },
    ],
  });
}

/**
 * Drive the operator through `steps` steps of four decisions each, every decision on a new
 * screen, the way a long run would, and return what each request held.
 */
async function longRun(contextScreenshots: number | undefined, steps: number) {
  const model = createScriptedModel({ script: { operator_decision: [clickName] } });
  const engine = createModelEngine({
    roles: { default: { client: model } },
    ...(contextScreenshots === undefined ? {} : { contextScreenshots }),
  });
  const { handle } = reportingHandle();
  let seed = 0;
  for (let index = 1; index <= steps; index += 1) {
    const performed: PerformedAction[] = [];
    for (let decision = 0; decision < 4; decision += 1) {
      seed += 1;
      const screen = await syntheticScreen(seed);
      const answer = await engine.operator.decide(handle, {
        task: sampleTask,
        step: step(`step-${index}`),
        attempt: 1,
        screen,
        performed,
      });
      expect(answer.type).toBe('act');
      if (answer.type === 'act') performed.push(...answer.actions.map((action) => ({ ...action, ok: true })));
    }
  }
  return model.calls.filter((call) => call.name === 'operator_decision');
}

describe('the operator sees a bounded context however long the run', () => {
  it('never sends more than the default three screenshots, and the text stops growing', async () => {
    const calls = await longRun(undefined, 15);
    expect(calls).toHaveLength(60);
    expect(calls.map((call) => call.images).slice(0, 4)).toEqual([1, 2, 3, 3]);
    expect(Math.max(...calls.map((call) => call.images))).toBe(3);
    const textBytes = calls.map(
      (call) => call.bytes - call.request.messages.reduce((sum, message) => sum + imageBytes(message.content), 0),
    );
    const settled = textBytes.slice(40);
    const early = textBytes.slice(28, 40);
    expect(Math.max(...settled)).toBeLessThanOrEqual(Math.max(...early) + 16);
  });

  it('honours a smaller limit', async () => {
    const calls = await longRun(2, 6);
    expect(Math.max(...calls.map((call) => call.images))).toBe(2);
    expect(calls.at(-1)?.images).toBe(2);
  });
});

function imageBytes(content: string | readonly { type: string; data?: Uint8Array }[]): number {
  return typeof content === 'string' ? 0 : content.reduce((sum, part) => sum + (part.data?.byteLength ?? 0), 0);
}
