import type { RgbaImage } from './image.js';
import { setPixel, type Color } from './raster.js';

/**
 * A 5 × 7 bitmap font for the digits 0–9, drawn by hand for the numbered marks. Each glyph is
 * seven rows of five columns, `#` for ink.
 */
export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;
/** Empty columns between two digits, before scaling. */
export const GLYPH_SPACING = 1;

export const DIGIT_GLYPHS: Readonly<Record<string, readonly string[]>> = {
  '0': ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  '1': ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['#####', '...#.', '..#..', '...#.', '....#', '#...#', '.###.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
};

/** Width and height in pixels of `digits` drawn at `scale` pixels per font dot. */
export function textSize(digits: string, scale: number): { width: number; height: number } {
  const count = digits.length;
  return {
    width: count === 0 ? 0 : (count * GLYPH_WIDTH + (count - 1) * GLYPH_SPACING) * scale,
    height: GLYPH_HEIGHT * scale,
  };
}

/**
 * Draw a string of digits with its top-left corner at (`x`, `y`), each font dot a square of
 * `scale` pixels. Characters other than 0–9 leave a blank cell.
 */
export function drawDigits(image: RgbaImage, digits: string, x: number, y: number, scale: number, color: Color): void {
  [...digits].forEach((character, index) => {
    const glyph = DIGIT_GLYPHS[character];
    if (glyph === undefined) return;
    const originX = x + index * (GLYPH_WIDTH + GLYPH_SPACING) * scale;
    glyph.forEach((row, rowIndex) => {
      for (let column = 0; column < GLYPH_WIDTH; column += 1) {
        if (row[column] !== '#') continue;
        for (let dy = 0; dy < scale; dy += 1) {
          for (let dx = 0; dx < scale; dx += 1) {
            setPixel(image, originX + column * scale + dx, y + rowIndex * scale + dy, color);
          }
        }
      }
    });
  });
}
