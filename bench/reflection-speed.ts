/**
 * Benchmark: reflection speed. The per-action cost of checking a step from its screens, for the
 * evidence-first reflector and the one-shot baseline, at 1280×800 and 1920×1080, with a breakdown
 * of where the time goes.
 *
 *   node --import tsx bench/reflection-speed.ts                        32 pairs per size, 3 repeats
 *   node --import tsx bench/reflection-speed.ts --pairs 60 --repeat 5  more of both
 *
 * Pairs are real: a spread of the change-evidence benchmark's specs (typed text, selects, toggles,
 * dialogs, navigation, no-ops, distractors, side effects), driven in headless Chromium at each
 * size. Timing starts once every browser is closed, so nothing else works meanwhile; each pair is
 * timed `repeat` times and its fastest run kept (the one least disturbed by anything else on the
 * machine), then the median and p95 over pairs are reported.
 *
 * As in a run, each check follows an earlier one whose screen after is a separate capture of this
 * step's screen before, so the reflector also diffs that screen against this one (to learn what
 * changes on its own). The whole checks are timed end to end; the stages are timed by calling the
 * vision primitives directly on the same pairs: PNG decode of both screens, pixel diff into
 * regions (before → after, and the earlier screen → before), drawing the marks (action marker,
 * numbered boxes) and encoding both marked PNGs. Labelling and judging is what remains of the
 * check without marks once decode and both diffs are taken out.
 *
 * Each cost is given twice: wall time, and the CPU time the process spent (all its threads, so
 * sharp's decoding and encoding count). CPU time suffers less than wall time from other work on
 * the machine, but not nothing (caches and cores are shared), so compare runs made under similar
 * load: the load average before and after is recorded. Results go to
 * bench/results/reflection-speed.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createHandle, type PerformedAction, type Reflector, type Screen } from '@sandpiper/core';
import { createEvidenceReflector, createOneShotReflector } from '@sandpiper/model-rules';
import {
  actionPoints,
  decodePng,
  diffImages,
  diffRegions,
  drawActionMarker,
  drawChangeMarks,
  encodePng,
  structuralSimilarity,
  type RgbaImage,
} from '@sandpiper/vision';
import { generatePairs, type GeneratedPair, type Viewport } from './change-evidence/generation.js';
import { allPairSpecs } from './change-evidence/other-specs.js';
import { percentile } from './change-evidence/scoring.js';

const { values } = parseArgs({
  options: { pairs: { type: 'string', default: '32' }, repeat: { type: 'string', default: '3' } },
  strict: true,
});
const PAIRS = Number(values.pairs);
const REPEAT = Number(values.repeat);
const SIZES: readonly Viewport[] = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];
/** The reflector encodes its marked images with this zlib level. */
const MARK_COMPRESSION = 2;

const METRICS = [
  'evidenceFirst',
  'evidenceFirstNoMarks',
  'oneShot',
  'decode',
  'diff',
  'idleDiff',
  'labelJudge',
  'marksDraw',
  'marksEncode',
  'marksInCheck',
  'oneShotCompare',
] as const;
type Metric = (typeof METRICS)[number];
const LABELS: Record<Metric, string> = {
  evidenceFirst: 'evidence-first: whole check',
  evidenceFirstNoMarks: 'evidence-first: whole check, no marks',
  decode: '  PNG decode, both screens',
  diff: '  pixel diff into regions, before → after',
  idleDiff: '  pixel diff, earlier screen → before',
  labelJudge: '  labelling and judging (derived)',
  marksDraw: '  marks: drawing',
  marksEncode: '  marks: PNG encoding, both images',
  marksInCheck: '  marks in the check (whole − no marks)',
  oneShot: 'one-shot: whole check',
  oneShotCompare: '  diff + structural similarity',
};

const handle = createHandle();
const waitStep: readonly PerformedAction[] = [{ action: { type: 'wait', ms: 400 }, summary: 'wait', ok: true }];

