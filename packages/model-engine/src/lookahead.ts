import type { Screen } from '@sandpiper/core';
import type { PlanVersion, Step } from '@sandpiper/protocol';

/** One criterion as a model read it on a screen. */
export interface CriterionRead {
  readonly id: string;
  readonly evidence: string;
  readonly status: 'satisfied' | 'unsatisfied' | 'unknown';
}

interface HeldDecision<A> {
  readonly stepId: string;
  readonly stepText: string;
  readonly screen: string;
  readonly answer: A;
}

interface HeldReadings {
  readonly criteria: string;
  readonly screen: string;
  readonly readings: readonly CriterionRead[];
}

/**
 * What the step check's model already said about the screen after a step, beyond its verdict:
 * the first decision for the next step and the criteria as that screen shows them. The operator
 * and the criteria check take them from here instead of sending the same screen again, but only
 * for exactly that screen (the same screenshot bytes) and exactly that step or those criteria;
 * anything else is a miss and the role asks its model as usual.
 *
 * A held decision is used at most once, and any decision asked for clears it, so it cannot
 * outlive the moment it was made for.
 */
export class LookAhead<A> {
  private decision: HeldDecision<A> | undefined;
  private readings: HeldReadings | undefined;

  /** Hold `answer` as the first decision for `step` on `screen`. */
  holdDecision(step: Step, screen: Screen, answer: A): void {
    this.decision = { stepId: step.id, stepText: step.text, screen: screenKey(screen), answer };
  }

  /** The decision held for `step` on `screen`, if any; whatever was held is dropped either way. */
  takeDecision(step: Step, screen: Screen): A | undefined {
    const held = this.decision;
    this.decision = undefined;
    if (held === undefined) return undefined;
    const matches = held.stepId === step.id && held.stepText === step.text && held.screen === screenKey(screen);
    return matches ? held.answer : undefined;
  }

  /** Hold the readings of `plan`'s criteria on `screen`. */
  holdReadings(plan: PlanVersion, screen: Screen, readings: readonly CriterionRead[]): void {
    this.readings = { criteria: criteriaKey(plan), screen: screenKey(screen), readings };
  }

  /** The readings held for `plan`'s criteria on `screen`, if any. */
  readingsFor(plan: PlanVersion, screen: Screen): readonly CriterionRead[] | undefined {
    const held = this.readings;
    if (held === undefined || held.screen !== screenKey(screen) || held.criteria !== criteriaKey(plan)) {
      return undefined;
    }
    return held.readings;
  }
}

function screenKey(screen: Screen): string {
  return screen.observation.screenshot.hash;
}

function criteriaKey(plan: PlanVersion): string {
  return JSON.stringify(plan.successCriteria);
}
