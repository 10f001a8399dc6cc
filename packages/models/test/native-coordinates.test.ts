import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROFILES,
  findProfile,
  fitImageSize,
  toEnvironmentPoint,
  type ModelProfile,
  type PixelSize,
} from '../src/index.js';

/**
 * Each grounding model family answers in its own space and syntax. For each, on two common
 * screens, a point at the centre of what the model sees and one near its right edge, written as
 * that model writes it, must land on the right screen pixel.
 */

function profile(id: string): ModelProfile {
  const found = DEFAULT_PROFILES.find((each) => each.id === id);
  if (found === undefined) throw new Error(`no profile ${id}`);
  return found;
}

/**
 * The server side, as the UI-TARS repository's README_coordinates.md gives it for Qwen-VL
 * processors: round to the nearest multiple of `factor`, shrink past `maxPixels`.
 */
function serverSmartResize(size: PixelSize, factor: number, maxPixels: number): PixelSize {
  let height = Math.max(factor, Math.round(size.height / factor) * factor);
  let width = Math.max(factor, Math.round(size.width / factor) * factor);
  if (height * width > maxPixels) {
    const beta = Math.sqrt((size.height * size.width) / maxPixels);
    height = Math.floor(size.height / beta / factor) * factor;
    width = Math.floor(size.width / beta / factor) * factor;
  }
  return { width, height };
}

type Case = {
  readonly id: string;
  readonly model: string;
  readonly screen: PixelSize;
  readonly sent: PixelSize;
  /** The model's answer pointing at the centre of the image, in its own syntax. */
  readonly centre: string;
  /** The model's answer pointing one unit left of the right edge, halfway down. */
  readonly edge: string;
  /** Where that edge answer lands on the screen. */
  readonly edgeX: number;
};

const wide = { width: 1920, height: 1080 };
const laptop = { width: 1280, height: 800 };

const cases: readonly Case[] = [
  // UI-TARS-1.5: pixels of the smart-resized image.
  {
    id: 'ui-tars-1.5',
    model: 'ui-tars-1.5-7b',
    screen: wide,
    sent: { width: 1344, height: 756 },
    centre: "Action: click(start_box='(672,378)')",
    edge: "Action: click(start_box='<|box_start|>(1343,378)<|box_end|>')",
    edgeX: 1918.571,
  },
  {
    id: 'ui-tars-1.5',
    model: 'ByteDance-Seed/UI-TARS-1.5-7B',
    screen: laptop,
    sent: { width: 1260, height: 784 },
    centre: "click(point='<point>630 392</point>')",
    edge: "Action: click(start_box='(1259,392)')",
    edgeX: 1278.984,
  },
  // UI-TARS v1: a 0–1000 grid, whatever the size.
  {
    id: 'ui-tars',
    model: 'ui-tars-7b-dpo',
    screen: wide,
    sent: { width: 1344, height: 756 },
    centre: "Action: click(start_box='(500,500)')",
    edge: "Action: click(start_box='(999,500)')",
    edgeX: 1918.08,
  },
  {
    id: 'ui-tars',
    model: 'UI-TARS-72B-SFT',
    screen: laptop,
    sent: { width: 1260, height: 784 },
    centre: "Action: click(start_box='(500,500)')",
    edge: "Action: click(start_box='(999,500)')",
    edgeX: 1278.72,
  },
  // Qwen2.5-VL: absolute pixels of the image, as a bbox in JSON.
  {
    id: 'qwen2.5-vl',
    model: 'qwen2.5vl:7b',
    screen: wide,
    sent: { width: 1316, height: 728 },
    centre: '```json\n[{"bbox_2d": [648, 354, 668, 374], "label": "Export"}]\n```',
    edge: '[{"point_2d": [1315, 364], "label": "edge"}]',
    edgeX: 1918.541,
  },
  {
    id: 'qwen2.5-vl',
    model: 'Qwen/Qwen2.5-VL-7B-Instruct',
    screen: laptop,
    sent: { width: 1260, height: 784 },
    centre: '[{"bbox_2d": [620, 382, 640, 402]}]',
    edge: '[{"point_2d": [1259, 392]}]',
    edgeX: 1278.984,
  },
  // Qwen3-VL: back to a 0–1000 grid, and 32-pixel patches.
  {
    id: 'qwen3-vl',
    model: 'qwen3-vl:8b',
    screen: wide,
    sent: { width: 1344, height: 768 },
    centre: '```json\n[{"bbox_2d": [490, 490, 510, 510], "label": "Export"}]\n```',
    edge: '{"point_2d": [999, 500]}',
    edgeX: 1918.08,
  },
  {
    id: 'qwen3-vl',
    model: 'Qwen/Qwen3-VL-30B-A3B-Instruct',
    screen: laptop,
    sent: { width: 1280, height: 800 },
    centre: '[{"point_2d": [500, 500]}]',
    edge: '[{"point_2d": [999, 500]}]',
    edgeX: 1278.72,
  },
  // Holo1.5: pixels of the smart-resized image, as click JSON.
  {
    id: 'holo1.5',
    model: 'Hcompany/Holo1.5-7B',
    screen: wide,
    sent: { width: 1316, height: 728 },
    centre: '{"action": "click_absolute", "x": 658, "y": 364}',
    edge: '{"action": "click_absolute", "x": 1315, "y": 364}',
    edgeX: 1918.541,
  },
  {
    id: 'holo1.5',
    model: 'holo1.5-3b',
    screen: laptop,
    sent: { width: 1260, height: 784 },
    centre: 'Click(630, 392)',
    edge: '{"x": 1259, "y": 392}',
    edgeX: 1278.984,
  },
  // OpenCUA: pixels of the smart-resized image, as a pyautogui call.
  {
    id: 'opencua',
    model: 'xlangai/OpenCUA-7B',
    screen: wide,
    sent: { width: 1316, height: 728 },
    centre: '```python\npyautogui.click(x=658, y=364)\n```',
    edge: 'pyautogui.click(1315, 364)',
    edgeX: 1918.541,
  },
  {
    id: 'opencua',
    model: 'OpenCUA-32B',
    screen: laptop,
    sent: { width: 1260, height: 784 },
    centre: '## Action:\nClick the button\n## Code:\npyautogui.click(x=630, y=392)',
    edge: 'pyautogui.moveTo(x=1259, y=392)',
    edgeX: 1278.984,
  },
];

