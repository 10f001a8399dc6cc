/**
 * Benchmark: the server under eight concurrent runs on this machine. Each run acts on a built-in
 * scenario in its own headless Chromium with the built-in engine, while one client per run
 * follows its event stream and another watches its live view.
 *
 *   node --import tsx bench/server-load.ts              8 runs
 *   node --import tsx bench/server-load.ts --runs 4     another count
 *
 * Reports the delivery latency of live events (the store's append time to the moment the
 * WebSocket client parsed the event; same machine, same clock) and the live view's frames per
 * second while each run executes. Results go to bench/results/server-load.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { RunEvent } from '@sandpiper/protocol';
import type { StreamMessage } from '@sandpiper/protocol';
import { startServer } from '@sandpiper/server';
import { scenarios } from '@sandpiper/scenarios';
import { WebSocket } from 'ws';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '8' } }, strict: true });
const runCount = Number(values.runs);
if (!Number.isInteger(runCount) || runCount < 1 || runCount > 32) throw new Error('--runs must be 1 to 32');

interface RunMeasure {
  readonly runId: string;
  readonly scenario: string;
  status: string;
  /** Delivery latency of each live event, in milliseconds. */
  readonly latencies: number[];
  /** Arrival times of live-view frames, in milliseconds since the epoch. */
  readonly frames: number[];
  /** Arrival times of frames that differ from the one before (the page painted); the rest are repeats of a still screen. */
  readonly fresh: number[];
  executingFrom?: number;
  executingTo?: number;
}

const percentile = (numbers: readonly number[], p: number) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-bench-'));
const server = await startServer({ dataDir, onError: (message) => console.error(message) });
const wsBase = server.url.replace('http', 'ws');
const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };

async function createRun(scenario: string): Promise<string> {
  const response = await fetch(`${server.url}/api/runs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ scenario, approval: 'auto-all' }),
  });
  const body = (await response.json()) as { id?: string; error?: string };
  if (!body.id) throw new Error(`the run was not created: ${body.error}`);
  return body.id;
}

function follow(measure: RunMeasure): Promise<void> {
  const live = new WebSocket(`${wsBase}/api/runs/${measure.runId}/live?token=${server.token}`);
  let previous: Buffer | undefined;
  live.on('message', (data, isBinary) => {
    if (!isBinary) return;
    const frame = data as Buffer;
    const at = Date.now();
    measure.frames.push(at);
    if (!previous || !previous.equals(frame)) measure.fresh.push(at);
    previous = frame;
  });
  live.on('error', () => {});
  const events = new WebSocket(`${wsBase}/api/runs/${measure.runId}/stream?token=${server.token}`);
  let caughtUp = false;
  return new Promise((resolve, reject) => {
    events.on('error', reject);
    events.on('close', () => {
      live.close();
      resolve();
    });
    events.on('message', (data) => {
      const received = Date.now();
      const message = JSON.parse(String(data)) as StreamMessage;
      if (message.type === 'caught-up') {
        caughtUp = true;
        return;
      }
      const event: RunEvent = message.event;
      // Backlog events were stored before the client asked; only live ones measure delivery.
      if (caughtUp) measure.latencies.push(received - event.at);
      if (event.payload.type === 'step-start' && measure.executingFrom === undefined) measure.executingFrom = event.at;
      if (event.payload.type === 'run-end') {
        measure.executingTo = event.at;
        measure.status = event.payload.status;
      }
    });
  });
}

const started = Date.now();
const measures: RunMeasure[] = [];
try {
  const names = Array.from({ length: runCount }, (_, index) => scenarios[index % scenarios.length]!.name);
  const runIds = await Promise.all(names.map((name) => createRun(name)));
  const followed = runIds.map((runId, index) => {
    const measure: RunMeasure = {
      runId,
      scenario: names[index]!,
      status: 'running',
      latencies: [],
      frames: [],
      fresh: [],
    };
    measures.push(measure);
    return follow(measure);
  });
  await Promise.all(followed);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const latencies = measures.flatMap((measure) => measure.latencies);
const rate = (measure: RunMeasure, arrivals: readonly number[]) => {
  const from = measure.executingFrom ?? started;
  const to = measure.executingTo ?? Date.now();
  return arrivals.filter((at) => at >= from && at <= to).length / Math.max(0.001, (to - from) / 1000);
};
const fps = measures.map((measure) => rate(measure, measure.frames));
const freshFps = measures.map((measure) => rate(measure, measure.fresh));
const gaps = measures.flatMap((measure) => measure.frames.slice(1).map((at, index) => at - measure.frames[index]!));
const summary = {
  runs: runCount,
  cores: (await import('node:os')).cpus().length,
  statuses: measures.map((measure) => `${measure.scenario}:${measure.status}`),
  wallSeconds: (Date.now() - started) / 1000,
  eventLatencyMs: {
    events: latencies.length,
    median: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
  },
  liveViewFps: {
    perRun: fps.map((value) => Math.round(value * 10) / 10),
    median: Math.round(percentile(fps, 50) * 10) / 10,
    min: Math.round(Math.min(...fps) * 10) / 10,
  },
  paintedFps: {
    perRun: freshFps.map((value) => Math.round(value * 10) / 10),
    median: Math.round(percentile(freshFps, 50) * 10) / 10,
  },
  frameGapMs: { median: percentile(gaps, 50), p95: percentile(gaps, 95) },
  frames: measures.reduce((total, measure) => total + measure.frames.length, 0),
};
console.table({
  'event latency median (ms)': summary.eventLatencyMs.median,
  'event latency p95 (ms)': summary.eventLatencyMs.p95,
  'live view fps, median run': summary.liveViewFps.median,
  'live view fps, slowest run': summary.liveViewFps.min,
  'new paints per second, median run': summary.paintedFps.median,
  'frame gap p95 (ms)': summary.frameGapMs.p95,
});
console.log(JSON.stringify(summary, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/server-load.json', `${JSON.stringify(summary, null, 2)}\n`);
