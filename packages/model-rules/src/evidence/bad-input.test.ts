import { createHandle, type Screen, type StepCheck } from '@sandpiper/core';
import type { Action } from '@sandpiper/protocol';
import { createImage, encodePng } from '@sandpiper/vision';
import { describe, expect, it } from 'vitest';
import { node, performedOf, screenOf, stepOf } from '../test-support/screens.js';
import { createEvidenceReflector } from './evidence-reflector.js';
import { createOneShotReflector } from './one-shot-reflector.js';
import { click } from './test-pairs.js';

async function pngScreen(width: number, height: number, extra: Parameters<typeof screenOf>[0] = {}): Promise<Screen> {
  const png = await encodePng(createImage(width, height, [255, 255, 255, 255]));
  return screenOf({ ...extra, png, width, height });
}

function check(kind: 'evidence' | 'one-shot', text: string, before: Screen, after: Screen, actions: Action[]) {
  const reflector = kind === 'evidence' ? createEvidenceReflector() : createOneShotReflector();
  return reflector.check(createHandle(), { step: stepOf(text), performed: performedOf(...actions), before, after });
}

const field = (value: string) => [node('textbox', 'Employee name', [40, 40, 300, 32], { value })];
const reflectors = ['evidence', 'one-shot'] as const;

describe('bad input gets a defined result, never a crash', () => {
  it.each(reflectors)('%s: screenshots of different sizes are not compared pixel by pixel', async (kind) => {
    const result: StepCheck = await check(
      kind,
      "Click the 'Next' button",
      await pngScreen(800, 600),
      await pngScreen(640, 480),
      [click(100, 100)],
    );
    expect(result.reflection?.regions).toEqual([]);
    if (kind === 'evidence') {
      expect(result.passed).toBe(false);
      expect(result.evidence).toContain('the screen changed size from 800×600 to 640×480');
    } else {
      expect(result).toMatchObject({ passed: true, evidence: expect.stringContaining('changed size') });
    }
  });

  it('evidence: a field value read from accessibility still decides when the sizes differ', async () => {
    const before = await pngScreen(800, 600, { nodes: field('') });
    const after = await pngScreen(640, 480, { nodes: field('Ada') });
    const typed = [click(60, 56), { type: 'type', text: 'Ada' } as Action];
    const result = await check('evidence', "Type 'Ada' into the 'Employee name' field", before, after, typed);
    expect(result).toMatchObject({ passed: true, evidence: expect.stringContaining("holds 'Ada'") });
  });

  it.each(reflectors)('%s: corrupt and empty screenshots are reported, not thrown', async (kind) => {
    for (const png of [new Uint8Array([1, 2, 3, 4]), new Uint8Array(0)]) {
      const before = screenOf({ png, width: 800, height: 600 });
      const after = screenOf({ png: png.slice(), width: 800, height: 600 });
      const result = await check(kind, "Click the 'Next' button", before, after, [click(10, 10)]);
      expect(result.passed).toBe(false);
      expect(result.evidence).toContain('cannot be read');
      expect(result.reflection?.regions).toEqual([]);
      expect(result.reflection?.markedBefore).toBeUndefined();
    }
  });

  it('evidence: a key press has no place on screen, so the screen before gets no marker', async () => {
    const before = await pngScreen(320, 200);
    const after = await pngScreen(320, 200);
    const result = await check('evidence', 'Press Enter', before, after, [{ type: 'key', keys: ['Enter'] }]);
    expect(result).toMatchObject({
      passed: true,
      evidence: 'Pressed Enter; nothing action-relevant changed, so the key had no visible effect here.',
    });
    expect(result.reflection?.markedBefore).toBeUndefined();
    expect(result.reflection?.markedAfter).toBeInstanceOf(Uint8Array);
  });

  it.each(reflectors)('%s: a step text that cannot be read fails with a reason', async (kind) => {
    const screen = await pngScreen(320, 200);
    const result = await check(kind, 'Ponder the meaning of life', screen, screen, []);
    expect(result).toMatchObject({ passed: false, evidence: expect.stringContaining('cannot be read') });
  });
});
