import type { StepCheck, StepCheckInput } from '../engine.js';
import { createScriptedEngine, createScriptedEnvironment } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import { actOnceThenComplete, setup, twoStepPlan } from '../test-support/loop-harness.js';
import { resumeRun, startRun } from './agent-loop.js';
import type { AccessibilityNode, Action, RunEvent, TaskInput } from '@sandpiper/protocol';
import { lastAttempt, mayHaveCommitted } from './reopened-page.js';

const TYPE_STEP = twoStepPlan.steps[0]!.text;
const ENTER_STEP = twoStepPlan.steps[1]!.text;

/** What the scripted clicks at (10, 10) land on: a text field, or a button. */
const under = (role: string): AccessibilityNode[] => [
  { ref: 'n1', role, name: 'Name', box: { x: 0, y: 0, width: 200, height: 30 } },
];

/** Runs until the second step's action, where the process dies: step 1 is completed, step 2 under way. */
async function diedInStepTwo(task: Partial<TaskInput> = {}, clicked = 'textbox') {
  const dying = createScriptedEnvironment({
    accessibility: () => under(clicked),
    onAct: (_action, index) => {
      if (index === 1) throw new Error('process died');
    },
  });
  const first = setup({ environment: dying, task });
  await expect(startRun(first.deps, 'run-1', first.task)).rejects.toThrow('process died');
  return first;
}

/** A reflector whose reading of the typing step on the reopened page is `typed`; every other check passes. */
function reflectorReading(typed: StepCheck) {
  let rereads = 0;
  return (input: StepCheckInput): StepCheck => {
    // The first two checks are the resume's own: the interrupted step, then the completed one.
    rereads += 1;
    if (rereads === 1) return { passed: false, evidence: 'no key press visible', basis: 'change' };
    if (rereads === 2 && input.step.text === TYPE_STEP) return typed;
    return { passed: true, evidence: 'ok', basis: 'state' };
  };
}

const messages = (log: ReturnType<typeof setup>['log']) =>
  log.all('run-1').flatMap((event) => (event.payload.type === 'warning' ? [event.payload.message] : []));

describe('resuming on a reopened page', () => {
  it('redoes a completed step whose effect is gone, as an approved revision, before the interrupted one', async () => {
    const first = await diedInStepTwo();
    const fresh = createScriptedEnvironment();
    const engine = createScriptedEngine({
      planner: [twoStepPlan],
      operator: [actOnceThenComplete],
      reflector: [reflectorReading({ passed: false, evidence: 'The Name field is empty', basis: 'state' })],
    });
    const state = await resumeRun({ ...first.deps, environment: fresh, engine }, 'run-1', { environment: 'reopened' });

    expect(messages(first.log)).toContainEqual(
      expect.stringContaining('the effects of step 1 are not on screen, so they do not count as done'),
    );
    const redo = state.versions.find((version) => version.cause === 'resume')!;
    expect(redo.pending.map((step) => step.text)).toEqual([TYPE_STEP, ENTER_STEP]);
    expect(engine.calls.operator.map((call) => call.step.text)).toEqual([TYPE_STEP, TYPE_STEP, ENTER_STEP, ENTER_STEP]);
    expect(fresh.performed).toHaveLength(2);
    expect(state.status).toBe('succeeded');
  });

  it('does not count a step whose pass rests on a change: the restart itself changed the screen', async () => {
    const first = await diedInStepTwo();
    const engine = createScriptedEngine({
      planner: [twoStepPlan],
      operator: [actOnceThenComplete],
      reflector: [reflectorReading({ passed: true, evidence: 'the page changed', basis: 'change' })],
    });
    const state = await resumeRun({ ...first.deps, environment: createScriptedEnvironment(), engine }, 'run-1', {
      environment: 'reopened',
    });
    expect(state.versions.some((version) => version.cause === 'resume')).toBe(true);
  });

  it('keeps a completed step whose state is still read on screen', async () => {
    const first = await diedInStepTwo();
    const fresh = createScriptedEnvironment();
    const engine = createScriptedEngine({
      planner: [twoStepPlan],
      operator: [actOnceThenComplete],
      reflector: [reflectorReading({ passed: true, evidence: "The Name field shows 'Ada'", basis: 'state' })],
    });
    const state = await resumeRun({ ...first.deps, environment: fresh, engine }, 'run-1', { environment: 'reopened' });
    expect(state.versions.some((version) => version.cause === 'resume')).toBe(false);
    expect(messages(first.log)).toContainEqual(expect.stringContaining('still on screen'));
    expect(engine.calls.operator.map((call) => call.step.text)).toEqual([ENTER_STEP, ENTER_STEP]);
    expect(state.status).toBe('succeeded');
  });

  it('asks the person, and no policy, before redoing a step that committed something', async () => {
    // Every action asked for approval (granted by policy): the typing step counts as committing.
    const first = await diedInStepTwo({ approval: 'auto-all', actionGuard: 'always' });
    const fresh = createScriptedEnvironment();
    const engine = createScriptedEngine({
      planner: [twoStepPlan],
      operator: [actOnceThenComplete],
      reflector: [reflectorReading({ passed: false, evidence: 'The Name field is empty', basis: 'state' })],
    });
    const state = await resumeRun({ ...first.deps, environment: fresh, engine }, 'run-1', { environment: 'reopened' });
    expect(state.status).toBe('needs-input');
    expect(state.endReason).toContain(`step 1 ("${TYPE_STEP}") may already have taken effect`);
    expect(fresh.performed).toHaveLength(0);
  });

  it('asks the person before redoing a step that clicked a button, which may have set something off', async () => {
    // The guard is off: a bare button named 'Name' is one it cannot read, and this test is about resuming.
    const first = await diedInStepTwo({ actionGuard: 'never' }, 'button');
    const fresh = createScriptedEnvironment();
    const engine = createScriptedEngine({
      planner: [twoStepPlan],
      operator: [actOnceThenComplete],
      reflector: [reflectorReading({ passed: false, evidence: 'The Name field is empty', basis: 'state' })],
    });
    const state = await resumeRun({ ...first.deps, environment: fresh, engine }, 'run-1', { environment: 'reopened' });
    expect(state.status).toBe('needs-input');
    expect(fresh.performed).toHaveLength(0);
  });

  it('goes on as before when the environment was kept', async () => {
    const first = await diedInStepTwo();
    const engine = createScriptedEngine({ planner: [twoStepPlan], operator: [actOnceThenComplete] });
    const state = await resumeRun({ ...first.deps, environment: createScriptedEnvironment(), engine }, 'run-1', {
      environment: 'kept',
    });
    expect(state.versions.some((version) => version.cause === 'resume')).toBe(false);
    expect(state.status).toBe('succeeded');
  });
});

