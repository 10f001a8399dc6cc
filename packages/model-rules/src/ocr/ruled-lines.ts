/**
 * Removes the thin straight lines that outline inputs, buttons and table cells from a grayscale
 * image before OCR. Tesseract otherwise reads a button border as `[` or `|` and glues it to the
 * label ("[sunit |" for a bordered "Submit"); with the outline gone it reads the label cleanly.
 */

/** Pixels a line's neighbours are looked at away from it; lines up to this thick are removed. */
const NEIGHBOUR_DISTANCE = 3;
/** Gray-level difference (0-255) that separates a line from its background. */
const MIN_CONTRAST = 40;
/** Horizontal lines shorter than this (pixels) are left alone: letter strokes are shorter. */
const MIN_HORIZONTAL_RUN = 40;
/** Vertical lines shorter than this (pixels) are left alone. */
const MIN_VERTICAL_RUN = 12;
/** How far (pixels) a vertical line's end may be from a removed horizontal line to count as a box side. */
const CORNER_REACH = 6;

/**
 * Return a copy of `gray` (one byte per pixel, rows top to bottom) with thin ruled lines painted
 * over in their surrounding colour. Horizontal lines at least {@link MIN_HORIZONTAL_RUN} long go;
 * a vertical line goes only when one of its ends meets a removed horizontal line, because tall
 * letter stems in headings are thin and vertical too but never meet a long rule.
 */
export function eraseRuledLines(gray: Uint8Array, width: number, height: number): Uint8Array {
  const out = Uint8Array.from(gray);
  const horizontal = new Uint8Array(width * height);
  const d = NEIGHBOUR_DISTANCE;
  const rowStep = width * d;

  for (let y = d; y < height - d; y += 1) {
    let start = -1;
    for (let x = 0; x <= width; x += 1) {
      const onLine = x < width && isThinLine(gray, y * width + x, rowStep);
      if (onLine && start < 0) start = x;
      if (!onLine && start >= 0) {
        if (x - start >= MIN_HORIZONTAL_RUN) {
          for (let i = start; i < x; i += 1) {
            const index = y * width + i;
            horizontal[index] = 1;
            out[index] = (gray[index - rowStep]! + gray[index + rowStep]!) >> 1;
          }
        }
        start = -1;
      }
    }
  }

  // Scanned row by row (one run start per column) because walking columns of a large image
  // strides through memory and is several times slower.
  const runStart = new Int32Array(width).fill(-1);
  const closeRun = (x: number, end: number): void => {
    const start = runStart[x]!;
    runStart[x] = -1;
    if (end - start < MIN_VERTICAL_RUN) return;
    if (!touches(horizontal, width, height, x, start) && !touches(horizontal, width, height, x, end - 1)) return;
    for (let y = start; y < end; y += 1) {
      const index = y * width + x;
      out[index] = (gray[index - d]! + gray[index + d]!) >> 1;
    }
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = d; x < width - d; x += 1) {
      const onLine = isThinLine(gray, y * width + x, d);
      if (onLine && runStart[x]! < 0) runStart[x] = y;
      if (!onLine && runStart[x]! >= 0) closeRun(x, y);
    }
  }
  for (let x = d; x < width - d; x += 1) if (runStart[x]! >= 0) closeRun(x, height);
  return out;
}

/**
 * The pixel differs from both neighbours `step` indices away, in the same direction: a thin line,
 * not an edge. Both neighbours must exist.
 */
function isThinLine(gray: Uint8Array, index: number, step: number): boolean {
  const value = gray[index]!;
  const before = gray[index - step]!;
  const after = gray[index + step]!;
  if (before - value > MIN_CONTRAST) return after - value > MIN_CONTRAST;
  if (value - before > MIN_CONTRAST) return value - after > MIN_CONTRAST;
  return false;
}

function touches(mask: Uint8Array, width: number, height: number, x: number, y: number): boolean {
  const top = Math.max(0, y - CORNER_REACH);
  const bottom = Math.min(height - 1, y + CORNER_REACH);
  const left = Math.max(0, x - CORNER_REACH);
  const right = Math.min(width - 1, x + CORNER_REACH);
  for (let row = top; row <= bottom; row += 1) {
    for (let column = left; column <= right; column += 1) {
      if (mask[row * width + column] === 1) return true;
    }
  }
  return false;
}