/** The same screen as a separate capture: new bytes, so no cache treats it as the one already seen. */
const recapture = (screen: Screen): Screen => ({
  ...screen,
  capture: { ...screen.capture, png: screen.capture.png.slice() },
});

/** What a piece of work cost: wall time, and CPU time of the whole process (every thread, sharp's included). */
interface Cost {
  readonly wall: number;
  readonly cpu: number;
}
type Costs = Record<Metric, Cost>;

async function timed<T>(work: () => T | Promise<T>): Promise<Cost & { readonly value: T }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await work();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000, value };
}

const minus = (whole: Cost, ...parts: Cost[]): Cost => ({
  wall: Math.max(
    0,
    parts.reduce((left, part) => left - part.wall, whole.wall),
  ),
  cpu: Math.max(
    0,
    parts.reduce((left, part) => left - part.cpu, whole.cpu),
  ),
});

/**
 * One check as in a run: for a reflector that remembers screens, an earlier check on the screen a
 * moment before (untimed) first; then this one (timed).
 */
async function timedCheck(reflector: Reflector, pair: GeneratedPair, index: number, remembers: boolean) {
  const step = { id: `step-${index}`, text: pair.step, status: 'executing' as const };
  const idle = pair.idle === pair.before ? recapture(pair.before) : pair.idle;
  if (remembers)
    await reflector.check(handle, {
      step: { ...step, text: 'Wait 400 ms' },
      performed: waitStep,
      before: idle,
      after: idle,
    });
  return timed(() =>
    reflector.check(handle, { step, performed: pair.performed, before: pair.before, after: pair.after }),
  );
}

/** Every metric for one pair, once. */
async function measure(pair: GeneratedPair, index: number): Promise<Costs> {
  const full = await timedCheck(createEvidenceReflector(), pair, index, true);
  const bare = await timedCheck(createEvidenceReflector({ markImages: false }), pair, index, true);
  const oneShot = await timedCheck(createOneShotReflector(), pair, index, false);
  const decode = await timed(() =>
    Promise.all([decodePng(pair.before.capture.png), decodePng(pair.after.capture.png)]),
  );
  const [before, after] = decode.value;
  const idleImage = await decodePng(pair.idle.capture.png);
  const diff = await timed(() => diffRegions(before, after));
  const idleDiff = await timed(() => diffRegions(idleImage, before));
  const regions = full.value.reflection?.regions ?? [];
  const pointed = pair.performed.filter((entry) => entry.ok && actionPoints(entry.action).length > 0);
  const marksDraw = await timed((): RgbaImage[] => [
    ...(pointed.length === 0 ? [] : [pointed.reduce((image, entry) => drawActionMarker(image, entry.action), before)]),
    ...(regions.length === 0
      ? []
      : [
          drawChangeMarks(
            after,
            regions.map((region) => ({ box: region.box, label: region.id })),
          ),
        ]),
  ]);
  const marksEncode = await timed(() =>
    Promise.all(marksDraw.value.map((image) => encodePng(image, { compressionLevel: MARK_COMPRESSION }))),
  );
  const oneShotCompare = await timed(() => {
    diffImages(before, after);
    structuralSimilarity(before, after);
  });
  const cost = ({ wall, cpu }: Cost): Cost => ({ wall, cpu });
  return {
    evidenceFirst: cost(full),
    evidenceFirstNoMarks: cost(bare),
    oneShot: cost(oneShot),
    decode: cost(decode),
    diff: cost(diff),
    idleDiff: cost(idleDiff),
    labelJudge: minus(bare, decode, diff, idleDiff),
    marksDraw: cost(marksDraw),
    marksEncode: cost(marksEncode),
    marksInCheck: minus(full, bare),
    oneShotCompare: cost(oneShotCompare),
  };
}

const median = (numbers: readonly number[]) => percentile(numbers, 50);
const round = (value: number) => Math.round(value * 10) / 10;
const summary = (samples: readonly number[]) => ({
  medianMs: round(median(samples)),
  p95Ms: round(percentile(samples, 95)),
});

