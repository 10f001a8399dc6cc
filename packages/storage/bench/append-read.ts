// Throughput of the run store on a real file: single-event appends (one transaction each, as the
// agent loop appends) and reading a 10,000-event run back through the schema.
// Run from the repository root: node --import tsx packages/storage/bench/append-read.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EventDraft } from '@sandpiper/protocol';
import { openStore } from '../src/index.js';

const EVENTS = 10_000;

const warning: EventDraft = { source: 'agent', payload: { type: 'warning', message: 'The page took 4 s to load' } };
const observation: EventDraft = {
  source: 'environment',
  payload: {
    type: 'observation',
    observation: {
      id: 'obs-1',
      takenAt: 1_700_000_000_000,
      screenshot: { hash: 'a'.repeat(64), mimeType: 'image/png', width: 1280, height: 800 },
      url: 'http://127.0.0.1:4000/expense',
      title: 'Expense form',
      accessibility: Array.from({ length: 40 }, (_, index) => ({
        ref: `e${index}`,
        role: 'textbox',
        name: `Field ${index}`,
        value: '',
        box: { x: 10, y: 20 + 40 * index, width: 200, height: 30 },
      })),
    },
  },
};

async function measure(label: string, draft: EventDraft): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandpiper-bench-'));
  try {
    const store = openStore({ dataDir });
    store.createRun({
      id: 'bench',
      instruction: 'bench',
      environment: { type: 'scenario', name: 'bench' },
      createdAt: 0,
    });
    const appendStart = performance.now();
    for (let index = 0; index < EVENTS; index += 1) await store.append('bench', draft);
    const appendMs = performance.now() - appendStart;
    store.close();

    const reader = openStore({ dataDir });
    const readStart = performance.now();
    const events = await reader.read('bench');
    const readMs = performance.now() - readStart;
    reader.close();
    if (events.length !== EVENTS) throw new Error(`read ${events.length} events, expected ${EVENTS}`);

    const bytes = JSON.stringify(draft.payload).length;
    console.log(
      `${label} (${bytes} B payload): ${Math.round((EVENTS / appendMs) * 1000)} appends/s ` +
        `(${(appendMs / EVENTS).toFixed(3)} ms each); read ${EVENTS} events in ${readMs.toFixed(0)} ms`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await measure('warning', warning);
await measure('observation with 40 accessibility nodes', observation);