describe('lastAttempt', () => {
  it('takes the events from the step’s last start to its end', async () => {
    const first = await diedInStepTwo();
    const events = first.log.all('run-1');
    const span = lastAttempt(events, 'step-1');
    expect(span[0]!.payload).toMatchObject({ type: 'step-start', stepId: 'step-1' });
    expect(span.at(-1)!.payload).toMatchObject({ type: 'step-end', stepId: 'step-1', status: 'completed' });
    expect(lastAttempt(events, 'step-9')).toEqual([]);
  });
});

describe('mayHaveCommitted', () => {
  let seq = 0;
  const event = (payload: RunEvent['payload']): RunEvent =>
    ({ runId: 'run-1', seq: (seq += 1), at: 0, source: 'agent', payload }) as RunEvent;
  const look = (nodes: AccessibilityNode[]) =>
    event({
      type: 'observation',
      observation: {
        id: `obs-${seq}`,
        takenAt: 0,
        screenshot: { hash: 'h', mimeType: 'image/png', width: 1, height: 1 },
        accessibility: nodes,
      },
    });
  const act = (action: Action) => event({ type: 'action-start', stepId: 'step-1', action, summary: 'acting' });
  const click = (x: number, y: number): Action => ({
    type: 'click',
    at: { x, y },
    button: 'left',
    count: 1,
    modifiers: [],
  });
  const screen: AccessibilityNode[] = [
    { ref: 's', role: 'combobox', name: 'Status', box: { x: 0, y: 0, width: 100, height: 20 } },
    { ref: 'n', role: 'textbox', name: 'Name', box: { x: 0, y: 40, width: 100, height: 20 } },
    { ref: 'b', role: 'button', name: 'Save', box: { x: 0, y: 80, width: 100, height: 20 } },
  ];
  const enter: Action = { type: 'key', keys: ['Enter'] };

  it('reads choosing in a dropdown and typing as page-only, and a button click or Enter in a field as committing', () => {
    expect(
      mayHaveCommitted([look(screen), act(click(10, 10)), act({ type: 'key', keys: ['ArrowDown'] }), act(enter)]),
    ).toBe(false);
    expect(mayHaveCommitted([look(screen), act(click(10, 50)), act({ type: 'type', text: 'Ada' })])).toBe(false);
    expect(mayHaveCommitted([look(screen), act(click(10, 50)), act(enter)])).toBe(true);
    expect(mayHaveCommitted([look(screen), act(click(10, 90))])).toBe(true);
    // Nothing on the snapshot under the pointer, or no snapshot: it may have been anything.
    expect(mayHaveCommitted([look(screen), act(click(500, 500))])).toBe(true);
    expect(mayHaveCommitted([act(click(10, 10))])).toBe(true);
  });

  it("reads a click on a sheet's cell as selecting it, committing nothing", () => {
    const sheet: AccessibilityNode[] = [
      { ref: 'g', role: 'grid', name: 'Sheet 1', box: { x: 0, y: 100, width: 600, height: 400 } },
      { ref: 'c', role: 'cell', name: 'G5', value: '240', box: { x: 300, y: 150, width: 100, height: 17 } },
    ];
    expect(mayHaveCommitted([look(sheet), act(click(350, 158)), act({ type: 'type', text: '42' })])).toBe(false);
    expect(mayHaveCommitted([look(sheet), act(click(350, 158)), act(enter)])).toBe(true);
  });
});