describe('native answers of grounding models land on the right screen pixel', () => {
  it.each(cases)('$model on a $screen.width×$screen.height screen ($id)', (each) => {
    const found = findProfile('openai-compatible', each.model);
    expect(found?.id).toBe(each.id);
    const chosen = profile(each.id);
    const sent = fitImageSize(each.screen, chosen.image);
    expect(sent).toEqual(each.sent);
    const frame = { sentImage: sent, screen: each.screen };
    const format = chosen.grounding!;

    const centre = format.readTarget(each.centre)!;
    const point = toEnvironmentPoint(
      { x: centre.x + centre.width / 2, y: centre.y + centre.height / 2 },
      chosen.coordinates,
      frame,
    );
    expect(point).toEqual({ ok: true, point: { x: each.screen.width / 2, y: each.screen.height / 2 } });

    const edge = format.readTarget(each.edge)!;
    const near = toEnvironmentPoint({ x: edge.x, y: edge.y }, chosen.coordinates, frame);
    expect(near.ok).toBe(true);
    if (!near.ok) return;
    expect(near.point.x).toBeCloseTo(each.edgeX, 2);
    expect(near.point.y).toBeCloseTo(each.screen.height / 2, 6);
  });

  it.each(['ui-tars-1.5', 'ui-tars', 'qwen2.5-vl', 'holo1.5', 'opencua'])(
    'sends %s images its server keeps as they are, so pixel answers need no second scaling',
    (id) => {
      const chosen = profile(id);
      for (const screen of [wide, laptop, { width: 2560, height: 1440 }, { width: 1366, height: 768 }]) {
        const sent = fitImageSize(screen, chosen.image);
        expect([sent.width % 28, sent.height % 28]).toEqual([0, 0]);
        // Qwen2.5-VL's default processor limit (16384 patches of 28 × 28).
        expect(serverSmartResize(sent, 28, 16384 * 28 * 28)).toEqual(sent);
      }
    },
  );

  it('refuses a pixel answer beyond the image instead of clamping it to the edge', () => {
    const chosen = profile('ui-tars-1.5');
    const frame = { sentImage: fitImageSize(wide, chosen.image), screen: wide };
    const beyond = chosen.grounding!.readTarget("Action: click(start_box='(1400,378)')")!;
    expect(toEnvironmentPoint(beyond, chosen.coordinates, frame)).toEqual({
      ok: false,
      reason: 'the point (1400, 378) lies outside the 1344×756 image',
    });
  });

  it('finds no point in an answer without one', () => {
    for (const id of ['ui-tars-1.5', 'qwen3-vl', 'holo1.5', 'opencua']) {
      expect(profile(id).grounding!.readTarget('I cannot see an Export button on this screen.')).toBeUndefined();
    }
  });
});
