import type {
  Action,
  Annotation,
  Box,
  ChangeRegionEvidence,
  CheckBasis,
  Grounding,
  Observation,
  PlanEdit,
  PlannedStep,
  PlanVersion,
  Step,
  CriterionDraft,
  Task,
} from '@sandpiper/protocol';
import type { LoopJudge } from './detectors/loop-judge.js';
import type { Handle } from './handle.js';
import type { CapturedObservation } from './ports.js';

/**
 * The model contract as the agent loop sees it: one interface per role. The built-in offline
 * engine implements every role with rules; model providers implement them with prompts. Each role
 * can be served by a different implementation.
 */
export interface Engine {
  /** Shown in reports: "built-in rules", "anthropic:claude-…". */
  readonly name: string;
  readonly planner: Planner;
  readonly operator: Operator;
  readonly grounder: Grounder;
  readonly reflector: Reflector;
  readonly judge: Judge;
  /** Loop breaker tier 3: reads the recent trajectory and says keep or switch. Absent: tiers 1 and 2 only. */
  readonly loopJudge?: LoopJudge;
  /** Writes the recovery step of system-driven replanning. Absent: the loop's own rules write it. */
  readonly recovery?: RecoveryProposer;
  /** Says whether a failed run is worth another try. Absent: failures are reported as they are. */
  readonly critic?: Critic;
  /** Release what the engine holds (an OCR worker, connections). Absent when there is nothing to release. */
  close?(): Promise<void>;
}

/** A screen as the roles see it: the stored observation plus its pixels. */
export interface Screen {
  readonly observation: Observation;
  readonly capture: CapturedObservation;
}

export interface PlannerInput {
  readonly task: Task;
  /** The screen before planning, when the environment is already open. */
  readonly screen?: Screen;
  /** The version being regenerated or revised, if any. */
  readonly previous?: PlanVersion;
}

export type PlannerResult =
  | {
      readonly type: 'plan';
      readonly analysis: string;
      readonly constraints: readonly string[];
      readonly successCriteria: readonly CriterionDraft[];
      readonly steps: readonly PlannedStep[];
    }
  | {
      /** The planner will not guess: it asks the person about the parts it did not understand. */
      readonly type: 'clarify';
      readonly question: string;
      readonly unparsed: readonly string[];
    }
  | {
      /**
       * The planner cannot work at all, whatever the task says (its model refuses the key, the
       * model name, or the request): the run fails with this reason instead of asking the person
       * to restate a task that was never the problem.
       */
      readonly type: 'unavailable';
      readonly reason: string;
    };

/** The parts of a plan that follow from its steps, derived again after the steps were edited. */
export interface PlanRefresh {
  readonly constraints: readonly string[];
  readonly successCriteria: readonly CriterionDraft[];
  /** Step texts the planner could not read; the person is told before approving. */
  readonly unparsed: readonly string[];
}

export interface Planner {
  plan(handle: Handle, input: PlannerInput): Promise<PlannerResult>;
  /**
   * Re-derive the constraints and success criteria of a version whose steps the person edited, so
   * a plan never asks the judge for a value the person has just changed.
   */
  refresh(handle: Handle, input: { readonly task: Task; readonly version: PlanVersion }): Promise<PlanRefresh>;
  /**
   * The steps to append after a completion claim was rejected: the work that would bring about
   * the unmet criteria and what the judge said is missing. Empty when the planner cannot tell;
   * the run then ends as failed with the evidence.
   */
  missingWork(handle: Handle, input: MissingWorkInput): Promise<readonly PlannedStep[]>;
  /**
   * Turn the person's guidance or annotation into edits of the pending steps. Completed steps are
   * out of reach: the loop applies the edits with the plan invariant and asks for approval.
   */
  revise(handle: Handle, input: RevisionInput): Promise<RevisionResult>;
}

