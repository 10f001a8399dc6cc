import type { ImagePart, ModelMessage } from './contract.js';
import { extractJsonCandidates } from './json-extract.js';

/**
 * Grounding models are fine-tuned on one prompt and one answer format each, and they locate
 * elements far worse when asked in another (a JSON box with width and height is not something
 * UI-TARS was trained to write). A profile that names one of these formats has its grounder asked
 * in that model's own wording and its answer read in that model's own syntax. Which space the
 * numbers are in (pixels of the sent image or a 0–1000 grid) is the profile's `coordinates`; the
 * formats only find the numbers.
 */

/** A point or box in the model's own coordinate space. */
export interface ModelTarget {
  /** Left edge (or the point's x). */
  readonly x: number;
  /** Top edge (or the point's y). */
  readonly y: number;
  /** Width; 0 when the model answered a point. */
  readonly width: number;
  /** Height; 0 when the model answered a point. */
  readonly height: number;
}

/** A model's own grounding prompt and answer syntax. */
export interface GroundingFormat {
  /** Short stable name, for logs: `ui-tars`, `qwen-vl-json`, `holo-click`, `pyautogui`. */
  readonly id: string;
  /** The turns asking where `target` (a description of one element) is on `image`. */
  messages(target: string, image: ImagePart): readonly ModelMessage[];
  /** The element's point or box from the answer; undefined when the answer holds none. */
  readTarget(text: string): ModelTarget | undefined;
  /** How a valid answer looks, for the re-ask after an unreadable one. */
  readonly answerFormat: string;
}

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;

/**
 * UI-TARS (v1 and 1.5): the grounding prompt of its repository, answered with an action such as
 * `click(start_box='(197,525)')`, `<|box_start|>(x,y)<|box_end|>` or `<point>x y</point>`.
 */
export const UI_TARS_GROUNDING: GroundingFormat = {
  id: 'ui-tars',
  messages: (target, image) => [
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: [
            'You are a GUI agent. You are given a task and a screenshot. You need to perform the next action to complete the task.',
            '',
            '## Output Format',
            '',
            'Action: ...',
            '',
            '## Action Space',
            "click(start_box='<|box_start|>(x1,y1)<|box_end|>')",
            '',
            '## User Instruction',
            `Click ${target}`,
          ].join('\n'),
        },
        image,
      ],
    },
  ],
  readTarget: (text) => {
    const action = text.slice(Math.max(0, text.lastIndexOf('Action:')));
    const point = new RegExp(String.raw`<point>\s*(${NUMBER})[\s,]+(${NUMBER})\s*</point>`).exec(action);
    if (point) return pointAt(point[1], point[2]);
    return tupleIn(action) ?? tupleIn(text);
  },
  answerFormat: "Answer with one line: Action: click(start_box='(x,y)')",
};

/**
 * Qwen2.5-VL and Qwen3-VL: "locate … output its bbox coordinates in JSON", answered with
 * `[{"bbox_2d": [x1, y1, x2, y2], "label": …}]` (or `point_2d`), usually in a ```json fence.
 */
export const QWEN_VL_GROUNDING: GroundingFormat = {
  id: 'qwen-vl-json',
  messages: (target, image) => [
    {
      role: 'user',
      content: [
        image,
        { type: 'text', text: `Locate ${target} in the image, and output its bbox coordinates in JSON format.` },
      ],
    },
  ],
  readTarget: (text) => {
    for (const candidate of extractJsonCandidates(text)) {
      const found = qwenTarget(candidate.value);
      if (found !== undefined) return found;
    }
    return tupleIn(text);
  },
  answerFormat: 'Answer with JSON only: [{"bbox_2d": [x1, y1, x2, y2], "label": "…"}]',
};

/**
 * Holo1 and Holo1.5: the localization prompt of their model cards, answered with
 * `{"action": "click_absolute", "x": …, "y": …}` (pixels from the left and top edges).
 */
