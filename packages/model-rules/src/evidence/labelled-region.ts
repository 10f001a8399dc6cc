import type { AccessibilityNode, Box, ChangeRegionEvidence } from '@sandpiper/protocol';

/**
 * What stage 1 concluded a region is. The judgment reads these kinds; people read the
 * description.
 * - `field-text`: the value of the field acted on changed.
 * - `toggle`: a checkbox, radio or switch acted on changed state (or a radio gave way to it).
 * - `popup`: a dialog, menu or list box opened or closed.
 * - `focus`: keyboard focus moved.
 * - `navigation`: most of the screen changed after a click, Enter or open.
 * - `scroll`: most of the screen moved after a scroll.
 * - `own-look`: only the clicked element itself restyled (hover, pressed or focus style).
 * - `near-action`: something changed at the action point.
 * - `consequence`: content elsewhere that the action plausibly updated (results, counts, a panel).
 * - `noise`: changes on its own (clock, caret, spinner, animation).
 * - `side-effect`: a real change the executed action does not explain.
 */
export type RegionKind =
  | 'field-text'
  | 'toggle'
  | 'popup'
  | 'focus'
  | 'navigation'
  | 'scroll'
  | 'own-look'
  | 'near-action'
  | 'consequence'
  | 'noise'
  | 'side-effect';

/** One region after stage 1. */
export interface LabelledRegion {
  /** The number on the marked screenshot, from 1. */
  readonly id: number;
  /** Where it changed; snapped to the element when accessibility data names the element that changed. */
  readonly box: Box;
  readonly changedPixels: number;
  readonly kind: RegionKind;
  readonly description: string;
  /** The element the change belongs to, when accessibility data tells. */
  readonly node?: AccessibilityNode;
}

export function relevanceOf(kind: RegionKind): ChangeRegionEvidence['relevance'] {
  if (kind === 'noise') return 'noise';
  if (kind === 'side-effect') return 'unrelated';
  return 'action-relevant';
}

/** The region in the contract's shape; its box is rounded outwards to whole pixels, so it still covers the change. */
export function toEvidence(region: LabelledRegion): ChangeRegionEvidence {
  const left = Math.floor(region.box.x);
  const top = Math.floor(region.box.y);
  const right = Math.ceil(region.box.x + region.box.width);
  const bottom = Math.ceil(region.box.y + region.box.height);
  return {
    id: region.id,
    box: { x: left, y: top, width: right - left, height: bottom - top },
    changedPixels: Math.round(region.changedPixels),
    relevance: relevanceOf(region.kind),
    description: region.description,
  };
}