/** What the person asked for besides a direct plan edit. */
export type RevisionRequest =
  | {
      readonly type: 'guidance';
      /** The advice as the person wrote it. */
      readonly text: string;
    }
  | {
      readonly type: 'annotation';
      readonly annotation: Annotation;
      /** The screenshot the marks were drawn on, with what was known about it then. */
      readonly marked: Screen;
    };

export interface RevisionInput {
  readonly task: Task;
  /** The version to revise: the approved plan during execution, or the draft under review. */
  readonly plan: PlanVersion;
  /** The screen now, when the environment is open. */
  readonly screen?: Screen;
  readonly request: RevisionRequest;
}

export type RevisionResult =
  | {
      readonly type: 'revision';
      /** Edits of the pending steps only; applied together as one proposal. */
      readonly edits: readonly PlanEdit[];
      /** One sentence on what changes and why, shown beside the proposal. */
      readonly rationale: string;
    }
  | {
      /** The request did not lead to a change; `reason` tells the person why, in one sentence. */
      readonly type: 'unchanged';
      readonly reason: string;
    };

export interface MissingWorkInput {
  readonly task: Task;
  readonly plan: PlanVersion;
  readonly screen: Screen;
  /** The criteria not seen satisfied, with what was seen instead. */
  readonly unmet: readonly CriterionReading[];
  /** What the judge said is still needed (may be empty). */
  readonly missing: readonly string[];
  /** Why the claim was rejected, in one sentence. */
  readonly reason: string;
}

/** One action the operator wants performed, with the one-line summary people see. */
export interface PlannedAction {
  readonly action: Action;
  /** Present progressive: "Clicking 'Submit'". */
  readonly summary: string;
  readonly grounding?: Grounding;
  /**
   * Only looks for or reveals what the step acts on (opening a menu, showing a tab): the step is
   * not carried out by it, and what it changes is not the step's effect.
   */
  readonly preparatory?: true;
}

/** An action already performed during the current step. */
export interface PerformedAction {
  readonly action: Action;
  readonly summary: string;
  readonly ok: boolean;
  /** Copied from the {@link PlannedAction}. */
  readonly preparatory?: true;
  /** What a tool call returned (search results, a command's report); absent for UI actions. */
  readonly output?: string;
}

export interface OperatorInput {
  readonly task: Task;
  readonly step: Step;
  /** 1 on the first attempt at the step. */
  readonly attempt: number;
  readonly screen: Screen;
  /** Actions performed so far in this attempt, oldest first. */
  readonly performed: readonly PerformedAction[];
  /** Set when a loop-breaker tier fired: the next decision should not repeat what kept failing. */
  readonly loopHint?: LoopHint;
}

/** What the loop breaker asks of the next decision. */
export interface LoopHint {
  /** 1: switch modality (mouse, keyboard, menu). 2: change strategy. 3: a judge said switch. */
  readonly tier: 1 | 2 | 3;
  readonly reason: string;
  /** The repeated actions, described for people and models ("click on 'Save'"); do not do these next. */
  readonly avoid: readonly string[];
}

export type OperatorDecision =
  /**
   * Perform these actions in order (a short, safe chain), then ask again; or, with
   * `completesStep`, check the step right after them: the operator expects the chain to leave the
   * step's effect in place, so asking it again would only cost a call to hear "complete".
   */
  | { readonly type: 'act'; readonly actions: readonly PlannedAction[]; readonly completesStep?: boolean }
  /** The step's effect is in place; nothing more to do for it. */
  | { readonly type: 'step-complete'; readonly evidence: string }
  /** The step cannot be carried out as written; the run asks the person. */
  | { readonly type: 'clarify'; readonly question: string }
  /** The step cannot be done on this screen (target missing, disabled...). */
  | { readonly type: 'fail'; readonly reason: string };

export interface Operator {
  decide(handle: Handle, input: OperatorInput): Promise<OperatorDecision>;
}

