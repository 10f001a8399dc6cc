import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Action, EventDraft } from '@sandpiper/protocol';
import { createMemoryBlobStore, createMemoryEventLog } from '@sandpiper/testing';
import { createImage, drawActionMarker, drawChangeMarks, encodePng } from '@sandpiper/vision';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeReport } from '../src/index.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const dataUri = (bytes: Uint8Array) => `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
const click: Action = { type: 'click', at: { x: 40, y: 30 }, button: 'left', count: 1, modifiers: [] };

/** A one-step run whose reflection logged both marked screenshots, reported to a temporary folder. */
async function reportedRun() {
  const blobs = createMemoryBlobStore(sha256);
  const log = createMemoryEventLog();
  const screen = createImage(160, 100, [250, 250, 250, 255]);
  const after = await encodePng(createImage(160, 100, [240, 245, 250, 255]));
  const markedBefore = await encodePng(drawActionMarker(screen, click));
  const markedAfter = await encodePng(
    drawChangeMarks(screen, [
      { box: { x: 20, y: 20, width: 60, height: 20 }, label: 1 },
      { box: { x: 120, y: 80, width: 30, height: 12 }, label: 2 },
    ]),
  );
  const [afterHash, beforeHash, markedAfterHash] = await Promise.all([
    blobs.put(after, 'image/png'),
    blobs.put(markedBefore, 'image/png'),
    blobs.put(markedAfter, 'image/png'),
  ]);
  const drafts: EventDraft['payload'][] = [
    {
      type: 'run-start',
      task: {
        instruction: "Type 'Ada' into the 'Name' field",
        environment: { type: 'scenario', name: 'expense-report' },
        budgets: { maxActions: 10, maxAttemptsPerStep: 2, maxDurationMs: 60_000 },
        approval: 'auto-all',
      },
    },
    {
      type: 'plan-version-create',
      version: {
        id: 'v1',
        number: 1,
        cause: 'initial',
        state: 'locked',
        analysis: 'One field to fill.',
        constraints: [],
        successCriteria: [],
        completed: [],
        pending: [{ id: 's1', text: "Type 'Ada' into the 'Name' field", status: 'pending' }],
      },
    },
    { type: 'step-start', stepId: 's1', attempt: 1 },
    { type: 'action-start', stepId: 's1', action: click, summary: 'Clicking the Name field' },
    { type: 'action-end', stepId: 's1', result: { ok: true, durationMs: 12 } },
    {
      type: 'observation',
      observation: {
        id: 'o1',
        takenAt: 1,
        screenshot: { hash: afterHash, mimeType: 'image/png', width: 160, height: 100 },
      },
    },
    {
      type: 'reflection',
      stepId: 's1',
      method: 'evidence-first',
      verdict: 'success',
      keyEvidence: "The 'Name' field holds 'Ada'.",
      summary: 'Done: the name is in. 2 changed regions: 1 caused by the action, 1 noise.',
      regions: [
        {
          id: 1,
          box: { x: 20, y: 20, width: 60, height: 20 },
          changedPixels: 310,
          relevance: 'action-relevant',
          description: 'text in the Name field',
        },
        {
          id: 2,
          box: { x: 120, y: 80, width: 30, height: 12 },
          changedPixels: 42,
          relevance: 'noise',
          description: 'the clock ticked',
        },
      ],
      marked: { before: beforeHash, after: markedAfterHash },
    },
    { type: 'step-check', stepId: 's1', passed: true, evidence: "The 'Name' field holds 'Ada'." },
    { type: 'step-end', stepId: 's1', status: 'completed', reason: 'done' },
    { type: 'run-end', status: 'succeeded', reason: 'All steps done.' },
  ];
  for (const payload of drafts) await log.append('r1', { source: 'agent', payload });
  const folder = mkdtempSync(path.join(tmpdir(), 'sandpiper-report-reflection-'));
  const paths = await writeReport(folder, 'r1', await log.read('r1'), blobs);
  return { paths, after, markedBefore, markedAfter, beforeHash, markedAfterHash };
}

describe('the run report shows each reflection with its marked evidence', () => {
  let run: Awaited<ReturnType<typeof reportedRun>>;
  let html = '';
  let sources: (string | undefined)[] = [];
  beforeAll(async () => {
    run = await reportedRun();
    html = readFileSync(run.paths.html, 'utf8');
    sources = [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((match) => match[1]);
  });

  it('embeds the marked screen before and the marked screen after as data: URIs', () => {
    expect(sources).toContain(dataUri(run.markedBefore));
    expect(sources).toContain(dataUri(run.markedAfter));
    expect(html).toMatch(
      /<img alt="Screen before step 1, attempt 1, with the action marked" src="data:image\/png;base64,/,
    );
    expect(/<img alt="Screen after step 1" src="([^"]+)"/.exec(html)?.[1]).toBe(dataUri(run.markedAfter));
  });

  it('shows the marked screen after instead of the same screen unmarked, and the evidence once', () => {
    expect(sources).not.toContain(dataUri(run.after));
    expect(sources).toHaveLength(2);
    expect(html.split('The &#39;Name&#39; field holds &#39;Ada&#39;.').length - 1).toBe(1);
  });

  it('lists the verdict, method, key evidence and every region with its relevance', () => {
    expect(html).toContain('✓ Effect confirmed');
    expect(html).toContain('reflection · evidence-first · attempt 1');
    expect(html).toContain('The &#39;Name&#39; field holds &#39;Ada&#39;.');
    const rows = [...html.matchAll(/<tr class="(action-relevant|noise|unrelated)">(.*?)<\/tr>/g)];
    expect(rows.map((row) => row[1])).toEqual(['action-relevant', 'noise']);
    expect(rows[0]![2]).toContain('text in the Name field');
    expect(rows[0]![2]).toContain('caused by the action');
    expect(rows[1]![2]).toContain('the clock ticked');
    expect(rows[1]![2]).toContain('<td class="num">42</td>');
  });

  it('puts the hashes, not the images, in the JSON report', () => {
    const report = JSON.parse(readFileSync(run.paths.json, 'utf8'));
    const reflection = report.steps[0].reflections[0];
    expect(reflection).toMatchObject({ markedBefore: run.beforeHash, markedAfter: run.markedAfterHash, attempt: 1 });
    expect(readFileSync(run.paths.json, 'utf8')).not.toContain('base64');
  });
});
