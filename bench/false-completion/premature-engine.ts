import type { Engine } from '@sandpiper/core';

/** An engine whose operator makes one premature done claim, and how that went. */
export interface PrematureEngine extends Engine {
  /** Whether the premature claim was made in this run (the plan's last step was reached). */
  readonly claimed: boolean;
}

/**
 * Wrap an engine so that it behaves like a model that says "done" too early, once per run: the
 * first time the operator is asked about the last step of the first plan, it answers
 * `step-complete` with the evidence "done" without acting, and the reflector takes that word for
 * it (as a model grading its own claim would). Every other decision, including the same step
 * appended again after a rejected completion claim, goes to the wrapped engine. Make one wrapper
 * per run: it remembers the claim.
 */
export function withPrematureClaim(engine: Engine): PrematureEngine {
  let lastStep: string | undefined;
  let claimedStepId: string | undefined;
  const same = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
  return {
    name: `${engine.name}, premature done claim`,
    get claimed() {
      return claimedStepId !== undefined;
    },
    planner: {
      async plan(handle, input) {
        const result = await engine.planner.plan(handle, input);
        if (result.type === 'plan' && lastStep === undefined) lastStep = result.steps.at(-1)?.text;
        return result;
      },
      refresh: (handle, input) => engine.planner.refresh(handle, input),
      missingWork: (handle, input) => engine.planner.missingWork(handle, input),
      revise: (handle, input) => engine.planner.revise(handle, input),
    },
    operator: {
      decide(handle, input) {
        const premature =
          claimedStepId === undefined &&
          lastStep !== undefined &&
          input.attempt === 1 &&
          input.performed.length === 0 &&
          same(input.step.text, lastStep);
        if (!premature) return engine.operator.decide(handle, input);
        claimedStepId = input.step.id;
        return Promise.resolve({ type: 'step-complete', evidence: 'done' });
      },
    },
    grounder: engine.grounder,
    reflector: {
      check(handle, input) {
        if (input.step.id !== claimedStepId || input.performed.length > 0) return engine.reflector.check(handle, input);
        return Promise.resolve({ passed: true, evidence: 'The operator reported the step done: done.' });
      },
    },
    judge: engine.judge,
  };
}
