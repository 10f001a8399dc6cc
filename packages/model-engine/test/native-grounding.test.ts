import { describe, expect, it } from 'vitest';
import { createModelEngine } from '../src/index.js';
import { reportingHandle, sampleTask, step, syntheticScreen } from './support/screens.js';
import { createScriptedModel, pngSize, type ScriptedReply } from './support/scripted-model.js';

/**
 * Grounding models asked in their own format: the operator names an element, the grounder's
 * model gets its trained prompt, answers in its own syntax and space, and the point lands on the
 * screen pixel it meant.
 */

const nameNext = JSON.stringify({
  decision: 'act',
  actions: [{ summary: 'Clicking Next', action: { type: 'click', element: "the 'Next' button" } }],
});

async function decideWith(grounderModel: string, replies: ScriptedReply[], screen = { width: 1920, height: 1080 }) {
  const operator = createScriptedModel({ script: { operator_decision: [nameNext] } });
  const grounder = createScriptedModel({ model: grounderModel, script: { grounding: replies } });
  const engine = createModelEngine({ roles: { default: { client: operator }, grounder: { client: grounder } } });
  const { handle, reports } = reportingHandle();
  const decision = await engine.operator.decide(handle, {
    task: sampleTask,
    step: step('step-1', "Click the 'Next' button"),
    attempt: 1,
    screen: await syntheticScreen(11, screen),
    performed: [],
  });
  return { decision, grounder, reports };
}

describe('grounding models are asked in their own format', () => {
  it('UI-TARS-1.5: its action prompt, pixels of the 1344×756 image, the centre lands on 960,540', async () => {
    const { decision, grounder } = await decideWith('ui-tars-1.5-7b', ["Action: click(start_box='(672,378)')"]);
    expect(decision).toMatchObject({ type: 'act', actions: [{ action: { type: 'click', at: { x: 960, y: 540 } } }] });
    const request = grounder.calls[0]!.request;
    expect(request.outputSchema).toBeUndefined();
    expect(request.messages).toHaveLength(1);
    const [text, image] = request.messages[0]!.content as { type: string; text?: string; data?: Uint8Array }[];
    expect(text?.text).toContain("## Action Space\nclick(start_box='<|box_start|>(x1,y1)<|box_end|>')");
    expect(text?.text).toMatch(/## User Instruction\nClick the 'Next' button$/);
    expect(pngSize(image!.data!)).toEqual({ width: 1344, height: 756 });
  });

  it('Qwen3-VL: a bbox on the 0–1000 grid, whatever the image size', async () => {
    const { decision } = await decideWith(
      'qwen3-vl:8b',
      ['```json\n[{"bbox_2d": [740, 870, 780, 910], "label": "Next"}]\n```'],
      {
        width: 1280,
        height: 800,
      },
    );
    expect(decision).toMatchObject({
      type: 'act',
      actions: [{ action: { type: 'click', at: { x: expect.closeTo(972.8, 6) as unknown, y: 712 } } }],
    });
  });

  it('OpenCUA: re-asks an answer without a point, quoting its format, then uses the next one', async () => {
    const { decision, grounder, reports } = await decideWith('xlangai/OpenCUA-7B', [
      'The Next button is at the bottom right of the form.',
      '```python\npyautogui.click(x=1315, y=364)\n```',
    ]);
    expect(decision.type).toBe('act');
    const at = decision.type === 'act' ? decision.actions[0]!.action : undefined;
    expect(at).toMatchObject({ type: 'click', at: { y: 540 } });
    expect(at?.type === 'click' && at.at.x).toBeCloseTo(1918.54, 2);
    const reask = grounder.calls[1]!.request.messages.at(-1)!;
    expect(reask).toEqual({
      role: 'user',
      content:
        'That answer could not be used: it holds no point. Answer with one line of code: pyautogui.click(x=123, y=456)',
    });
    expect(reports.find((report) => report.role === 'grounder')?.outcome).toBe('repaired');
  });

  it('Holo1.5: a point off the image is re-asked, then counts as not found', async () => {
    const offImage = '{"action": "click_absolute", "x": 1400, "y": 364}';
    const { decision, grounder, reports } = await decideWith('Hcompany/Holo1.5-7B', [offImage]);
    expect(decision).toEqual({ type: 'fail', reason: `"the 'Next' button" could not be found on the screen.` });
    expect(grounder.calls).toHaveLength(3);
    expect(String(grounder.calls[1]!.request.messages.at(-1)!.content)).toContain(
      'the point (1400, 364) lies outside the 1316×728 image; give a point on the screenshot',
    );
    expect(reports.find((report) => report.role === 'grounder')?.outcome).toBe('error');
  });
});
