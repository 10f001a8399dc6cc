import type { Grounder, Handle, Screen, TargetQuery } from '@sandpiper/core';
import { toEnvironmentPoint, type GroundingFormat } from '@sandpiper/models';
import type { Box, Grounding, StepRegion } from '@sandpiper/protocol';
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
 */
export function createModelGrounder(parts: Omit<RoleParts, 'grounder'>): ModelGrounder {
  const locate = async (handle: Handle, { query, screen, region }: LocateInput): Promise<Grounding> => {
    const caller = parts.caller('grounder');
    const view = await parts.images.prepare(screen, caller.model.profile);
    const base: Grounding = {
      query: query.text,
      ...(query.role === undefined ? {} : { role: query.role }),
      method: 'coordinates',
      ambiguous: false,
      alternatives: [],
    };
    const format = caller.model.profile.grounding;
    if (format !== undefined) {
      const box = await locateNatively(handle, caller, format, view, query, region);
      return box === undefined ? { ...base, method: 'none' } : { ...base, box };
    }
    const schema = groundingAnswerSchema.superRefine((answer, context) => {
      if (!answer.found) return;
      const converted = environmentBox(answer.box, view);
      if ('reason' in converted) {
        context.addIssue({ code: 'custom', path: ['box'], message: `${converted.reason}; give a box on the screen` });
      }
    });
    const prompt = parts.prompts.render('grounder', {
      coordinates: coordinateRules(view),
      query: query.role ? `${query.text} (${query.role})` : query.text,
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
    if (!result.ok || !result.value.found) return { ...base, method: 'none' };
    const converted = environmentBox(result.value.box, view);
    if ('reason' in converted) return { ...base, method: 'none' };
    return { ...base, box: converted.box };
  };
  return { locate, ground: (handle, input) => locate(handle, input) };
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
    query.role ? `${query.text} (${query.role})` : query.text,
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
