import { createScriptedEnvironment } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import type { OperatorDecision, OperatorInput } from '../engine.js';
import { actOnceThenComplete, click, setup } from '../test-support/loop-harness.js';
import { startRun } from './agent-loop.js';
import { projectRun } from './projection.js';
import { createQueueChannel } from './user-channel.js';

const types = (events: readonly { payload: { type: string } }[]) => events.map((event) => event.payload.type);

describe('guidance and annotations', () => {
  it('turns guidance during execution into an approved proposal; the abandoned step runs again as revised', async () => {
    const channel = createQueueChannel({ interactive: true });
    let pushed = false;
    // The person sends guidance while the first step is under way, between two of its actions.
    const operator = (input: OperatorInput): OperatorDecision => {
      if (!pushed && input.performed.length === 1) {
        pushed = true;
        channel.push({ type: 'guidance', text: "use 'Bea' instead of 'Ada'" });
        channel.push({ type: 'approve' });
        return { type: 'act', actions: [{ action: click, summary: 'Clicking again' }] };
      }
      return actOnceThenComplete(input);
    };
    const { deps, task, engine, log } = setup({
      channel,
      task: { approval: 'ask' },
      script: {
        operator: [operator],
        revise: [
          (input) => ({
            type: 'revision',
            edits: [{ type: 'rewrite', stepId: input.plan.pending[0]!.id, text: "Type 'Bea' into the 'Name' field" }],
            rationale: "Uses 'Bea' instead of 'Ada'.",
          }),
        ],
      },
    });
    channel.push({ type: 'approve' });
    const state = await startRun(deps, 'run-1', task);

    expect(state.status).toBe('succeeded');
    expect(engine.calls.revise).toHaveLength(1);
    // The planner revised a plan whose running step was back to pending, so the rewrite was allowed.
    expect(engine.calls.revise[0]!.plan.pending[0]!.status).toBe('pending');
    expect(engine.calls.revise[0]!.request).toEqual({ type: 'guidance', text: "use 'Bea' instead of 'Ada'" });
    expect(state.versions.map((version) => [version.cause, version.state])).toEqual([
      ['initial', 'superseded'],
      ['guidance', 'locked'],
    ]);
    expect(state.plan?.completed.map((step) => step.text)).toEqual(["Type 'Bea' into the 'Name' field", 'Press Enter']);
    const events = types(log.all('run-1'));
    expect(events.indexOf('guidance')).toBeLessThan(events.lastIndexOf('plan-version-create'));
    // The interrupted attempt left no failed step behind.
    expect(
      log.all('run-1').filter((event) => event.payload.type === 'step-end' && event.payload.status === 'failed'),
    ).toEqual([]);
  });

  it('keeps the plan in force when the person rejects the proposal', async () => {
    const channel = createQueueChannel({ interactive: true });
    const { deps, task, log } = setup({
      channel,
      task: { approval: 'ask' },
      script: {
        revise: [
          (input) => ({
            type: 'revision',
            edits: [{ type: 'remove', stepId: input.plan.pending[1]!.id }],
            rationale: 'Skips pressing Enter.',
          }),
        ],
      },
    });
    channel.push({ type: 'approve' });
    channel.push({ type: 'pause' });
    const running = startRun(deps, 'run-1', task);
    channel.push({ type: 'guidance', text: "skip 'Enter'" });
    channel.push({ type: 'reject', reason: 'no, keep it' });
    channel.push({ type: 'resume' });
    const state = await running;
    const events = log.all('run-1');
    const rejected = events.findIndex(
      (event) => event.payload.type === 'approval-response' && event.payload.decision === 'rejected',
    );
    // Rejecting the proposal leaves the run paused with the plan in force, until it is resumed.
    expect(projectRun('run-1', events.slice(0, rejected + 1)).phase).toBe('paused');
    expect(state.status).toBe('succeeded');
    expect(state.versions.map((version) => [version.cause, version.state])).toEqual([
      ['initial', 'locked'],
      ['guidance', 'rejected'],
    ]);
    expect(state.plan?.completed).toHaveLength(2);
    expect(types(log.all('run-1'))).toContain('warning');
  });

  it('leaves the plan alone and says why when the planner finds nothing to change', async () => {
    const channel = createQueueChannel({ interactive: true });
    const { deps, task, log } = setup({
      channel,
      task: { approval: 'ask' },
      script: { revise: [{ type: 'unchanged', reason: 'the advice names no step.' }] },
    });
    const running = startRun(deps, 'run-1', task);
    channel.push({ type: 'guidance', text: 'be careful' });
    channel.push({ type: 'approve' });
    const state = await running;
    expect(state.status).toBe('succeeded');
    expect(state.versions).toHaveLength(1);
    const warning = log.all('run-1').find((event) => event.payload.type === 'warning');
    expect(warning?.payload).toEqual({
      type: 'warning',
      message: 'The plan stays as it is: the advice names no step.',
    });
    expect(types(log.all('run-1')).filter((type) => type === 'approval-request')).toHaveLength(1);
  });

  it('rejects a planner answer that would break the plan invariant, without touching the plan', async () => {
    const channel = createQueueChannel({ interactive: true });
    const { deps, task, log } = setup({
      channel,
      task: { approval: 'ask' },
      script: {
        revise: [{ type: 'revision', edits: [{ type: 'remove', stepId: 'step-that-does-not-exist' }], rationale: 'x' }],
      },
    });
    const running = startRun(deps, 'run-1', task);
    channel.push({ type: 'guidance', text: 'drop the last step' });
    channel.push({ type: 'approve' });
    const state = await running;
    expect(state.status).toBe('succeeded');
    expect(state.versions).toHaveLength(1);
    const warning = log.all('run-1').find((event) => event.payload.type === 'warning');
    expect(warning?.payload).toMatchObject({ message: expect.stringMatching(/does not fit the plan/) });
  });

  it('hands the planner the marked screenshot of an annotation', async () => {
    const channel = createQueueChannel({ interactive: true });
    const { deps, task, engine, log } = setup({ channel, task: { approval: 'ask' } });
    const running = startRun(deps, 'run-1', task);
    // Wait for the planning observation so the marks can name its screenshot.
    await new Promise((resolve) => setTimeout(resolve, 0));
    while (!log.all('run-1').some((event) => event.payload.type === 'approval-request')) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const observed = log.all('run-1').find((event) => event.payload.type === 'observation')!;
    if (observed.payload.type !== 'observation') throw new Error('unreachable');
    const screenshotHash = observed.payload.observation.screenshot.hash;
    const box = { x: 5, y: 5, width: 20, height: 10 };
    channel.push({ type: 'annotation', annotation: { screenshotHash, marks: [{ kind: 'rect', box }], box } });
    channel.push({ type: 'approve' });
    await running;
    expect(engine.calls.revise).toHaveLength(1);
    const request = engine.calls.revise[0]!.request;
    expect(request.type).toBe('annotation');
    if (request.type !== 'annotation') throw new Error('unreachable');
    expect(request.marked.observation.screenshot.hash).toBe(screenshotHash);
    expect(request.annotation.box).toEqual(box);
    expect(log.all('run-1').find((event) => event.payload.type === 'annotation')?.source).toBe('user');
  });
});

