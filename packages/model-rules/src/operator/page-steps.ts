import type { OperatorDecision } from '@sandpiper/core';
import { MAX_SCROLL_DELTA, type Action } from '@sandpiper/protocol';
import type {
  OpenDirective,
  PressDirective,
  ScrollDirective,
  ScrollToDirective,
  WaitDirective,
  WaitForDirective,
} from '../grammar/index.js';
import { quote } from '../grammar/index.js';
import { findVisibleText } from '../screen/visible-text.js';
import { keyAction, performedOfType, planned, sameKeys, scrollByScreens, scrollToward } from './actions.js';
import type { DecisionContext } from './context.js';

/** Longest single wait action the protocol allows, in milliseconds. */
const MAX_WAIT_ACTION_MS = 60_000;
/**
 * Distance that reaches either end of nearly any page, in pixels (browsers stop at the edge): the
 * largest scroll the action contract allows, so it crosses an executor's wire unchanged.
 */
const TO_THE_EDGE = MAX_SCROLL_DELTA;
/** First poll interval while waiting for text, in milliseconds; later polls wait longer. */
const POLL_MS = 500;
/** Longest poll interval, in milliseconds. */
const MAX_POLL_MS = 2_000;
/** Polls before waiting for text gives up within one attempt. */
const MAX_POLLS = 12;

export function decideOpen(context: DecisionContext, directive: OpenDirective): OperatorDecision {
  if (performedOfType(context.input.performed, 'open').length > 0) {
    return { type: 'step-complete', evidence: `Opened ${directive.target}.` };
  }
  return { type: 'act', actions: [planned({ type: 'open', target: directive.target }, `Opening ${directive.target}`)] };
}

export function decidePress(context: DecisionContext, directive: PressDirective): OperatorDecision {
  const action = keyAction(directive.keys);
  const chord = directive.keys.join('+');
  const pressed = performedOfType(context.input.performed, 'key').some(
    (done) => action.type === 'key' && sameKeys(done, action.keys),
  );
  if (pressed) return { type: 'step-complete', evidence: `Pressed ${chord}.` };
  return { type: 'act', actions: [planned(action, `Pressing ${chord}`)] };
}

export function decideScroll(context: DecisionContext, directive: ScrollDirective): OperatorDecision {
  const wanted = directive.pixels === undefined ? (directive.times ?? 1) : 1;
  const done = performedOfType(context.input.performed, 'scroll').length;
  if (done >= wanted) {
    return { type: 'step-complete', evidence: `Scrolled ${directive.direction} ${done} time${done === 1 ? '' : 's'}.` };
  }
  const summary = `Scrolling ${directive.direction}`;
  if (directive.pixels !== undefined) {
    const deltaY = directive.direction === 'down' ? directive.pixels : -directive.pixels;
    return { type: 'act', actions: [planned({ type: 'scroll', deltaX: 0, deltaY }, summary)] };
  }
  const actions = Array.from({ length: wanted - done }, () =>
    planned(scrollByScreens(context.screen, directive.direction), summary),
  );
  return { type: 'act', actions };
}

export function decideScrollTo(context: DecisionContext, directive: ScrollToDirective): OperatorDecision {
  if (performedOfType(context.input.performed, 'scroll').length > 0) {
    return { type: 'step-complete', evidence: `Scrolled to the ${directive.edge} of the page.` };
  }
  const deltaY = directive.edge === 'bottom' ? TO_THE_EDGE : -TO_THE_EDGE;
  return {
    type: 'act',
    actions: [planned({ type: 'scroll', deltaX: 0, deltaY }, `Scrolling to the ${directive.edge}`)],
  };
}

export function decideWait(context: DecisionContext, directive: WaitDirective): OperatorDecision {
  const waited = performedOfType(context.input.performed, 'wait').reduce((sum, action) => sum + action.ms, 0);
  if (waited >= directive.ms) return { type: 'step-complete', evidence: `Waited ${waited} ms.` };
  const actions: Action[] = [];
  for (let left = directive.ms - waited; left > 0; left -= MAX_WAIT_ACTION_MS) {
    actions.push({ type: 'wait', ms: Math.min(left, MAX_WAIT_ACTION_MS) });
  }
  return { type: 'act', actions: actions.map((action) => planned(action, `Waiting ${directive.ms} ms`)) };
}

/**
 * Wait for text: complete as soon as it is on screen; scroll to it when the page has it out of
 * view; otherwise wait a little longer each time and look again.
 */
export async function decideWaitFor(context: DecisionContext, directive: WaitForDirective): Promise<OperatorDecision> {
  const sighting = await findVisibleText(context.handle, context.reader, context.screen, directive.text, {
    ocrFallback: false,
  });
  if (sighting?.place === 'on-screen') {
    return {
      type: 'step-complete',
      evidence: `${quote(directive.text)} is visible (${sighting.source}: "${sighting.seen}").`,
    };
  }
  if (sighting?.place === 'off-screen' && performedOfType(context.input.performed, 'scroll').length < 2) {
    const action = scrollToward(sighting.box, context.screen);
    return { type: 'act', actions: [planned(action, `Scrolling to ${quote(directive.text)}`)] };
  }
  const polls = performedOfType(context.input.performed, 'wait');
  if (polls.length >= MAX_POLLS) {
    const waited = polls.reduce((sum, action) => sum + action.ms, 0);
    return {
      type: 'fail',
      reason: `${quote(directive.text)} did not appear within ${Math.round(waited / 1000)} seconds.`,
    };
  }
  const ms = Math.min(MAX_POLL_MS, POLL_MS * (polls.length + 1));
  return { type: 'act', actions: [planned({ type: 'wait', ms }, `Waiting for ${quote(directive.text)} to appear`)] };
}
