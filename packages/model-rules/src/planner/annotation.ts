import type { Handle, RevisionResult, Screen } from '@sandpiper/core';
import type { Annotation, PlanVersion, StepRegion, PlanEdit } from '@sandpiper/protocol';
import { directiveOfStep, parseInstruction, parseStep, renderDirective } from '../grammar/index.js';
import { centreInside, grow } from '../evidence/geometry.js';
import { locateTarget } from '../grounding/grounder.js';
import { targetQuery } from '../grounding/target-query.js';
import type { ScreenReader } from '../screen/screen-reader.js';
import { replaceLiteral } from './literals.js';
import { expectedOutcome } from './outcomes.js';

/** How far outside the marks a target's centre may lie and still count as marked, in pixels. */
const MARK_SLACK = 12;

/**
 * Repair the plan from marks on a screenshot. Every pending step whose target, looked for on the
 * marked screenshot with the marks as a hint, lies inside the marked area gets that area as its
 * region, so the grounder picks the marked candidate among look-alikes; other steps are left
 * alone. When no step's target is there, a sentence in the step grammar becomes a new step aimed
 * at the marked area.
 */
export async function reviseFromAnnotation(
  handle: Handle,
  reader: ScreenReader,
  plan: PlanVersion,
  annotation: Annotation,
  marked: Screen,
): Promise<RevisionResult> {
  const area = grow(annotation.box, MARK_SLACK);
  const edits: PlanEdit[] = [];
  const resolved: string[] = [];
  for (const [index, step] of plan.pending.entries()) {
    if (step.status === 'executing') continue;
    const query = targetQuery(directiveOfStep(step));
    if (query === undefined) continue;
    const match = await locateTarget(handle, reader, marked, { ...query, region: annotation.box });
    const best = match.best;
    if (best === undefined || !centreInside(best.box, area)) continue;
    const region: StepRegion = { box: annotation.box, label: `${best.role ?? 'text'} '${best.label}'` };
    // Name the marked target in the step when its label is its own, so the person reads what will
    // be acted on and the criteria derived from the step check that target, not a look-alike.
    const everywhere = await locateTarget(handle, reader, marked, query);
    const named = uniqueLabel(best.label, query.text, [everywhere.best, ...everywhere.alternatives]);
    const renamed = named === undefined ? undefined : replaceLiteral(step.text, query.text, named);
    const directive = renamed === undefined ? undefined : parseStep(renamed);
    const text = directive ? renderDirective(directive) : step.text;
    const outcome = directive ? expectedOutcome(directive) : step.expectedOutcome;
    const intent = directive ? directive : step.intent;
    edits.push({
      type: 'rewrite',
      stepId: step.id,
      text,
      ...(outcome ? { expectedOutcome: outcome } : {}),
      region,
      ...(intent ? { intent } : {}),
    });
    const number = plan.completed.length + index + 1;
    resolved.push(
      text === step.text
        ? `step ${number} "${step.text}" will act on the ${region.label} there`
        : `step ${number} becomes "${text}", the ${best.role ?? 'target'} there`,
    );
  }
  const where = `(${Math.round(annotation.box.x)}, ${Math.round(annotation.box.y)}, ${Math.round(annotation.box.width)}×${Math.round(annotation.box.height)})`;
  if (edits.length > 0) {
    return { type: 'revision', edits, rationale: `You marked the area at ${where}: ${resolved.join('; ')}.` };
  }
  return addMarkedStep(plan, annotation, where);
}

/** No step acts on the marked area: the sentence, when it reads as steps, becomes steps aimed there. */
function addMarkedStep(plan: PlanVersion, annotation: Annotation, where: string): RevisionResult {
  const parse = annotation.sentence === undefined ? undefined : parseInstruction(annotation.sentence);
  if (!parse?.ok || parse.parsed.length === 0) {
    return {
      type: 'unchanged',
      reason:
        `nothing a pending step acts on lies in the marked area ${where}. ` +
        'Add a sentence that says what to do there, such as "Click \'Save\'".',
    };
  }
  const first = plan.pending.findIndex((step) => step.status !== 'executing' && step.status !== 'completed');
  const index = first < 0 ? plan.pending.length : first;
  const edits: PlanEdit[] = parse.parsed.map((clause, offset) => {
    const outcome = expectedOutcome(clause.directive);
    return {
      type: 'add',
      index: index + offset,
      text: renderDirective(clause.directive),
      intent: clause.directive,
      ...(outcome ? { expectedOutcome: outcome } : {}),
      region: { box: annotation.box },
    };
  });
  return {
    type: 'revision',
    edits,
    rationale: `Adds ${edits.length === 1 ? '1 step' : `${edits.length} steps`} aimed at the area you marked at ${where}.`,
  };
}

/** `label` when it differs from what the step says and no other candidate on the screen carries it. */
function uniqueLabel(
  label: string,
  stepTarget: string,
  candidates: readonly ({ readonly label: string } | undefined)[],
): string | undefined {
  const key = label.trim().toLowerCase();
  if (key === '' || key === stepTarget.trim().toLowerCase()) return undefined;
  const sharing = candidates.filter((candidate) => candidate?.label.trim().toLowerCase() === key);
  return sharing.length <= 1 ? label.trim() : undefined;
}
