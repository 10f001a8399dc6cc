import type { PerformedAction } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { decodePng, encodePng } from '@sandpiper/vision';
import { describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { describeLocally } from '../src/local-changes.js';
import { reportingHandle, step, syntheticScreen } from './support/screens.js';
import { createScriptedModel, type ScriptedCall } from './support/scripted-model.js';
import { visionChangeEvidence } from './support/vision-evidence.js';

const field = (value: string, focused?: boolean): AccessibilityNode => ({
  ref: 'e1',
  role: 'textbox',
  name: 'Employee name',
  value,
  box: { x: 53, y: 309, width: 440, height: 38 },
  ...(focused === undefined ? {} : { focused }),
});
const next: AccessibilityNode = {
  ref: 'e2',
  role: 'button',
  name: 'Next',
  box: { x: 612, y: 695, width: 70, height: 38 },
};
const toast: AccessibilityNode = {
  ref: 'e3',
  role: 'status',
  name: 'Draft saved',
  box: { x: 1000, y: 20, width: 200, height: 30 },
};
const clickField: PerformedAction = {
  action: { type: 'click', at: { x: 120, y: 328 }, button: 'left', count: 1, modifiers: [] },
  summary: 'Clicking the field',
  ok: true,
};
const typed: PerformedAction = { action: { type: 'type', text: 'Ada' }, summary: "Typing 'Ada'", ok: true };
const STEP = "Type 'Ada' into the 'Employee name' field";

describe('stage 1 of the step check, from the accessibility trees', () => {
  it('describes a region from the element that changed in it, as relevant where the action landed', () => {
    const local = describeLocally(
      [{ id: 1, box: { x: 60, y: 315, width: 120, height: 22 }, changedPixels: 900 }],
      [field(''), next],
      [field('Ada', true), next],
      [clickField, typed],
      STEP,
    );
    expect(local?.changes).toEqual([
      {
        region: 1,
        description: 'textbox "Employee name": value "" → "Ada", took the focus',
        relevance: 'action-relevant',
      },
    ]);
  });

  it('keeps a change elsewhere as unrelated, never as noise, so stage 2 still reads it', () => {
    const local = describeLocally(
      [
        { id: 1, box: { x: 60, y: 315, width: 120, height: 22 }, changedPixels: 900 },
        { id: 2, box: { x: 1000, y: 20, width: 200, height: 30 }, changedPixels: 4000 },
      ],
      [field(''), next],
      [field('Ada'), next, toast],
      [typed],
      STEP,
    );
    expect(local?.changes.map((change) => [change.region, change.relevance])).toEqual([
      [1, 'action-relevant'],
      [2, 'unrelated'],
    ]);
    expect(local?.changes[1]?.description).toBe('status "Draft saved" appeared');
  });

  it('leaves the regions to a model when one has no element that changed, or a tree is missing', () => {
    const clock = { id: 2, box: { x: 1200, y: 10, width: 60, height: 20 }, changedPixels: 300 };
    const typedRegion = { id: 1, box: { x: 60, y: 315, width: 120, height: 22 }, changedPixels: 900 };
    expect(describeLocally([typedRegion, clock], [field('')], [field('Ada')], [typed], STEP)).toBeUndefined();
    expect(describeLocally([typedRegion], undefined, [field('Ada')], [typed], STEP)).toBeUndefined();
    // Same element, same state: the pixels changed for a reason the tree does not show.
    expect(describeLocally([typedRegion], [field('Ada')], [field('Ada')], [typed], STEP)).toBeUndefined();
  });

  it('says nothing changed when the pixels are the same', () => {
    expect(describeLocally([], [field('')], [field('')], [typed], STEP)).toEqual({
      changes: [],
      summary: expect.stringContaining('Nothing on the screen changed'),
    });
  });
});

describe('the reflector with trees that explain every change', () => {
  it('asks the model for the verdict only, with the local description of what changed', async () => {
    let verdictPrompt = '';
    const model = createScriptedModel({
      script: {
        step_verdict: [
          (call: ScriptedCall) => {
            verdictPrompt = call.user;
            return JSON.stringify({ evidence: "'Ada' is in the field.", summary: 'Typed.', verdict: 'success' });
          },
        ],
      },
    });
    const engine = createModelEngine({ roles: { default: { client: model } }, changeEvidence: visionChangeEvidence() });
    const before = await syntheticScreen(5, { nodes: [field(''), next] });
    const image = await decodePng(before.capture.png);
    const data = new Uint8Array(image.data);
    for (let y = 318; y < 338; y += 1)
      for (let x = 60; x < 180; x += 1) data.set([20, 20, 20, 255], (y * image.width + x) * 4);
    const shown = await syntheticScreen(6, { nodes: [field('Ada', true), next] });
    const after = { ...shown, capture: { ...shown.capture, png: await encodePng({ ...image, data }) } };
    const check = await engine.reflector.check(reportingHandle().handle, {
      step: step('step-1', STEP),
      performed: [clickField, typed],
      before,
      after,
    });
    expect(check.passed).toBe(true);
    expect(model.calls.map((call) => call.name)).toEqual(['step_verdict']);
    expect(verdictPrompt).toContain('textbox "Employee name": value "" → "Ada"');
    expect(check.reflection?.regions).toEqual([
      expect.objectContaining({ relevance: 'action-relevant', description: expect.stringContaining('"Ada"') }),
    ]);
  });
});
