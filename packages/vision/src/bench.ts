import { loadavg } from 'node:os';
import type { Action } from '@sandpiper/protocol';
import { drawActionMarker } from './action-marker.js';
import { drawChangeMarks } from './change-marks.js';
import { decodePng, encodePng } from './codec.js';
import { dHash, hammingDistance } from './dhash.js';
import { diffRegions } from './regions.js';
import { meanSquaredError, structuralSimilarity } from './similarity.js';
import {
  captureDialogPair,
  captureTypingPair,
  launchChromium,
  openFormPage,
  type ScreenshotPair,
} from './test-support/chromium-pairs.js';

/**
 * Benchmark, not a test: the per-action cost of reflection's vision work and where the time goes.
 * Real Chromium renders a form page at each screen size; each primitive runs on the genuine
 * pre/post screenshots of two interactions (typing into a field, opening a modal dialog).
 *
 * Run with `node --import tsx packages/vision/src/bench.ts [runs]` (default 20 timed runs after 3
 * untimed warm-up runs). Times are wall-clock milliseconds on one core; other processes on the
 * machine add noise, so the load average is printed with the results.
 */

const viewports = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];
const runs = Number(process.argv[2] ?? 20);
const warmup = 3;

interface Timing {
  readonly median: number;
  readonly p95: number;
}

function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((first, second) => first - second);
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 === 0
      ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
      : (sorted[Math.floor(middle)] ?? 0);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
  return { median, p95 };
}

async function measure(work: () => unknown): Promise<Timing> {
  const samples: number[] = [];
  for (let run = 0; run < warmup + runs; run += 1) {
    const start = performance.now();
    await work();
    if (run >= warmup) samples.push(performance.now() - start);
  }
  return summarise(samples);
}

/** A yardstick for the machine's speed at the moment: the cheapest possible pass over a screenshot. */
function sumBytes(data: Uint8Array): number {
  let sum = 0;
  for (let index = 0; index < data.length; index += 1) sum += data[index] ?? 0;
  return sum;
}

async function benchPair(name: string, pair: ScreenshotPair): Promise<[string, Timing][]> {
  const [before, after] = await Promise.all([decodePng(pair.before), decodePng(pair.after)]);
  const regions = diffRegions(before, after);
  const point = pair.point ?? { x: 0, y: 0 };
  const click: Action = { type: 'click', at: point, button: 'left', count: 1, modifiers: [] };
  const rows: [string, () => unknown][] = [
    ['reference: one pass summing the RGBA bytes', () => sumBytes(after.data)],
    ['decode PNG (one screenshot)', () => decodePng(pair.after)],
    ['dHash (one screenshot)', () => dHash(after)],
    ['MSE', () => meanSquaredError(before, after)],
    ['SSIM (default downsampling)', () => structuralSimilarity(before, after)],
    ['SSIM (full resolution)', () => structuralSimilarity(before, after, { downsampleFactor: 1 })],
    ['diffRegions', () => diffRegions(before, after)],
    ['drawChangeMarks', () => drawChangeMarks(after, regions)],
    ['drawChangeMarks + encode PNG (level 6)', () => encodePng(drawChangeMarks(after, regions))],
    [
      'drawChangeMarks + encode PNG (level 1)',
      () => encodePng(drawChangeMarks(after, regions), { compressionLevel: 1 }),
    ],
    ['drawActionMarker + encode PNG (level 6)', () => encodePng(drawActionMarker(before, click))],
    [
      'reflection per action (total)',
      async () => {
        const [first, second] = await Promise.all([decodePng(pair.before), decodePng(pair.after)]);
        hammingDistance(dHash(first), dHash(second));
        const found = diffRegions(first, second);
        await Promise.all([encodePng(drawChangeMarks(second, found)), encodePng(drawActionMarker(first, click))]);
      },
    ],
  ];
  const results: [string, Timing][] = [];
  for (const [label, work] of rows) results.push([`${name}: ${label}`, await measure(work)]);
  results.push([`${name}: regions found`, { median: regions.length, p95: regions.length }]);
  return results;
}

const browser = await launchChromium();
try {
  console.log(
    `vision primitives, ${runs} runs each after ${warmup} warm-up runs; load average ${loadavg()[0]?.toFixed(2)}`,
  );
  for (const viewport of viewports) {
    const page = await openFormPage(browser, viewport);
    const typing = await captureTypingPair(page);
    const dialog = await captureDialogPair(page);
    await page.close();
    console.log(`\n## ${viewport.width} × ${viewport.height}\n`);
    console.log('| measure | median ms | p95 ms |\n|---|---:|---:|');
    for (const [name, pair] of [
      ['typing', typing],
      ['dialog', dialog],
    ] as const) {
      for (const [label, timing] of await benchPair(name, pair)) {
        console.log(`| ${label} | ${timing.median.toFixed(1)} | ${timing.p95.toFixed(1)} |`);
      }
    }
  }
} finally {
  await browser.close();
}
