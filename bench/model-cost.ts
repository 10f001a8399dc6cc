/**
 * Benchmark: what a model run costs per step, per vendor profile.
 *
 *   node --import tsx bench/model-cost.ts [--steps 15]
 *
 * A real headless Chromium on the built-in expense-report app, the real agent loop and every role
 * of the model engine with the pixel change evidence real runs use, on the scripted "clerk" model
 * of the model-engine tests (it reads each prompt's element list and answers every role honestly).
 * The plan types one value per step into alternating fields, so every step is a real click,
 * select-all and type, judged by the real step check and, at the end, the real completion check.
 *
 * The same run is made once per vendor profile, so each gets the images its profile asks for, and
 * once more per profile on the hybrid engine (see MODES):
 *
 *   claude     anthropic:claude-sonnet-4-6   $3 in / $15 out per million tokens (list price); its
 *              operator acts through Anthropic's computer tool, as the model's profile says
 *   gpt-4.1    openai:gpt-4.1                $2 in / $8 out
 *   qwen2.5-vl a local Qwen2.5-VL server     $0
 *
 * Input tokens are counted the way each vendor bills what was sent: text at four characters per
 * token (an estimate; no tokenizer ships here), images by the vendor's documented rule: Anthropic
 * width × height / 750 (https://docs.anthropic.com/en/docs/build-with-claude/vision), OpenAI's
 * high detail 85 + 170 per 512-pixel tile after fitting within 2048 and a 768 short side
 * (https://platform.openai.com/docs/guides/images-vision), Qwen2.5-VL one token per 28 × 28
 * patch. Output tokens are the answer's characters / 4.
 *
 * Prompt caching is priced as each vendor documents it. A request's system turn comes first and
 * is the same for every call of a role, so from the second such call on it is read from the
 * cache when it is at least 1,024 tokens long: Anthropic (the request marks the end of the system
 * turn with `cache_control`) bills the first write at 1.25 times the input price and each read at
 * 0.1 times (https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching); OpenAI caches
 * such prefixes by itself, in 128-token steps past the first 1,024, and bills GPT-4.1's cached
 * input at $0.50 a million instead of $2 (https://platform.openai.com/docs/guides/prompt-caching,
 * https://platform.openai.com/docs/pricing). A local server's cache saves time, not money. Writes
 * bench/results/model-cost.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ContentPart, ProviderName } from '@sandpiper/models';
import { alternatingTypingPlan } from './support/typing-plan.js';
import { createModelEngine } from '../packages/model-engine/src/index.js';
import { createRulesEngine } from '../packages/model-rules/src/index.js';
import { createHybridEngine } from '../packages/runtime/src/hybrid-engine.js';
import { createVisionChangeEvidence } from '../packages/runtime/src/change-evidence.js';
import { clerkScript } from '../packages/model-engine/test/support/clerk-script.js';
import { openRunBench } from '../packages/model-engine/test/support/scenario-run.js';
import {
  createScriptedModel,
  pngSize,
  type RecordedCall,
} from '../packages/model-engine/test/support/scripted-model.js';

const { values } = parseArgs({ options: { steps: { type: 'string', default: '15' } }, strict: true });
const stepCount = Math.max(3, Number(values.steps));

interface Vendor {
  readonly id: string;
  readonly provider: ProviderName;
  readonly model: string;
  readonly inputPerMillionUsd: number;
  readonly outputPerMillionUsd: number;
  /** Input tokens an image of this size is billed as. */
  imageTokens(width: number, height: number): number;
  /** How the vendor prices its prompt cache; absent: nothing is cheaper for being repeated. */
  readonly cache?: CacheRule;
}

interface CacheRule {
  /** Shortest prefix the vendor caches, in tokens. */
  readonly minTokens: number;
  /** Cached prefixes grow in steps of this many tokens past `minTokens` (OpenAI); 1: any length. */
  readonly step: number;
  /** A cached token's price, as a share of the input price. */
  readonly readFactor: number;
  /** A token written to the cache, as a share of the input price (Anthropic charges for writes). */
  readonly writeFactor: number;
}

