import { access, constants } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Tesseract from 'tesseract.js';
import { OcrUnavailableError } from './errors.js';
import { clipRegion, decodeGray, encodeForOcr, readImageSize } from './image.js';
import type { PixelRegion } from './image.js';
import { buildLines } from './layout.js';
import type { RawLine } from './layout.js';
import { LruCache, fingerprint } from './result-cache.js';
import { eraseRuledLines } from './ruled-lines.js';
import type { OcrEngine, OcrEngineOptions, OcrRecognizeOptions, OcrResult, PageSegMode } from './types.js';

/** Where Debian's `tesseract-ocr-eng` package puts the English model. */
export const DEFAULT_LANG_PATH = '/usr/share/tesseract-ocr/5/tessdata';

const DEFAULT_CACHE_SIZE = 8;

const pageSegModes: Readonly<Record<PageSegMode, Tesseract.PSM>> = {
  auto: Tesseract.PSM.AUTO,
  'sparse-text': Tesseract.PSM.SPARSE_TEXT,
};

/**
 * Start a persistent Tesseract worker that reads English from local files only.
 *
 * The language data is read from `langPath` (never downloaded) and never copied anywhere: the
 * worker's cache is off, so no `eng.traineddata` appears in the working directory. Starting takes
 * a few hundred milliseconds; the first recognition pays a one-off model warm-up on top.
 *
 * @throws OcrUnavailableError with reason `missing-language-data` when `eng.traineddata` is not in
 *   `langPath`, or `worker-failed` when Tesseract cannot start.
 */
export async function createOcrEngine(options: OcrEngineOptions = {}): Promise<OcrEngine> {
  const langPath = options.langPath ?? DEFAULT_LANG_PATH;
  await requireLanguageData(langPath);
  const worker = await startWorker(langPath, options.pageSegMode ?? 'auto');
  const cache = new LruCache<string, Promise<OcrResult>>(options.cacheSize ?? DEFAULT_CACHE_SIZE);
  let stopping: Promise<unknown> | undefined;
  // Terminating kills the worker thread without settling its jobs; reads in flight race this
  // promise so that they reject instead of hanging.
  let announceStop: (error: OcrUnavailableError) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    announceStop = reject;
  });
  stopped.catch(() => {});

  async function read(png: Uint8Array, recognizeOptions: OcrRecognizeOptions): Promise<OcrResult> {
    const started = performance.now();
    const scale = recognizeOptions.scale ?? 1;
    const { width, height } = await readImageSize(png);
    let region: PixelRegion | undefined;
    if (recognizeOptions.region !== undefined) {
      region = clipRegion(recognizeOptions.region, width, height);
      if (region === undefined) return { words: [], lines: [], width, height, durationMs: performance.now() - started };
    }
    const gray = await decodeGray(png, region);
    const cleaned = { ...gray, pixels: eraseRuledLines(gray.pixels, gray.width, gray.height) };
    const encoded = await encodeForOcr(cleaned, scale);
    const image = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength);
    if (stopping !== undefined) throw terminatedError();
    const { data } = await Promise.race([stopped, worker.recognize(image, {}, { blocks: true, text: false })]);
    const rawLines: RawLine[] = (data.blocks ?? []).flatMap((block) =>
      block.paragraphs.flatMap((paragraph) => paragraph.lines),
    );
    const { words, lines } = buildLines(rawLines, {
      scale,
      offsetX: region?.left ?? 0,
      offsetY: region?.top ?? 0,
    });
    return { words, lines, width, height, durationMs: performance.now() - started };
  }

  return {
    recognize(png, recognizeOptions = {}) {
      if (stopping !== undefined) {
        return Promise.reject(terminatedError());
      }
      const key = cacheKey(png, recognizeOptions);
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      const pending = read(png, recognizeOptions);
      cache.set(key, pending);
      // A failed read is not remembered, so the next call tries again.
      void pending.catch(() => cache.delete(key));
      return pending;
    },
    async terminate() {
      if (stopping === undefined) {
        announceStop(terminatedError());
        stopping = worker.terminate();
      }
      await stopping;
    },
  };
}

async function requireLanguageData(langPath: string): Promise<void> {
  const file = join(langPath, 'eng.traineddata');
  try {
    await access(file, constants.R_OK);
  } catch (error: unknown) {
    throw new OcrUnavailableError(
      'missing-language-data',
      `The offline OCR engine needs English language data at ${file}, which is missing. ` +
        'Install it with `apt-get install tesseract-ocr-eng`, or run `npm run setup`.',
      { cause: error },
    );
  }
}

async function startWorker(langPath: string, pageSegMode: PageSegMode): Promise<Tesseract.Worker> {
  // tesseract.js rethrows job failures from its message handler, crashing the process, unless an
  // error handler is given; failures still reach the caller through the rejected job.
  const errorHandler = (): void => {};
  let worker: Tesseract.Worker;
  try {
    worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
      langPath,
      gzip: false,
      cacheMethod: 'none',
      workerBlobURL: false,
      legacyCore: false,
      legacyLang: false,
      errorHandler,
    });
  } catch (error: unknown) {
    throw workerFailed(langPath, error);
  }
  try {
    // user_defined_dpi only silences Tesseract's "Estimating resolution" chatter on stderr; the
    // LSTM model reads screen text the same at any declared resolution.
    await worker.setParameters({ tessedit_pageseg_mode: pageSegModes[pageSegMode], user_defined_dpi: '96' });
    return worker;
  } catch (error: unknown) {
    await worker.terminate();
    throw workerFailed(langPath, error);
  }
}

function workerFailed(langPath: string, error: unknown): OcrUnavailableError {
  return new OcrUnavailableError(
    'worker-failed',
    `The Tesseract worker could not start with the language data in ${langPath}: ${String(error)}`,
    { cause: error },
  );
}

function terminatedError(): OcrUnavailableError {
  return new OcrUnavailableError('terminated', 'The OCR engine was terminated.');
}

function cacheKey(png: Uint8Array, options: OcrRecognizeOptions): string {
  const region = options.region;
  const where = region === undefined ? 'all' : `${region.x},${region.y},${region.width},${region.height}`;
  return `${fingerprint(png)}|${options.scale ?? 1}|${where}`;
}
