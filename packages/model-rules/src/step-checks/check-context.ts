import type { Handle, StepCheck, StepCheckInput } from '@sandpiper/core';
import type { Point } from '@sandpiper/protocol';
import type { ScreenReader } from '../screen/screen-reader.js';

/** What every step check gets. */
export interface CheckContext {
  /** Cancellation and logging for the check. */
  readonly handle: Handle;
  /** Reads nodes, OCR text and pixels of screens. */
  readonly reader: ScreenReader;
  /** The step, what was performed, and the screens before and after. */
  readonly input: StepCheckInput;
}

export function pass(evidence: string): StepCheck {
  return { passed: true, evidence };
}

export function reject(evidence: string): StepCheck {
  return { passed: false, evidence };
}

/** Where the last pointer action of the attempt happened, if any. */
export function lastPointerPoint(context: CheckContext): Point | undefined {
  for (let index = context.input.performed.length - 1; index >= 0; index -= 1) {
    const action = context.input.performed[index]?.action;
    if (action?.type === 'click' || action?.type === 'double-click') return action.at;
    if (action?.type === 'move') return action.to;
  }
  return undefined;
}

/** Whether the attempt performed an action of this type successfully. */
export function didPerform(context: CheckContext, type: string): boolean {
  return context.input.performed.some((entry) => entry.ok && entry.action.type === type);
}
