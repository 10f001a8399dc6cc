import {
  criterionExactValue,
  type ChangeRegionEvidence,
  type CriterionKind,
  type PayloadOf,
  type RunEvent,
  type SuccessCriterion,
} from '@sandpiper/protocol';

/** What the reflector saw one attempt of a step change, and its verdict. */
export interface ReflectionReport {
  /** Sequence number of the `reflection` event. */
  readonly seq: number;
  /** The attempt of the step it judged, from 1; 0 when it came outside any attempt. */
  readonly attempt: number;
  /** `evidence-first` or the `one-shot` baseline. */
  readonly method: PayloadOf<'reflection'>['method'];
  /** Whether the reflector saw the step's effect. */
  readonly verdict: PayloadOf<'reflection'>['verdict'];
  /** The evidence the verdict rests on, in one sentence. */
  readonly keyEvidence: string;
  /** Where the step stands, as the reflector put it. */
  readonly summary: string;
  /** The changed regions, numbered as on the marked screen after; empty when nothing changed. */
  readonly regions: readonly ChangeRegionEvidence[];
  /** Blob hash of the screen before with the action marker; absent when the reflector drew none. */
  readonly markedBefore: string | undefined;
  /** Blob hash of the screen after with numbered change boxes; absent when the reflector drew none. */
  readonly markedAfter: string | undefined;
}

/** A stuck or loop detector that fired. */
export interface DetectorReport {
  /** Sequence number of the `detector-fire` event. */
  readonly seq: number;
  /** The detector's name, such as `sameActionNoChange`. */
  readonly detector: string;
  /** Loop-breaker tier 1 to 3; absent for system replanning. */
  readonly tier: number | undefined;
  /** The pattern that fired, such as `REPEAT_SEQ_L3_R3`. */
  readonly pattern: string;
  /** Why it fired, for people. */
  readonly reason: string;
}

/** Whether the task could still be done after a step could not be carried out. */
export interface FeasibilityReport {
  /** Sequence number of the `feasibility-check` event. */
  readonly seq: number;
  /** `feasible`, `uncertain` or `infeasible`. */
  readonly verdict: PayloadOf<'feasibility-check'>['verdict'];
  /** What was checked and seen, one entry per probe. */
  readonly evidence: readonly string[];
}

/** The evidence logged for one step (or outside any step of the final plan). */
export interface EvidenceReport {
  /** One per checked attempt, oldest first; empty when the reflector logged none. */
  readonly reflections: readonly ReflectionReport[];
  /** Stuck and loop detectors that fired, oldest first. */
  readonly detectors: readonly DetectorReport[];
  /** Feasibility checks after the step could not be carried out, oldest first. */
  readonly feasibility: readonly FeasibilityReport[];
}

/** A success criterion with its latest reading. */
export interface CriterionReport {
  /** The criterion's id in the plan. */
  readonly id: string;
  /** The criterion as the plan states it; the id when no plan version names it. */
  readonly text: string;
  /** The exact value that must appear; absent when the check is qualitative. */
  readonly exactValue: string | undefined;
  /** What kind of check the criterion is: a field's value, a control's state, visible text... */
  readonly kind: CriterionKind;
  /** From the latest `criteria-update` naming it; the plan's own status when none did. */
  readonly status: SuccessCriterion['status'];
  /** What was last seen; absent when the criterion was never read. */
  readonly evidence: string | undefined;
  /** The step after which it was last read; absent when never read or read at the end of the run. */
  readonly stepId: string | undefined;
  /** Sequence number of the latest `criteria-update` naming it; absent when never read. */
  readonly seq: number | undefined;
  /** How many updates changed this criterion's status or evidence. */
  readonly updates: number;
}

/** One claim that the task was done, with both verdicts. */
export interface CompletionCheckReport {
  /** Sequence number of the `completion-check` event. */
  readonly seq: number;
  /** 1 for the run's first claim, one more per rejected claim. */
  readonly claim: number;
  /** The completion gate's verdict: every criterion satisfied on a stable screen, or what is unmet. */
  readonly gate: PayloadOf<'completion-check'>['gate'];
  /** Absent when the gate already said continue, or the judge is turned off. */
  readonly judge: PayloadOf<'completion-check'>['judge'];
  /** The claim was accepted (no gate or judge objected), so the run counts as done. */
  readonly accepted: boolean;
}

