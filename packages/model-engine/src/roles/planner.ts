import type { PlannedStep } from '@sandpiper/protocol';
import type { Planner, PlannerResult, PlanRefresh } from '@sandpiper/core';
import { z } from 'zod';
import { criteriaAsDrafts, modelCriterionSchema, toCriterionDraft } from '../model-criteria.js';
import { environmentText, linesOrNone, planBlocks, stepList } from '../plan-text.js';
import { callRole } from '../role-call.js';
import type { RoleParts } from '../role-parts.js';
import { createPlanReviser } from './planner-revise.js';
import { planningScreen } from './planning-screen.js';

const stepText = z.string().trim().min(1).max(1000);
const outcomeText = z.string().trim().max(1000).optional();
/** A step as the planner writes it. */
export const modelStepSchema = z.object({ text: stepText, expectedOutcome: outcomeText });

/** The planner's answer: a plan, or a question for the person. */
export const plannerAnswerSchema = z
  .discriminatedUnion('decision', [
    z.object({
      decision: z.literal('plan'),
      analysis: z.string().trim().min(1).max(4000),
      constraints: z.array(z.string().trim().min(1).max(1000)).max(50).default([]),
      successCriteria: z.array(modelCriterionSchema).min(1).max(10),
      steps: z.array(modelStepSchema).min(1).max(100),
    }),
    z.object({
      decision: z.literal('clarify'),
      question: z.string().trim().min(1).max(2000),
      unclear: z.array(z.string().max(1000)).max(20).default([]),
    }),
  ])
  .superRefine((answer, context) => {
    if (answer.decision !== 'plan') return;
    const last = answer.steps.length - 1;
    if (!answer.steps[last]?.expectedOutcome) {
      context.addIssue({
        code: 'custom',
        path: ['steps', last, 'expectedOutcome'],
        message: 'the last step needs an expectedOutcome: what will be visible once the task is done',
      });
    }
  });

/** Criteria and constraints re-derived after the person edited the steps. */
export const refreshAnswerSchema = z.object({
  constraints: z.array(z.string().trim().min(1).max(1000)).max(50).default([]),
  successCriteria: z.array(modelCriterionSchema).max(10).default([]),
  unreadable: z.array(z.string().max(1000)).max(50).default([]),
});

/** The steps that would bring about what the judge found missing. */
export const missingWorkAnswerSchema = z.object({ steps: z.array(modelStepSchema).max(10) });

/** The planner role on a model: plans, criteria after edits, missing work, and revisions. */
export function createModelPlanner(parts: RoleParts): Planner {
  const caller = () => parts.caller('planner');
  return {
    async plan(handle, input): Promise<PlannerResult> {
      const model = caller();
      const screen = await planningScreen(parts.images, model.model.profile, input.screen);
      const prompt = parts.prompts.render('planner', {
        instruction: input.task.instruction,
        environment: environmentText(input.task),
        blocks: planBlocks(input.previous),
        screen: screen.text,
      });
      const result = await callRole(model, handle, {
        prompt,
        images: screen.images,
        schema: plannerAnswerSchema,
        outputName: 'plan',
        maxOutputTokens: 4000,
      });
      if (!result.ok) {
        // A refused key, model name or request fails the same way whatever the task says.
        if (result.kind === 'auth' || result.kind === 'bad-request') {
          return {
            type: 'unavailable',
            reason: `The planner's model refused the request (${result.reason}). ${fixFor(result.kind)}`,
          };
        }
        return {
          type: 'clarify',
          question: `The planner's answers could not be read (${result.reason}). Could you restate the task?`,
          unparsed: [input.task.instruction],
        };
      }
      const answer = result.value;
      if (answer.decision === 'clarify') {
        return { type: 'clarify', question: answer.question, unparsed: answer.unclear };
      }
      return {
        type: 'plan',
        analysis: answer.analysis,
        constraints: answer.constraints,
        successCriteria: answer.successCriteria.map(toCriterionDraft),
        steps: answer.steps.map(withoutEmptyOutcome),
      };
    },

    async refresh(handle, { task, version }): Promise<PlanRefresh> {
      const prompt = parts.prompts.render('planner-refresh', {
        instruction: task.instruction,
        steps: stepList(version),
      });
      const result = await callRole(caller(), handle, {
        prompt,
        schema: refreshAnswerSchema,
        outputName: 'plan_refresh',
        maxOutputTokens: 1500,
      });
      if (!result.ok) {
        return {
          constraints: version.constraints,
          successCriteria: criteriaAsDrafts(version),
          unparsed: [],
        };
      }
      return {
        constraints: result.value.constraints,
        successCriteria: result.value.successCriteria.map(toCriterionDraft),
        unparsed: result.value.unreadable,
      };
    },

    async missingWork(handle, input): Promise<readonly PlannedStep[]> {
      const model = caller();
      const screen = await planningScreen(parts.images, model.model.profile, input.screen);
      const prompt = parts.prompts.render('missing-work', {
        instruction: input.task.instruction,
        steps: stepList(input.plan),
        unmet: linesOrNone(input.unmet.map((reading) => `[${reading.id}] ${reading.status}: ${reading.evidence}`)),
        missing: linesOrNone(input.missing),
        reason: input.reason,
        screen: screen.text,
      });
      const result = await callRole(model, handle, {
        prompt,
        images: screen.images,
        schema: missingWorkAnswerSchema,
        outputName: 'missing_work',
        maxOutputTokens: 1500,
      });
      return result.ok ? result.value.steps.map(withoutEmptyOutcome) : [];
    },

    revise: createPlanReviser(parts),
  };
}

export function withoutEmptyOutcome(step: z.infer<typeof modelStepSchema>): PlannedStep {
  return step.expectedOutcome ? { text: step.text, expectedOutcome: step.expectedOutcome } : { text: step.text };
}

/** What the person can do about a request the planner's model refused. */
function fixFor(kind: 'auth' | 'bad-request'): string {
  return kind === 'auth'
    ? 'Check the API key for this provider (see "sandpiper models check").'
    : 'Check the model name and the endpoint in --model or sandpiper.config.json (see "sandpiper models check").';
}
