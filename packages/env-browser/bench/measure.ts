/**
 * Median timings of the browser environment: observe with and without the accessibility snapshot,
 * the three snapshot strategies side by side (interleaved, so machine load hits them alike), and a
 * few actions. Pages: the expense form fixture (about eighty nodes) and the same form repeated ten
 * times. Run from the repository root: `npx tsx packages/env-browser/bench/measure.ts`.
 */
import { createHandle } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { captureAccessibilitySnapshot } from '../src/accessibility-snapshot.js';
import { launchBrowserEnvironment } from '../src/index.js';
import { startFixtureServer } from '../test/fixture-server.js';
import { EXPENSE_FORM_PAGE } from '../test/pages.js';
import { snapshotByDomWalk, snapshotWithContentQuads } from './alternative-snapshots.js';

const RUNS = Number(process.env['RUNS'] ?? 30);
type Task = readonly [label: string, work: () => Promise<unknown>];

/** Run every task once per round, `RUNS` rounds after one warm-up, and print medians. */
async function compare(tasks: readonly Task[]): Promise<void> {
  const times = tasks.map(() => [] as number[]);
  const sizes = tasks.map(() => 0);
  for (let round = -1; round < RUNS; round += 1) {
    for (const [index, [, work]] of tasks.entries()) {
      const started = performance.now();
      const result = await work();
      if (round >= 0) times[index]!.push(performance.now() - started);
      if (Array.isArray(result)) sizes[index] = result.length;
    }
  }
  for (const [index, [label]] of tasks.entries()) {
    const sorted = [...times[index]!].sort((a, b) => a - b);
    const middle = sorted[Math.floor(sorted.length / 2)] ?? NaN;
    const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? NaN;
    const size = sizes[index] ? `  (${sizes[index]} nodes)` : '';
    console.log(
      `  ${label.padEnd(42)} median ${middle.toFixed(1).padStart(6)} ms  p90 ${p90.toFixed(1).padStart(6)} ms${size}`,
    );
  }
}

function largestBoxDifference(a: readonly AccessibilityNode[], b: readonly AccessibilityNode[]): number {
  if (a.length !== b.length) return Infinity;
  return Math.max(
    0,
    ...a.map((node, index) => {
      const other = b[index]!.box;
      return Math.max(
        Math.abs(node.box.x - other.x),
        Math.abs(node.box.y - other.y),
        Math.abs(node.box.width - other.width),
        Math.abs(node.box.height - other.height),
      );
    }),
  );
}

const bigForm = EXPENSE_FORM_PAGE.replace(
  /<body>([\s\S]*)<\/body>/,
  (_, body: string) => `<body>${body.repeat(10)}</body>`,
);
const server = await startFixtureServer({ '/form.html': EXPENSE_FORM_PAGE, '/big.html': bigForm });
const env = await launchBrowserEnvironment({ url: server.url('/form.html') });
const handle = createHandle();
const session = await env.page.context().newCDPSession(env.page);
try {
  console.log(`${env.info.description}, ${RUNS} rounds`);
  for (const path of ['/form.html', '/big.html']) {
    await env.act(handle, { type: 'open', target: path });
    await env.page.evaluate(() => window.scrollTo(0, 300));
    const shipped = await captureAccessibilitySnapshot(session);
    const quads = await snapshotWithContentQuads(session);
    console.log(
      `${path}: DOMSnapshot vs getContentQuads boxes differ by at most ${largestBoxDifference(shipped, quads)} px`,
    );
    await compare([
      ['observe (screenshot only)', () => env.observe(handle)],
      ['observe + accessibility', () => env.observe(handle, { accessibility: true })],
      ['snapshot: AX tree + DOMSnapshot (shipped)', () => captureAccessibilitySnapshot(session)],
      ['snapshot: AX tree + getContentQuads', () => snapshotWithContentQuads(session)],
      ['snapshot: one evaluate walking the DOM', () => snapshotByDomWalk(env.page)],
    ]);
  }
  console.log('actions on /big.html');
  await compare([
    ['click (no navigation)', () => env.act(handle, { type: 'click', at: { x: 600, y: 5 } })],
    ['move', () => env.act(handle, { type: 'move', to: { x: 300, y: 300 } })],
    ['key Shift', () => env.act(handle, { type: 'key', keys: ['Shift'] })],
  ]);
} finally {
  await session.detach();
  await env.close();
  await server.close();
}
