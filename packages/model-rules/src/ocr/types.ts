import type { Box } from '@sandpiper/protocol';

/**
 * How Tesseract segments the page before reading it.
 *
 * - `auto`: full automatic layout analysis (Tesseract PSM 3). Finds text on coloured bars and
 *   headers that sparse mode drops; the default.
 * - `sparse-text`: look for as much loose text as possible, in no particular order (PSM 11).
 */
export type PageSegMode = 'auto' | 'sparse-text';

/** Options of {@link createOcrEngine}. */
export interface OcrEngineOptions {
  /**
   * Directory holding an uncompressed `eng.traineddata`. Absent means the Debian location
   * `/usr/share/tesseract-ocr/5/tessdata`. Never a URL: the engine does not use the network.
   */
  readonly langPath?: string;
  /** Layout analysis mode for every recognition; absent means `auto`. */
  readonly pageSegMode?: PageSegMode;
  /** How many distinct recognitions to remember; absent means 8. 0 turns the cache off. */
  readonly cacheSize?: number;
}

/** Options of one {@link OcrEngine.recognize} call. */
export interface OcrRecognizeOptions {
  /**
   * Read only this part of the screenshot, in screenshot pixels. It is clipped to the image.
   * Absent means the whole frame. Boxes in the result stay in full-screenshot coordinates.
   */
  readonly region?: Box;
  /**
   * Enlarge the image this many times before reading. 2 helps small or low-contrast text
   * (light on dark) but roughly doubles the time. Absent means 1. Boxes in the result are
   * always in screenshot pixels whatever the scale.
   */
  readonly scale?: 1 | 2;
}

/** One word Tesseract read. */
export interface OcrWord {
  /** The characters as read, without surrounding whitespace; never empty. */
  readonly text: string;
  /** Tesseract's confidence in the word, 0 (a guess) to 100 (certain). */
  readonly confidence: number;
  /** Where the word's ink is, in screenshot pixels. */
  readonly box: Box;
}

/**
 * One visual line: consecutive words on one baseline with no wide gap between them. Tesseract's
 * own lines are split where a gap is much wider than a word space, so two columns or two buttons
 * side by side become separate lines.
 */
export interface OcrLine {
  /** The words joined by single spaces. */
  readonly text: string;
  /** Mean confidence of the words, 0 to 100. */
  readonly confidence: number;
  /** The union of the word boxes, in screenshot pixels. */
  readonly box: Box;
  /** The words from left to right; at least one. */
  readonly words: readonly OcrWord[];
}

/** Everything read from one screenshot (or one region of it). */
export interface OcrResult {
  /** Every word of every line, in reading order (lines top to bottom, words left to right). */
  readonly words: readonly OcrWord[];
  /** The visual lines, top to bottom then left to right. */
  readonly lines: readonly OcrLine[];
  /** Width of the whole screenshot in pixels, even when only a region was read. */
  readonly width: number;
  /** Height of the whole screenshot in pixels, even when only a region was read. */
  readonly height: number;
  /** Wall-clock time of the recognition that produced this result, in milliseconds; a cached result keeps the original time. */
  readonly durationMs: number;
}

/** A persistent OCR worker. Create once per run; recognitions run one after another. */
export interface OcrEngine {
  /**
   * Read the text of a PNG screenshot. The same bytes with the same options are read only once
   * while they stay in the engine's small cache; the cached result object is returned again.
   * Rejects with {@link OcrUnavailableError} after {@link OcrEngine.terminate}.
   */
  recognize(png: Uint8Array, options?: OcrRecognizeOptions): Promise<OcrResult>;
  /** Stop the worker thread. Idempotent. */
  terminate(): Promise<void>;
}

/** A decoded image, four bytes per pixel (red, green, blue, alpha), rows top to bottom. */
export interface RgbaImage {
  /** `width * height * 4` bytes. */
  readonly data: Uint8Array;
  /** Pixels per row. */
  readonly width: number;
  /** Number of rows. */
  readonly height: number;
}

/** A place where a line of OCR text matches a query. */
export interface OcrMatch {
  /** The matched words as read, joined by single spaces. */
  readonly text: string;
  /**
   * Similarity between the query and the matched words, 0 to 1; 1 is an exact match after
   * case folding, trimming punctuation and folding characters OCR often confuses.
   */
  readonly score: number;
  /**
   * The share of the line's characters the match covers, 0 to 1. 1 means the line is exactly the
   * target (typical of a label or button); a small value means the words sit inside running text.
   */
  readonly coverage: number;
  /** The union of the matched words' boxes, in screenshot pixels. */
  readonly box: Box;
  /** The line the words belong to. */
  readonly line: OcrLine;
  /** The matched words, left to right. */
  readonly words: readonly OcrWord[];
}
