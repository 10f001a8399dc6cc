/**
 * Benchmark: the desktop environment's hot paths on a real Xvfb.
 *
 *   node --import tsx bench/desktop-capture.ts            everything
 *   node --import tsx bench/desktop-capture.ts --quick    fewer samples, no LibreOffice
 *
 * Capture at 1280×800 and 1920×1080, over MIT-SHM and over the X socket: raw BGRX, RGBA (with
 * the swap), PNG (sharp, level 1), and a whole `observe`. Input through XTEST: move plus click
 * with its round trip, one key, 20 typed characters (each `act` without the settle wait). The
 * AT-SPI snapshot of a LibreOffice Calc window. Medians and 95th percentiles in milliseconds are
 * printed and written to test-artifacts/bench/desktop-capture.json.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { createHandle } from '@sandpiper/core';
import { attachDesktopEnvironment, launchDesktopEnvironment, type DesktopEnvironment } from '@sandpiper/env-desktop';
import { encodePng, ScreenCapturer } from '../packages/env-desktop/src/screen-capture.js';
import { connectDisplay, disconnectDisplay } from '../packages/env-desktop/src/x11-client.js';

const { values } = parseArgs({ options: { quick: { type: 'boolean' } }, strict: true });
const SAMPLES = values.quick ? 10 : 40;
const WARMUP = 3;
const handle = createHandle();

interface Row {
  readonly name: string;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly samples: number;
  readonly note?: string;
}
const rows: Row[] = [];

function percentile(numbers: readonly number[], p: number): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function measure(name: string, work: () => Promise<unknown>, note?: string, samples = SAMPLES): Promise<void> {
  for (let index = 0; index < WARMUP; index++) await work();
  const times: number[] = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  const row = { name, medianMs: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)), samples, note };
  rows.push(row);
}

function printTable(): void {
  console.log(`${'measurement'.padEnd(46)}${'median ms'.padStart(11)}${'p95 ms'.padStart(10)}${'n'.padStart(5)}`);
  for (const row of rows) {
    const p95 = Number.isNaN(row.p95Ms) ? '-' : String(row.p95Ms);
    console.log(
      `${row.name.padEnd(46)}${String(row.medianMs).padStart(11)}${p95.padStart(10)}${String(row.samples).padStart(5)}`,
    );
  }
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

async function benchCapture(width: number, height: number): Promise<void> {
  const env = await launchDesktopEnvironment(handle, { screen: { width, height }, accessibility: false });
  const connection = await connectDisplay(env.display, () => undefined);
  try {
    const size = `${width}x${height}`;
    for (const preferShm of [true, false]) {
      const capturer = await ScreenCapturer.create(connection, { preferShm });
      const via = capturer.transport;
      await measure(`capture ${size} raw BGRX (${via})`, () => capturer.capture());
      await measure(`capture ${size} RGBA (${via})`, () => capturer.captureRgba());
      await measure(`capture ${size} PNG level 1 (${via})`, async () => encodePng(await capturer.captureRgba()));
      capturer.dispose();
    }
    await measure(`observe ${size} (PNG + active title)`, () => env.observe(handle));
  } finally {
    disconnectDisplay(connection);
    await env.close();
  }
}

async function benchInput(): Promise<void> {
  const env = await launchDesktopEnvironment(handle, { accessibility: false, settleMs: 0 });
  try {
    const point = { x: 600, y: 400 };
    await measure('input move + click + round trip (xtest)', () => env.act(handle, { type: 'click', at: point }));
    await measure('input key Escape (xtest)', () => env.act(handle, { type: 'key', keys: ['Escape'] }));
    await measure('input type 20 characters (xtest)', () =>
      env.act(handle, { type: 'type', text: 'abcdefghij0123456789' }),
    );
    const viaXdotool = await attachDesktopEnvironment(handle, {
      display: env.display,
      accessibility: false,
      input: 'xdotool',
      settleMs: 0,
    });
    try {
      await measure('input move + click (xdotool --delay 0)', () =>
        viaXdotool.act(handle, { type: 'click', at: point }),
      );
      await measure('input type 20 characters (xdotool)', () =>
        viaXdotool.act(handle, { type: 'type', text: 'abcdefghij0123456789' }),
      );
    } finally {
      await viaXdotool.close();
    }
  } finally {
    await env.close();
  }
}

async function benchAccessibility(): Promise<void> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sandpiper-bench-calc-'));
  const csv = path.join(directory, 'book.csv');
  writeFileSync(
    csv,
    ['item,qty,price', ...Array.from({ length: 30 }, (_, row) => `item ${row},${row},${row * 1.5}`)].join('\n'),
  );
  const profile = `-env:UserInstallation=file://${path.join(directory, 'convert-profile')}`;
  await promisify(execFile)('soffice', [profile, '--headless', '--convert-to', 'ods', '--outdir', directory, csv]);
  let env: DesktopEnvironment | undefined;
  try {
    env = await launchDesktopEnvironment(handle, { workingDirectory: directory });
    if (!env.info.accessibility) {
      console.log('AT-SPI is not available here; skipping the snapshot benchmark');
      return;
    }
    const started = performance.now();
    const opened = await env.act(handle, { type: 'open', target: 'localc --norestore --nologo book.ods' });
    const window = await env.waitForWindow(handle, 'book.ods - LibreOffice Calc', { timeoutMs: 90_000 });
    if (!opened.ok || window === undefined) throw new Error('Calc did not open');
    rows.push({
      name: 'open localc book.ods until its window',
      medianMs: round(performance.now() - started),
      p95Ms: Number.NaN,
      samples: 1,
    });
    let nodes = 0;
    const calc = env;
    const first = performance.now();
    await calc.observe(handle, { accessibility: true });
    rows.push({
      name: 'observe + AT-SPI snapshot of Calc, first',
      medianMs: round(performance.now() - first),
      p95Ms: Number.NaN,
      samples: 1,
    });
    await measure(
      'observe + AT-SPI snapshot of Calc (1280x800)',
      async () => {
        nodes = (await calc.observe(handle, { accessibility: true })).accessibility?.length ?? 0;
      },
      undefined,
      values.quick ? 5 : 15,
    );
    await measure(
      'observe without accessibility (same screen)',
      () => calc.observe(handle),
      undefined,
      values.quick ? 5 : 15,
    );
    rows.push({ name: 'AT-SPI snapshot nodes (a count, not ms)', medianMs: nodes, p95Ms: Number.NaN, samples: 1 });
  } finally {
    await env?.close();
    await rm(directory, { recursive: true, force: true });
  }
}

await benchCapture(1280, 800);
await benchCapture(1920, 1080);
await benchInput();
if (!values.quick) await benchAccessibility();

printTable();
const output = path.join('test-artifacts', 'bench', 'desktop-capture.json');
mkdirSync(path.dirname(output), { recursive: true });
writeFileSync(
  output,
  `${JSON.stringify({ measuredAt: new Date().toISOString(), samples: SAMPLES, warmup: WARMUP, rows }, null, 2)}\n`,
);
console.log(`\nwritten to ${output}`);
