import { legacyCriterion, createScriptedEnvironment } from '@sandpiper/testing';
import type { Action, RunEvent, TaskInput } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import type { OperatorDecision, OperatorInput, PlannedAction, PlannerResult, StepCheck } from '../../engine.js';
import { setup } from '../../test-support/loop-harness.js';
import { startRun } from '../agent-loop.js';
import { button, clickOn, dialog, field, heading, nodeNamed, screenOf, text } from '../sensitive-test-support.js';
import { createQueueChannel, type UserCommand } from '../user-channel.js';

/** A mail client asking whether to empty the trash, and a composer with a message written. */
const trash = screenOf([
  heading('Trash'),
  dialog('Empty Trash?', [text('All 318 conversations will be permanently deleted.'), button('Cancel'), button('OK')]),
]);
const composer = screenOf([
  heading('New message'),
  field('To', 'team@example.com'),
  field('Message', 'Hi all'),
  button('Send'),
]);

const oneStep = (step: string): PlannerResult => ({
  type: 'plan',
  analysis: step,
  constraints: [],
  successCriteria: [legacyCriterion('Done')],
  steps: [{ text: step }],
});

/** Acts once per attempt on the named button (grounded as a model operator would), then completes. */
function clicks(nodes: ReturnType<typeof screenOf>, name: string) {
  const target = nodeNamed(nodes, 'button', name);
  return (input: OperatorInput): OperatorDecision => {
    if (input.performed.length > 0) return { type: 'step-complete', evidence: 'clicked' };
    const planned: PlannedAction = {
      action: clickOn(target),
      summary: `Clicking '${name}'`,
      grounding: {
        query: name,
        role: 'button',
        method: 'accessibility',
        box: target.box,
        ambiguous: false,
        alternatives: [],
      },
    };
    return { type: 'act', actions: [planned] };
  };
}

function run(options: {
  nodes: ReturnType<typeof screenOf>;
  name: string;
  task?: Partial<TaskInput>;
  answers?: readonly UserCommand[];
  /** Answers to plan approvals after the first (the first is approved by the task's policy). */
  plans?: readonly UserCommand[];
  reflector?: readonly StepCheck[];
}) {
  const channel = createQueueChannel({ interactive: true });
  const answers = [...(options.answers ?? [])];
  const plans = [...(options.plans ?? [])];
  let planRequests = 0;
  const environment = createScriptedEnvironment({ accessibility: () => options.nodes });
  const harness = setup({
    environment,
    channel,
    task: { approval: 'auto', ...options.task },
    script: {
      planner: [oneStep(`Click '${options.name}'`)],
      operator: [clicks(options.nodes, options.name)],
      ...(options.reflector ? { reflector: options.reflector } : {}),
    },
  });
  const deps = {
    ...harness.deps,
    onEvent: (event: RunEvent) => {
      // The plan is approved by policy; each action approval gets the next scripted answer.
      if (event.payload.type !== 'approval-request') return;
      if (event.payload.subject.type === 'plan') planRequests += 1;
      const answer =
        event.payload.subject.type === 'action' ? answers.shift() : planRequests > 1 ? plans.shift() : undefined;
      if (answer) channel.push(answer);
    },
  };
  return { ...harness, deps, environment };
}

const payloads = (events: readonly RunEvent[]) => events.map((event) => event.payload);
const clicked = (performed: readonly Action[]) => performed.filter((action) => action.type === 'click').length;

