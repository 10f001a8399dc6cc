import type { Handle, OperatorDecision, OperatorInput, Screen } from '@sandpiper/core';
import type { Grounding } from '@sandpiper/protocol';
import type { TargetCandidate } from '../grounding/candidates.js';
import { toGrounding } from '../grounding/candidates.js';
import { locateTarget, type LocateQuery } from '../grounding/grounder.js';
import type { ScreenReader } from '../screen/screen-reader.js';
import { formatPoint, performedOfType, planned, pointIn, scrollByScreens, scrollToward } from './actions.js';

/** Everything one decision needs, passed to the per-directive deciders. */
export interface DecisionContext {
  /** Cancellation and logging for the decision. */
  readonly handle: Handle;
  /** Reads nodes, OCR text and pixels of screens. */
  readonly reader: ScreenReader;
  /** What the loop passed to `decide`. */
  readonly input: OperatorInput;
  /** The screen to act on (the input's current screen). */
  readonly screen: Screen;
}

/** Scrolls the operator may make in one attempt while looking for a target that is not on screen. */
export const MAX_SEARCH_SCROLLS = 3;
/** Short waits for a disabled target to become enabled before the step fails. */
const MAX_ENABLE_WAITS = 2;

/** A target ready to act on, or the decision to make first (scroll, wait, fail). */
export type Targeting =
  | { readonly type: 'ready'; readonly candidate: TargetCandidate; readonly grounding: Grounding }
  | { readonly type: 'decided'; readonly decision: OperatorDecision };

/** Whether the page shows signs of content below the screen, so scrolling down may reveal the target. */
function mayHaveMoreBelow(context: DecisionContext): boolean {
  const nodes = context.reader.nodes(context.screen);
  if (nodes === undefined) return true;
  const height = context.screen.capture.height;
  return nodes.some((node) => node.box.y + node.box.height > height + 1);
}

/**
 * Find the target and make sure it can be acted on: on screen and enabled. A target that is
 * scrolled out of view is scrolled to; a missing one is searched for by scrolling down a few
 * times; a disabled one is waited for briefly. `description` names the target in summaries and
 * reasons ("the 'Next' button").
 */
export async function prepareTarget(
  context: DecisionContext,
  query: LocateQuery,
  description: string,
): Promise<Targeting> {
  const region = context.input.step.region?.box;
  const located = region === undefined ? query : { ...query, region };
  const match = await locateTarget(context.handle, context.reader, context.screen, located);
  const grounding = toGrounding(match);
  const best = match.best;
  const performed = context.input.performed;
  if (best === undefined) {
    const scrolls = performedOfType(performed, 'scroll').length;
    if (scrolls < MAX_SEARCH_SCROLLS && mayHaveMoreBelow(context)) {
      const action = scrollByScreens(context.screen, 'down');
      return decided({
        type: 'act',
        actions: [planned(action, `Scrolling down to look for ${description}`, grounding)],
      });
    }
    const after = scrolls > 0 ? ` after scrolling down ${scrolls} time${scrolls === 1 ? '' : 's'}` : '';
    return decided({ type: 'fail', reason: `Could not find ${description} on the screen${after}.` });
  }
  if (!best.inViewport) {
    const action = scrollToward(best.box, context.screen);
    return decided({
      type: 'act',
      actions: [planned(action, `Scrolling to bring ${description} into view`, grounding)],
    });
  }
  if (best.disabled) {
    const waits = performedOfType(performed, 'wait').length;
    if (waits < MAX_ENABLE_WAITS) {
      const action = { type: 'wait', ms: 500 } as const;
      return decided({
        type: 'act',
        actions: [planned(action, `Waiting for ${description} to become enabled`, grounding)],
      });
    }
    return decided({
      type: 'fail',
      reason: `${capitalize(description)} is disabled (found at ${formatPoint(pointIn(best.box, context.screen))}).`,
    });
  }
  return { type: 'ready', candidate: best, grounding };
}

function decided(decision: OperatorDecision): Targeting {
  return { type: 'decided', decision };
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
