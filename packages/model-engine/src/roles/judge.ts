import type { CriterionReading, FeasibilityVerdict, Judge, JudgeVerdict } from '@sandpiper/core';
import type { PlanVersion } from '@sandpiper/protocol';
import { z } from 'zod';
import type { CriterionRead } from '../lookahead.js';
import { exactValueOf } from '../model-criteria.js';
import { criteriaLines, linesOrNone, stepList } from '../plan-text.js';
import { callRole } from '../role-call.js';
import type { RoleParts } from '../role-parts.js';
import { planningScreen } from './planning-screen.js';

/**
 * The completion judge's answer as the model writes it. The evidence comes first and the verdict
 * last: strict decoding writes fields in schema order, so the verdict is written after, and from,
 * what was read on the screen.
 */
export const judgeAnswerSchema = z.object({
  criteria: z
    .array(z.object({ id: z.string().min(1).max(64), evidence: z.string().max(2000), satisfied: z.boolean() }))
    .max(10),
  /** Whether what the task changes beyond the screen (a save, a submission) shows confirmed. */
  sideEffects: z.enum(['confirmed', 'unconfirmed', 'not-applicable']),
  screenStable: z.boolean(),
  missing: z.array(z.string().trim().min(1).max(1000)).max(10).default([]),
  reason: z.string().trim().min(1).max(2000),
  /** False when any part of the verdict rests on a guess rather than on what the screen shows. */
  certain: z.boolean(),
  verdict: z.enum(['accept', 'reject']),
});
type JudgeAnswer = z.infer<typeof judgeAnswerSchema>;

/** One reading per criterion, by id. */
export const assessAnswerSchema = z.object({
  readings: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        evidence: z.string().max(2000),
        status: z.enum(['satisfied', 'unsatisfied', 'unknown']),
      }),
    )
    .max(10),
});

/** Whether the task can still be done, with what was seen. */
export const feasibilityAnswerSchema = z.object({
  evidence: z.array(z.string().trim().min(1).max(2000)).min(1).max(10),
  verdict: z.enum(['feasible', 'uncertain', 'infeasible']),
});

/** Answers may only name this plan's criteria; an unknown id is re-asked. */
export function knownIds<T extends { readonly id: string }>(plan: PlanVersion, path: string) {
  const ids = new Set(plan.successCriteria.map((criterion) => criterion.id));
  return (entries: readonly T[], context: z.core.$RefinementCtx) => {
    entries.forEach((entry, index) => {
      if (!ids.has(entry.id)) {
        context.addIssue({
          code: 'custom',
          path: [path, index, 'id'],
          message: `no criterion has id "${entry.id}"; use one of: ${[...ids].join(', ')}`,
        });
      }
    });
  };
}

/** Whether `evidence` quotes `value` (case and spacing aside), as an exact criterion requires. */
export function quotesValue(evidence: string, value: string): boolean {
  const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
  return normalize(evidence).includes(normalize(value));
}

/**
 * The conservative reading of the judge's answer: an acceptance stands only when the model was
 * certain, saw every criterion satisfied, quoted every exact value, saw the task's side effects
 * confirmed (or the task has none) on a settled screen, and listed nothing missing. Anything less
 * is a rejection saying why. A rejection that comes from doubt (an acceptance the checks did not
 * let stand, or a rejection the model was not certain of) is marked unsure, so a run with no
 * further work in sight asks the person instead of reporting a failure it has not seen.
 */
export function conservativeJudgement(plan: PlanVersion, answer: JudgeAnswer): JudgeVerdict {
  const satisfied = answer.criteria.filter((entry) => entry.satisfied).map((entry) => entry.id);
  const doubts: string[] = [];
  if (answer.verdict === 'accept') {
    if (!answer.certain) doubts.push('the judge was not certain');
    for (const criterion of plan.successCriteria) {
      const reading = answer.criteria.find((entry) => entry.id === criterion.id);
      const exactValue = exactValueOf(criterion);
      if (!reading?.satisfied) doubts.push(`"${criterion.text}" was not seen satisfied`);
      else if (exactValue !== undefined && !quotesValue(reading.evidence, exactValue)) {
        doubts.push(`the exact value ${JSON.stringify(exactValue)} was not quoted from the screen`);
      }
    }
    if (answer.sideEffects === 'unconfirmed') doubts.push('no visible confirmation of the side effects');
    if (!answer.screenStable) doubts.push('the screen was not settled');
    if (answer.missing.length > 0) doubts.push('work was listed as missing');
  }
  if (answer.verdict === 'reject' || doubts.length > 0) {
    return {
      verdict: 'reject',
      reason: doubts.length === 0 ? answer.reason : `Not accepted: ${doubts.join('; ')}. ${answer.reason}`,
      satisfied,
      missing: answer.missing,
      ...(doubts.length > 0 || !answer.certain ? { unsure: true } : {}),
    };
  }
  return { verdict: 'accept', reason: answer.reason, satisfied, missing: [] };
}

