import type { AccessibilityNode, Box, Grounding } from '@sandpiper/protocol';
import type { RoleRank } from './roles.js';

/** One place on screen that could be the target. */
export interface TargetCandidate {
  /** The text that matched: accessible name or OCR words. */
  readonly label: string;
  /** ARIA role of the node; absent for OCR candidates. */
  readonly role?: string;
  /** Where to act, in screen space. For a field found through its label, the field's box. */
  readonly box: Box;
  /** 0 to 1, text match times role fit. */
  readonly score: number;
  /** How well the role fits the query's hint: 3 exact, 2 compatible or no hint, 1 mismatch. */
  readonly rank: RoleRank;
  /** Whether the box's centre is on screen; the operator scrolls to targets that are not. */
  readonly inViewport: boolean;
  /** The element is disabled; chosen only when nothing enabled matched. */
  readonly disabled: boolean;
  /** The accessibility node acted on (for a label match, the associated field). */
  readonly node?: AccessibilityNode;
  /** `name`: the target's own text matched; `label`: a nearby label matched and its field was taken. */
  readonly via: 'name' | 'label';
}

/** The grounder's full answer; `toGrounding` turns it into the logged contract shape. */
export interface TargetMatch {
  /** The text looked for. */
  readonly query: string;
  /** The role hint looked for; absent when the step named none. */
  readonly role?: string;
  /** How the candidates were found; `none` when nothing matched. */
  readonly method: Grounding['method'];
  /** The chosen candidate; absent when nothing matched. */
  readonly best?: TargetCandidate;
  /** The other candidates, best first, at most ten. */
  readonly alternatives: readonly TargetCandidate[];
  /** Several candidates scored within {@link AMBIGUITY_MARGIN} of the best; one was picked by role and position. */
  readonly ambiguous: boolean;
  /**
   * When the target was asked for inside something named by its text ("the Remove button of the
   * admin") and several places fit equally: each place, described for a question to the person.
   */
  readonly rivals?: readonly string[];
}

/** Candidates this close to the best score count as equally good. */
export const AMBIGUITY_MARGIN = 0.05;

/** Rows closer than this (pixels) count as the same row when ordering by position. */
const SAME_ROW = 4;

function byRoleThenPosition(a: TargetCandidate, b: TargetCandidate): number {
  if (a.rank !== b.rank) return b.rank - a.rank;
  if (a.inViewport !== b.inViewport) return a.inViewport ? -1 : 1;
  if (Math.abs(a.box.y - b.box.y) > SAME_ROW) return a.box.y - b.box.y;
  return a.box.x - b.box.x;
}

/**
 * Pick the best candidate. Disabled candidates count only when nothing else matched. Candidates
 * within the ambiguity margin of the top score are ordered by role fit, then on-screen first,
 * then top-most, then left-most, and the result is marked ambiguous.
 */
export function chooseCandidate(
  query: { text: string; role?: string },
  method: Grounding['method'],
  all: readonly TargetCandidate[],
): TargetMatch {
  const enabled = all.filter((candidate) => !candidate.disabled);
  const pool = [...(enabled.length > 0 ? enabled : all)].sort((a, b) => b.score - a.score || byRoleThenPosition(a, b));
  const base = { query: query.text, ...(query.role === undefined ? {} : { role: query.role }) };
  const top = pool[0];
  if (top === undefined) return { ...base, method: 'none', alternatives: [], ambiguous: false };
  const close = pool.filter((candidate) => candidate.score >= top.score - AMBIGUITY_MARGIN).sort(byRoleThenPosition);
  const best = close[0] ?? top;
  const alternatives = pool.filter((candidate) => candidate !== best).slice(0, 10);
  return { ...base, method, best, alternatives, ambiguous: close.length > 1 };
}

/** The best candidate and those scored within {@link AMBIGUITY_MARGIN} of it; empty with no best. */
export function tiedWithBest(match: TargetMatch): TargetCandidate[] {
  const best = match.best;
  if (best === undefined) return [];
  return [best, ...match.alternatives].filter((candidate) => candidate.score >= best.score - AMBIGUITY_MARGIN);
}

export function toGrounding(match: TargetMatch): Grounding {
  return {
    query: match.query,
    ...(match.role === undefined ? {} : { role: match.role }),
    method: match.best === undefined ? 'none' : match.method,
    ...(match.best === undefined ? {} : { box: match.best.box, score: Math.min(1, Math.max(0, match.best.score)) }),
    ambiguous: match.ambiguous,
    alternatives: match.alternatives.map((candidate) => ({
      label: candidate.label,
      ...(candidate.role === undefined ? {} : { role: candidate.role }),
      box: candidate.box,
      score: candidate.score,
    })),
  };
}
