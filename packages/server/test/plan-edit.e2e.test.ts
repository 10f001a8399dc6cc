import type { PlanVersion } from '@sandpiper/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_STEP_TASK, startTestServer, type TestServer } from './support.js';

let test: TestServer;
beforeAll(async () => {
  test = await startTestServer();
});
afterAll(async () => {
  await test.close();
});

describe('editing a plan before approval', () => {
  it('turns the edits into a new version that awaits approval in turn', async () => {
    const runId = (await test.post('/api/runs', { scenario: 'expense-report', instruction: ONE_STEP_TASK })).body
      .id as string;
    const stream = await test.stream(runId);
    await stream.until((event) => event.payload.type === 'approval-request');
    const before = (await test.get(`/api/runs/${runId}`)).body.state.versions as PlanVersion[];
    expect(before).toHaveLength(1);
    const first = before[0]!;
    expect(first.pending.map((step) => step.text)).toEqual(["Type 'Dana Lee' into the 'Employee name' field"]);

    const misfit = await test.post(`/api/runs/${runId}/edit`, {
      edits: [
        { type: 'add', index: 1, text: 'Check the name' },
        { type: 'remove', stepId: 'step-nonexistent' },
      ],
    });
    expect(misfit.status).toBe(409);
    expect(misfit.body.issues).toEqual([{ path: 'edits[1]', message: expect.stringContaining('step-nonexistent') }]);

    const added = "Type 'dana@example.com' into the 'Email' field";
    const edited = await test.post(`/api/runs/${runId}/edit`, { edits: [{ type: 'add', index: 1, text: added }] });
    expect(edited.status).toBe(202);
    const created = await stream.until((event) => event.payload.type === 'plan-version-create');
    if (created.payload.type !== 'plan-version-create') throw new Error('unreachable');
    const next = await stream.until((event) => event.payload.type === 'approval-request');
    expect(next.payload).toMatchObject({ subject: { type: 'plan', versionId: created.payload.version.id } });

    const view = (await test.get(`/api/runs/${runId}`)).body;
    const versions = view.state.versions as PlanVersion[];
    expect(versions.map((version) => [version.number, version.cause, version.state])).toEqual([
      [1, 'initial', 'rejected'],
      [2, 'plan-edit', 'proposal'],
    ]);
    expect(versions[1]!.parentId).toBe(first.id);
    expect(versions[1]!.pending.map((step) => step.text)).toEqual([first.pending[0]!.text, added]);
    expect(view.control.waitingFor).toMatchObject({ type: 'plan-approval', versionId: versions[1]!.id });

    // Once the run is cancelled no plan awaits a decision, so regenerating is refused.
    expect((await test.post(`/api/runs/${runId}/cancel`, { reason: 'the edit was all that mattered' })).status).toBe(
      202,
    );
    const end = await stream.until((event) => event.payload.type === 'run-end');
    expect(end.payload).toMatchObject({ status: 'cancelled', reason: 'the edit was all that mattered' });
    expect((await test.post(`/api/runs/${runId}/regenerate`)).status).toBe(409);
  });
});
