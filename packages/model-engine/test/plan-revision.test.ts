import { planEditSchema } from '@sandpiper/protocol';
import { revisePlan } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { plan, reportingHandle, sampleTask, syntheticScreen } from './support/screens.js';
import { createScriptedModel } from './support/scripted-model.js';

function engineAnswering(answers: readonly string[]) {
  const model = createScriptedModel({ script: { plan_revision: answers } });
  return { model, engine: createModelEngine({ roles: { default: { client: model } }, maxRepairs: 1 }) };
}

describe('guidance and annotations become validated edits of the pending steps only', () => {
  it('turns guidance into edits the core applies as a proposal', async () => {
    const { engine } = engineAnswering([
      JSON.stringify({
        decision: 'revise',
        rationale: 'The person wants the name confirmed with Tab before moving on.',
        edits: [{ type: 'add', index: 1, text: 'Press Tab', expectedOutcome: 'The focus moves to Email' }],
      }),
    ]);
    const version = plan();
    const result = await engine.planner.revise(reportingHandle().handle, {
      task: sampleTask,
      plan: version,
      request: { type: 'guidance', text: 'press Tab after typing the name' },
    });

    expect(result).toEqual({
      type: 'revision',
      rationale: 'The person wants the name confirmed with Tab before moving on.',
      edits: [{ type: 'add', index: 1, text: 'Press Tab', expectedOutcome: 'The focus moves to Email' }],
    });
    if (result.type !== 'revision') return;
    for (const edit of result.edits) expect(planEditSchema.safeParse(edit).success).toBe(true);
    const ids = { next: (prefix: string) => `${prefix}-revised` };
    const revised = revisePlan(version, result.edits, { ids, cause: 'guidance', number: 2 });
    expect(revised.ok && revised.version.pending.map((step) => step.text)).toEqual([
      "Type 'Ada' into the 'Employee name' field",
      'Press Tab',
      "Click 'Next'",
    ]);
  });

  it('re-asks when an edit reaches a completed step, quoting the plan invariant, then gives up unchanged', async () => {
    const touchCompleted = JSON.stringify({
      decision: 'revise',
      rationale: 'Redo the first click.',
      edits: [{ type: 'rewrite', stepId: 'step-1', text: "Double-click the 'Employee name' field" }],
    });
    const { model, engine } = engineAnswering([touchCompleted]);
    const result = await engine.planner.revise(reportingHandle().handle, {
      task: sampleTask,
      plan: plan(),
      request: { type: 'guidance', text: 'double-click instead' },
    });

    expect(result.type).toBe('unchanged');
    expect(model.calls).toHaveLength(2);
    expect(JSON.stringify(model.calls[1]!.request.messages.at(-1))).toContain('step-1');
  });

  it('attaches the marked area to the step the annotation asks for', async () => {
    const { model, engine } = engineAnswering([
      JSON.stringify({
        decision: 'revise',
        rationale: 'The person pointed at the Next button in the lower right.',
        edits: [
          {
            type: 'rewrite',
            stepId: 'step-3',
            text: "Click the 'Next' button",
            useMarkedArea: true,
            areaLabel: "the 'Next' button",
          },
        ],
      }),
    ]);
    const marked = await syntheticScreen(7);
    const box = { x: 600, y: 680, width: 100, height: 70 };
    const result = await engine.planner.revise(reportingHandle().handle, {
      task: sampleTask,
      plan: plan(),
      screen: marked,
      request: {
        type: 'annotation',
        marked,
        annotation: {
          screenshotHash: marked.observation.screenshot.hash,
          marks: [{ kind: 'rect', box }],
          box,
          sentence: 'this one',
        },
      },
    });

    expect(result).toMatchObject({
      type: 'revision',
      edits: [{ type: 'rewrite', stepId: 'step-3', region: { box, label: "the 'Next' button" } }],
    });
    const sent = JSON.stringify(model.calls[0]!.request.messages);
    expect(sent).toContain('a rectangle at x=600 y=680 w=100 h=70');
    expect(sent).toContain('The marked screenshot is also the screen now.');
    expect(model.calls[0]!.images).toBe(1);
  });
});
