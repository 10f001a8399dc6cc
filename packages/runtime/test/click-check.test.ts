import { createModelEngine, type ClickCheckMode } from '@sandpiper/model-engine';
import type { ModelRequest } from '@sandpiper/models';
import { decodePng, MARK_COLORS } from '@sandpiper/vision';
import { describe, expect, it } from 'vitest';
import { createVisionClickImages } from '../src/change-evidence.js';
import { reportingHandle, sampleTask, step, syntheticScreen } from '../../model-engine/test/support/screens.js';
import { createScriptedModel, pngSize, type ScriptedReply } from '../../model-engine/test/support/scripted-model.js';

/**
 * The check of a grounder's point before a click, with the real pictures (the vision package draws
 * the target and cuts the crop) and scripted models behind the real model contract: a UI-TARS
 * grounder that answers with a bare point, and a judge's model that says whether it lands.
 */

const nameNext = JSON.stringify({
  decision: 'act',
  actions: [{ summary: 'Clicking Next', action: { type: 'click', element: "the 'Next' button" } }],
});

/** The image a request carried. */
function sentImage(request: ModelRequest): Uint8Array {
  for (const message of request.messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) if (part.type === 'image') return part.data;
  }
  throw new Error('the request had no image');
}

/** A UI-TARS answer pointing at the centre of whatever image it was sent. */
const centreOfImage: ScriptedReply = (call) => {
  const { width, height } = pngSize(sentImage(call.request));
  return `Action: click(start_box='(${Math.round(width / 2)},${Math.round(height / 2)})')`;
};

async function decide(options: {
  grounding: ScriptedReply[];
  check: ScriptedReply[];
  mode?: ClickCheckMode;
  grounderModel?: string;
}) {
  const operator = createScriptedModel({ script: { operator_decision: [nameNext], click_check: options.check } });
  const grounder = createScriptedModel({
    model: options.grounderModel ?? 'ui-tars-1.5-7b',
    script: { grounding: options.grounding },
  });
  const engine = createModelEngine({
    roles: { default: { client: operator }, grounder: { client: grounder } },
    clickImages: createVisionClickImages(),
    ...(options.mode === undefined ? {} : { checkClicks: options.mode }),
  });
  const { handle } = reportingHandle();
  const decision = await engine.operator.decide(handle, {
    task: sampleTask,
    step: step('step-1', "Click the 'Next' button"),
    attempt: 1,
    screen: await syntheticScreen(11, { width: 1920, height: 1080 }),
    performed: [],
  });
  const checks = operator.calls.filter((call) => call.name === 'click_check');
  return { decision, grounder, checks };
}

describe("a grounder's point is checked before the click", () => {
  it('keeps a point the check says lands, after showing the judge the screen with it marked', async () => {
    // The centre of UI-TARS's 1344 × 756 image is the centre of the screen.
    const { decision, grounder, checks } = await decide({
      grounding: ["Action: click(start_box='(672,378)')"],
      check: ['{"under": "the Next button", "lands": true}'],
    });
    expect(decision).toMatchObject({ type: 'act', actions: [{ action: { type: 'click', at: { x: 960, y: 540 } } }] });
    expect(grounder.calls).toHaveLength(1);
    expect(checks).toHaveLength(1);
    // The marked screen reached the judge's model: its target colour on the exact point.
    const marked = sentImage(checks[0]!.request);
    const size = pngSize(marked);
    const pixels = await decodePng(marked);
    const at = (Math.round(size.height / 2) * size.width + Math.round(size.width / 2)) * 4;
    const [red, green, blue] = pixels.data.subarray(at, at + 3);
    const [r, g, b] = MARK_COLORS.action;
    expect(Math.abs(red! - r) + Math.abs(green! - g) + Math.abs(blue! - b)).toBeLessThan(60);
  });

  it('looks again on a magnified crop around a point that misses, and clicks what it finds there', async () => {
    const { decision, grounder, checks } = await decide({
      // Near the top-left corner at first; on the crop, the centre of the image it was sent.
      grounding: ["Action: click(start_box='(100,100)')", centreOfImage],
      check: ['{"under": "empty space", "lands": false}'],
    });
    expect(checks).toHaveLength(1);
    expect(grounder.calls).toHaveLength(2);
    const crop = pngSize(sentImage(grounder.calls[1]!.request));
    // Half the screen each way, at the corner the first point was near: sent close to its own size.
    expect(crop.width).toBeLessThanOrEqual(960);
    expect(crop.width).toBeGreaterThan(900);
    expect(decision.type).toBe('act');
    const at =
      decision.type === 'act' && decision.actions[0]!.action.type === 'click'
        ? decision.actions[0]!.action.at
        : undefined;
    // The crop's centre, (480, 270) on the screen, give or take the crop's resizing.
    expect(Math.abs(at!.x - 480)).toBeLessThanOrEqual(3);
    expect(Math.abs(at!.y - 270)).toBeLessThanOrEqual(3);
  });

  it('counts the element as not found when the crop shows it nowhere, rather than clicking the miss', async () => {
    const { decision, grounder } = await decide({
      grounding: ["Action: click(start_box='(100,100)')", 'I do not see it.'],
      check: ['{"under": "empty space", "lands": false}'],
    });
    expect(grounder.calls.length).toBeGreaterThan(1);
    expect(decision).toMatchObject({ type: 'fail' });
    expect(decision.type === 'fail' && decision.reason).toContain('could not be found');
  });

  it('checks nothing with "never", nor a JSON grounder under "auto"', async () => {
    const never = await decide({
      grounding: ["Action: click(start_box='(672,378)')"],
      check: ['{"under": "x", "lands": false}'],
      mode: 'never',
    });
    expect(never.checks).toHaveLength(0);
    const json = await decide({
      grounderModel: 'scripted-vl',
      grounding: ['{"found": true, "box": {"x": 600, "y": 360, "width": 80, "height": 40}}'],
      check: ['{"under": "x", "lands": false}'],
    });
    expect(json.checks).toHaveLength(0);
    expect(json.decision.type).toBe('act');
  });
});
