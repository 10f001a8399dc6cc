import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intersectionOverUnion, isInside } from './box-assertions.js';
import { renderFormFixture } from '../test-support/form-fixture.js';
import type { FormElement, FormFixture } from '../test-support/form-fixture.js';
import { createOcrEngine, findTextMatches } from './index.js';
import type { OcrEngine, OcrResult } from './index.js';

describe('recognize on a full 1280x800 screenshot of a web form', () => {
  let fixture: FormFixture;
  let engine: OcrEngine;
  let result: OcrResult;

  beforeAll(async () => {
    fixture = await renderFormFixture();
    engine = await createOcrEngine();
    result = await engine.recognize(fixture.png);
  });
  afterAll(async () => {
    await engine?.terminate();
  });

  it('reports the size of the screenshot', () => {
    expect({ width: result.width, height: result.height }).toEqual({ width: 1280, height: 800 });
  });

  // Each target must be read exactly, and the box of its words must lie inside the element
  // Chromium drew it in. Inline elements are as wide as their text, so their boxes must also
  // largely coincide with the ink.
  const targets: readonly { text: string; element: FormElement; inline: boolean }[] = [
    { text: 'Employee name', element: 'employeeNameLabel', inline: true },
    { text: 'Email', element: 'emailLabel', inline: false },
    { text: 'City', element: 'cityLabel', inline: true },
    { text: 'Send me a copy of this claim', element: 'checkboxLabel', inline: false },
    { text: 'Submit', element: 'submitButton', inline: false },
    { text: 'Cancel', element: 'cancelButton', inline: false },
    { text: 'New expense claim', element: 'heading', inline: false },
    { text: 'Fill in the details below and press Submit when you are done.', element: 'intro', inline: true },
    { text: 'Acme Travel Expenses', element: 'banner', inline: true },
  ];

  it.each(targets)('finds "$text" inside its element', ({ text, element, inline }) => {
    const best = findTextMatches(result.lines, text)[0];
    expect(best, `no match for ${text}; lines: ${result.lines.map((line) => line.text).join(' | ')}`).toBeDefined();
    if (best === undefined) return;
    expect(best.score).toBe(1);
    const truth = fixture.boxes[element];
    expect(isInside(best.box, truth, 2), `${JSON.stringify(best.box)} not inside ${JSON.stringify(truth)}`).toBe(true);
    if (inline) expect(intersectionOverUnion(best.box, truth)).toBeGreaterThan(0.5);
  });

  it('gives every word a confidence between 0 and 100 and a box inside the frame', () => {
    expect(result.words.length).toBeGreaterThan(30);
    for (const word of result.words) {
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(100);
      expect(isInside(word.box, { x: 0, y: 0, width: 1280, height: 800 }, 0)).toBe(true);
    }
  });

  it('keeps the two columns of text on separate lines', () => {
    const introLine = result.lines.find((line) => line.text.startsWith('Fill in the details'));
    expect(introLine?.text).toBe('Fill in the details below and press Submit when you are done.');
  });
});