/** What to find on screen. */
export interface TargetQuery {
  /** The visible label or text of the target, as the step names it. */
  readonly text: string;
  /** Role hint from the step: button, link, field, checkbox, radio, option, select... */
  readonly role?: string;
  /** An area the person marked on the screen: a match inside it wins over better-scored ones outside. */
  readonly region?: Box;
}

export interface Grounder {
  /** Locate a target. `grounding.box` is absent when nothing matched. */
  ground(handle: Handle, input: { readonly query: TargetQuery; readonly screen: Screen }): Promise<Grounding>;
}

export interface StepCheckInput {
  readonly step: Step;
  readonly performed: readonly PerformedAction[];
  readonly before: Screen;
  readonly after: Screen;
  /**
   * The screen the step's last actions were decided on, when that was not `before` (the step
   * explored first: paged to page 3, opened a menu). A change the last action made, such as a
   * row leaving the list, is read against it.
   */
  readonly lastActedOn?: Screen;
  /**
   * The task and the plan in force, when the check is part of the run's own loop. A reflector may
   * use them to look ahead (read the criteria, or decide the next step's first move, on the same
   * screen) as long as the verdict stays about `step` alone.
   */
  readonly task?: Task;
  readonly plan?: PlanVersion;
}

export interface StepCheck {
  readonly passed: boolean;
  /** What was seen that decided it, in one sentence. */
  readonly evidence: string;
  /**
   * What a pass rests on: `state` when the state the step was meant to leave was read on the
   * screen, `change` when only a change the action explains was seen. A success that rests on
   * "every step confirmed" alone is asked about when any step passed on a change. Absent: the
   * reflector does not say, and the pass counts as read from the screen.
   */
  readonly basis?: CheckBasis;
  /**
   * For a failure: the page's own words turning the action down (a validation message, a refused
   * sign-in, fields marked invalid). The same actions again would meet the same answer, so the run
   * asks the person what should change instead of retrying.
   */
  readonly refused?: string;
  /** The reflector's evidence in detail, when it produced any; the loop logs it with the marked images. */
  readonly reflection?: ReflectionDetails;
}

/** Evidence behind a step check: the changed regions, how each was read, and marked screenshots. */
export interface ReflectionDetails {
  readonly method: 'evidence-first' | 'one-shot';
  readonly regions: readonly ChangeRegionEvidence[];
  readonly keyEvidence: string;
  readonly summary: string;
  /** PNG of the screen before, with a marker where the action happened; absent for coordinate-free actions. */
  readonly markedBefore?: Uint8Array;
  /** PNG of the screen after, with numbered boxes on the changed regions. */
  readonly markedAfter?: Uint8Array;
}

export interface Reflector {
  /** Did the step's actions have the visible effect the step expects? */
  check(handle: Handle, input: StepCheckInput): Promise<StepCheck>;
}

export interface JudgeInput {
  readonly task: Task;
  readonly plan: PlanVersion;
  readonly screen: Screen;
  /**
   * The recent trajectory in a few plain lines, oldest first ("Typing 'Ada' into Name: ok",
   * "Step 'Click Save' completed: ..."), so the judge can cross-check what was done.
   */
  readonly recent?: readonly string[];
  /**
   * The screen the plan's last step started from, when the process judging saw it (not after a
   * restart): text on the final screen that was not on it appeared with the last step.
   */
  readonly lastStepBefore?: Screen;
  /**
   * The screen the plan's last step was checked on, when the process judging saw it: a message
   * that answered the step there (a toast) may be gone from the final screen.
   */
  readonly lastStepAfter?: Screen;
}

export interface JudgeVerdict {
  readonly verdict: 'accept' | 'reject';
  readonly reason: string;
  /** Criteria ids judged satisfied on this screen. */
  readonly satisfied: readonly string[];
  /** False when the verdict rests on a guess; an acceptance that is not certain counts as a rejection. */
  readonly certain?: boolean;
  /** On rejection, what is still needed, in the judge's words; empty or absent when nothing specific. */
  readonly missing?: readonly string[];
  /**
   * Steps whose effect the judge itself read on the final screen (a message that confirms the
   * final Save), so a pass of theirs on a change alone no longer leaves the result open.
   */
  readonly confirmedSteps?: readonly string[];
  /**
   * On rejection: it rests on something the screen does not show (no message confirms the Save),
   * not on something it contradicts. With no further work known, the run then asks the person
   * instead of failing.
   */
  readonly unsure?: boolean;
}

