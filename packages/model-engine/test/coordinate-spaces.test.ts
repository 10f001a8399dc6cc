import { DEFAULT_PROFILES, type ModelProfile } from '@sandpiper/models';
import { describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { reportingHandle, sampleTask, step, syntheticScreen } from './support/screens.js';
import { createScriptedModel, pngSize } from './support/scripted-model.js';

const clickAt = (x: number, y: number) =>
  JSON.stringify({
    decision: 'act',
    actions: [{ summary: 'Clicking the middle', action: { type: 'click', at: { x, y } } }],
  });

describe("points are converted from each model's space to screen pixels in one place", () => {
  it('reads a 0–1000 grid model: lists boxes on the grid, sends the resized image, converts its answer back', async () => {
    // UI-TARS v1 answers on the grid; UI-TARS-1.5 answers in pixels (see native-grounding.test.ts).
    const model = createScriptedModel({ model: 'ui-tars-7b-dpo', script: { operator_decision: [clickAt(500, 500)] } });
    const engine = createModelEngine({ roles: { default: { client: model } } });
    const decision = await engine.operator.decide(reportingHandle().handle, {
      task: sampleTask,
      step: step('step-1'),
      attempt: 1,
      screen: await syntheticScreen(1),
      performed: [],
    });

    expect(decision).toMatchObject({ type: 'act', actions: [{ action: { type: 'click', at: { x: 640, y: 400 } } }] });
    const request = model.calls[0]!.request;
    const text = JSON.stringify(request.messages);
    expect(text).toContain('on a grid from 0 to 1000');
    expect(text).toContain('textbox \\"Employee name\\" value=\\"\\" at x=41 y=387 w=344 h=48');
    const image = request.messages[1]!.content[1];
    expect(typeof image === 'object' && image.type === 'image' && pngSize(image.data)).toEqual({
      width: 1260,
      height: 784,
    });
  });

  it('lets the operator name an element and a separate grounding model place it inside the marked area', async () => {
    const operatorModel = createScriptedModel({
      script: {
        operator_decision: [
          JSON.stringify({
            decision: 'act',
            actions: [{ summary: 'Clicking Next', action: { type: 'click', element: "the 'Next' button" } }],
          }),
        ],
      },
    });
    const grounderModel = createScriptedModel({
      model: 'ui-tars-grounder',
      script: {
        grounding: [
          JSON.stringify({ found: true, label: 'Next', box: { x: 1400, y: 869, width: 55, height: 48 } }),
          JSON.stringify({ found: true, label: 'Next', box: { x: 478, y: 869, width: 56, height: 50 } }),
        ],
      },
    });
    // The grid profile, asked with Sandpiper's own JSON grounding prompt rather than UI-TARS's.
    const gridProfile: ModelProfile = {
      ...DEFAULT_PROFILES.find((each) => each.id === 'ui-tars')!,
      grounding: undefined,
    };
    const engine = createModelEngine({
      roles: { default: { client: operatorModel }, grounder: { client: grounderModel, profile: gridProfile } },
    });
    const { handle, reports } = reportingHandle();
    const marked = {
      ...step('step-1', "Click the 'Next' button"),
      region: { box: { x: 600, y: 680, width: 100, height: 70 }, label: 'Next' },
    };
    const decision = await engine.operator.decide(handle, {
      task: sampleTask,
      step: marked,
      attempt: 1,
      screen: await syntheticScreen(1),
      performed: [],
    });

    expect(decision.type).toBe('act');
    const planned = decision.type === 'act' ? decision.actions[0] : undefined;
    expect(planned?.action).toMatchObject({ type: 'click', at: { x: 647.68, y: 715.2 } });
    expect(planned?.grounding).toMatchObject({ method: 'coordinates', query: "the 'Next' button" });
    expect(JSON.stringify(grounderModel.calls[0]!.request.messages)).toContain(
      'Marked area: x=469 y=850 w=78 h=88 (Next)',
    );
    expect(JSON.stringify(grounderModel.calls[1]!.request.messages.at(-1))).toContain('outside the 0–1000 grid');
    expect(reports.map((report) => [report.role, report.model, report.outcome])).toEqual([
      ['operator', 'openai-compatible:scripted-vl', 'ok'],
      ['grounder', 'openai-compatible:ui-tars-grounder', 'repaired'],
    ]);
  });

  it('fails the step when the grounding model finds nothing', async () => {
    const engine = createModelEngine({
      roles: {
        default: {
          client: createScriptedModel({
            script: {
              operator_decision: [
                JSON.stringify({
                  decision: 'act',
                  actions: [{ summary: 'Clicking Save', action: { type: 'click', element: 'Save' } }],
                }),
              ],
              grounding: [JSON.stringify({ found: false, reason: 'There is no Save button.' })],
            },
          }),
        },
      },
    });
    const decision = await engine.operator.decide(reportingHandle().handle, {
      task: sampleTask,
      step: step('step-1', "Click 'Save'"),
      attempt: 1,
      screen: await syntheticScreen(1),
      performed: [],
    });
    expect(decision).toEqual({ type: 'fail', reason: '"Save" could not be found on the screen.' });
  });
});
