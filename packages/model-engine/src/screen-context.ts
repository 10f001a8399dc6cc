import type { Screen } from '@sandpiper/core';
import {
  prepareScreenshot,
  toModelPoint,
  type CoordinateFrame,
  type ImagePart,
  type ModelCoordinateSpace,
  type ModelProfile,
  type PreparedScreenshot,
} from '@sandpiper/models';
import { interactiveRoles, isStructural, type AccessibilityNode, type Box } from '@sandpiper/protocol';

/** A screen as one model will see it: the image it is sent and the frame its points convert with. */
export interface ModelScreen {
  /** The screen as the run observed it. */
  readonly screen: Screen;
  /** The image as it is sent, resized for the model's profile. */
  readonly image: PreparedScreenshot;
  /** Sent-image and screen sizes, for converting points either way. */
  readonly frame: CoordinateFrame;
  /** The space the model answers points in. */
  readonly space: ModelCoordinateSpace;
}

/** Most accessibility nodes listed for one screen; more would make the prompt grow with page size. */
export const MAX_LISTED_ELEMENTS = 60;

/**
 * Prepares screenshots for models and keeps the last few, so one screen seen by several roles (or
 * by the operator twice) is resized once. Bounded, so memory stays flat however long the run.
 */
export class ScreenImages {
  private readonly cache = new Map<string, Promise<PreparedScreenshot>>();

  constructor(private readonly capacity = 12) {}

  async prepare(screen: Screen, profile: ModelProfile): Promise<ModelScreen> {
    const key = `${profile.id}:${screen.observation.screenshot.hash}`;
    let pending = this.cache.get(key);
    if (pending === undefined) {
      pending = prepareScreenshot(screen.capture.png, profile);
      this.cache.set(key, pending);
      void pending.catch(() => this.cache.delete(key));
      while (this.cache.size > this.capacity) this.cache.delete(this.cache.keys().next().value!);
    }
    const image = await pending;
    return {
      screen,
      image,
      frame: { sentImage: image, screen: { width: screen.capture.width, height: screen.capture.height } },
      space: profile.coordinates,
    };
  }
}

/** The image part of a prepared screen. */
export function imagePart(view: ModelScreen): ImagePart {
  return { type: 'image', data: view.image.data, mimeType: view.image.mimeType };
}

/** How the model must write points, for the prompt. */
export function coordinateRules(view: Pick<ModelScreen, 'space' | 'image'>): string {
  if (view.space.kind === 'pixels') {
    return (
      `Points are pixels of the current screenshot as you receive it, ${view.image.width}×${view.image.height}: ` +
      `x runs from 0 at the left edge to ${view.image.width} at the right, y from 0 at the top to ${view.image.height} at the bottom.`
    );
  }
  return (
    `Points are on a grid from 0 to ${view.space.range} on both axes, whatever the image size: ` +
    `x = 0 is the left edge and ${view.space.range} the right edge, y = 0 the top and ${view.space.range} the bottom.`
  );
}

/** A box from screen pixels into the model's space, rounded for the prompt. */
export function toModelBox(box: Box, view: Pick<ModelScreen, 'space' | 'frame'>): Box {
  const topLeft = toModelPoint({ x: Math.max(0, box.x), y: Math.max(0, box.y) }, view.space, view.frame);
  const bottomRight = toModelPoint(
    { x: Math.max(0, box.x + box.width), y: Math.max(0, box.y + box.height) },
    view.space,
    view.frame,
  );
  const round = roundFor(view.space);
  return {
    x: round(topLeft.x),
    y: round(topLeft.y),
    width: round(bottomRight.x - topLeft.x),
    height: round(bottomRight.y - topLeft.y),
  };
}

/** A box in the model's space, as the prompts write it. */
export function formatBox(box: Box): string {
  return `x=${box.x} y=${box.y} w=${box.width} h=${box.height}`;
}

function roundFor(space: ModelCoordinateSpace): (value: number) => number {
  const decimals = space.kind === 'normalized' && space.range <= 10 ? 3 : 0;
  const factor = 10 ** decimals;
  return (value) => Math.round(value * factor) / factor;
}

/**
 * What the page says about itself and the elements on it, in the model's coordinates: title,
 * address, and up to {@link MAX_LISTED_ELEMENTS} accessibility nodes, the ones a person can act on
 * first. Empty of elements when the environment gave no accessibility data.
 */
export function describeScreen(view: ModelScreen, label = 'Screen'): string {
  const capture = view.screen.capture;
  const lines = [
    `${label}: ${view.image.width}×${view.image.height} image` +
      (capture.title ? `, title "${capture.title}"` : '') +
      (capture.url ? `, address ${capture.url}` : ''),
  ];
  // Holders (rows, groups, cards) only carry structure; the model reads the things in them.
  const nodes = (capture.accessibility ?? []).filter((node) => !isStructural(node));
  if (nodes.length === 0) {
    lines.push('No element list is available for this screen: read it from the image.');
    return lines.join('\n');
  }
  const listed = [...nodes]
    .map((node, order) => ({
      node,
      order,
      rank: interactiveRoles.has(node.role) ? 0 : node.name.trim() === '' ? 2 : 1,
    }))
    .filter((entry) => entry.rank < 2 || entry.node.value !== undefined)
    .sort((first, second) => first.rank - second.rank || first.order - second.order)
    .slice(0, MAX_LISTED_ELEMENTS)
    .sort((first, second) => first.order - second.order);
  lines.push(`Elements on it (from the accessibility tree; boxes in the same coordinates as points):`);
  for (const { node } of listed) lines.push(`- ${describeNode(node, view)}`);
  const hidden = nodes.length - listed.length;
  if (hidden > 0) lines.push(`(${hidden} less relevant elements not listed)`);
  return lines.join('\n');
}

function describeNode(node: AccessibilityNode, view: ModelScreen): string {
  const parts = [`${node.role} ${JSON.stringify(clip(node.name, 80))}`];
  if (node.value !== undefined) parts.push(`value=${JSON.stringify(clip(node.value, 80))}`);
  if (node.checked !== undefined) parts.push(`checked=${String(node.checked)}`);
  if (node.disabled) parts.push('disabled');
  if (node.focused) parts.push('focused');
  if (node.expanded !== undefined) parts.push(`expanded=${String(node.expanded)}`);
  if (node.options !== undefined && node.options.length > 0) {
    parts.push(`options=${JSON.stringify(node.options.slice(0, 12).map((option) => clip(option, 40)))}`);
  }
  parts.push(`at ${formatBox(toModelBox(node.box, view))}`);
  return parts.join(' ');
}

/** Cut a text to `limit` characters, marking the cut. */
export function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
