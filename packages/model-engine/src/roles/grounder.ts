import type { Grounder, Handle, Screen, TargetQuery } from '@sandpiper/core';
import { toEnvironmentPoint, type GroundingFormat } from '@sandpiper/models';
import { boxCenter, type Box, type Grounding, type Point, type StepRegion } from '@sandpiper/protocol';
import type { ClickImages } from '../click-images.js';
import { z } from 'zod';
import { callRole, type RoleCaller } from '../role-call.js';
import { callRoleText } from '../role-call-text.js';
import type { RoleParts } from '../role-parts.js';
import {
  coordinateRules,
  describeScreen,
  formatBox,
  imagePart,
  toModelBox,
  type ModelScreen,
} from '../screen-context.js';

/** The grounder's answer as the model writes it; the box is in the model's space. */
export const groundingAnswerSchema = z.discriminatedUnion('found', [
  z.object({
    found: z.literal(true),
    label: z.string().trim().max(300).optional(),
    box: z.object({ x: z.number(), y: z.number(), width: z.number().nonnegative(), height: z.number().nonnegative() }),
  }),
  z.object({ found: z.literal(false), reason: z.string().trim().max(1000).optional() }),
]);

/** The box in screen pixels, or why it cannot be one. */
function environmentBox(box: Box, view: ModelScreen): { box: Box } | { reason: string } {
  const topLeft = toEnvironmentPoint({ x: box.x, y: box.y }, view.space, view.frame);
  const bottomRight = toEnvironmentPoint({ x: box.x + box.width, y: box.y + box.height }, view.space, view.frame);
  if (!topLeft.ok) return { reason: topLeft.reason };
  if (!bottomRight.ok) return { reason: bottomRight.reason };
  return {
    box: {
      x: topLeft.point.x,
      y: topLeft.point.y,
      width: bottomRight.point.x - topLeft.point.x,
      height: bottomRight.point.y - topLeft.point.y,
    },
  };
}

/** What the grounder is asked: the core's query, plus the area the person marked for the step. */
export interface LocateInput {
  /** What to find, as the operator or the core described it. */
  readonly query: TargetQuery;
  /** The screen to find it on. */
  readonly screen: Screen;
  /** Where the person marked the target; absent when it may be anywhere. */
  readonly region?: StepRegion;
}

/** The grounder role, with the marked area the core's `ground` cannot pass. */
export interface ModelGrounder extends Grounder {
  /** Like `ground`, preferring targets inside the marked area. */
  locate(handle: Handle, input: LocateInput): Promise<Grounding>;
}

/**
 * Locates one element with the grounder's model; a box off the screen is re-asked, then counts as
 * not found. A model whose profile names its own grounding format (UI-TARS, Qwen-VL, Holo,
 * OpenCUA) is asked in that format, the one it was trained on, instead of with the JSON prompt.
 *
 * Such a model answers with a point and nothing about what it saw there, so (with `checkClicks`
 * `auto`, the default, or `always` for every grounder) the point is checked before it is used, as
 * VLAA-GUI does: the judge's model is shown the screen with the point marked and says whether a
 * click there lands on the element. When it does not, the element is looked for again on a crop
 * around the point, which the model sees magnified; when it is not found there either, it counts
 * as not found, rather than being clicked where the check said it is not.
 */
export function createModelGrounder(parts: Omit<RoleParts, 'grounder'>): ModelGrounder {
  const locate = async (handle: Handle, { query, screen, region }: LocateInput): Promise<Grounding> => {
    const caller = parts.caller('grounder');
    const base: Grounding = {
      query: query.text,
      ...(query.role === undefined ? {} : { role: query.role }),
      method: 'coordinates',
      ambiguous: false,
      alternatives: [],
    };
    const box = await findBox(handle, parts, caller, screen, query, region);
    if (box === undefined) return { ...base, method: 'none' };
    const images = parts.clickImages;
    const checking =
      images !== undefined &&
      (parts.checkClicks === 'always' ||
        (parts.checkClicks === 'auto' && caller.model.profile.grounding !== undefined));
    if (!checking || (await aimLands(handle, parts, images, screen, query, box))) return { ...base, box };
    const area = zoomArea(boxCenter(box), screen.capture);
    const crop = await images.crop(handle, screen.capture.png, area);
    const again = await findBox(handle, parts, caller, croppedScreen(screen, crop, area), query, undefined);
    if (again === undefined) {
      handle.log(`grounder: "${query.text}" not found on the magnified crop either; counted as not found`);
      return { ...base, method: 'none' };
    }
    handle.log(`grounder: "${query.text}" found again on the magnified crop`);
    return { ...base, box: { ...again, x: again.x + area.x, y: again.y + area.y } };
  };
  return { locate, ground: (handle, input) => locate(handle, input) };
}