describe('takeover', () => {
  it('performs the person’s actions, logs each with a fresh look, and re-observes on hand-back', async () => {
    const channel = createQueueChannel({ interactive: true });
    const environment = createScriptedEnvironment();
    const { deps, task, log } = setup({ channel, environment });
    channel.push({ type: 'takeover' });
    channel.push({ type: 'input', action: { type: 'type', text: 'by hand' } });
    channel.push({ type: 'input', action: { type: 'key', keys: ['Enter'] } });
    channel.push({ type: 'handback' });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('succeeded');
    expect(state.manualActions).toBe(2);
    const events = log.all('run-1');
    const start = events.findIndex((event) => event.payload.type === 'takeover-start');
    const end = events.findIndex((event) => event.payload.type === 'takeover-end');
    expect(types(events.slice(start, end + 2))).toEqual([
      'takeover-start',
      'manual-action',
      'observation',
      'manual-action',
      'observation',
      'takeover-end',
      'observation',
    ]);
    expect(events[end]!.payload).toEqual({ type: 'takeover-end', manualActions: 2 });
    expect(environment.performed.slice(0, 2)).toEqual([
      { type: 'type', text: 'by hand' },
      { type: 'key', keys: ['Enter'] },
    ]);
    expect(state.plan?.completed).toHaveLength(2);
  });
});
