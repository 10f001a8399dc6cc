import type { CheckBasis, CriterionCheck, PlanVersion, RunEvent, Step, TargetRef } from '@sandpiper/protocol';
import { z } from 'zod';
import type { CriterionReading, JudgeVerdict } from '../engine.js';

/** How a run decides it is done. Every field has a documented default. */
export const completionConfigSchema = z
  .object({
    /** Require every success criterion seen satisfied on a stable screen before the judge is asked. */
    gate: z.boolean().default(true),
    /** Ask the conservative judge after the gate said done; both must accept. */
    judge: z.boolean().default(true),
    /** Rejected claims after which the run ends as failed instead of appending more work. */
    maxRejections: z.number().int().min(0).max(10).default(2),
    /** Two looks at the screen this many milliseconds apart must match for it to count as stable. */
    settleMs: z.number().int().min(0).max(10_000).default(300),
    /** Largest dHash Hamming distance (of 64 bits) between the two looks that still counts as the same screen. */
    stableDistance: z.number().int().min(0).max(64).default(2),
    /** Looks at the screen before it is declared unstable. */
    stabilityLooks: z.number().int().min(2).max(10).default(3),
  })
  .strict();
export type CompletionConfig = z.infer<typeof completionConfigSchema>;
export const defaultCompletionConfig: CompletionConfig = completionConfigSchema.parse({});

export interface GateVerdict {
  readonly verdict: 'done' | 'continue';
  readonly stable: boolean;
  readonly unmet: readonly string[];
  readonly reason: string;
}

/**
 * The completion gate: done only when every criterion was seen satisfied and the screen held
 * still. An `unknown` criterion is not satisfied; a plan with no criteria cannot pass.
 */
export function gateVerdict(plan: PlanVersion, readings: readonly CriterionReading[], stable: boolean): GateVerdict {
  const byId = new Map(readings.map((reading) => [reading.id, reading]));
  const unmet = plan.successCriteria.filter((criterion) => byId.get(criterion.id)?.status !== 'satisfied');
  if (plan.successCriteria.length === 0) {
    return { verdict: 'continue', stable, unmet: [], reason: 'The plan has no success criteria to check.' };
  }
  if (unmet.length > 0) {
    const listed = unmet.map((criterion) => `"${criterion.text}" (${byId.get(criterion.id)?.evidence ?? 'not read'})`);
    return {
      verdict: 'continue',
      stable,
      unmet: unmet.map((criterion) => criterion.id),
      reason: `Not yet seen: ${listed.join('; ')}.`,
    };
  }
  if (!stable) {
    return {
      verdict: 'continue',
      stable,
      unmet: [],
      reason: 'Every criterion is met, but the screen is still changing.',
    };
  }
  return { verdict: 'done', stable, unmet: [], reason: 'Every criterion is seen satisfied on a stable screen.' };
}

export interface ConservativeVerdict {
  readonly verdict: 'accept' | 'reject';
  readonly reason: string;
  readonly missing: readonly string[];
  /** The judge said accept but was not certain or still listed missing work, so it was turned into a rejection. */
  readonly hedged: boolean;
}

/**
 * The judge's verdict after the conservative reading: an acceptance its judge marks uncertain, or
 * one that lists missing work, is a rejection. Certainty is the judge's explicit flag, never read
 * from its wording: "the banner appears" is a plain description, not a doubt.
 */
export function conservativeVerdict(verdict: JudgeVerdict): ConservativeVerdict {
  const missing = (verdict.missing ?? []).map((item) => item.trim()).filter((item) => item !== '');
  if (verdict.verdict === 'reject') return { verdict: 'reject', reason: verdict.reason, missing, hedged: false };
  if (missing.length > 0) {
    return {
      verdict: 'reject',
      reason: `Accepted while listing missing work: ${verdict.reason}`,
      missing,
      hedged: true,
    };
  }
  if (verdict.certain === false) {
    return { verdict: 'reject', reason: `The acceptance was not certain: ${verdict.reason}`, missing, hedged: true };
  }
  return { verdict: 'accept', reason: verdict.reason, missing, hedged: false };
}

/**
 * Completed steps that leave the result open. A plan whose only criterion is "every step was
 * confirmed" is as sure as its weakest confirmation: a step that passed on a change alone
 * (something moved where the action explains it, but nothing read the state the step was meant to
 * leave) does not show the task is done, unless the judge read that step's effect on the final
 * screen. Plans with criteria of their own read the final state directly and leave nothing open.
 */