export const HOLO_GROUNDING: GroundingFormat = {
  id: 'holo-click',
  messages: (target, image) => [
    {
      role: 'user',
      content: [
        image,
        {
          type: 'text',
          text: [
            'Localize an element on the GUI image according to the provided target and output a click position.',
            ' * You must output a valid JSON following the format: {"action": "click_absolute", "x": <pixels from the left edge>, "y": <pixels from the top edge>}',
            ' Your target is:',
            target,
          ].join('\n'),
        },
      ],
    },
  ],
  readTarget: (text) => {
    for (const candidate of extractJsonCandidates(text)) {
      const value = candidate.value as { x?: unknown; y?: unknown } | null;
      if (typeof value === 'object' && value !== null && isNumber(value.x) && isNumber(value.y)) {
        return { x: value.x, y: value.y, width: 0, height: 0 };
      }
    }
    const click = new RegExp(String.raw`click\s*\(\s*(${NUMBER})\s*,\s*(${NUMBER})\s*\)`, 'i').exec(text);
    return click ? pointAt(click[1], click[2]) : undefined;
  },
  answerFormat: 'Answer with JSON only: {"action": "click_absolute", "x": 123, "y": 456}',
};

/**
 * OpenCUA: the system prompt of its grounding examples, answered with PyAutoGUI code such as
 * `pyautogui.click(x=1443, y=343)`.
 */
export const PYAUTOGUI_GROUNDING: GroundingFormat = {
  id: 'pyautogui',
  messages: (target, image) => [
    {
      role: 'system',
      content:
        'You are a GUI agent. You are given a task and a screenshot of the screen. You need to perform a series of pyautogui actions to complete the task.',
    },
    { role: 'user', content: [image, { type: 'text', text: `Click ${target}` }] },
  ],
  readTarget: (text) => {
    const call = new RegExp(
      String.raw`pyautogui\.(?:click|doubleClick|rightClick|tripleClick|moveTo)\(\s*(?:x\s*=\s*)?(${NUMBER})\s*,\s*(?:y\s*=\s*)?(${NUMBER})`,
    ).exec(text);
    return call ? pointAt(call[1], call[2]) : undefined;
  },
  answerFormat: 'Answer with one line of code: pyautogui.click(x=123, y=456)',
};

/** The first `(x,y)` or `(x1,y1,x2,y2)` (also in square brackets) in the text. */
function tupleIn(text: string): ModelTarget | undefined {
  const tuple = new RegExp(
    String.raw`[([]\s*(${NUMBER})\s*,\s*(${NUMBER})(?:\s*,\s*(${NUMBER})\s*,\s*(${NUMBER}))?\s*[)\]]`,
  ).exec(text);
  if (!tuple) return undefined;
  if (tuple[3] === undefined || tuple[4] === undefined) return pointAt(tuple[1], tuple[2]);
  return boxBetween(Number(tuple[1]), Number(tuple[2]), Number(tuple[3]), Number(tuple[4]));
}

function qwenTarget(value: unknown): ModelTarget | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'object' || first === null) return undefined;
  const { bbox_2d: box, point_2d: point } = first as { bbox_2d?: unknown; point_2d?: unknown };
  const corners = numbersOf(box, 4);
  if (corners !== undefined) return boxBetween(corners[0]!, corners[1]!, corners[2]!, corners[3]!);
  const at = numbersOf(point, 2);
  return at === undefined ? undefined : { x: at[0]!, y: at[1]!, width: 0, height: 0 };
}

function numbersOf(value: unknown, count: number): number[] | undefined {
  return Array.isArray(value) && value.length === count && value.every(isNumber) ? value : undefined;
}

function pointAt(x: string | undefined, y: string | undefined): ModelTarget {
  return { x: Number(x), y: Number(y), width: 0, height: 0 };
}

/** A box from two corners in either order. */
function boxBetween(x1: number, y1: number, x2: number, y2: number): ModelTarget {
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
