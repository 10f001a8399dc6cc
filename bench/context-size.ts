/**
 * Benchmark: model input size per step over a long run driven by a scripted model.
 *
 *   node --import tsx bench/context-size.ts [--steps 50] [--screenshots 3]
 *
 * A real headless Chromium on the built-in expense-report app, the real agent loop (`startRun`)
 * and every role of the model engine on the scripted model of the model-engine tests. The plan
 * has one typing step per value, alternating between the 'Employee name' and 'Email' fields, so
 * the run is as long as asked while every step is a real click, select-all and type.
 *
 * For steps 1, 5, 20 and 50 it reports what the step's largest request held (after the first
 * step that is the step check, which also decides the next step's first move) and what all model
 * calls of the step held together: bytes (UTF-8 text plus encoded images), image pixels, and
 * estimated tokens (four characters per token, 750 image pixels per token). "Flat" means no step
 * from 3 on exceeds step 3's largest request by more than 5% in estimated tokens, with the same
 * number of images. Writes bench/results/context-size.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { alternatingTypingPlan } from './support/typing-plan.js';
import { createModelEngine } from '../packages/model-engine/src/index.js';
import { createVisionChangeEvidence } from '../packages/runtime/src/change-evidence.js';
import { clerkScript } from '../packages/model-engine/test/support/clerk-script.js';
import { scriptedPrices } from '../packages/model-engine/test/support/fixtures.js';
import { openRunBench } from '../packages/model-engine/test/support/scenario-run.js';
import { createScriptedModel, type RecordedCall } from '../packages/model-engine/test/support/scripted-model.js';

const { values } = parseArgs({
  options: { steps: { type: 'string', default: '50' }, screenshots: { type: 'string', default: '3' } },
});
const stepCount = Math.max(5, Number(values.steps));
const contextScreenshots = Number(values.screenshots);
const reported = [1, 5, 20, 50].filter((step) => step <= stepCount);

const plan = alternatingTypingPlan(stepCount);

const model = createScriptedModel({ script: clerkScript(plan), prices: scriptedPrices });
// The pixel evidence real runs give the reflector (runtime's composition), so stage 1 is what it is there.
const engine = createModelEngine({
  roles: { default: { client: model } },
  contextScreenshots,
  changeEvidence: createVisionChangeEvidence(),
});
const stepStarts: number[] = [];
const seenSteps = new Set<string>();
const bench = await openRunBench();
const started = performance.now();
const { state } = await bench
  .run({
    engine,
    instruction: `Type ${stepCount} values into the employee fields in turn`,
    session: 'context-size',
    budgets: { maxActions: stepCount * 4 + 20, maxDurationMs: 3_600_000 },
    onEvent: (event) => {
      if (event.payload.type === 'step-start' && !seenSteps.has(event.payload.stepId)) {
        seenSteps.add(event.payload.stepId);
        stepStarts.push(model.calls.length);
      }
    },
  })
  .finally(() => bench.close());
const wallSeconds = (performance.now() - started) / 1000;

interface Size {
  readonly calls: number;
  readonly images: number;
  readonly bytes: number;
  readonly pixels: number;
  readonly tokens: number;
}
const total = (calls: readonly RecordedCall[]): Size => ({
  calls: calls.length,
  images: calls.reduce((sum, call) => sum + call.images, 0),
  bytes: calls.reduce((sum, call) => sum + call.bytes, 0),
  pixels: calls.reduce((sum, call) => sum + call.pixels, 0),
  tokens: calls.reduce((sum, call) => sum + call.inputTokens, 0),
});
const perStep = stepStarts.map((start, index) => {
  const calls = model.calls.slice(start, stepStarts[index + 1] ?? model.calls.length);
  const largest = calls.reduce<RecordedCall | undefined>(
    (biggest, call) => (biggest === undefined || call.inputTokens > biggest.inputTokens ? call : biggest),
    undefined,
  );
  return { step: index + 1, largest: total(largest ? [largest] : []), all: total(calls) };
});

if (perStep.length < 3) {
  throw new Error(`the run ended ${state.status} after ${perStep.length} steps: ${state.endReason ?? 'no reason'}`);
}
const baseline = perStep[2]!.largest;
const drift = perStep.slice(2).map((entry) => (entry.largest.tokens - baseline.tokens) / baseline.tokens);
const flat = perStep.slice(2).every((entry) => entry.largest.images === baseline.images) && Math.max(...drift) <= 0.05;
const maxImages = Math.max(...model.calls.map((call) => call.images));

const rows = reported.map((step) => perStep[step - 1]!).filter((entry) => entry !== undefined);
const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log(
  `${stepCount}-step run: ${state.status} in ${wallSeconds.toFixed(1)} s, ${model.calls.length} model calls, ` +
    `at most ${maxImages} images in any request (limit ${contextScreenshots})`,
);
console.log(
  'step |  largest request: images   bytes    pixels  ~tokens | whole step: calls    bytes     pixels  ~tokens',
);
for (const row of rows) {
  console.log(
    `${pad(row.step, 4)} | ${pad(row.largest.images, 25)} ${pad(row.largest.bytes, 7)} ${pad(row.largest.pixels, 9)} ${pad(row.largest.tokens, 8)} |` +
      ` ${pad(row.all.calls, 17)} ${pad(row.all.bytes, 8)} ${pad(row.all.pixels, 10)} ${pad(row.all.tokens, 8)}`,
  );
}
console.log(
  `flat after step 3: ${flat ? 'yes' : 'NO'} (largest token drift from step 3: ${(Math.max(...drift) * 100).toFixed(2)}%)`,
);

const outputDirectory = path.join(import.meta.dirname, 'results');
mkdirSync(outputDirectory, { recursive: true });
writeFileSync(
  path.join(outputDirectory, 'context-size.json'),
  `${JSON.stringify(
    {
      steps: stepCount,
      contextScreenshots,
      status: state.status,
      wallSeconds,
      modelCalls: model.calls.length,
      maxImagesPerRequest: maxImages,
      flatAfterStep3: flat,
      maxLargestRequestTokenDrift: Math.max(...drift),
      environment: 'real headless Chromium on the expense-report scenario',
      reported: rows,
      perStep,
    },
    null,
    2,
  )}\n`,
);
if (!flat || state.status !== 'succeeded') process.exitCode = 1;