async function benchSize(viewport: Viewport) {
  const all = allPairSpecs();
  const chosen = Array.from(
    { length: Math.min(PAIRS, all.length) },
    (_, index) => all[Math.floor((index * all.length) / PAIRS)]!,
  );
  const started = performance.now();
  const pairs = await generatePairs(chosen, viewport);
  const generatedSeconds = (performance.now() - started) / 1000;
  // Warm the code paths up once, so the first pairs do not pay for compilation.
  for (const [index, pair] of pairs.slice(0, 3).entries()) await measure(pair, index);
  const perPair: Costs[] = [];
  for (const [index, pair] of pairs.entries()) {
    const runs: Costs[] = [];
    for (let turn = 0; turn < REPEAT; turn += 1) runs.push(await measure(pair, index));
    const middle = (metric: Metric): Cost => ({
      wall: Math.min(...runs.map((run) => run[metric].wall)),
      cpu: Math.min(...runs.map((run) => run[metric].cpu)),
    });
    perPair.push(Object.fromEntries(METRICS.map((metric) => [metric, middle(metric)])) as Costs);
  }
  const stats = Object.fromEntries(
    METRICS.map((metric) => [
      metric,
      {
        wall: summary(perPair.map((entry) => entry[metric].wall)),
        cpu: summary(perPair.map((entry) => entry[metric].cpu)),
      },
    ]),
  ) as Record<Metric, Record<keyof Cost, { medianMs: number; p95Ms: number }>>;
  return {
    viewport,
    pairs: pairs.length,
    categories: Object.fromEntries(
      [...new Set(chosen.map((spec) => spec.category))].map((category) => [
        category,
        chosen.filter((spec) => spec.category === category).length,
      ]),
    ),
    generatedSeconds: round(generatedSeconds),
    stats,
    perPair: perPair.map((entry, index) => ({
      name: `${chosen[index]!.category}/${chosen[index]!.name}`,
      ...Object.fromEntries(
        METRICS.map((metric) => [metric, { wall: round(entry[metric].wall), cpu: round(entry[metric].cpu) }]),
      ),
    })),
  };
}

const loadBefore = os.loadavg();
const results = [];
for (const viewport of SIZES) results.push(await benchSize(viewport));
const loadAfter = os.loadavg();

const cell = (text: string) => ` ${text.padStart(15)} `;
const sizeNames = results.map((result) => `${result.viewport.width}x${result.viewport.height}`);
console.log(
  `\n${'ms per action'.padEnd(42)}|${sizeNames.map((name) => `${cell(`${name} wall`)}|${cell(`${name} CPU`)}`).join('|')}`,
);
console.log(`${''.padEnd(42)}|${sizeNames.map(() => `${cell('median     p95')}|${cell('median     p95')}`).join('|')}`);
for (const metric of METRICS) {
  const cells = results.flatMap((result) =>
    (['wall', 'cpu'] as const).map((kind) => {
      const stat = result.stats[metric][kind];
      return cell(`${stat.medianMs.toFixed(1).padStart(7)} ${stat.p95Ms.toFixed(1).padStart(7)}`);
    }),
  );
  console.log(`${LABELS[metric].padEnd(42)}|${cells.join('|')}`);
}
console.log(
  `${results.map((result) => `${result.pairs} pairs at ${result.viewport.width}x${result.viewport.height}`).join(', ')}; ${REPEAT} repeats each; ${os.cpus().length} cores, load ${loadBefore[0]!.toFixed(1)} → ${loadAfter[0]!.toFixed(1)}`,
);

const outputDirectory = path.join(import.meta.dirname, 'results');
mkdirSync(outputDirectory, { recursive: true });
writeFileSync(
  path.join(outputDirectory, 'reflection-speed.json'),
  `${JSON.stringify({ repeat: REPEAT, node: process.version, cores: os.cpus().length, loadAverage: { before: loadBefore, after: loadAfter }, labels: LABELS, sizes: results }, null, 2)}\n`,
);