const VENDORS: readonly Vendor[] = [
  {
    id: 'claude',
    provider: 'anthropic',
    model: 'claude-sonnet-4-6',
    inputPerMillionUsd: 3,
    outputPerMillionUsd: 15,
    imageTokens: (width, height) => Math.ceil((width * height) / 750),
    cache: { minTokens: 1024, step: 1, readFactor: 0.1, writeFactor: 1.25 },
  },
  {
    id: 'gpt-4.1',
    provider: 'openai',
    model: 'gpt-4.1',
    inputPerMillionUsd: 2,
    outputPerMillionUsd: 8,
    imageTokens: openAiTiles,
    cache: { minTokens: 1024, step: 128, readFactor: 0.25, writeFactor: 1 },
  },
  {
    id: 'qwen2.5-vl',
    provider: 'openai-compatible',
    model: 'qwen2.5-vl-7b-instruct',
    inputPerMillionUsd: 0,
    outputPerMillionUsd: 0,
    imageTokens: (width, height) => Math.ceil(width / 28) * Math.ceil(height / 28),
  },
];

/** OpenAI high detail: fit within 2048 × 2048, then the short side to 768, then 170 per 512 tile plus 85. */
function openAiTiles(width: number, height: number): number {
  let [w, h] = [width, height];
  const fit = Math.min(1, 2048 / Math.max(w, h));
  [w, h] = [w * fit, h * fit];
  const short = Math.min(1, 768 / Math.min(w, h));
  [w, h] = [w * short, h * short];
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}

const plan = alternatingTypingPlan(stepCount);

/**
 * Every role on the model, and the hybrid engine: the built-in engine first, the model only for
 * what it cannot settle. The instruction is one the built-in planner cannot read, so the model
 * plans in both; the hybrid then carries the typed steps out and checks them itself.
 */
const MODES = ['models', 'hybrid'] as const;

interface Billed {
  readonly calls: number;
  readonly images: number;
  readonly pixels: number;
  readonly inputTokens: number;
  /** Of `inputTokens`, those read from the prompt cache. */
  readonly cacheReadTokens: number;
  /** Of `inputTokens`, those written to the prompt cache. */
  readonly cacheWriteTokens: number;
  readonly outputTokens: number;
  readonly usd: number;
}

/** Input tokens Anthropic adds to a request offering the computer tool: its definition. */
const COMPUTER_TOOL_OVERHEAD_TOKENS = 735;

/** Each call billed on its own, in order, so a system turn sent before counts as cached. */
function billEach(vendor: Vendor, calls: readonly RecordedCall[]): Billed[] {
  const cachedPrefixes = new Set<string>();
  return calls.map((call) => {
    let images = 0;
    let pixels = 0;
    // Anthropic bills the computer tool's definition as 735 input tokens on every request offering it
    // (the computer-use tool page, "Pricing"). The tool-use system prompt, and the answer schema the
    // JSON path sends as a tool, are paid by both paths and counted for neither.
    let inputTokens = call.request.computer !== undefined ? COMPUTER_TOOL_OVERHEAD_TOKENS : 0;
    for (const message of call.request.messages) {
      const parts: readonly ContentPart[] = [
        ...(typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content),
        ...(message.toolResults ?? []).flatMap((result) => result.content),
      ];
      for (const part of parts) {
        if (part.type === 'text') {
          inputTokens += Math.ceil(part.text.length / 4);
          continue;
        }
        const size = pngSize(part.data);
        images += 1;
        pixels += size.width * size.height;
        inputTokens += vendor.imageTokens(size.width, size.height);
      }
    }
    const { read, written } = cacheOf(vendor.cache, call, cachedPrefixes);
    const outputTokens = Math.ceil(call.answer.length / 4);
    const inputRate = vendor.inputPerMillionUsd;
    const usd =
      ((inputTokens - read - written) * inputRate +
        read * inputRate * (vendor.cache?.readFactor ?? 1) +
        written * inputRate * (vendor.cache?.writeFactor ?? 1) +
        outputTokens * vendor.outputPerMillionUsd) /
      1_000_000;
    return {
      calls: 1,
      images,
      pixels,
      inputTokens,
      cacheReadTokens: read,
      cacheWriteTokens: written,
      outputTokens,
      usd,
    };
  });
}