/** One success criterion as read from a screen. */
export interface CriterionReading {
  readonly id: string;
  readonly status: 'satisfied' | 'unsatisfied' | 'unknown';
  /** What was seen, in one sentence; the literal value for exact criteria. */
  readonly evidence: string;
}

export interface FeasibilityInput {
  readonly task: Task;
  readonly plan: PlanVersion;
  /** The step that could not be carried out. */
  readonly step: Step;
  /** Why it could not, as the operator or the environment said. */
  readonly failure: string;
  readonly screen: Screen;
}

export interface FeasibilityVerdict {
  /** `infeasible` only on positive evidence that the task cannot be done here; repetition alone is not that. */
  readonly verdict: 'feasible' | 'uncertain' | 'infeasible';
  /** What was checked and seen, one line per probe; at least one line. */
  readonly evidence: readonly string[];
}

export interface Judge {
  /** Conservative: anything uncertain is a rejection. */
  judge(handle: Handle, input: JudgeInput): Promise<JudgeVerdict>;
  /**
   * Read every success criterion of the plan on this screen. Called after each completed step and
   * by the completion gate; must be cheap enough for that.
   */
  assess(handle: Handle, input: Omit<JudgeInput, 'recent'>): Promise<readonly CriterionReading[]>;
  /** Whether the task can still be done after a step could not be carried out. Absent: never judged infeasible. */
  feasibility?(handle: Handle, input: FeasibilityInput): Promise<FeasibilityVerdict>;
}

export interface RecoveryInput {
  readonly task: Task;
  /** The step that is stuck. */
  readonly step: Step;
  /** The pattern the watchdog matched, such as `REPEAT_SEQ_L3_R3`. */
  readonly pattern: string;
  /** What the watchdog saw, in one sentence. */
  readonly reason: string;
  /** The recent actions in plain lines, oldest first. */
  readonly recent: readonly string[];
  /** Recovery steps already proposed for this step; none may be proposed again. */
  readonly previous: readonly string[];
  /** The screen now; absent when none is at hand. */
  readonly screen?: Screen;
}

/** One recovery step to put in front of the stuck one, or why there is none. */
export type RecoveryResult =
  | {
      readonly type: 'proposal';
      /** One imperative step: "Press Escape". */
      readonly step: string;
      /** Why it should help, in one or two sentences. */
      readonly rationale: string;
    }
  | {
      /** No usable proposal; the loop falls back to its own rules. */
      readonly type: 'none';
      readonly reason: string;
    };

/** Proposes recovery steps for stuck steps (system-driven replanning). */
export interface RecoveryProposer {
  propose(handle: Handle, input: RecoveryInput): Promise<RecoveryResult>;
}

export interface CriticInput {
  readonly task: Task;
  /** The plan as it stood at the end. */
  readonly plan: PlanVersion;
  /** The last things that happened, one plain line each, oldest first. */
  readonly recent: readonly string[];
  /** The final screen; absent when none is at hand. */
  readonly screen?: Screen;
}

export interface CriticVerdict {
  /** `success`: goal visibly reached. `retryable`: not reached, nothing shows it cannot be. `blocked`: something outside the agent stands in the way. */
  readonly verdict: 'success' | 'retryable' | 'blocked';
  /** The evidence, in one or two sentences. */
  readonly reason: string;
}

/** Classifies how a run ended: success, worth retrying, or blocked. */
export interface Critic {
  review(handle: Handle, input: CriticInput): Promise<CriticVerdict>;
}
