import type { PlannedStep, Step } from '@sandpiper/protocol';
import type { Directive } from './directive.js';
import { parseStep } from './index.js';

/**
 * What a step asks for: its typed intent when the planner attached one, otherwise its text read
 * by the grammar (a step a person wrote or rewrote). Undefined when the text is not understood.
 */
export function directiveOfStep(step: Pick<Step, 'text' | 'intent'>): Directive | undefined {
  return step.intent ?? parseStep(step.text);
}

/** A planned step for a directive: its canonical text, the typed intent, and the outcome to expect. */
export function plannedStepFor(directive: Directive, text: string, expectedOutcome: string | undefined): PlannedStep {
  return { text, intent: directive, ...(expectedOutcome === undefined ? {} : { expectedOutcome }) };
}