/** The cached part of a call's prompt: its leading system turn, once it has been sent before. */
function cacheOf(
  rule: CacheRule | undefined,
  call: RecordedCall,
  cachedPrefixes: Set<string>,
): { read: number; written: number } {
  const system = call.request.messages[0];
  if (rule === undefined || system?.role !== 'system' || typeof system.content !== 'string') {
    return { read: 0, written: 0 };
  }
  const tokens = Math.ceil(system.content.length / 4);
  if (tokens < rule.minTokens) return { read: 0, written: 0 };
  const cacheable = rule.minTokens + Math.floor((tokens - rule.minTokens) / rule.step) * rule.step;
  if (cachedPrefixes.has(system.content)) return { read: cacheable, written: 0 };
  cachedPrefixes.add(system.content);
  return { read: 0, written: rule.writeFactor === 1 ? 0 : cacheable };
}

function sum(billed: readonly Billed[]): Billed {
  const total = (key: keyof Billed) => billed.reduce((sum, entry) => sum + entry[key], 0);
  return {
    calls: total('calls'),
    images: total('images'),
    pixels: total('pixels'),
    inputTokens: total('inputTokens'),
    cacheReadTokens: total('cacheReadTokens'),
    cacheWriteTokens: total('cacheWriteTokens'),
    outputTokens: total('outputTokens'),
    usd: total('usd'),
  };
}

const results = [];
const bench = await openRunBench();
try {
  for (const vendor of VENDORS)
    for (const mode of MODES) {
      const model = createScriptedModel({ script: clerkScript(plan), provider: vendor.provider, model: vendor.model });
      const modelEngine = createModelEngine({
        roles: { default: { client: model } },
        changeEvidence: createVisionChangeEvidence(),
      });
      const engine =
        mode === 'hybrid' ? createHybridEngine(createRulesEngine({ ocr: 'off' }), modelEngine) : modelEngine;
      const { state } = await bench
        .run({
          engine,
          instruction: `Type ${stepCount} values into the employee fields in turn`,
          session: `model-cost-${vendor.id}-${mode}`,
          budgets: { maxActions: stepCount * 4 + 20, maxDurationMs: 3_600_000 },
        })
        .finally(() => engine.close?.());
      const each = billEach(vendor, model.calls);
      const byRole = new Map<string, Billed[]>();
      model.calls.forEach((call, index) => byRole.set(call.name, [...(byRole.get(call.name) ?? []), each[index]!]));
      const total = sum(each);
      results.push({
        vendor: vendor.id,
        engine: mode,
        model: `${vendor.provider}:${vendor.model}`,
        status: state.status ?? 'none',
        steps: stepCount,
        total,
        perStep: {
          calls: total.calls / stepCount,
          inputTokens: total.inputTokens / stepCount,
          outputTokens: total.outputTokens / stepCount,
          images: total.images / stepCount,
          usd: total.usd / stepCount,
        },
        byAnswer: Object.fromEntries([...byRole].map(([name, billed]) => [name, sum(billed)])),
      });
    }
} finally {
  await bench.close();
}

const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log(`${stepCount}-step task on the expense-report app, scripted clerk model, pixel change evidence on`);
console.log(
  'vendor       engine  status     calls  calls/step  input/step  cached/step  output/step  images/step   $/step   $/task',
);
for (const result of results) {
  console.log(
    `${result.vendor.padEnd(12)} ${result.engine.padEnd(7)} ${result.status.padEnd(10)} ${pad(result.total.calls, 5)} ${pad(result.perStep.calls.toFixed(2), 11)}` +
      ` ${pad(Math.round(result.perStep.inputTokens), 11)} ${pad(Math.round(result.total.cacheReadTokens / stepCount), 12)}` +
      ` ${pad(Math.round(result.perStep.outputTokens), 12)}` +
      ` ${pad(result.perStep.images.toFixed(2), 12)} ${pad(result.perStep.usd.toFixed(4), 8)} ${pad(result.total.usd.toFixed(3), 8)}`,
  );
}
const first = results[0]!;
console.log(
  `\ncalls by answer (${first.vendor}): ` +
    Object.entries(first.byAnswer)
      .map(([name, billed]) => `${name} ${billed.calls}`)
      .join(', '),
);

const outputDirectory = path.join(import.meta.dirname, 'results');
mkdirSync(outputDirectory, { recursive: true });
writeFileSync(
  path.join(outputDirectory, 'model-cost.json'),
  `${JSON.stringify({ steps: stepCount, results }, null, 2)}\n`,
);
