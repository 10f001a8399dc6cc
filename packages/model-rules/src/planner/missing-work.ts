import type { MissingWorkInput } from '@sandpiper/core';
import { criterionIdentity, type CriterionCheck, type PlannedStep, type Step } from '@sandpiper/protocol';
import { directiveOfStep, parseStep, plannedStepFor, renderDirective, type Directive } from '../grammar/index.js';
import { clicksInPlaceControl, expectedOutcome, valueCriterion } from './outcomes.js';

interface ReadStep {
  readonly step: Step;
  readonly directive: Directive | undefined;
}

/** Index of the last step matching `test`, searching from `before - 1` down; -1 when none. */
function lastIndex(steps: readonly ReadStep[], test: (entry: ReadStep) => boolean, before = steps.length): number {
  for (let index = Math.min(before, steps.length) - 1; index >= 0; index -= 1) {
    if (test(steps[index]!)) return index;
  }
  return -1;
}

const isTrigger = (directive: Directive | undefined): boolean =>
  directive?.kind === 'click' || directive?.kind === 'double-click' || directive?.kind === 'press';

/**
 * The steps that would bring about one unmet criterion, as indexes into the plan: the step that
 * set a value; for text that should have appeared, the click or key press that should have
 * caused it plus the wait; for an address, the navigation.
 */
function stepsFor(steps: readonly ReadStep[], check: CriterionCheck): number[] {
  const wanted = criterionIdentity({ text: '', check });
  const setter = lastIndex(steps, (entry) => {
    const produced = entry.directive === undefined ? undefined : valueCriterion(entry.directive);
    return produced !== undefined && criterionIdentity({ text: '', check: produced.check }) === wanted;
  });
  if (setter >= 0) return [setter];
  if (check.kind === 'text-visible') {
    const wait = lastIndex(
      steps,
      (entry) => entry.directive?.kind === 'wait-for' && entry.directive.text === check.text,
    );
    if (wait >= 0) {
      const trigger = lastIndex(steps, (entry) => isTrigger(entry.directive), wait);
      return trigger >= 0 ? [trigger, wait] : [wait];
    }
  }
  if (check.kind === 'address') {
    const open = lastIndex(
      steps,
      (entry) => entry.directive?.kind === 'open' && entry.directive.target === check.value,
    );
    return open >= 0 ? [open] : [];
  }
  return [];
}

/**
 * The rules planner's answer to a rejected completion claim: redo, in plan order, the steps that
 * produce the unmet criteria (and the in-place clicks such as Apply that followed them), then any missing work the judge named in a form the grammar reads.
 * Empty when neither gives a step (the run then ends failed with the evidence).
 */
export function missingWorkFor(input: MissingWorkInput): PlannedStep[] {
  const steps: ReadStep[] = [...input.plan.completed, ...input.plan.pending].map((step) => ({
    step,
    directive: directiveOfStep(step),
  }));
  const indexes = new Set<number>();
  for (const reading of input.unmet) {
    const criterion = input.plan.successCriteria.find((candidate) => candidate.id === reading.id);
    if (criterion !== undefined) for (const index of stepsFor(steps, criterion.check)) indexes.add(index);
  }
  // A value entered again must be applied again: keep the in-place clicks (Apply) that followed it.
  const last = Math.max(-1, ...indexes);
  for (let index = last + 1; last >= 0 && index < steps.length; index += 1) {
    if (clicksInPlaceControl(steps[index]!.directive)) indexes.add(index);
  }
  const planned: PlannedStep[] = [...indexes]
    .sort((a, b) => a - b)
    .map((index) => {
      const { step, directive } = steps[index]!;
      return directive
        ? plannedStepFor(directive, step.text, expectedOutcome(directive))
        : { text: step.text, ...(step.expectedOutcome ? { expectedOutcome: step.expectedOutcome } : {}) };
    });
  for (const item of input.missing) {
    const directive = parseStep(item);
    if (directive === undefined) continue;
    const text = renderDirective(directive);
    if (!planned.some((step) => step.text === text))
      planned.push(plannedStepFor(directive, text, expectedOutcome(directive)));
  }
  return planned;
}
