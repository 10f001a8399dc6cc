import type { Box } from '@sandpiper/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { isInside } from './box-assertions.js';
import { renderFormFixture } from '../test-support/form-fixture.js';
import type { FormElement, FormFixture } from '../test-support/form-fixture.js';
import { createOcrEngine, decodePng, findFieldNear, findTextMatches } from './index.js';
import type { OcrResult, RgbaImage } from './index.js';

describe('findFieldNear on a real form screenshot', () => {
  let fixture: FormFixture;
  let image: RgbaImage;
  let ocr: OcrResult;

  beforeAll(async () => {
    fixture = await renderFormFixture();
    image = await decodePng(fixture.png);
    const engine = await createOcrEngine();
    ocr = await engine.recognize(fixture.png);
    await engine.terminate();
  });

  /** The label's box as the OCR pipeline sees it: the ink of its words. */
  function labelBox(text: string): Box {
    const match = findTextMatches(ocr.lines, text)[0];
    if (match === undefined) throw new Error(`OCR did not read ${text}`);
    return match.box;
  }

  it.each<[string, FormElement, string]>([
    ['Employee name', 'employeeNameInput', 'right of the label'],
    ['Email', 'emailInput', 'below the label'],
    ['City', 'cityInput', 'right of the label, holding a value'],
  ])('finds the field of "%s" (%s)', (label, input) => {
    const field = findFieldNear(image, labelBox(label));
    const truth = fixture.boxes[input];
    expect(field, `no field for ${label}`).toBeDefined();
    if (field === undefined) return;
    expect(isInside(truth, field, 4), `${JSON.stringify(truth)} not inside ${JSON.stringify(field)}`).toBe(true);
    expect(isInside(field, truth, 4), `${JSON.stringify(field)} larger than ${JSON.stringify(truth)}`).toBe(true);
  });

  it('also works from the label box Chromium reports', () => {
    const field = findFieldNear(image, fixture.boxes.employeeNameLabel);
    expect(field && isInside(fixture.boxes.employeeNameInput, field, 4)).toBe(true);
  });

  it('skips the buttons under a checkbox label: they are not fields', () => {
    expect(findFieldNear(image, labelBox('Send me a copy of this claim'))).toBeUndefined();
  });

  it('finds nothing next to text that labels no field', () => {
    expect(findFieldNear(image, labelBox('Acme Travel Expenses'))).toBeUndefined();
    expect(findFieldNear(image, labelBox('payment follows with the next salary.'))).toBeUndefined();
  });
});
