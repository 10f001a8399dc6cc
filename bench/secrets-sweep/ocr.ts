import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { SHORT } from './secrets.js';

/** Reads images with the tesseract CLI, once per distinct image. */
export interface OcrReader {
  read(image: Buffer): Promise<string>;
  /** Images read so far (cache misses). */
  readonly count: number;
}

export function createOcrReader(): OcrReader {
  const cache = new Map<string, Promise<string>>();
  let count = 0;
  return {
    get count() {
      return count;
    },
    read(image) {
      const key = createHash('sha256').update(image).digest('hex');
      let text = cache.get(key);
      if (text === undefined) {
        count += 1;
        text = tesseract(image);
        cache.set(key, text);
      }
      return text;
    },
  };
}

/** One tesseract process on the image (PNG or JPEG) given on stdin; page segmentation 3, one thread. */
function tesseract(image: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('tesseract', ['stdin', 'stdout', '--psm', '3'], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(`tesseract exited with ${code}`)),
    );
    child.stdin.end(image);
  });
}

/**
 * Letters OCR mixes up with digits are read as those digits, case and everything but letters
 * and digits are dropped: what is left of a value is what OCR can be held to.
 */
export function foldForOcr(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[o]/g, '0')
    .replace(/[il|!]/g, '1')
    .replace(/s/g, '5')
    .replace(/b/g, '8')
    .replace(/z/g, '2')
    .replace(/[^a-z0-9]/g, '');
}

/** Edits allowed when looking for a folded value of this length in OCR text. */
function tolerance(length: number): number {
  return length >= 14 ? 2 : length >= SHORT ? 1 : 0;
}

/**
 * How many times the value shows in the OCR text: approximately (a few misread characters) for
 * long values, as a whole word for short ones.
 */
export function countInOcr(ocrText: string, value: string): number {
  const needle = foldForOcr(value);
  if (needle.length < SHORT) {
    return ocrText.split(/[^A-Za-z0-9]+/).filter((word) => word !== '' && foldForOcr(word) === needle).length;
  }
  return approximateMatches(foldForOcr(ocrText), needle, tolerance(needle.length));
}

/**
 * Non-overlapping places where `needle` matches a substring of `text` within `k` edits
 * (Sellers' algorithm: edit distance with a free start anywhere in the text).
 */
export function approximateMatches(text: string, needle: string, k: number): number {
  const m = needle.length;
  let column = Array.from({ length: m + 1 }, (_, index) => index);
  let matches = 0;
  let lastEnd = -Infinity;
  for (let position = 0; position < text.length; position += 1) {
    const next = [0];
    for (let index = 1; index <= m; index += 1) {
      const cost = needle[index - 1] === text[position] ? 0 : 1;
      next[index] = Math.min(column[index - 1]! + cost, column[index]! + 1, next[index - 1]! + 1);
    }
    column = next;
    if (column[m]! <= k && position - lastEnd >= m - k) {
      matches += 1;
      lastEnd = position;
    }
  }
  return matches;
}
