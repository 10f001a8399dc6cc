import { decodePng, encodePng } from '@sandpiper/vision';
import { describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { reportingHandle, step, syntheticScreen } from './support/screens.js';
import { createScriptedModel, type ScriptedCall } from './support/scripted-model.js';
import { visionChangeEvidence } from './support/vision-evidence.js';

/** The same screen with a dark bar drawn where text would appear in the field, and a clock tick in the corner. */
async function afterTyping(seed: number) {
  const before = await syntheticScreen(seed);
  const image = await decodePng(before.capture.png);
  const data = new Uint8Array(image.data);
  const paint = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y += 1)
      for (let x = x0; x < x1; x += 1) data.set([20, 20, 20, 255], (y * image.width + x) * 4);
  };
  paint(60, 318, 180, 338);
  paint(1200, 10, 1260, 30);
  const png = await encodePng({ ...image, data });
  const after = await syntheticScreen(seed + 1000);
  return { before, after: { ...after, capture: { ...after.capture, png } } };
}

describe('the reflector describes and sorts the changes before it judges the step', () => {
  it('sends the numbered regions to stage 1 and only the cleaned description to stage 2', async () => {
    let stage2Input = '';
    const model = createScriptedModel({
      script: {
        change_description: [
          (call: ScriptedCall) => {
            expect(call.user).toMatch(/^1\. x=\d+ y=\d+/m);
            expect(call.user).toMatch(/^2\. x=\d+ y=\d+/m);
            return JSON.stringify({
              changes: [
                { region: 1, description: 'a clock changed', relevance: 'noise' },
                { region: 2, description: "'Ada' appeared in the Employee name field", relevance: 'action-relevant' },
              ],
              summary: 'The typed name appeared in the field.',
            });
          },
        ],
        step_verdict: [
          (call: ScriptedCall) => {
            stage2Input = call.user;
            return JSON.stringify({ verdict: 'success', evidence: "'Ada' is in the field.", summary: 'Typed.' });
          },
        ],
      },
    });
    const engine = createModelEngine({ roles: { default: { client: model } }, changeEvidence: visionChangeEvidence() });
    const { before, after } = await afterTyping(5);
    const check = await engine.reflector.check(reportingHandle().handle, {
      step: step('step-2', "Type 'Ada' into the 'Employee name' field"),
      performed: [
        {
          action: { type: 'click', at: { x: 120, y: 328 }, button: 'left', count: 1, modifiers: [] },
          summary: 'Clicking the field',
          ok: true,
        },
        { action: { type: 'type', text: 'Ada' }, summary: "Typing 'Ada'", ok: true },
      ],
      before,
      after,
    });

    expect(check.passed).toBe(true);
    expect(check.reflection?.method).toBe('evidence-first');
    expect(check.reflection?.regions.map((region) => region.relevance)).toEqual(['noise', 'action-relevant']);
    expect(check.reflection?.markedBefore).toBeInstanceOf(Uint8Array);
    expect(check.reflection?.markedAfter).toBeInstanceOf(Uint8Array);
    expect(stage2Input).toContain("'Ada' appeared in the Employee name field");
    expect(stage2Input).not.toContain('a clock changed');
    expect(stage2Input).toContain('(1 change set aside as noise)');
    expect(model.calls.map((call) => call.images)).toEqual([2, 1]);
  });

  it("sends the marked screenshots at the profile's size, like every other screenshot", async () => {
    const model = createScriptedModel({
      script: {
        change_description: [JSON.stringify({ changes: [], summary: 'Text appeared.' })],
        step_verdict: [JSON.stringify({ evidence: 'Typed.', summary: 'Typed.', verdict: 'success' })],
      },
    });
    const small = {
      id: 'small',
      description: 'A model that wants small images',
      provider: 'openai-compatible' as const,
      modelPattern: /./,
      capabilities: { images: true, tools: false, structuredOutput: 'prompted' as const },
      coordinates: { kind: 'pixels' as const },
      image: { maxLongEdge: 640, format: 'png' as const },
    };
    const engine = createModelEngine({
      roles: { default: { client: model, profile: small } },
      changeEvidence: visionChangeEvidence(),
    });
    const { before, after } = await afterTyping(7);
    await engine.reflector.check(reportingHandle().handle, {
      step: step('step-2', "Type 'Ada' into the 'Employee name' field"),
      performed: [
        {
          action: { type: 'click', at: { x: 120, y: 328 }, button: 'left', count: 1, modifiers: [] },
          summary: 'Clicking the field',
          ok: true,
        },
      ],
      before,
      after,
    });
    const [stage1, stage2] = model.calls;
    expect(after.capture.width).toBeGreaterThan(640);
    // Stage 2 sends the plain screen after, resized; stage 1 the two marked copies at that same size.
    expect(stage1!.images).toBe(2);
    expect(stage1!.pixels).toBe(2 * stage2!.pixels);
    expect(stage2!.pixels).toBeLessThanOrEqual(640 * 640);
  });
});