export function unconfirmedSteps(
  plan: PlanVersion,
  events: readonly RunEvent[],
  confirmedByJudge: readonly string[] = [],
): Step[] {
  if (plan.successCriteria.some((criterion) => criterion.check.kind !== 'steps-confirmed')) return [];
  const basis = new Map<string, CheckBasis | undefined>();
  for (const event of events) {
    const payload = event.payload;
    if (payload.type === 'step-check' && payload.passed) basis.set(payload.stepId, payload.basis);
  }
  return [...plan.completed, ...plan.pending].filter(
    (step) => step.status === 'completed' && basis.get(step.id) === 'change' && !confirmedByJudge.includes(step.id),
  );
}

/**
 * The last `limit` things that happened, one plain line each, oldest first: actions with their
 * outcome, step endings with their reason, detector firings and earlier completion checks.
 */
export function recentTrajectory(events: readonly RunEvent[], limit = 12): string[] {
  const lines: string[] = [];
  const actionOk = new Map<number, boolean>();
  for (const event of events) {
    if (event.payload.type === 'action-end' && event.cause !== undefined)
      actionOk.set(event.cause, event.payload.result.ok);
  }
  for (const event of events) {
    const payload = event.payload;
    switch (payload.type) {
      case 'action-start': {
        const ok = actionOk.get(event.seq);
        lines.push(`${payload.summary}: ${ok === undefined ? 'no result' : ok ? 'ok' : 'failed'}`);
        break;
      }
      case 'step-end':
        lines.push(`Step ${payload.status}: ${payload.reason}`);
        break;
      case 'detector-fire':
        lines.push(`Detector ${payload.detector} fired (${payload.pattern}): ${payload.reason}`);
        break;
      case 'completion-check':
        lines.push(`Completion claim ${payload.claim} ${payload.accepted ? 'accepted' : 'rejected'}`);
        break;
      default:
        break;
    }
  }
  return lines.slice(-limit);
}

/** Whether readings differ from what the plan last recorded, so an update is worth logging. */
export function readingsChanged(
  plan: PlanVersion,
  evidence: ReadonlyMap<string, string>,
  readings: readonly CriterionReading[],
): boolean {
  return readings.some((reading) => {
    const criterion = plan.successCriteria.find((candidate) => candidate.id === reading.id);
    return criterion?.status !== reading.status || evidence.get(reading.id) !== reading.evidence;
  });
}

/**
 * Whether reading the criteria after a passed step could show something new, so the read (a
 * model call on a model engine) is worth making before completion reads them anyway. It is when
 * the step, its expected outcome or the evidence of its check names what a criterion looks for
 * (a field, a value, a text, an element), or the page's address now shows a criterion's address;
 * and for a criterion that names nothing it can be matched on, always. Criteria that only ask for
 * confirmed steps are never read per step.
 */
export function criteriaWorthReading(
  plan: PlanVersion,
  step: Pick<Step, 'text' | 'expectedOutcome'>,
  evidence: string,
  address: string | undefined,
): boolean {
  const said = `${step.text}\n${step.expectedOutcome ?? ''}\n${evidence}`.toLowerCase();
  return plan.successCriteria.some((criterion) => {
    const check = criterion.check;
    if (check.kind === 'steps-confirmed') return false;
    if (check.kind === 'address') {
      return address !== undefined && address.toLowerCase().includes(check.value.toLowerCase());
    }
    const anchors = anchorsOf(check).filter((anchor) => anchor.trim().length >= 2);
    return anchors.length === 0 || anchors.some((anchor) => said.includes(anchor.trim().toLowerCase()));
  });
}

/** The names, values and texts a criterion is matched on, its targets' holders included. */
function anchorsOf(check: CriterionCheck): string[] {
  const names = (target: TargetRef | undefined): string[] =>
    target === undefined ? [] : [...(target.name === undefined ? [] : [target.name]), ...names(target.within)];
  switch (check.kind) {
    case 'field-value':
      return [...names(check.target), check.value];
    case 'control-state':
    case 'element-visible':
    case 'element-gone':
    case 'count':
      return names(check.target);
    case 'text-visible':
      return [check.text];
    case 'described':
      return [...check.mustShow];
    default:
      return [];
  }
}
