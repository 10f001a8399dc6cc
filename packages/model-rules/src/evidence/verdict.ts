import type { CheckBasis } from '@sandpiper/protocol';
import type { LabelledRegion, RegionKind } from './labelled-region.js';
import { relevanceOf } from './labelled-region.js';

/** Stage 2's answer for one step. */
export interface Judgment {
  readonly passed: boolean;
  /** The evidence the verdict rests on, in one sentence. */
  readonly keyEvidence: string;
  /** For a pass: whether the step's intended state was read (`state`) or only a change it explains was seen. */
  readonly basis?: CheckBasis;
  /** For a failure: the page's own words turning the action down, so the same actions again would meet them again. */
  readonly refused?: string;
}

/** A pass on the state the step was meant to leave, read on the screen. */
export const succeed = (keyEvidence: string): Judgment => ({ passed: true, keyEvidence, basis: 'state' });
/** A pass on a change the action explains, without a reading of the state the step asked for. */
export const changed = (keyEvidence: string): Judgment => ({ passed: true, keyEvidence, basis: 'change' });
export const fail = (keyEvidence: string): Judgment => ({ passed: false, keyEvidence });
/** A failure the page itself answered with: a validation message, fields marked invalid, a refused sign-in. */
export const refusedBy = (keyEvidence: string, refused: string): Judgment => ({ passed: false, keyEvidence, refused });

/** "region 2 (text in the 'Name' field)" */
export function cite(region: LabelledRegion): string {
  return `region ${region.id} (${region.description})`;
}

/** Kinds that count as the action having done something, strongest first. */
const EFFECT_ORDER: readonly RegionKind[] = [
  'popup',
  'navigation',
  'toggle',
  'field-text',
  'consequence',
  'near-action',
  'scroll',
  'focus',
  'own-look',
];

/** The strongest region among the given kinds; undefined when none changed. */
export function strongest(
  regions: readonly LabelledRegion[],
  kinds: readonly RegionKind[],
): LabelledRegion | undefined {
  for (const kind of EFFECT_ORDER) {
    if (!kinds.includes(kind)) continue;
    const found = regions.find((region) => region.kind === kind);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A correct change in the target is not enough when something else changed that the action does
 * not explain: that is a possible harmful side effect, and the step fails so it can be undone or
 * redone. A failing judgment is returned as it is.
 */
export function guardSideEffects(judgment: Judgment, regions: readonly LabelledRegion[]): Judgment {
  if (!judgment.passed) return judgment;
  const others = regions.filter((region) => region.kind === 'side-effect');
  if (others.length === 0) return judgment;
  const named = others.map(cite).join('; ');
  return fail(
    `${judgment.keyEvidence.replace(/\.$/, '')}, but ${others.length === 1 ? 'another place' : 'other places'} changed too, a possible harmful side effect: ${named}.`,
  );
}

/** "3 regions changed: 1 action-relevant, 2 noise." */
export function tally(regions: readonly LabelledRegion[]): string {
  if (regions.length === 0) return 'No region of the screen changed.';
  const counts = new Map<string, number>();
  for (const region of regions) {
    const relevance = relevanceOf(region.kind);
    counts.set(relevance, (counts.get(relevance) ?? 0) + 1);
  }
  const parts = ['action-relevant', 'noise', 'unrelated'].flatMap((relevance) => {
    const count = counts.get(relevance);
    return count === undefined ? [] : [`${count} ${relevance}`];
  });
  return `${regions.length} region${regions.length === 1 ? '' : 's'} changed: ${parts.join(', ')}.`;
}

/** Names what was left out as noise, so a no-op verdict shows it looked. */
export function noiseNote(regions: readonly LabelledRegion[]): string {
  const noise = regions.filter((region) => region.kind === 'noise');
  if (noise.length === 0) return '';
  return ` (only noise changed: ${noise.map((region) => region.description).join('; ')})`;
}
