import { revisePlan, type Handle, type IdGenerator, type RevisionInput, type RevisionResult } from '@sandpiper/core';
import type { ContentPart } from '@sandpiper/models';
import {
  marksBoundingBox,
  type AnnotationMark,
  type PlanVersion,
  type StepRegion,
  planEditSchema,
  type PlanEdit,
} from '@sandpiper/protocol';
import { z } from 'zod';
import { planBlocks } from '../plan-text.js';
import { callRole } from '../role-call.js';
import type { RoleParts } from '../role-parts.js';
import { describeScreen, formatBox, imagePart, toModelBox, type ModelScreen } from '../screen-context.js';

const text = z.string().trim().min(1).max(1000);
const outcome = z.string().trim().max(1000).optional();
const markedArea = {
  useMarkedArea: z.boolean().optional(),
  areaLabel: z.string().trim().max(300).optional(),
};
const modelStep = z.object({ text, expectedOutcome: outcome, ...markedArea });
const position = z.number().int().nonnegative();
const stepId = z.string().trim().min(1).max(64);

/** One edit as the model writes it; the marked area is referred to, not copied. */
export const modelEditSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add'), index: position, text, expectedOutcome: outcome, ...markedArea }),
  z.object({ type: z.literal('remove'), stepId }),
  z.object({ type: z.literal('move'), stepId, toIndex: position }),
  z.object({ type: z.literal('rewrite'), stepId, text, expectedOutcome: outcome, ...markedArea }),
  z.object({ type: z.literal('replace-pending'), steps: z.array(modelStep).max(100) }),
]);
type ModelEdit = z.infer<typeof modelEditSchema>;

/** The answer to guidance or an annotation. */
export const revisionAnswerSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('revise'),
    rationale: z.string().trim().min(1).max(1000),
    edits: z.array(modelEditSchema).min(1).max(20),
  }),
  z.object({ decision: z.literal('unchanged'), reason: z.string().trim().min(1).max(1000) }),
]);

/** Ids for the dry run that proves the edits apply; never seen outside this check. */
function scratchIds(): IdGenerator {
  let next = 0;
  return { next: (prefix) => `${prefix}-check-${(next += 1)}` };
}

function withArea<T extends { useMarkedArea?: boolean | undefined; areaLabel?: string | undefined }>(
  step: T,
  area: StepRegion | undefined,
): { region?: StepRegion } {
  if (!step.useMarkedArea || area === undefined) return {};
  return { region: step.areaLabel ? { box: area.box, label: step.areaLabel } : { box: area.box } };
}

function withOutcome(expectedOutcome: string | undefined): { expectedOutcome?: string } {
  return expectedOutcome ? { expectedOutcome } : {};
}

/** The core's edits for the model's; every one is then validated with `planEditSchema`. */
export function toPlanEdit(edit: ModelEdit, area: StepRegion | undefined): PlanEdit {
  switch (edit.type) {
    case 'add':
      return {
        type: 'add',
        index: edit.index,
        text: edit.text,
        ...withOutcome(edit.expectedOutcome),
        ...withArea(edit, area),
      };
    case 'remove':
      return { type: 'remove', stepId: edit.stepId };
    case 'move':
      return { type: 'move', stepId: edit.stepId, toIndex: edit.toIndex };
    case 'rewrite':
      return {
        type: 'rewrite',
        stepId: edit.stepId,
        text: edit.text,
        ...withOutcome(edit.expectedOutcome),
        ...withArea(edit, area),
      };
    case 'replace-pending':
      return {
        type: 'replace-pending',
        steps: edit.steps.map((step) => ({
          text: step.text,
          ...withOutcome(step.expectedOutcome),
          ...withArea(step, area),
        })),
      };
  }
}

/**
 * The schema for one revision: besides the shape, the edits must pass the core's edit schema and
 * apply to this plan without touching its completed steps, so a bad answer is re-asked with the
 * plan's own objection and never reaches the loop.
 */