describe('the approve phase', () => {
  it("asks with the guard's reason, read from the screen the action was decided on", async () => {
    const { deps, task, log, environment } = run({ nodes: trash, name: 'OK', answers: [{ type: 'approve' }] });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('succeeded');
    const request = payloads(log.all('run-1')).find(
      (payload) => payload.type === 'approval-request' && payload.subject.type === 'action',
    );
    expect(request).toMatchObject({ subject: { reason: "clicks 'OK', which confirms the dialog 'Empty Trash?'" } });
    expect(clicked(environment.performed)).toBe(1);
  });

  it('fails the step when the person declines, logs why, and proposes the plan without it', async () => {
    const { deps, task, log, environment } = run({
      nodes: trash,
      name: 'OK',
      answers: [{ type: 'reject', reason: 'keep the old mail' }],
      // Going on without the step is approved; then, nothing having been done, the run asks whether the task is.
      plans: [{ type: 'approve' }, { type: 'reject', reason: 'the trash is still full' }],
    });
    const state = await startRun(deps, 'run-1', task);
    const events = payloads(log.all('run-1'));
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'approval-response',
        decision: 'rejected',
        by: 'user',
        reason: 'keep the old mail',
      }),
    );
    // One attempt: trying again would only ask the same question again.
    expect(events.filter((payload) => payload.type === 'step-start')).toHaveLength(1);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'step-end',
        status: 'failed',
        reason: expect.stringContaining('keep the old mail'),
      }),
    );
    const proposal = state.versions.at(-1)!;
    expect(proposal).toMatchObject({ cause: 'declined', pending: [] });
    expect(proposal.rationale).toContain('keep the old mail');
    // The person approved going on without the step; the policy could not have.
    const byPerson = events.filter((payload) => payload.type === 'approval-response' && payload.by === 'user');
    expect(byPerson).toHaveLength(3);
    expect(clicked(environment.performed)).toBe(0);
    expect(state.status).toBe('failed');
    expect(state.endReason).toContain('the trash is still full');
  });

  it('stops cancelled when the person declines and also rejects going on without the step', async () => {
    const { deps, task, environment } = run({
      nodes: trash,
      name: 'OK',
      answers: [{ type: 'reject', reason: 'not this one' }],
      plans: [{ type: 'reject', reason: 'keep the step' }],
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('cancelled');
    expect(state.endReason).toContain('not this one');
    expect(clicked(environment.performed)).toBe(0);
  });

  it('neither asks nor acts twice for an approved action whose effect was not seen', async () => {
    const { deps, task, log, environment } = run({
      nodes: trash,
      name: 'OK',
      answers: [{ type: 'approve' }, { type: 'approve' }],
      reflector: [{ passed: false, evidence: 'nothing changed' }],
    });
    const state = await startRun(deps, 'run-1', task);
    const requests = payloads(log.all('run-1')).filter(
      (payload) => payload.type === 'approval-request' && payload.subject.type === 'action',
    );
    expect(requests).toHaveLength(1);
    expect(clicked(environment.performed)).toBe(1);
    expect(state.status).toBe('needs-input');
    expect(state.endReason).toContain('not done again');
  });

  it('ends the run cancelled when the person cancels instead of answering', async () => {
    const { deps, task, environment, log } = run({ nodes: trash, name: 'OK', answers: [{ type: 'cancel' }] });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('cancelled');
    expect(payloads(log.all('run-1')).filter((payload) => payload.type === 'run-cancel')).toHaveLength(1);
    expect(clicked(environment.performed)).toBe(0);
  });

  it('logs the request under auto-all and approves it by policy', async () => {
    const { deps, task, log } = run({ nodes: trash, name: 'OK', task: { approval: 'auto-all' } });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('succeeded');
    const actionResponses = payloads(log.all('run-1')).filter(
      (payload) => payload.type === 'approval-response' && payload.by === 'policy',
    );
    // One for the plan, one for the action.
    expect(actionResponses).toHaveLength(2);
  });

  it.each([
    ['never', 'OK', 0, trash],
    ['always', 'Next page', 1, screenOf([heading('Inbox'), button('Next page')])],
    ['permissive', 'OK', 1, trash],
    ['permissive', 'Send', 0, composer],
    ['conservative', 'Send', 1, composer],
  ] as const)('under the %s guard, clicking %s asks %d time(s)', async (guard, name, asked, nodes) => {
    const { deps, task, log } = run({ nodes, name, task: { actionGuard: guard }, answers: [{ type: 'approve' }] });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('succeeded');
    const requests = payloads(log.all('run-1')).filter(
      (payload) => payload.type === 'approval-request' && payload.subject.type === 'action',
    );
    expect(requests).toHaveLength(asked);
  });

  it('checks a step taken up again after a mid-step edit instead of asking about its approved action again', async () => {
    const channel = createQueueChannel({ interactive: true });
    const nodes = trash;
    const environment = createScriptedEnvironment({ accessibility: () => nodes });
    const harness = setup({
      environment,
      channel,
      task: { approval: 'auto' },
      script: { planner: [oneStep("Click 'OK'")], operator: [clicks(nodes, 'OK')] },
    });
    let edited = false;
    const deps = {
      ...harness.deps,
      onEvent: (event: RunEvent) => {
        const payload = event.payload;
        if (payload.type === 'approval-request' && payload.subject.type === 'action') channel.push({ type: 'approve' });
        // The person edits the plan while the approved click runs: the run takes the edit in before the check.
        if (payload.type === 'action-end' && !edited) {
          edited = true;
          channel.push({ type: 'edit', edits: [{ type: 'add', index: 1, text: 'Press Tab' }] });
        }
      },
    };
    const state = await startRun(deps, 'run-1', harness.task);
    const events = payloads(harness.log.all('run-1'));
    const first = harness.log.all('run-1').find((event) => event.payload.type === 'step-start')!;
    const firstStep = first.payload.type === 'step-start' ? first.payload.stepId : '';
    const ofFirst = events.filter((payload) => 'stepId' in payload && payload.stepId === firstStep);
    // The edited plan took the step up again; its effect was checked, not its click repeated or asked again.
    expect(
      events.some((payload) => payload.type === 'plan-version-create' && payload.version.cause === 'plan-edit'),
    ).toBe(true);
    expect(ofFirst.filter((payload) => payload.type === 'action-start')).toHaveLength(1);
    expect(
      events.filter(
        (payload) =>
          payload.type === 'approval-request' &&
          payload.subject.type === 'action' &&
          payload.subject.stepId === firstStep,
      ),
    ).toHaveLength(1);
    expect(ofFirst.at(-1)).toMatchObject({ type: 'step-end', status: 'completed' });
    expect(state.status).toBe('succeeded');
  });
});
