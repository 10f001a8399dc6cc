import type {
  ApprovalSubject,
  Observation,
  PlanVersion,
  RunEvent,
  RunPhase,
  RunStateWire,
  RunStatus,
  RunUsage,
  StepStatus,
  SuccessCriterion,
  Task,
} from '@sandpiper/protocol';
import { advancePlan } from '../plan/index.js';

/**
 * Everything the loop, the CLI and reports know about a run, derived only from its events. Sent
 * over the wire as `runStateSchema` describes it (undefined fields left out).
 */
export interface RunState {
  readonly runId: string;
  readonly task: Task | undefined;
  /** The engine that drives the run, as its `run-start` event names it; undefined in older logs. */
  readonly engine: string | undefined;
  readonly phase: RunPhase;
  /** Set once the run has ended. */
  readonly status: RunStatus | undefined;
  readonly endReason: string | undefined;
  /** Every plan version in creation order, with its current state. */
  readonly versions: readonly PlanVersion[];
  /** The approved plan as it stands now: steps move to `completed` as they finish. */
  readonly plan: PlanVersion | undefined;
  readonly pendingApproval: { readonly requestId: string; readonly subject: ApprovalSubject } | undefined;
  /** The step being executed and its attempt number; undefined between steps. */
  readonly currentStep: { readonly stepId: string; readonly attempt: number; readonly startSeq: number } | undefined;
  readonly clarification: { readonly question: string; readonly unparsed: readonly string[] } | undefined;
  readonly actionCount: number;
  readonly lastObservation: Observation | undefined;
  readonly startedAt: number | undefined;
  readonly lastEventAt: number | undefined;
  readonly lastSeq: number;
  /** The latest evidence for each success criterion, by criterion id; the status is on `plan.successCriteria`. */
  readonly criteriaEvidence: Readonly<Record<string, string>>;
  /** Completion claims made so far (accepted or not). */
  readonly completionClaims: number;
  /** Actions the person performed during takeovers. */
  readonly manualActions: number;
  /** The person paused the run and has not resumed it; decisions taken meanwhile leave it paused. */
  readonly paused: boolean;
  /** Model calls of the run so far; all zero for the built-in engine. */
  readonly usage: RunUsage;
}

// The state as the projection keeps it must fit the wire contract the server sends it under.
type Immutable<T> = T extends readonly (infer U)[]
  ? readonly Immutable<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Immutable<T[K]> }
    : T;
type FitsWire<T extends Immutable<RunStateWire>> = T;
type _RunStateFitsWire = FitsWire<RunState>;

export function emptyRunState(runId: string): RunState {
  return {
    runId,
    task: undefined,
    engine: undefined,
    phase: 'created',
    status: undefined,
    endReason: undefined,
    versions: [],
    plan: undefined,
    pendingApproval: undefined,
    currentStep: undefined,
    clarification: undefined,
    actionCount: 0,
    lastObservation: undefined,
    startedAt: undefined,
    lastEventAt: undefined,
    lastSeq: 0,
    criteriaEvidence: {},
    completionClaims: 0,
    manualActions: 0,
    paused: false,
    usage: { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 },
  };
}

/** Fold a run's events into its state. Pure: the same events always give the same state. */
export function projectRun(runId: string, events: readonly RunEvent[]): RunState {
  return events.reduce(applyRunEvent, emptyRunState(runId));
}

