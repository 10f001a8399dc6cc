import { describe, expect, it } from 'vitest';
import { LABEL_PADDING, LABEL_SCALE, OUTLINE_THICKNESS, drawChangeMarks, layoutChangeMarks } from './change-marks.js';
import { DIGIT_GLYPHS, GLYPH_SPACING, GLYPH_WIDTH } from './digit-font.js';
import type { RgbaImage } from './image.js';
import { MARK_COLORS } from './mark-colors.js';
import { grayImage, pixelAt } from './test-support/synthetic.js';

const red = [...MARK_COLORS.change, 255];
const white = [255, 255, 255, 255];

/** Every font dot of `digits` at `origin` is label text, every gap between dots is label background. */
function expectDigits(image: RgbaImage, digits: string, origin: { x: number; y: number }): void {
  [...digits].forEach((digit, index) => {
    const glyph = DIGIT_GLYPHS[digit] ?? [];
    const left = origin.x + index * (GLYPH_WIDTH + GLYPH_SPACING) * LABEL_SCALE;
    glyph.forEach((row, rowIndex) => {
      [...row].forEach((dot, column) => {
        const expected = dot === '#' ? [...MARK_COLORS.labelText, 255] : red;
        for (let dy = 0; dy < LABEL_SCALE; dy += 1) {
          for (let dx = 0; dx < LABEL_SCALE; dx += 1) {
            const x = left + column * LABEL_SCALE + dx;
            const y = origin.y + rowIndex * LABEL_SCALE + dy;
            expect(pixelAt(image, x, y), `digit ${digit} dot (${column}, ${rowIndex})`).toEqual(expected);
          }
        }
      });
    });
  });
}

describe('change marks', () => {
  const after = grayImage(200, 150);
  const region = { box: { x: 50, y: 60, width: 40, height: 20 } };

  it('outlines the region in red just outside its box, leaving the changed content visible', () => {
    const marked = drawChangeMarks(after, [region]);
    for (let step = 1; step <= OUTLINE_THICKNESS; step += 1) {
      expect(pixelAt(marked, 50 - step, 70)).toEqual(red);
      expect(pixelAt(marked, 89 + step, 70)).toEqual(red);
      expect(pixelAt(marked, 70, 79 + step)).toEqual(red);
    }
    expect(pixelAt(marked, 50, 70)).toEqual(white);
    expect(pixelAt(marked, 50 - OUTLINE_THICKNESS - 1, 70)).toEqual(white);
  });

  it('draws the number in a filled label above the top-left corner', () => {
    const marked = drawChangeMarks(after, [region]);
    const [layout] = layoutChangeMarks(after, [region]);
    expect(layout?.labelRect).toEqual({ left: 47, top: 37, right: 47 + 10 + 2 * LABEL_PADDING, bottom: 57 });
    expect(layout?.textOrigin).toEqual({ x: 47 + LABEL_PADDING, y: 37 + LABEL_PADDING });
    expectDigits(marked, '1', { x: 47 + LABEL_PADDING, y: 37 + LABEL_PADDING });
    expect(pixelAt(marked, 47, 37)).toEqual(red);
  });

  it('numbers regions in list order, keeps explicit numbers, and draws every digit of a long one', () => {
    const regions = [
      { box: { x: 20, y: 40, width: 10, height: 10 } },
      { box: { x: 100, y: 40, width: 10, height: 10 }, label: 1234567890 },
    ];
    const marked = drawChangeMarks(grayImage(300, 100), regions);
    const layouts = layoutChangeMarks({ width: 300, height: 100 }, regions);
    expect(layouts.map((layout) => layout.label)).toEqual([1, 1234567890]);
    expectDigits(marked, '1', layouts[0]?.textOrigin ?? { x: -1, y: -1 });
    expectDigits(marked, '1234567890', layouts[1]?.textOrigin ?? { x: -1, y: -1 });
  });

  it('moves the label inside the outline at the top edge and keeps it within the right edge', () => {
    const layouts = layoutChangeMarks({ width: 200, height: 150 }, [{ box: { x: 192, y: 1, width: 8, height: 30 } }]);
    expect(layouts[0]?.outline).toEqual({ left: 189, top: 0, right: 200, bottom: 34 });
    expect(layouts[0]?.labelRect).toEqual({ left: 184, top: 0, right: 200, bottom: 20 });
  });

  it('skips regions entirely outside the image and leaves the input untouched', () => {
    const before = new Uint8Array(after.data);
    const marked = drawChangeMarks(after, [{ box: { x: 500, y: 500, width: 10, height: 10 } }]);
    expect(Buffer.from(marked.data).equals(Buffer.from(after.data))).toBe(true);
    drawChangeMarks(after, [region]);
    expect(Buffer.from(after.data).equals(Buffer.from(before))).toBe(true);
  });
});
