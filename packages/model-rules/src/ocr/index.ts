/**
 * The OCR side of the built-in offline engine: reads on-screen text from a screenshot when no
 * accessibility snapshot is available, matches target text against it and finds the input a
 * label names. Everything runs locally; nothing touches the network.
 */
export { createOcrEngine, DEFAULT_LANG_PATH } from './engine.js';
export { OcrUnavailableError } from './errors.js';
export type { OcrUnavailableReason } from './errors.js';
export { findTextMatches, normalizeForMatch, similarity, DEFAULT_MIN_SCORE } from './text-match.js';
export type { TextMatchOptions } from './text-match.js';
export { findFieldNear } from './field-finder.js';
export { createOcrSecretLocator, secretWordBoxes } from './secret-locator.js';
export { decodePng } from './image.js';
export type {
  OcrEngine,
  OcrEngineOptions,
  OcrLine,
  OcrMatch,
  OcrRecognizeOptions,
  OcrResult,
  OcrWord,
  PageSegMode,
  RgbaImage,
} from './types.js';
