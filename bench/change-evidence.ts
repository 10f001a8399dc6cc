/**
 * Benchmark: change evidence. Generates pre/post screenshot pairs with known ground truth by
 * driving the built-in scenario apps in real headless Chromium (1280×800): typed text, selects,
 * toggles, opened dialogs and menus, navigation, no-op clicks, distractors that change on their
 * own (a ticking clock, a blinking caret bar, a spinner), alone and beside real actions, and
 * harmful side effects (the real change plus an unrelated one injected elsewhere). Scores the
 * evidence-first reflector against the one-shot baseline.
 *
 *   node --import tsx bench/change-evidence.ts            all pairs
 *   node --import tsx bench/change-evidence.ts --verbose  also print every wrong verdict
 *   node --import tsx bench/change-evidence.ts --only typed   pairs whose "category/name" contains "typed"
 *
 * Ground truth comes from the page, never from a reflector: the boxes of the elements the action
 * changes (Playwright bounding boxes, clipped to the viewport) and whether the action succeeded.
 * A predicted action-relevant region matches a true box at IoU >= 0.5. Results go to
 * bench/results/change-evidence.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createHandle, type PerformedAction, type Reflector } from '@sandpiper/core';
import { createEvidenceReflector, createOneShotReflector } from '@sandpiper/model-rules';
import { generatePairs } from './change-evidence/generation.js';
import { allPairSpecs } from './change-evidence/other-specs.js';
import { createScoreBoard, IOU_MATCH, percentile, printScoreTable, score } from './change-evidence/scoring.js';

const { values } = parseArgs({ options: { verbose: { type: 'boolean' }, only: { type: 'string' } }, strict: true });
const VIEWPORT = { width: 1280, height: 800 };

const allSpecs = allPairSpecs(values.only);
const handle = createHandle();
const started = performance.now();
const generated = await generatePairs(allSpecs, VIEWPORT);
const generatedSeconds = (performance.now() - started) / 1000;

/** The one-shot baseline twice: at its default pixel threshold, and sensitive enough to see a caret. */
const methods = ['evidence-first', 'one-shot', 'one-shot-20px'] as const;
type Method = (typeof methods)[number];
const board = createScoreBoard();
const times: Record<Method, number[]> = { 'evidence-first': [], 'one-shot': [], 'one-shot-20px': [] };
const pairs: unknown[] = [];
const waitStep: readonly PerformedAction[] = [{ action: { type: 'wait', ms: 400 }, summary: 'wait', ok: true }];

for (const [index, pair] of generated.entries()) {
  const { spec, before, after, performed, truth } = pair;
  const step = { id: `step-${index}`, text: pair.step, status: 'executing' as const };
  const evidenceFirst = createEvidenceReflector();
  // The step before, as in a run: its screen after (idle) was taken a moment before this step's
  // screen before, with no action in between.
  await evidenceFirst.check(handle, {
    step: { ...step, text: 'Wait 400 ms' },
    performed: waitStep,
    before: pair.idle,
    after: pair.idle,
  });
  const reflectors: Record<Method, Reflector> = {
    'evidence-first': evidenceFirst,
    'one-shot': createOneShotReflector(),
    'one-shot-20px': createOneShotReflector({ changedPixelThreshold: 20 }),
  };
  const record: Record<string, unknown> = {
    category: spec.category,
    name: spec.name,
    step: pair.step,
    succeeds: spec.succeeds,
    truth,
  };
  for (const method of methods) {
    const clock = performance.now();
    const check = await reflectors[method].check(handle, { step, performed, before, after });
    times[method].push(performance.now() - clock);
    score(board.scoreFor(method, spec.category), check, truth, spec.succeeds);
    score(board.scoreFor(method, 'all'), check, truth, spec.succeeds);
    record[method] = { passed: check.passed, evidence: check.evidence, regions: check.reflection?.regions ?? [] };
    if (values.verbose && check.passed !== spec.succeeds) {
      console.log(`WRONG ${method} ${spec.category} ${spec.name}: ${check.evidence}`);
      if (method === 'evidence-first')
        console.log('   ', JSON.stringify(check.reflection?.regions), 'truth', JSON.stringify(truth));
    }
  }
  pairs.push(record);
}

const categories = ['all', ...new Set(allSpecs.map((spec) => spec.category))];
const table = board.table(categories, methods);
printScoreTable(table, methods);
const timing = Object.fromEntries(
  methods.map((method) => [method, { medianMs: percentile(times[method], 50), p95Ms: percentile(times[method], 95) }]),
);
for (const method of methods) {
  console.log(
    `${method} reflection time at 1280x800: median ${timing[method]!.medianMs.toFixed(1)} ms, p95 ${timing[method]!.p95Ms.toFixed(1)} ms`,
  );
}
const wallSeconds = (performance.now() - started) / 1000;
console.log(
  `${allSpecs.length} pairs: generated in ${generatedSeconds.toFixed(0)} s, ${wallSeconds.toFixed(0)} s in all`,
);

const outputDirectory = path.join(import.meta.dirname, 'results');
mkdirSync(outputDirectory, { recursive: true });
writeFileSync(
  path.join(outputDirectory, 'change-evidence.json'),
  `${JSON.stringify({ viewport: VIEWPORT, iouMatch: IOU_MATCH, pairs: allSpecs.length, generatedSeconds, wallSeconds, timing, table, results: pairs }, null, 2)}\n`,
);