interface MutableEvidence {
  reflections: ReflectionReport[];
  detectors: DetectorReport[];
  feasibility: FeasibilityReport[];
}

const emptyEvidence = (): MutableEvidence => ({ reflections: [], detectors: [], feasibility: [] });

/**
 * Group reflections, detector firings and feasibility checks by step. An event that names no step
 * belongs to the step being attempted when it was logged; one for a step missing from `stepIds`
 * (dropped by a later plan version) or outside any step goes to `other`.
 */
export function collectEvidence(
  events: readonly RunEvent[],
  stepIds: readonly string[],
): { readonly byStep: ReadonlyMap<string, EvidenceReport>; readonly other: EvidenceReport } {
  const byStep = new Map<string, MutableEvidence>(stepIds.map((id) => [id, emptyEvidence()]));
  const other = emptyEvidence();
  let current: { stepId: string; attempt: number } | undefined;
  const bucket = (stepId: string | undefined) => {
    const id = stepId ?? current?.stepId;
    return (id === undefined ? undefined : byStep.get(id)) ?? other;
  };
  for (const event of events) {
    const payload = event.payload;
    if (payload.type === 'step-start') current = { stepId: payload.stepId, attempt: payload.attempt };
    else if (payload.type === 'step-end') current = undefined;
    else if (payload.type === 'reflection') {
      bucket(payload.stepId).reflections.push({
        seq: event.seq,
        attempt: current?.stepId === payload.stepId ? current.attempt : 0,
        method: payload.method,
        verdict: payload.verdict,
        keyEvidence: payload.keyEvidence,
        summary: payload.summary,
        regions: payload.regions,
        markedBefore: payload.marked.before,
        markedAfter: payload.marked.after,
      });
    } else if (payload.type === 'detector-fire') {
      bucket(payload.stepId).detectors.push({
        seq: event.seq,
        detector: payload.detector,
        tier: payload.tier,
        pattern: payload.pattern,
        reason: payload.reason,
      });
    } else if (payload.type === 'feasibility-check') {
      bucket(payload.stepId).feasibility.push({ seq: event.seq, verdict: payload.verdict, evidence: payload.evidence });
    }
  }
  return { byStep, other };
}

/**
 * Every criterion the plan names (plus any only an update names), each with the reading of the
 * latest `criteria-update` that mentions it.
 */
export function latestCriteria(
  events: readonly RunEvent[],
  planned: readonly SuccessCriterion[],
): readonly CriterionReport[] {
  const criteria = new Map<string, CriterionReport>(
    planned.map((criterion) => [
      criterion.id,
      {
        id: criterion.id,
        text: criterion.text,
        exactValue: criterionExactValue(criterion.check),
        kind: criterion.check.kind,
        status: criterion.status,
        evidence: undefined,
        stepId: undefined,
        seq: undefined,
        updates: 0,
      },
    ]),
  );
  for (const event of events) {
    if (event.payload.type !== 'criteria-update') continue;
    for (const reading of event.payload.criteria) {
      const known = criteria.get(reading.id);
      const changed = known?.status !== reading.status || known.evidence !== reading.evidence;
      criteria.set(reading.id, {
        id: reading.id,
        text: known?.text ?? reading.id,
        exactValue: known?.exactValue,
        kind: known?.kind ?? 'described',
        status: reading.status,
        evidence: reading.evidence,
        stepId: event.payload.stepId,
        seq: event.seq,
        updates: (known?.updates ?? 0) + (changed ? 1 : 0),
      });
    }
  }
  return [...criteria.values()];
}

export function completionChecks(events: readonly RunEvent[]): readonly CompletionCheckReport[] {
  return events.flatMap((event) =>
    event.payload.type === 'completion-check'
      ? [
          {
            seq: event.seq,
            claim: event.payload.claim,
            gate: event.payload.gate,
            judge: event.payload.judge,
            accepted: event.payload.accepted,
          },
        ]
      : [],
  );
}

/** Blob hashes of every marked image in the evidence, in order of appearance. */
export function markedImageHashes(evidence: readonly EvidenceReport[]): string[] {
  return evidence.flatMap((entry) =>
    entry.reflections.flatMap((reflection) =>
      [reflection.markedBefore, reflection.markedAfter].filter((hash): hash is string => hash !== undefined),
    ),
  );
}