function revisionSchemaFor(plan: PlanVersion, area: StepRegion | undefined, cause: 'guidance' | 'annotation') {
  return revisionAnswerSchema.superRefine((answer, context) => {
    if (answer.decision !== 'revise') return;
    answer.edits.forEach((edit, index) => {
      const wantsArea =
        edit.type === 'replace-pending'
          ? edit.steps.some((step) => step.useMarkedArea)
          : 'useMarkedArea' in edit && edit.useMarkedArea;
      if (wantsArea && area === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['edits', index],
          message: 'no area was marked; leave useMarkedArea out',
        });
      }
    });
    const edits = answer.edits.map((edit) => toPlanEdit(edit, area));
    const invalid = edits.findIndex((edit) => !planEditSchema.safeParse(edit).success);
    if (invalid !== -1) {
      context.addIssue({ code: 'custom', path: ['edits', invalid], message: 'this edit is not a valid plan edit' });
      return;
    }
    const applied = revisePlan(plan, edits, { ids: scratchIds(), cause, number: plan.number + 1 });
    if (!applied.ok) context.addIssue({ code: 'custom', path: ['edits'], message: applied.error.message });
  });
}

function describeMark(mark: AnnotationMark, view: ModelScreen): string {
  switch (mark.kind) {
    case 'rect':
      return `a rectangle at ${formatBox(toModelBox(mark.box, view))}`;
    case 'stroke':
      return `a freehand stroke covering ${formatBox(toModelBox(marksBoundingBox([mark]), view))}`;
    case 'arrow': {
      const [from, to] = mark.points.map((point) => toModelBox({ ...point, width: 0, height: 0 }, view));
      return `an arrow from (${from!.x}, ${from!.y}) pointing to (${to!.x}, ${to!.y})`;
    }
    case 'text':
      return `the words "${mark.text}" written near ${formatBox(toModelBox({ ...mark.at, width: 0, height: 0 }, view))}`;
  }
}

/** Turns the person's guidance or annotation into validated edits of the pending steps. */
export function createPlanReviser(parts: RoleParts): (handle: Handle, input: RevisionInput) => Promise<RevisionResult> {
  return async (handle, input) => {
    const caller = parts.caller('planner');
    const profile = caller.model.profile;
    const images: ContentPart[] = [];
    const lines: string[] = [];
    let area: StepRegion | undefined;
    if (input.request.type === 'guidance') {
      lines.push(`Advice: ${JSON.stringify(input.request.text)}`);
    } else {
      const marked = await parts.images.prepare(input.request.marked, profile);
      const annotation = input.request.annotation;
      area = { box: annotation.box };
      images.push(imagePart(marked));
      lines.push(
        'Marks the person drew on the first attached screenshot (coordinates of that image):',
        ...annotation.marks.slice(0, 20).map((mark) => `- ${describeMark(mark, marked)}`),
        `Together they cover ${formatBox(toModelBox(annotation.box, marked))}.`,
        annotation.sentence ? `The person says: ${JSON.stringify(annotation.sentence)}` : 'The person wrote nothing.',
        describeScreen(marked, 'Marked screenshot'),
      );
    }
    let screen = 'No current screenshot.';
    const sameScreen =
      input.request.type === 'annotation' &&
      input.screen?.observation.screenshot.hash === input.request.marked.observation.screenshot.hash;
    if (input.screen !== undefined && !sameScreen && images.length < parts.contextScreenshots) {
      const view = await parts.images.prepare(input.screen, profile);
      images.push(imagePart(view));
      screen = `The ${images.length === 1 ? 'attached' : 'last attached'} screenshot is the screen now.\n${describeScreen(view)}`;
    } else if (sameScreen) {
      screen = 'The marked screenshot is also the screen now.';
    }
    const prompt = parts.prompts.render('planner-revise', {
      instruction: input.task.instruction,
      blocks: planBlocks(input.plan, true),
      request: lines.join('\n'),
      screen,
    });
    const result = await callRole(caller, handle, {
      prompt,
      images,
      schema: revisionSchemaFor(input.plan, area, input.request.type),
      outputName: 'plan_revision',
      maxOutputTokens: 2000,
    });
    if (!result.ok) {
      return { type: 'unchanged', reason: `The planner's answers could not be read (${result.reason}).` };
    }
    const answer = result.value;
    if (answer.decision === 'unchanged') return { type: 'unchanged', reason: answer.reason };
    return {
      type: 'revision',
      edits: answer.edits.map((edit) => planEditSchema.parse(toPlanEdit(edit, area)) as PlanEdit),
      rationale: answer.rationale,
    };
  };
}
