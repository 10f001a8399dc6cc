import type { Handle, Screen, StepCheckInput } from '@sandpiper/core';
import type { Box } from '@sandpiper/protocol';
import { diffRegions, type ChangeRegion, type RgbaImage } from '@sandpiper/vision';
import type { Directive } from '../grammar/index.js';
import type { TargetCandidate } from '../grounding/candidates.js';
import { actedOnElement, groundTarget } from './acted-on.js';
import { summarizeExecuted, type ExecutedActions } from './executed-action.js';
import type { LabelledRegion } from './labelled-region.js';
import { compareNodes, type NodeChange } from './node-changes.js';
import type { ResolvedEvidenceOptions } from './options.js';
import { labelRegions, type ActedOn } from './region-labels.js';

/** Decoded screenshots, or why there are none to compare. */
export type PixelPair =
  | { readonly type: 'pixels'; readonly before: RgbaImage; readonly after: RgbaImage }
  | { readonly type: 'unreadable'; readonly reason: string; readonly before?: RgbaImage; readonly after?: RgbaImage }
  | { readonly type: 'resized'; readonly before: RgbaImage; readonly after: RgbaImage };

/** Stage 1's output: the labelled regions and what they were conditioned on. */
export interface StepEvidence {
  readonly regions: readonly LabelledRegion[];
  readonly executed: ExecutedActions;
  readonly actedOn?: ActedOn;
  /** The step's target as grounded on the screen before; absent when the step names none or it was not found. */
  readonly target?: TargetCandidate;
  readonly changes: readonly NodeChange[];
  readonly pixels: PixelPair;
}

/** The screen the reflector saw last, kept to spot regions that change with no action. */
export interface ScreenMemory {
  previous?: { readonly screen: Screen; readonly pixels: RgbaImage };
}

async function decode(options: ResolvedEvidenceOptions, screen: Screen): Promise<RgbaImage | string> {
  try {
    const image = await options.reader.pixels(screen);
    return image.width > 0 && image.height > 0 ? image : 'the screenshot is empty';
  } catch (error: unknown) {
    return error instanceof Error ? (error.message.split('\n')[0] ?? 'unknown error') : String(error);
  }
}

export async function readPixels(options: ResolvedEvidenceOptions, input: StepCheckInput): Promise<PixelPair> {
  const [before, after] = await Promise.all([decode(options, input.before), decode(options, input.after)]);
  if (typeof before === 'string' || typeof after === 'string') {
    const which = typeof before === 'string' ? `before (${before})` : `after (${String(after)})`;
    return {
      type: 'unreadable',
      reason: `the screenshot ${which} cannot be read`,
      ...(typeof before === 'string' ? {} : { before }),
      ...(typeof after === 'string' ? {} : { after }),
    };
  }
  if (before.width !== after.width || before.height !== after.height) return { type: 'resized', before, after };
  return { type: 'pixels', before, after };
}

function sameSource(first: Screen, second: Screen): boolean {
  const url = (screen: Screen) => screen.capture.url ?? screen.observation.url;
  return url(first) === url(second);
}

/** Regions that changed between the remembered screen and this step's screen before, with no action between them. */
function idleChanges(
  memory: ScreenMemory | undefined,
  input: StepCheckInput,
  pixels: PixelPair,
  options: ResolvedEvidenceOptions,
): Box[] {
  const previous = memory?.previous;
  if (previous === undefined || pixels.type !== 'pixels' || previous.screen.capture.png === input.before.capture.png)
    return [];
  if (!sameSource(previous.screen, input.before)) return [];
  const { width, height } = previous.pixels;
  if (width !== pixels.before.width || height !== pixels.before.height) return [];
  return diffRegions(previous.pixels, pixels.before, options.diff).map((region) => region.box);
}

function regionsOf(pixels: PixelPair, options: ResolvedEvidenceOptions): ChangeRegion[] {
  if (pixels.type === 'pixels') return diffRegions(pixels.before, pixels.after, options.diff);
  return [];
}

/** Stage 1: what changed, where, and whether the executed actions explain it. */
export async function extractEvidence(
  handle: Handle,
  input: StepCheckInput,
  directive: Directive | undefined,
  options: ResolvedEvidenceOptions,
  memory: ScreenMemory | undefined,
): Promise<StepEvidence> {
  const executed = summarizeExecuted(input.performed);
  const pixels = await readPixels(options, input);
  const beforeNodes = options.reader.nodes(input.before);
  const afterNodes = options.reader.nodes(input.after);
  const target = await groundTarget(handle, options.reader, input.before, directive);
  const nodes = {
    ...(beforeNodes === undefined ? {} : { before: beforeNodes }),
    ...(afterNodes === undefined ? {} : { after: afterNodes }),
  };
  const actedOn = actedOnElement(executed, target, nodes, options.targetMargin);
  const changes = compareNodes(beforeNodes, afterNodes);
  const regions = labelRegions({
    regions: regionsOf(pixels, options),
    screen: { width: input.after.capture.width, height: input.after.capture.height },
    executed,
    ...(actedOn === undefined ? {} : { actedOn }),
    changes,
    ...(beforeNodes === undefined ? {} : { beforeNodes }),
    ...(afterNodes === undefined ? {} : { afterNodes }),
    idleChanges: idleChanges(memory, input, pixels, options),
    options,
  });
  if (memory !== undefined && options.rememberScreens && pixels.type === 'pixels') {
    memory.previous = { screen: input.after, pixels: pixels.after };
  }
  return {
    regions,
    executed,
    ...(actedOn === undefined ? {} : { actedOn }),
    ...(target === undefined ? {} : { target }),
    changes,
    pixels,
  };
}