/** The element's box in screen pixels, from the grounder's model in its own format or in JSON. */
async function findBox(
  handle: Handle,
  parts: Omit<RoleParts, 'grounder'>,
  caller: RoleCaller,
  screen: Screen,
  query: TargetQuery,
  region: StepRegion | undefined,
): Promise<Box | undefined> {
  const view = await parts.images.prepare(screen, caller.model.profile);
  const format = caller.model.profile.grounding;
  if (format !== undefined) return locateNatively(handle, caller, format, view, query, region);
  const schema = groundingAnswerSchema.superRefine((answer, context) => {
    if (!answer.found) return;
    const converted = environmentBox(answer.box, view);
    if ('reason' in converted) {
      context.addIssue({ code: 'custom', path: ['box'], message: `${converted.reason}; give a box on the screen` });
    }
  });
  const prompt = parts.prompts.render('grounder', {
    coordinates: coordinateRules(view),
    query: targetText(query),
    region: region ? `${formatBox(toModelBox(region.box, view))}${region.label ? ` (${region.label})` : ''}` : 'none',
    screen: describeScreen(view),
  });
  const result = await callRole(caller, handle, {
    prompt,
    images: [imagePart(view)],
    schema,
    outputName: 'grounding',
    maxOutputTokens: 400,
  });
  if (!result.ok || !result.value.found) return undefined;
  const converted = environmentBox(result.value.box, view);
  return 'reason' in converted ? undefined : converted.box;
}

const clickCheckSchema = z.object({ under: z.string().trim().max(300), lands: z.boolean() });

/**
 * Whether a click at the box's centre lands on the element, by the judge's model looking at the
 * screen with the point marked. A check that cannot be made (no answer) leaves the point as it was.
 */
async function aimLands(
  handle: Handle,
  parts: Omit<RoleParts, 'grounder'>,
  images: ClickImages,
  screen: Screen,
  query: TargetQuery,
  box: Box,
): Promise<boolean> {
  const point = boxCenter(box);
  // The judge's model, reported as part of grounding.
  const checker: RoleCaller = { ...parts.caller('judge'), role: 'grounder' };
  const marked = await images.mark(handle, screen.capture.png, point);
  const hash = `${screen.observation.screenshot.hash}:aim:${Math.round(point.x)},${Math.round(point.y)}`;
  const markedScreen: Screen = {
    observation: { ...screen.observation, screenshot: { ...screen.observation.screenshot, hash } },
    capture: { ...screen.capture, png: marked },
  };
  const view = await parts.images.prepare(markedScreen, checker.model.profile);
  const result = await callRole(checker, handle, {
    prompt: parts.prompts.render('click-check', { target: targetText(query), screen: describeScreen(view) }),
    images: [imagePart(view)],
    schema: clickCheckSchema,
    outputName: 'click_check',
    maxOutputTokens: 200,
  });
  if (!result.ok) return true;
  const at = `(${Math.round(point.x)}, ${Math.round(point.y)})`;
  handle.log(
    `grounder: a click at ${at} ${result.value.lands ? 'lands on' : 'misses'} "${query.text}" (under it: ${result.value.under})`,
  );
  return result.value.lands;
}

/** The smallest share of the screen a crop keeps, on each axis. */
const ZOOM_SHARE = 0.5;
/** The smallest crop side, in screen pixels, so a small screen is not cut to a sliver. */
const MIN_ZOOM_SIDE = 320;

/** The part of the screen around a point that is looked at again, magnified: half of it, within it. */
function zoomArea(point: Point, size: { width: number; height: number }): Box {
  const width = Math.min(size.width, Math.max(MIN_ZOOM_SIDE, Math.round(size.width * ZOOM_SHARE)));
  const height = Math.min(size.height, Math.max(MIN_ZOOM_SIDE, Math.round(size.height * ZOOM_SHARE)));
  const x = Math.min(size.width - width, Math.max(0, Math.round(point.x - width / 2)));
  const y = Math.min(size.height - height, Math.max(0, Math.round(point.y - height / 2)));
  return { x, y, width, height };
}

/** The crop as a screen of its own: its own image, no element list (their boxes are elsewhere). */
function croppedScreen(screen: Screen, crop: { png: Uint8Array; width: number; height: number }, area: Box): Screen {
  const hash = `${screen.observation.screenshot.hash}:crop:${area.x},${area.y},${area.width},${area.height}`;
  return {
    observation: {
      ...screen.observation,
      screenshot: { ...screen.observation.screenshot, hash, width: crop.width, height: crop.height },
      accessibility: [],
    },
    capture: { png: crop.png, width: crop.width, height: crop.height, accessibility: [] },
  };
}

function targetText(query: TargetQuery): string {
  return query.role ? `${query.text} (${query.role})` : query.text;
}

/** The element's box on the screen from a model asked in its own format; undefined when it gave none. */
async function locateNatively(
  handle: Handle,
  caller: RoleCaller,
  format: GroundingFormat,
  view: ModelScreen,
  query: TargetQuery,
  region: StepRegion | undefined,
): Promise<Box | undefined> {
  const area = region ? toModelBox(region.box, view) : undefined;
  const target = [
    targetText(query),
    area ? `, inside the area from (${area.x},${area.y}) to (${area.x + area.width},${area.y + area.height})` : '',
  ].join('');
  const result = await callRoleText(caller, handle, {
    messages: format.messages(target, imagePart(view)),
    outputName: 'grounding',
    maxOutputTokens: 400,
    answerFormat: format.answerFormat,
    read: (text) => {
      const found = format.readTarget(text);
      if (found === undefined) return { ok: false, problem: 'it holds no point' };
      const converted = environmentBox(found, view);
      if ('reason' in converted) return { ok: false, problem: `${converted.reason}; give a point on the screenshot` };
      return { ok: true, value: converted.box };
    },
  });
  return result.ok ? result.value : undefined;
}
