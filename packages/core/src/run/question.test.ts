import type { RunEvent } from '@sandpiper/protocol';
import type { createScriptedEnvironment } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import type { OperatorInput, StepCheck } from '../engine.js';
import { click, setup, twoStepPlan } from '../test-support/loop-harness.js';
import { startRun } from './agent-loop.js';
import { answeredInstruction } from './question.js';
import { createQueueChannel, type UserCommand } from './user-channel.js';

const types = (events: readonly RunEvent[]) => events.map((event) => event.payload.type);

/** An interactive channel that answers each question with the next command given, and approves plans and actions. */
function answering(...answers: UserCommand[]) {
  const channel = createQueueChannel({ interactive: true });
  const prompts: string[] = [];
  return {
    prompts,
    channel: {
      interactive: true,
      take: () => undefined,
      wait: async (handle: Parameters<typeof channel.wait>[0], prompt: Parameters<typeof channel.wait>[1]) => {
        prompts.push(prompt.type === 'question' ? `question: ${prompt.question}` : prompt.type);
        if (prompt.type === 'question') return answers.shift();
        if (prompt.type === 'plan-approval' || prompt.type === 'action-approval') return { type: 'approve' } as const;
        return channel.wait(handle, prompt);
      },
    },
  };
}

const refusal: StepCheck = {
  passed: false,
  evidence: "After the click on 'Sign in', the page refused it: it says 'Incorrect email or password.'.",
  refused: "it says 'Incorrect email or password.'",
};
const passed: StepCheck = { passed: true, evidence: 'seen' };

describe('questions the run asks, and the answers it goes on with', () => {
  it('plans again from the instruction with the answer in place of the words it could not read', async () => {
    const person = answering({ type: 'guidance', text: "type 'Ada' into the Name field" });
    const { deps, log, task, engine } = setup({
      task: { instruction: 'make the name nice, then press Enter' },
      channel: person.channel,
      script: {
        planner: [
          { type: 'clarify', question: 'What is "make the name nice"?', unparsed: ['make the name nice'] },
          twoStepPlan,
        ],
      },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('succeeded');
    expect(person.prompts[0]).toBe('question: What is "make the name nice"?');
    expect(engine.calls.planner.map((call) => call.task.instruction)).toEqual([
      'make the name nice, then press Enter',
      "type 'Ada' into the Name field, then press Enter",
    ]);
    const kinds = types(log.all('run-1'));
    expect(kinds.indexOf('clarification-request')).toBeLessThan(kinds.indexOf('guidance'));
    expect(kinds.filter((kind) => kind === 'plan-start')).toHaveLength(1);
  });

  it('ends waiting for input, with the question, when nobody can answer or the answer is a plain no', async () => {
    for (const channel of [
      createQueueChannel({ interactive: false }),
      answering({ type: 'reject', reason: 'no' }).channel,
    ]) {
      const { deps, task, environment } = setup({
        channel,
        script: { planner: [{ type: 'clarify', question: 'Which account?', unparsed: [] }] },
      });
      const state = await startRun(deps, 'run-1', task);
      expect(state.status).toBe('needs-input');
      expect(state.endReason).toBe('Which account?');
      expect((environment as ReturnType<typeof createScriptedEnvironment>).performed).toHaveLength(0);
    }
  });

  it('stops asking after a few answers that still leave the planner unsure', async () => {
    const person = answering(
      { type: 'guidance', text: 'the nice one' },
      { type: 'guidance', text: 'the other one' },
      { type: 'guidance', text: 'any' },
    );
    const { deps, task, engine } = setup({
      channel: person.channel,
      script: { planner: [{ type: 'clarify', question: 'Which one?', unparsed: [] }] },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('needs-input');
    expect(engine.calls.planner).toHaveLength(4);
    expect(engine.calls.planner.at(-1)?.task.instruction).toContain('the nice one\nthe other one\nany');
  });

  it.each([
    ['approve', { type: 'approve' }],
    ['the words "try again"', { type: 'guidance', text: 'Try again.' }],
  ] satisfies [string, UserCommand][])(
    'asks when the page turns an action down instead of retrying it, and retries on %s',
    async (_how, retry) => {
      const person = answering(retry);
      const { deps, log, task, engine } = setup({
        channel: person.channel,
        script: { reflector: [refusal, passed, passed] },
      });
      const state = await startRun(deps, 'run-1', task);
      expect(state.status).toBe('succeeded');
      expect(person.prompts).toContain(
        `question: After "Type 'Ada' into the 'Name' field" the page refused it: it says 'Incorrect email or password.'. What should change? Tell me, edit the plan, or fix it on the screen and say "try again".`,
      );
      expect(engine.calls.reflector).toHaveLength(3);
      const events = log.all('run-1');
      expect(types(events).filter((kind) => kind === 'clarification-request')).toHaveLength(1);
    },
  );

  it('ends waiting for input on a refusal nobody can answer, without trying the same actions again', async () => {
    const { deps, task, engine } = setup({ script: { reflector: [refusal] } });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('needs-input');
    expect(state.endReason).toContain('Incorrect email or password.');
    expect(engine.calls.reflector).toHaveLength(1);
    expect(state.plan?.completed).toHaveLength(0);
  });

  it("turns the answer to an operator's question into a plan proposal, and goes on with the revised plan", async () => {
    const person = answering({ type: 'guidance', text: 'use the Save in the dialog' });
    let asked = false;
    const { deps, task, engine } = setup({
      channel: person.channel,
      script: {
        operator: [
          (input: OperatorInput) => {
            if (!asked && input.step.text.startsWith('Type')) {
              asked = true;
              return { type: 'clarify', question: "Two 'Save' buttons: in the toolbar and in the dialog — which one?" };
            }
            return input.performed.length === 0
              ? { type: 'act', actions: [{ action: click, summary: 'Clicking' }] }
              : { type: 'step-complete', evidence: 'done' };
          },
        ],
        revise: [
          {
            type: 'revision',
            edits: [{ type: 'add', index: 0, text: "Click the 'Save' button in the dialog" }],
            rationale: 'The person named the dialog.',
          },
        ],
      },
    });
    const state = await startRun(deps, 'run-1', task);
    expect(state.status).toBe('succeeded');
    expect(engine.calls.revise[0]?.request).toEqual({ type: 'guidance', text: 'use the Save in the dialog' });
    expect(state.plan?.completed.map((step) => step.text)).toEqual([
      "Click the 'Save' button in the dialog",
      "Type 'Ada' into the 'Name' field",
      'Press Enter',
    ]);
    expect(state.clarification).toBeUndefined();
  });
});

describe('answeredInstruction', () => {
  it('puts the answer where the unread words were, and tidies the joints', () => {
    expect(
      answeredInstruction('open the report, frob the widget, then click Save', ['frob the widget'], "click 'Edit'"),
    ).toBe("open the report, click 'Edit', then click Save");
    expect(answeredInstruction('do A, do B, then click Save', ['do A', 'do B'], "type 'x' into Name")).toBe(
      "type 'x' into Name, then click Save",
    );
  });

  it('adds the answer as a sentence of its own when the question was not about words in the instruction', () => {
    expect(answeredInstruction('restart the broken machines', [], 'only the ones in Berlin')).toBe(
      'restart the broken machines\nonly the ones in Berlin',
    );
    expect(answeredInstruction('restart them', ['not in the text'], 'all of them')).toBe('restart them\nall of them');
  });
});
