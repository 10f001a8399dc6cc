import type { AccessibilityNode, RunEvent } from '@sandpiper/protocol';
import { startScenarioServer, type ScenarioServer } from '@sandpiper/scenarios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveUntilEnd, startTestServer, type TestServer } from './support.js';

let scenarios: ScenarioServer;
let test: TestServer;
beforeAll(async () => {
  scenarios = await startScenarioServer();
  test = await startTestServer({ scenarios });
});
afterAll(async () => {
  await test.close();
  await scenarios.close();
});

/** "Select" names the select-all box and every row's box; the built-in engine alone ticks "Select all". */
const AMBIGUOUS_TASK = "tick the 'Select' checkbox";

function latestObservation(events: readonly RunEvent[]) {
  for (const event of [...events].reverse()) {
    if (event.payload.type === 'observation') return event.payload.observation;
  }
  throw new Error('no observation yet');
}

describe('an annotation resolves an ambiguous target', () => {
  it('aims the step at the marked checkbox, and the run ticks that one only', async () => {
    const runId = (await test.post('/api/runs', { scenario: 'machine-status', instruction: AMBIGUOUS_TASK })).body
      .id as string;
    const stream = await test.stream(runId);
    await stream.until((event) => event.payload.type === 'approval-request');
    const observation = latestObservation(stream.received);
    const rows = (observation.accessibility ?? []).filter(
      (node: AccessibilityNode) => node.role === 'checkbox' && /^Select (?!all)/.test(node.name),
    );
    const marked = rows[2]!;
    const machine = marked.name.replace(/^Select /, '');
    const pad = 6;
    const box = {
      x: marked.box.x - pad,
      y: marked.box.y - pad,
      width: marked.box.width + 2 * pad,
      height: marked.box.height + 2 * pad,
    };

    const sent = await test.post(`/api/runs/${runId}/annotation`, {
      screenshotHash: observation.screenshot.hash,
      marks: [{ kind: 'rect', box }],
      sentence: 'This machine, not all of them.',
    });
    expect(sent.status).toBe(202);
    expect(sent.body.box).toEqual(box);

    const logged = await stream.until((event) => event.payload.type === 'annotation');
    expect(logged.source).toBe('user');
    const created = await stream.until((event) => event.payload.type === 'plan-version-create');
    if (created.payload.type !== 'plan-version-create') throw new Error('unreachable');
    const version = created.payload.version;
    expect(version).toMatchObject({ cause: 'annotation', state: 'proposal', number: 2 });
    expect(version.pending).toHaveLength(1);
    expect(version.pending[0]).toMatchObject({
      text: `Check the 'Select ${machine}' checkbox`,
      region: { box, label: `checkbox 'Select ${machine}'` },
    });
    expect(version.rationale).toMatch(/You marked the area/);
    expect(version.successCriteria.map((criterion) => criterion.text).join(' ')).toContain(`Select ${machine}`);

    const end = await approveUntilEnd(test, runId, stream);
    expect(end.payload).toMatchObject({ type: 'run-end', status: 'succeeded' });
    const state = scenarios.state('machine-status', runId) as { selected: string[] };
    expect(state.selected).toEqual([machine]);
    await stream.close();
  });

  it('refuses marks on a screenshot the run never took, or outside the screenshot, naming the field', async () => {
    const runId = (await test.post('/api/runs', { scenario: 'machine-status', instruction: AMBIGUOUS_TASK })).body
      .id as string;
    const stream = await test.stream(runId);
    await stream.until((event) => event.payload.type === 'approval-request');
    const observation = latestObservation(stream.received);
    const foreign = await test.post(`/api/runs/${runId}/annotation`, {
      screenshotHash: 'e'.repeat(64),
      marks: [{ kind: 'rect', box: { x: 1, y: 1, width: 5, height: 5 } }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues).toEqual([expect.objectContaining({ path: 'screenshotHash' })]);
    const outside = await test.post(`/api/runs/${runId}/annotation`, {
      screenshotHash: observation.screenshot.hash,
      marks: [
        {
          kind: 'arrow',
          points: [
            { x: 10, y: 10 },
            { x: observation.screenshot.width + 50, y: 20 },
          ],
        },
      ],
    });
    expect(outside.status).toBe(400);
    expect(outside.body.issues).toEqual([expect.objectContaining({ path: 'marks' })]);

    // Marks on an empty part of the page concern no step: the plan stays and the person is told why.
    const empty = await test.post(`/api/runs/${runId}/annotation`, {
      screenshotHash: observation.screenshot.hash,
      marks: [
        {
          kind: 'rect',
          box: { x: observation.screenshot.width - 40, y: observation.screenshot.height - 40, width: 30, height: 30 },
        },
      ],
    });
    expect(empty.status).toBe(202);
    const warning = await stream.until((event) => event.payload.type === 'warning');
    expect(warning.payload).toMatchObject({ message: expect.stringMatching(/plan stays as it is/) });
    expect((await test.get(`/api/runs/${runId}`)).body.state.versions).toHaveLength(1);
    expect((await test.post(`/api/runs/${runId}/cancel`, {})).status).toBe(202);
    await stream.closed;
  });
});