/**
 * One reading per criterion of `plan`, from a model's readings: a criterion it did not read is
 * unknown, and "satisfied" for an exact value stands only when the evidence quotes that value.
 */
export function readingsOf(plan: PlanVersion, read: readonly CriterionRead[]): CriterionReading[] {
  return plan.successCriteria.map((criterion): CriterionReading => {
    const reading = read.find((entry) => entry.id === criterion.id);
    if (reading === undefined) return { id: criterion.id, status: 'unknown', evidence: 'Not read.' };
    const exactValue = exactValueOf(criterion);
    if (reading.status === 'satisfied' && exactValue !== undefined && !quotesValue(reading.evidence, exactValue)) {
      return {
        id: criterion.id,
        status: 'unknown',
        evidence: `Said satisfied without quoting ${JSON.stringify(exactValue)}: ${reading.evidence}`,
      };
    }
    return { id: criterion.id, status: reading.status, evidence: reading.evidence };
  });
}

/** The completion judge, the per-step criteria check and the feasibility check, on the judge's model. */
export function createModelJudge(parts: RoleParts): Judge {
  const caller = () => parts.caller('judge');
  return {
    async judge(handle, input) {
      const model = caller();
      const screen = await planningScreen(parts.images, model.model.profile, input.screen, 'The current screen');
      const prompt = parts.prompts.render('judge', {
        instruction: input.task.instruction,
        criteria: criteriaLines(input.plan),
        steps: stepList(input.plan),
        recent: linesOrNone((input.recent ?? []).slice(-12)),
        screen: screen.text,
      });
      const result = await callRole(model, handle, {
        prompt,
        images: screen.images,
        schema: judgeAnswerSchema.superRefine((answer, context) =>
          knownIds(input.plan, 'criteria')(answer.criteria, context),
        ),
        outputName: 'completion_verdict',
        maxOutputTokens: 1500,
      });
      if (!result.ok) {
        return { verdict: 'reject', reason: `The judge's answer could not be read (${result.reason}).`, satisfied: [] };
      }
      return conservativeJudgement(input.plan, result.value);
    },

    async assess(handle, input): Promise<readonly CriterionReading[]> {
      if (input.plan.successCriteria.length === 0) return [];
      // The step check may have read these criteria on this very screen already.
      const held = parts.lookAhead.readingsFor(input.plan, input.screen);
      if (held !== undefined) return readingsOf(input.plan, held);
      const model = caller();
      const screen = await planningScreen(parts.images, model.model.profile, input.screen, 'The current screen');
      const prompt = parts.prompts.render('criteria-assess', {
        instruction: input.task.instruction,
        criteria: criteriaLines(input.plan),
        screen: screen.text,
      });
      const result = await callRole(model, handle, {
        prompt,
        images: screen.images,
        schema: assessAnswerSchema.superRefine((answer, context) =>
          knownIds(input.plan, 'readings')(answer.readings, context),
        ),
        outputName: 'criteria_readings',
        maxOutputTokens: 1000,
      });
      if (!result.ok) {
        return input.plan.successCriteria.map((criterion) => ({
          id: criterion.id,
          status: 'unknown',
          evidence: `The check could not be read (${result.reason}).`,
        }));
      }
      return readingsOf(input.plan, result.value.readings);
    },

    async feasibility(handle, input): Promise<FeasibilityVerdict> {
      const model = caller();
      const screen = await planningScreen(parts.images, model.model.profile, input.screen, 'The current screen');
      const prompt = parts.prompts.render('feasibility', {
        instruction: input.task.instruction,
        step: input.step.text,
        failure: input.failure,
        screen: screen.text,
      });
      const result = await callRole(model, handle, {
        prompt,
        images: screen.images,
        schema: feasibilityAnswerSchema,
        outputName: 'feasibility',
        maxOutputTokens: 800,
      });
      if (!result.ok) {
        return { verdict: 'uncertain', evidence: [`The feasibility answer could not be read (${result.reason}).`] };
      }
      return result.value;
    },
  };
}
