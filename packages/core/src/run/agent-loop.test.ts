import { legacyCriterion } from '@sandpiper/testing';
import type { RunEvent } from '@sandpiper/protocol';
import { createScriptedEngine, createScriptedEnvironment } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import type { OperatorDecision, PlannerResult } from '../engine.js';
import { actOnceThenComplete, click, setup, twoStepPlan } from '../test-support/loop-harness.js';
import { resumeRun, startRun } from './agent-loop.js';
import { createQueueChannel } from './user-channel.js';

const types = (events: readonly RunEvent[]) => events.map((event) => event.payload.type);

describe('the agent loop', () => {
  it('plans, approves by policy, executes every step and ends succeeded', async () => {
    const { deps, log, task, environment } = setup({});
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('succeeded');
    expect(state.plan?.completed.map((step) => step.text)).toEqual(["Type 'Ada' into the 'Name' field", 'Press Enter']);
    expect((environment as ReturnType<typeof createScriptedEnvironment>).performed).toHaveLength(2);
    const events = log.all('run-1');
    expect(types(events).slice(0, 6)).toEqual([
      'run-start',
      'plan-start',
      'observation',
      'plan-version-create',
      'approval-request',
      'approval-response',
    ]);
    expect(types(events).at(-1)).toBe('run-end');
    const actionEnd = events.find((event) => event.payload.type === 'action-end')!;
    expect(events.find((event) => event.seq === actionEnd.cause)?.payload.type).toBe('action-start');
  });

  it('stops and asks instead of guessing when the planner does not understand the task', async () => {
    const { deps, log, task, environment } = setup({
      script: { planner: [{ type: 'clarify', question: 'What is "make it nice"?', unparsed: ['make it nice'] }] },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('needs-input');
    expect(state.clarification?.unparsed).toEqual(['make it nice']);
    expect((environment as ReturnType<typeof createScriptedEnvironment>).performed).toHaveLength(0);
    expect(types(log.all('run-1'))).not.toContain('step-start');
  });

  it('asks instead of succeeding when every role says done but nothing was ever done', async () => {
    const { deps, log, task, environment } = setup({
      script: { operator: [() => ({ type: 'step-complete', evidence: 'It looks done already.' })] },
    });
    const state = await startRun(deps, 'run-1', task);
    expect((environment as ReturnType<typeof createScriptedEnvironment>).performed).toHaveLength(0);
    expect(state.status).toBe('needs-input');
    expect(state.endReason).toContain('no action was performed');
    expect(log.all('run-1').some((event) => event.payload.type === 'approval-request')).toBe(true);
  });

  it('ends failed with the reason, asking nothing, when the planner cannot work at all', async () => {
    const reason = "The planner's model refused the request (auth: HTTP 401). Check the API key.";
    const { deps, log, task } = setup({ script: { planner: [{ type: 'unavailable', reason }] } });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('failed');
    expect(state.endReason).toContain('HTTP 401');
    expect(types(log.all('run-1'))).not.toContain('clarification-request');
  });

  it('waits for the person under the ask policy and ends needing input when nobody can answer', async () => {
    const { deps, task } = setup({ task: { approval: 'ask' } });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('needs-input');
    expect(state.versions[0]?.state).toBe('draft');
  });

  it('executes the edited version, with criteria re-derived from the edited steps', async () => {
    const channel = createQueueChannel({ interactive: true });
    const { deps, task, engine, log } = setup({
      task: { approval: 'ask' },
      channel,
      script: {
        refresh: (version) => ({
          constraints: [],
          successCriteria: [legacyCriterion(`${version.pending.length} steps ran`)],
          unparsed: version.pending.filter((step) => step.text === 'Press Tab').map((step) => step.text),
        }),
      },
    });
    const running = startRun(deps, 'run-1', task);
    channel.push({ type: 'edit', edits: [{ type: 'rewrite', stepId: 'step-2', text: 'Press Tab' }] });
    channel.push({ type: 'approve' });
    const state = await running;
    expect(state.status).toBe('succeeded');
    expect(state.versions.map((version) => [version.cause, version.state])).toEqual([
      ['initial', 'rejected'],
      ['plan-edit', 'locked'],
    ]);
    expect(engine.calls.operator.map((call) => call.step.text)).toContain('Press Tab');
    expect(state.versions[1]?.successCriteria.map((criterion) => criterion.text)).toEqual(['2 steps ran']);
    expect(
      log
        .all('run-1')
        .some((event) => event.payload.type === 'warning' && event.payload.message.includes('"Press Tab"')),
    ).toBe(true);
  });

  it('keeps waiting on the same plan approval when a pause or resume arrives meanwhile', async () => {
    const channel = createQueueChannel({ interactive: true });
    const { deps, task, log } = setup({ task: { approval: 'ask' }, channel });
    const running = startRun(deps, 'run-1', task);
    channel.push({ type: 'pause' });
    channel.push({ type: 'resume' });
    channel.push({ type: 'approve' });
    const state = await running;
    expect(state.status).toBe('succeeded');
    expect(types(log.all('run-1')).filter((type) => type === 'approval-request')).toHaveLength(1);
  });

  it('pauses between actions and continues on resume', async () => {
    const channel = createQueueChannel({ interactive: true });
    const { deps, task, log } = setup({ channel });
    channel.push({ type: 'pause' });
    const running = startRun(deps, 'run-1', task);
    channel.push({ type: 'resume' });
    const state = await running;
    expect(state.status).toBe('succeeded');
    expect(types(log.all('run-1'))).toEqual(expect.arrayContaining(['run-pause', 'run-resume']));
  });

  it('ends cancelled when the person cancels', async () => {
    const channel = createQueueChannel({ interactive: true });
    const { deps, task } = setup({ channel });
    channel.push({ type: 'cancel' });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('cancelled');
    expect(state.plan?.completed).toHaveLength(0);
  });

  it('stops at the action budget', async () => {
    const { deps, task } = setup({
      task: { budgets: { maxActions: 1, maxAttemptsPerStep: 3, maxDurationMs: 60_000 } },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('budget-exhausted');
    expect(state.actionCount).toBe(1);
  });

  it('asks before a sensitive action unless the policy approves everything', async () => {
    const submitPlan: PlannerResult = { ...twoStepPlan, steps: [{ text: "Click the 'Submit' button" }] };
    const asked = setup({ script: { planner: [submitPlan] } });
    const blocked = await startRun(asked.deps, 'run-1', asked.task);
    expect(blocked.status).toBe('needs-input');
    expect((asked.environment as ReturnType<typeof createScriptedEnvironment>).performed).toHaveLength(0);

    const trusted = setup({ script: { planner: [submitPlan] }, task: { approval: 'auto-all' } });
    const done = await startRun(trusted.deps, 'run-1', trusted.task);
    expect(done.status).toBe('succeeded');
    const responses = trusted.log.all('run-1').filter((event) => event.payload.type === 'approval-response');
    expect(responses).toHaveLength(2);
  });

  it('retries a step whose check fails and ends failed after the attempt budget', async () => {
    const { deps, task, log } = setup({ script: { reflector: [{ passed: false, evidence: 'the field is empty' }] } });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('failed');
    const starts = log.all('run-1').filter((event) => event.payload.type === 'step-start');
    expect(starts).toHaveLength(3);
    expect(state.endReason).toContain('the field is empty');
  });

  it('fails a step whose attempt only looked for its target, whatever the looking changed', async () => {
    const looking: OperatorDecision = {
      type: 'act',
      actions: [{ action: click, summary: 'Looking in the next tab', preparatory: true }],
    };
    // The check would pass anything: no step may be checked when nothing carried it out.
    const { deps, task, engine } = setup({ script: { operator: [looking] } });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('failed');
    expect(state.endReason).toContain('Still looking for what');
    expect(engine.calls.reflector).toHaveLength(0);
  });

  it('fails a step the operator never called complete, rather than checking what it left half done', async () => {
    const typing: OperatorDecision = { type: 'act', actions: [{ action: click, summary: 'Typing a little more' }] };
    const { deps, task, engine } = setup({ script: { operator: [typing] } });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('failed');
    expect(state.endReason).toContain('was not finished after');
    expect(engine.calls.reflector).toHaveLength(0);
  });

  it('checks a step against the screen from before its own action, not from before the looking', async () => {
    const { deps, task, engine } = setup({
      script: {
        operator: [
          (input) =>
            input.performed.length === 0
              ? { type: 'act', actions: [{ action: click, summary: 'Opening the menu', preparatory: true }] }
              : input.performed.length === 1
                ? { type: 'act', actions: [{ action: click, summary: 'Clicking Sign out' }] }
                : { type: 'step-complete', evidence: 'clicked' },
        ],
      },
    });
    await startRun(deps, 'run-1', task);
    const firstCheck = engine.calls.reflector[0]!;
    const carriedOn = engine.calls.operator[1]!.screen;
    expect(firstCheck.before).toBe(carriedOn);
    expect(firstCheck.before).not.toBe(engine.calls.operator[0]!.screen);
  });

  it('logs the reflector evidence with its marked screenshots stored once', async () => {
    const marked = Uint8Array.from([137, 80, 78, 71, 1, 2, 3]);
    const { deps, task, log } = setup({
      script: {
        reflector: [
          {
            passed: true,
            evidence: 'Ada is in the field',
            reflection: {
              method: 'evidence-first',
              regions: [
                {
                  id: 1,
                  box: { x: 1, y: 2, width: 30, height: 10 },
                  changedPixels: 120,
                  relevance: 'action-relevant',
                  description: 'text in the Name field',
                },
              ],
              keyEvidence: 'Region 1 shows the typed text',
              summary: 'The name is entered',
              markedBefore: marked,
              markedAfter: marked,
            },
          },
        ],
      },
    });
    await startRun(deps, 'run-1', task);
    const reflections = log
      .all('run-1')
      .flatMap((event) => (event.payload.type === 'reflection' ? [event.payload] : []));
    expect(reflections).toHaveLength(2);
    expect(reflections[0]?.marked.before).toBe(reflections[0]?.marked.after);
    expect(await deps.blobs.get(reflections[0]!.marked.after!)).toEqual(marked);
  });

  it('ends failed when the judge does not see the success criteria', async () => {
    const { deps, task } = setup({
      script: { judge: [{ verdict: 'reject', reason: 'Name is empty', satisfied: [] }] },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('failed');
    expect(state.endReason).toContain('Name is empty');
  });
});

describe('resuming an interrupted run', () => {
  /** Runs until the second action, where the "process" dies: the log ends mid-step. */
  async function interruptedRun() {
    const dying = createScriptedEnvironment({
      onAct: (_action, index) => {
        if (index === 1) throw new Error('process died');
      },
    });
    const first = setup({ environment: dying });
    await expect(startRun(first.deps, 'run-1', first.task)).rejects.toThrow('process died');
    return first;
  }

  it('re-checks the interrupted step and does not run it again when its effect is visible', async () => {
    const first = await interruptedRun();
    const fresh = createScriptedEnvironment();
    const engine = createScriptedEngine({ planner: [twoStepPlan], operator: [actOnceThenComplete] });
    const state = await resumeRun({ ...first.deps, environment: fresh, engine }, 'run-1');
    expect(state.status).toBe('succeeded');
    expect(fresh.performed).toHaveLength(0);
    const completions = first.log
      .all('run-1')
      .filter((event) => event.payload.type === 'step-end' && event.payload.status === 'completed');
    expect(completions.map((event) => (event.payload as { stepId: string }).stepId)).toEqual(['step-1', 'step-2']);
  });

  it('attempts the interrupted step again only when the check shows it did not take effect', async () => {
    const first = await interruptedRun();
    const fresh = createScriptedEnvironment();
    const engine = createScriptedEngine({
      planner: [twoStepPlan],
      operator: [actOnceThenComplete],
      reflector: [
        { passed: false, evidence: 'no key press visible' },
        { passed: true, evidence: 'ok' },
      ],
    });
    const state = await resumeRun({ ...first.deps, environment: fresh, engine }, 'run-1');
    expect(state.status).toBe('succeeded');
    expect(fresh.performed).toHaveLength(1);
    expect(engine.calls.operator.map((call) => call.step.text)).toEqual(['Press Enter', 'Press Enter']);
  });

  it('leaves an ended run alone', async () => {
    const { deps, task, log } = setup({});
    await startRun(deps, 'run-1', task);
    const before = log.all('run-1').length;
    const state = await resumeRun(deps, 'run-1');
    expect(state.status).toBe('succeeded');
    expect(log.all('run-1')).toHaveLength(before);
  });
});
