import { assertImage, type RgbaImage } from './image.js';

const HASH_COLUMNS = 9;
const HASH_ROWS = 8;

/**
 * How each source pixel along one axis spreads over `bins` equal bins. A pixel `i` covers
 * `[i * bins, (i + 1) * bins)` and bin `b` covers `[b * size, (b + 1) * size)` in a common
 * integer scale, so every overlap is a whole number and sums stay exact: two bins of equal
 * brightness compare as equal instead of differing by rounding noise.
 */
interface AxisWeights {
  /** Entries of pixel `i` are `starts[i]` up to `starts[i + 1]`. */
  readonly starts: Int32Array;
  readonly bins: Int32Array;
  readonly weights: Float64Array;
}

function axisWeights(size: number, bins: number): AxisWeights {
  const starts = new Int32Array(size + 1);
  const binList: number[] = [];
  const weightList: number[] = [];
  for (let index = 0; index < size; index += 1) {
    starts[index] = binList.length;
    const low = index * bins;
    const high = low + bins;
    for (let bin = Math.floor(low / size); bin < bins && bin * size < high; bin += 1) {
      const overlap = Math.min(high, (bin + 1) * size) - Math.max(low, bin * size);
      if (overlap > 0) {
        binList.push(bin);
        weightList.push(overlap);
      }
    }
  }
  starts[size] = binList.length;
  return { starts, bins: Int32Array.from(binList), weights: Float64Array.from(weightList) };
}

/**
 * Brightness of each of the 9 × 8 cells, each the area-weighted sum of the pixels it covers
 * (ITU-R BT.601 luma, times 1000 to stay in integers; alpha ignored). Every cell has the same
 * total weight, so the sums compare like averages.
 */
function cellBrightness(image: RgbaImage): Float64Array {
  const { width, height, data } = image;
  const cells = new Float64Array(HASH_COLUMNS * HASH_ROWS);
  if (width === 0 || height === 0) return cells;
  const columns = axisWeights(width, HASH_COLUMNS);
  const rows = axisWeights(height, HASH_ROWS);
  // One spare bin so the two-bin fast path may add a zero weight past the last cell.
  const rowSums = new Float64Array(HASH_COLUMNS + 1);
  const twoBins = width >= HASH_COLUMNS ? firstBins(columns, width) : undefined;
  const lumaRow = new Float64Array(width);
  for (let y = 0; y < height; y += 1) {
    let offset = y * width * 4;
    rowSums.fill(0);
    if (twoBins === undefined) {
      for (let x = 0; x < width; x += 1, offset += 4) {
        lumaRow[x] = 299 * data[offset]! + 587 * data[offset + 1]! + 114 * data[offset + 2]!;
      }
      spread(lumaRow, columns, rowSums);
    } else {
      const { bin, weight } = twoBins;
      for (let x = 0; x < width; x += 1, offset += 4) {
        const luma = 299 * data[offset]! + 587 * data[offset + 1]! + 114 * data[offset + 2]!;
        const first = bin[x]!;
        const share = weight[x]!;
        rowSums[first]! += luma * share;
        rowSums[first + 1]! += luma * (HASH_COLUMNS - share);
      }
    }
    const end = rows.starts[y + 1]!;
    for (let entry = rows.starts[y]!; entry < end; entry += 1) {
      const base = rows.bins[entry]! * HASH_COLUMNS;
      const weight = rows.weights[entry]!;
      for (let column = 0; column < HASH_COLUMNS; column += 1) cells[base + column]! += rowSums[column]! * weight;
    }
  }
  return cells;
}

/**
 * When the image is at least as wide as the grid, each pixel spans one or two bins and its
 * weights add up to the bin count: the first bin and its weight say everything.
 */
function firstBins(weights: AxisWeights, size: number): { bin: Int32Array; weight: Float64Array } {
  const bin = new Int32Array(size);
  const weight = new Float64Array(size);
  for (let index = 0; index < size; index += 1) {
    const entry = weights.starts[index]!;
    bin[index] = weights.bins[entry]!;
    weight[index] = weights.weights[entry]!;
  }
  return { bin, weight };
}

/** Add each value times its weights into the bins it overlaps. */
function spread(values: Float64Array, weights: AxisWeights, bins: Float64Array): void {
  const { starts } = weights;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index]!;
    const end = starts[index + 1]!;
    for (let entry = starts[index]!; entry < end; entry += 1) {
      bins[weights.bins[entry]!]! += value * weights.weights[entry]!;
    }
  }
}

/**
 * The 64-bit difference hash of an image: it is shrunk to 9 × 8 cells by area averaging of its
 * grayscale, and each of the 8 × 8 pairs of horizontal neighbours gives one bit, 1 when the left
 * cell is brighter than the right one. Bits run row by row from the top, left to right, the
 * first pair in the most significant bit.
 *
 * Images of any size can be hashed and compared, since every image shrinks to the same grid;
 * similar-looking screens give hashes a small {@link hammingDistance} apart. An empty (0 × 0)
 * image, like any image of uniform brightness, hashes to `0n`.
 *
 * @throws InvalidImageError when the pixel buffer does not match the size.
 */
export function dHash(image: RgbaImage): bigint {
  assertImage(image, 'image');
  const cells = cellBrightness(image);
  let high = 0;
  let low = 0;
  for (let row = 0; row < HASH_ROWS; row += 1) {
    for (let column = 0; column < HASH_COLUMNS - 1; column += 1) {
      const base = row * HASH_COLUMNS + column;
      const bit = (cells[base] ?? 0) > (cells[base + 1] ?? 0) ? 1 : 0;
      if (row < 4) high = (high << 1) | bit;
      else low = (low << 1) | bit;
    }
  }
  return (BigInt(high >>> 0) << 32n) | BigInt(low >>> 0);
}

function bitCount(word: number): number {
  let value = word - ((word >>> 1) & 0x55555555);
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * How many of the 64 bits differ between two {@link dHash} values: 0 for identical hashes, 64
 * for complementary ones. Arguments outside the unsigned 64-bit range are reduced modulo 2^64
 * first, so any bigint gives a defined answer.
 */
export function hammingDistance(first: bigint, second: bigint): number {
  const difference = BigInt.asUintN(64, first ^ second);
  return bitCount(Number(difference >> 32n)) + bitCount(Number(difference & 0xffffffffn));
}
