import type { RunEvent, RunStatus } from '@sandpiper/protocol';

/** One completion claim of a run as the completion-check event logged it. */
export interface ClaimRecord {
  readonly claim: number;
  readonly gate: 'done' | 'continue' | 'skipped';
  readonly stable: boolean;
  readonly judge: 'accept' | 'reject' | 'not asked';
  readonly hedged: boolean;
  readonly accepted: boolean;
  /** What the state checker said at the moment of the claim. */
  readonly goalMet: boolean;
  /** The judge's reason when it was asked, the gate's otherwise. */
  readonly reason: string;
}

/** One run of one task under one condition. */
export interface RunRecord {
  readonly condition: string;
  readonly taskId: string;
  readonly fault: string;
  readonly outcome: 'repairable' | 'unrepairable' | 'control';
  readonly status: RunStatus | undefined;
  readonly endReason: string | undefined;
  /** The run ended `succeeded`: it claimed the task done. */
  readonly claimedDone: boolean;
  /** The scenario's state checker says the goal was reached. */
  readonly achieved: boolean;
  readonly checkerDetail: string;
  readonly claims: readonly ClaimRecord[];
  /** Plan versions the run made because a completion claim was rejected. */
  readonly verifierRejections: number;
  /** Steps those versions appended, in order. */
  readonly appendedSteps: readonly string[];
  /** Premature condition only: whether the premature claim was made. */
  readonly prematureClaim?: boolean;
  readonly actions: number;
  readonly wallMs: number;
}

/** The claim an event records, judged against the checker's verdict at that moment; undefined for other events. */
export function claimRecord(event: RunEvent, goalMet: () => boolean): ClaimRecord | undefined {
  const payload = event.payload;
  if (payload.type !== 'completion-check') return undefined;
  return {
    goalMet: goalMet(),
    claim: payload.claim,
    gate: payload.gate.verdict,
    stable: payload.gate.stable,
    judge: payload.judge?.verdict ?? 'not asked',
    hedged: payload.judge?.hedged ?? false,
    accepted: payload.accepted,
    reason: payload.judge?.reason ?? payload.gate.reason,
  };
}

/** The measures of one condition. Ratios are null when their denominator is zero. */
export interface ConditionSummary {
  readonly condition: string;
  readonly runs: number;
  readonly doneClaims: number;
  readonly falseDone: number;
  readonly notAchieved: number;
  /** False DONE / runs whose goal was not reached. */
  readonly fdf: number | null;
  /** False DONE / all runs. */
  readonly fda: number | null;
  /** Correct DONE / all DONE claims. */
  readonly doneAccuracy: number | null;
  /** Correct DONE / all runs: the run said done and the goal was reached. */
  readonly successRate: number | null;
  readonly rejectedClaims: number;
  /** Claims rejected although the checker said the goal was met at that moment. */
  readonly falseRejections: number;
  /** Claims accepted although the checker said the goal was not met at that moment. */
  readonly falseAcceptances: number;
  /** Repairable planted runs that ended with a correct DONE. */
  readonly repaired: string;
  /** Unrepairable planted runs that ended not claiming DONE. */
  readonly honestFailures: string;
  /** Control runs with at least one false rejection / control runs. */
  readonly controlRunsRejected: string;
  /** Control runs whose goal was reached but which did not end with DONE. */
  readonly controlSuccessLost: number;
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

export function summarise(condition: string, runs: readonly RunRecord[]): ConditionSummary {
  const count = (predicate: (run: RunRecord) => boolean) => runs.filter(predicate).length;
  const done = count((run) => run.claimedDone);
  const falseDone = count((run) => run.claimedDone && !run.achieved);
  const notAchieved = count((run) => !run.achieved);
  const correct = count((run) => run.claimedDone && run.achieved);
  const claims = runs.flatMap((run) => run.claims);
  const of = (outcome: RunRecord['outcome']) => runs.filter((run) => run.outcome === outcome);
  const repairable = of('repairable');
  const unrepairable = of('unrepairable');
  const controls = of('control');
  return {
    condition,
    runs: runs.length,
    doneClaims: done,
    falseDone,
    notAchieved,
    fdf: ratio(falseDone, notAchieved),
    fda: ratio(falseDone, runs.length),
    doneAccuracy: ratio(correct, done),
    successRate: ratio(correct, runs.length),
    rejectedClaims: claims.filter((claim) => !claim.accepted).length,
    falseRejections: claims.filter((claim) => !claim.accepted && claim.goalMet).length,
    falseAcceptances: claims.filter((claim) => claim.accepted && !claim.goalMet).length,
    repaired: `${repairable.filter((run) => run.claimedDone && run.achieved).length}/${repairable.length}`,
    honestFailures: `${unrepairable.filter((run) => !run.claimedDone).length}/${unrepairable.length}`,
    controlRunsRejected: `${controls.filter((run) => run.claims.some((claim) => !claim.accepted && claim.goalMet)).length}/${controls.length}`,
    controlSuccessLost: controls.filter((run) => run.achieved && !run.claimedDone).length,
  };
}

const percent = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(0)}%`);

/** The summaries as a plain text table, one condition per row. */
export function formatTable(summaries: readonly ConditionSummary[]): string {
  const header = [
    'condition',
    'runs',
    'DONE',
    'false DONE',
    'not achieved',
    'FDF',
    'FDA',
    'DONE acc.',
    'success',
    'rejected claims',
    'false rej.',
    'false acc.',
    'repaired',
    'honest fails',
    'controls falsely rejected',
    'controls lost',
  ];
  const rows = summaries.map((summary) => [
    summary.condition,
    String(summary.runs),
    String(summary.doneClaims),
    String(summary.falseDone),
    String(summary.notAchieved),
    percent(summary.fdf),
    percent(summary.fda),
    percent(summary.doneAccuracy),
    percent(summary.successRate),
    String(summary.rejectedClaims),
    String(summary.falseRejections),
    String(summary.falseAcceptances),
    summary.repaired,
    summary.honestFailures,
    summary.controlRunsRejected,
    String(summary.controlSuccessLost),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
