/**
 * Measures the offline OCR engine on a 1280x800 screenshot of a web form rendered by Chromium:
 * worker start, first recognition, preprocessing, and repeated recognitions of the full frame
 * (1x and 2x) and of one form row, for both page segmentation modes. The modes are interleaved so
 * that load from other processes hits both alike; median and minimum are printed.
 *
 * Run from the repository root: node --import tsx packages/model-rules/src/ocr/ocr-bench.ts
 */
import { performance } from 'node:perf_hooks';
import { renderFormFixture } from '../test-support/form-fixture.js';
import { decodeGray, encodeForOcr } from './image.js';
import { createOcrEngine, findTextMatches } from './index.js';
import type { OcrEngine, OcrRecognizeOptions, PageSegMode } from './index.js';
import { eraseRuledLines } from './ruled-lines.js';

const repetitions = 7;
const modes: readonly PageSegMode[] = ['auto', 'sparse-text'];

function summary(samples: readonly number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  return `median ${median.toFixed(0)} ms (min ${(sorted[0] ?? Number.NaN).toFixed(0)})`;
}

async function elapsed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const fixture = await renderFormFixture();
const label = fixture.boxes.employeeNameLabel;
const region = { x: 0, y: label.y - 20, width: 640, height: label.height + 40 };
const targets = [
  'Acme Travel Expenses',
  'New expense claim',
  'Employee name',
  'Email',
  'Send me a copy',
  'Submit',
  'Cancel',
];

const preprocessing: number[] = [];
for (let index = 0; index < repetitions; index += 1) {
  preprocessing.push(
    await elapsed(async () => {
      const gray = await decodeGray(fixture.png, undefined);
      await encodeForOcr({ ...gray, pixels: eraseRuledLines(gray.pixels, gray.width, gray.height) }, 1);
    }),
  );
}
console.log(`preprocessing (decode, gray, erase rules, encode), full frame: ${summary(preprocessing)}`);

const engines = new Map<PageSegMode, OcrEngine>();
for (const mode of modes) {
  let engine: OcrEngine | undefined;
  const startMs = await elapsed(async () => {
    engine = await createOcrEngine({ pageSegMode: mode, cacheSize: 0 });
  });
  if (engine === undefined) throw new Error('engine did not start');
  engines.set(mode, engine);
  let lines: readonly { text: string }[] = [];
  const firstMs = await elapsed(async () => {
    lines = (await engine!.recognize(fixture.png)).lines;
  });
  console.log(
    `${mode}: start ${startMs.toFixed(0)} ms, first full frame ${firstMs.toFixed(0)} ms, ${lines.length} lines`,
  );
}

const cases: readonly [string, OcrRecognizeOptions][] = [
  ['full frame 1x', {}],
  ['full frame 2x', { scale: 2 }],
  ['region 640x58 1x', { region }],
  ['region 640x58 2x', { region, scale: 2 }],
];
for (const [name, options] of cases) {
  const samples = new Map<PageSegMode, number[]>(modes.map((mode) => [mode, []]));
  const recall = new Map<PageSegMode, number>();
  for (let index = 0; index < repetitions; index += 1) {
    for (const mode of modes) {
      const result = await engines.get(mode)!.recognize(fixture.png, options);
      samples.get(mode)!.push(result.durationMs);
      const exact = targets.filter((target) =>
        findTextMatches(result.lines, target).some((match) => match.score === 1),
      );
      recall.set(mode, exact.length);
    }
  }
  for (const mode of modes) {
    const note = name.startsWith('full') ? `, exact targets ${recall.get(mode)}/${targets.length}` : '';
    console.log(`${name}, ${mode}: ${summary(samples.get(mode)!)}${note}`);
  }
}
for (const engine of engines.values()) await engine.terminate();
