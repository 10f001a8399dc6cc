import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intersectionOverUnion, isInside } from './box-assertions.js';
import { renderFormFixture } from '../test-support/form-fixture.js';
import type { FormFixture } from '../test-support/form-fixture.js';
import { createOcrEngine, findTextMatches } from './index.js';
import type { OcrEngine } from './index.js';

describe('recognize with a region', () => {
  let fixture: FormFixture;
  let engine: OcrEngine;

  beforeAll(async () => {
    fixture = await renderFormFixture();
    engine = await createOcrEngine();
  });
  afterAll(async () => {
    await engine?.terminate();
  });

  function rowAroundEmployeeName() {
    const label = fixture.boxes.employeeNameLabel;
    return { x: 20, y: label.y - 12, width: 600, height: label.height + 24 };
  }

  it.each([1, 2] as const)('returns words in full-screenshot coordinates at scale %i', async (scale) => {
    const region = rowAroundEmployeeName();
    const result = await engine.recognize(fixture.png, { region, scale });
    expect({ width: result.width, height: result.height }).toEqual({ width: 1280, height: 800 });
    const match = findTextMatches(result.lines, 'Employee name')[0];
    expect(match?.score).toBe(1);
    if (match === undefined) return;
    const truth = fixture.boxes.employeeNameLabel;
    expect(isInside(match.box, truth, 2)).toBe(true);
    expect(intersectionOverUnion(match.box, truth)).toBeGreaterThan(0.5);
    for (const word of result.words) expect(isInside(word.box, region, 1)).toBe(true);
  });

  it('reads only what is inside the region', async () => {
    const result = await engine.recognize(fixture.png, { region: rowAroundEmployeeName() });
    expect(findTextMatches(result.lines, 'New expense claim')).toEqual([]);
    expect(findTextMatches(result.lines, 'Submit')).toEqual([]);
  });

  it('returns nothing for a region entirely outside the screenshot', async () => {
    const result = await engine.recognize(fixture.png, { region: { x: 2000, y: 10, width: 100, height: 100 } });
    expect(result.words).toEqual([]);
    expect(result.lines).toEqual([]);
  });
});