export function applyRunEvent(state: RunState, event: RunEvent): RunState {
  const next = { ...state, lastSeq: event.seq, lastEventAt: event.at } satisfies RunState;
  const payload = event.payload;
  switch (payload.type) {
    case 'run-start':
      return { ...next, task: payload.task, engine: payload.engine, startedAt: event.at };
    case 'plan-start':
      return { ...next, phase: 'planning', clarification: undefined };
    case 'plan-version-create':
      return { ...next, versions: [...state.versions, payload.version] };
    case 'clarification-request':
      return {
        ...next,
        phase: 'waiting-for-user',
        clarification: { question: payload.question, unparsed: payload.unparsed },
      };
    case 'approval-request':
      return {
        ...next,
        phase: payload.subject.type === 'plan' ? 'awaiting-approval' : 'waiting-for-user',
        pendingApproval: { requestId: payload.requestId, subject: payload.subject },
      };
    case 'approval-response':
      return applyApprovalResponse(next, state, payload.requestId, payload.decision);
    case 'step-start': {
      return {
        ...next,
        phase: 'executing',
        clarification: undefined,
        plan: advanced(state.plan, payload.stepId, 'executing'),
        currentStep: { stepId: payload.stepId, attempt: payload.attempt, startSeq: event.seq },
      };
    }
    case 'observation':
      return { ...next, lastObservation: payload.observation };
    case 'action-start':
      return { ...next, actionCount: state.actionCount + 1 };
    case 'step-end': {
      return { ...next, plan: advanced(state.plan, payload.stepId, payload.status), currentStep: undefined };
    }
    case 'run-pause':
      return { ...next, phase: 'paused', paused: true };
    case 'run-resume': {
      const resumed = { ...next, paused: false };
      return { ...resumed, phase: phaseAfterHold(resumed) };
    }
    case 'takeover-start':
      return { ...next, phase: 'taken-over' };
    case 'takeover-end':
      return { ...next, phase: phaseAfterHold(next) };
    case 'manual-action':
      return { ...next, manualActions: state.manualActions + 1 };
    case 'model-call':
      return {
        ...next,
        usage: {
          calls: state.usage.calls + 1,
          inputTokens: state.usage.inputTokens + payload.inputTokens,
          outputTokens: state.usage.outputTokens + payload.outputTokens,
          costUsd: state.usage.costUsd + (payload.costUsd ?? 0),
        },
      };
    case 'run-end':
      return { ...next, phase: 'ended', status: payload.status, endReason: payload.reason, pendingApproval: undefined };
    case 'criteria-update':
      return applyCriteriaUpdate(next, payload.criteria);
    case 'completion-check':
      return { ...next, completionClaims: state.completionClaims + 1 };
    case 'action-end':
    case 'step-check':
    case 'feasibility-check':
    case 'reflection':
    case 'detector-fire':
    case 'run-cancel':
    case 'run-recover':
    case 'warning':
    case 'annotation':
      return next;
    case 'guidance':
      // Words that answer an open question: the run works on again, where it was.
      if (state.clarification === undefined) return next;
      return { ...next, clarification: undefined, phase: state.plan === undefined ? 'planning' : 'executing' };
  }
}

function applyApprovalResponse(
  next: RunState,
  previous: RunState,
  requestId: string,
  decision: 'accepted' | 'rejected',
): RunState {
  const request = previous.pendingApproval;
  if (!request || request.requestId !== requestId) return next;
  const cleared = { ...next, pendingApproval: undefined };
  const going = cleared.paused ? 'paused' : 'executing';
  if (request.subject.type !== 'plan') return { ...cleared, phase: going };
  const versionId = request.subject.versionId;
  if (decision === 'rejected') {
    const versions = setState(previous.versions, (v) => (v.id === versionId ? 'rejected' : v.state));
    // A rejected proposal leaves the plan in force running (or paused); a rejected draft waits for the next one.
    return { ...cleared, versions, ...(cleared.plan ? { phase: going } : {}) };
  }
  const versions = setState(previous.versions, (v) =>
    v.id === versionId ? 'locked' : v.state === 'locked' ? 'superseded' : v.state,
  );
  const approved = versions.find((v) => v.id === versionId);
  return { ...cleared, phase: going, versions, plan: approved };
}

/** Where a run stands once a hold (pause, takeover) ends: still paused, waiting on a decision, or working. */
function phaseAfterHold(state: RunState): RunPhase {
  if (state.paused) return 'paused';
  if (state.pendingApproval)
    return state.pendingApproval.subject.type === 'plan' ? 'awaiting-approval' : 'waiting-for-user';
  return state.plan ? 'executing' : 'planning';
}

/** The plan after a step's status changed; a step event that does not fit the plan leaves it as it was. */
function advanced(plan: PlanVersion | undefined, stepId: string, status: StepStatus): PlanVersion | undefined {
  if (!plan) return plan;
  const result = advancePlan(plan, stepId, status);
  return result.ok ? result.version : plan;
}

/** Record the latest reading of each criterion on the current plan (the versions stay as they were approved). */
function applyCriteriaUpdate(
  next: RunState,
  criteria: readonly { readonly id: string; readonly status: SuccessCriterion['status']; readonly evidence: string }[],
): RunState {
  const plan = next.plan;
  const evidence = { ...next.criteriaEvidence };
  for (const reading of criteria) evidence[reading.id] = reading.evidence;
  if (!plan) return { ...next, criteriaEvidence: evidence };
  const statusOf = new Map(criteria.map((reading) => [reading.id, reading.status]));
  const successCriteria = plan.successCriteria.map((criterion) => {
    const status = statusOf.get(criterion.id);
    return status === undefined || status === criterion.status ? criterion : { ...criterion, status };
  });
  return { ...next, criteriaEvidence: evidence, plan: { ...plan, successCriteria } };
}

function setState(versions: readonly PlanVersion[], stateOf: (version: PlanVersion) => PlanVersion['state']) {
  return versions.map((version) => {
    const state = stateOf(version);
    return state === version.state ? version : { ...version, state };
  });
}
