/**
 * Benchmark: what the executor protocol costs per call.
 *
 *   node --import tsx bench/remote-executor.ts            everything
 *   node --import tsx bench/remote-executor.ts --quick    fewer samples
 *
 * `observe` and `act` on the same environment three ways: called directly, through the in-process
 * executor (the protocol over memory: validation, JSON, binary frames, one event-loop turn each
 * way) and through a WebSocket executor on loopback. Over the scripted environment from
 * @sandpiper/testing (nothing but protocol cost) and over a real headless Chromium at 1280×800
 * (`observe` is a full-page PNG, `act` a pointer move with its settle wait), and over the
 * scripted environment handing out that Chromium screenshot (the cost of its bytes on the wire
 * without the screenshot's own jitter). Calls of the three
 * ways are interleaved, so drift on a shared machine spreads evenly. Medians and 95th percentiles
 * in milliseconds, and the median overhead over the direct call of the same round, are printed and written to
 * test-artifacts/bench/remote-executor.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createHandle, type Environment } from '@sandpiper/core';
import { launchBrowserEnvironment } from '@sandpiper/env-browser';
import { connectExecutor, createInProcessExecutor, generateExecutorToken, serveExecutor } from '@sandpiper/env-remote';
import type { Action } from '@sandpiper/protocol';
import { createScriptedEnvironment } from '@sandpiper/testing';

const { values } = parseArgs({ options: { quick: { type: 'boolean' } }, strict: true });
const handle = createHandle();
const ways = ['direct', 'in-process', 'websocket'] as const;
type Way = (typeof ways)[number];

interface Row {
  /** `scripted`: a 1×1 PNG; `scripted-png`: the scripted environment returning Chromium's screenshot; `chromium`: the real thing. */
  readonly environment: 'scripted' | 'scripted-png' | 'chromium';
  readonly call: 'observe' | 'act';
  readonly way: Way;
  readonly samples: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  /** Median over the samples of this way's time less the direct call's in the same round. */
  readonly overheadMs: number;
  /** Size of one screenshot, for `observe`. */
  readonly pngBytes?: number;
}

const percentile = (numbers: readonly number[], p: number): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

/** The same environment without its `close`: the in-process executor owns what it wraps, this run does not. */
function borrowed(environment: Environment): Environment {
  return {
    get info() {
      return environment.info;
    },
    observe: (callHandle, options) => environment.observe(callHandle, options),
    act: (callHandle, action) => environment.act(callHandle, action),
    close: async () => {},
  };
}

async function measure(
  name: Row['environment'],
  environment: Environment,
  samples: { observe: number; act: number },
): Promise<Row[]> {
  const token = generateExecutorToken();
  const server = await serveExecutor(borrowed(environment), { token });
  const targets: Record<Way, Environment> = {
    direct: environment,
    'in-process': await createInProcessExecutor(borrowed(environment)),
    websocket: await connectExecutor(server.url, { token }),
  };
  const rows: Row[] = [];
  try {
    let pngBytes = 0;
    const moves: Action[] = [
      { type: 'move', to: { x: 200, y: 200 } },
      { type: 'move', to: { x: 220, y: 210 } },
    ];
    const calls = {
      observe: async (target: Environment) => {
        pngBytes = (await target.observe(handle)).png.byteLength;
      },
      act: async (target: Environment, index: number) => {
        const result = await target.act(handle, moves[index % 2]!);
        if (!result.ok) throw new Error(`the move failed: ${result.error}`);
      },
    };
    for (const call of ['observe', 'act'] as const) {
      if (samples[call] === 0) continue;
      const times: Record<Way, number[]> = { direct: [], 'in-process': [], websocket: [] };
      const warmup = 5;
      for (let index = 0; index < samples[call] + warmup; index += 1) {
        for (const way of ways) {
          const started = performance.now();
          await calls[call](targets[way], index);
          if (index >= warmup) times[way].push(performance.now() - started);
        }
      }
      for (const way of ways) {
        const paired = times[way].map((time, index) => time - times.direct[index]!);
        rows.push({
          environment: name,
          call,
          way,
          samples: times[way].length,
          medianMs: round(percentile(times[way], 50)),
          p95Ms: round(percentile(times[way], 95)),
          overheadMs: round(percentile(paired, 50)),
          ...(call === 'observe' ? { pngBytes } : {}),
        });
      }
    }
  } finally {
    await targets['in-process'].close();
    await targets.websocket.close();
    await server.close();
  }
  return rows;
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

const PAGE =
  'data:text/html,' +
  encodeURIComponent(
    '<title>Bench</title><body style="font:16px sans-serif;margin:40px">' +
      '<h1>Remote executor</h1><p>A page with some text, a field and a button.</p>' +
      '<label>Name <input></label> <button>Save</button>' +
      '<ul>' +
      Array.from({ length: 30 }, (_, index) => `<li>Row ${index + 1}: lorem ipsum dolor sit amet</li>`).join('') +
      '</ul></body>',
  );

const scale = values.quick ? 0.2 : 1;
const scripted = { observe: Math.round(500 * scale), act: Math.round(500 * scale) };
const rows: Row[] = [];
const browser = await launchBrowserEnvironment({ url: PAGE, viewport: { width: 1280, height: 800 } });
try {
  rows.push(...(await measure('scripted', createScriptedEnvironment(), scripted)));
  // The protocol's cost for a real screenshot's bytes, without the screenshot's own jitter.
  const screenshot = await browser.observe(handle);
  const withScreenshot = createScriptedEnvironment();
  const realistic: Environment = {
    ...borrowed(withScreenshot),
    observe: async (callHandle, options) => ({ ...(await withScreenshot.observe(callHandle, options)), ...screenshot }),
  };
  rows.push(...(await measure('scripted-png', realistic, { observe: scripted.observe, act: 0 })));
  rows.push(...(await measure('chromium', browser, { observe: Math.round(60 * scale), act: Math.round(100 * scale) })));
} finally {
  await browser.close();
}

console.log(
  ['environment', 'call', 'way', 'samples', 'median ms', 'p95 ms', 'overhead ms', 'png bytes']
    .map((cell, index) => cell.padEnd(index === 0 ? 16 : 12))
    .join(''),
);
for (const row of rows) {
  console.log(
    [
      row.environment,
      row.call,
      row.way,
      row.samples,
      row.medianMs.toFixed(3),
      row.p95Ms.toFixed(3),
      row.overheadMs.toFixed(3),
      row.pngBytes ?? '',
    ]
      .map((cell, index) => String(cell).padEnd(index === 0 ? 16 : 12))
      .join(''),
  );
}
const output = path.join('test-artifacts', 'bench', 'remote-executor.json');
mkdirSync(path.dirname(output), { recursive: true });
writeFileSync(
  output,
  `${JSON.stringify({ generatedAt: new Date().toISOString(), node: process.version, cpus: cpus().length, rows }, null, 2)}\n`,
);
console.log(`\nWritten to ${output}`);
