import type {
  CriterionReading,
  Engine,
  FeasibilityInput,
  FeasibilityVerdict,
  Grounder,
  JudgeInput,
  JudgeVerdict,
  LoopJudgeInput,
  LoopVerdict,
  MissingWorkInput,
  OperatorDecision,
  OperatorInput,
  PlanRefresh,
  PlannerInput,
  PlannerResult,
  RevisionInput,
  RevisionResult,
  StepCheck,
  StepCheckInput,
} from '@sandpiper/core';
import type { Grounding, PlanVersion, PlannedStep } from '@sandpiper/protocol';

/** A response, or a function of the call's input that computes one. */
type Scripted<I, O> = O | ((input: I) => O);

export interface ScriptedEngineScript {
  /** One entry per planner call, used in order; the last one repeats. */
  readonly planner: readonly Scripted<PlannerInput, PlannerResult>[];
  readonly operator: readonly Scripted<OperatorInput, OperatorDecision>[];
  readonly reflector?: readonly Scripted<StepCheckInput, StepCheck>[];
  readonly judge?: readonly Scripted<JudgeInput, JudgeVerdict>[];
  /** How the planner re-derives criteria after an edit; by default it keeps the version's own. */
  readonly refresh?: (version: PlanVersion) => PlanRefresh;
  /** Readings of the success criteria, one entry per call; by default every criterion reads satisfied. */
  readonly assess?: readonly Scripted<JudgeInput, readonly CriterionReading[]>[];
  /** Steps appended after a rejected completion claim, one entry per call; by default none. */
  readonly missingWork?: readonly Scripted<MissingWorkInput, readonly PlannedStep[]>[];
  /** Tier-3 loop verdicts, one entry per call; absent: the engine has no loop judge. */
  readonly loopJudge?: readonly Scripted<LoopJudgeInput, LoopVerdict>[];
  /** Feasibility verdicts, one entry per call; absent: the engine has no feasibility check. */
  readonly feasibility?: readonly Scripted<FeasibilityInput, FeasibilityVerdict>[];
  /** Answers to guidance and annotations, one entry per call; by default the plan stays unchanged. */
  readonly revise?: readonly Scripted<RevisionInput, RevisionResult>[];
}

/** Every call the engine received, per role, in order. */
export interface ScriptedEngineCalls {
  readonly planner: PlannerInput[];
  readonly operator: OperatorInput[];
  readonly reflector: StepCheckInput[];
  readonly judge: JudgeInput[];
  readonly assess: JudgeInput[];
  readonly missingWork: MissingWorkInput[];
  readonly feasibility: FeasibilityInput[];
  readonly loopJudge: LoopJudgeInput[];
  readonly revise: RevisionInput[];
}

const allSatisfied = (input: JudgeInput): readonly CriterionReading[] =>
  input.plan.successCriteria.map((criterion) => ({
    id: criterion.id,
    status: 'satisfied' as const,
    evidence: 'scripted: seen',
  }));

/**
 * A fake model that implements the real engine contract: it returns scripted answers, one per
 * call, and records every input so a test can assert what the loop asked.
 */
export function createScriptedEngine(script: ScriptedEngineScript): Engine & { readonly calls: ScriptedEngineCalls } {
  const calls: ScriptedEngineCalls = {
    planner: [],
    operator: [],
    reflector: [],
    judge: [],
    assess: [],
    missingWork: [],
    feasibility: [],
    loopJudge: [],
    revise: [],
  };
  const pick = <I, O>(entries: readonly Scripted<I, O>[], log: I[], input: I, role: string): O => {
    log.push(input);
    const entry = entries[Math.min(log.length, entries.length) - 1];
    if (entry === undefined) throw new Error(`the scripted ${role} has no response for call ${log.length}`);
    return typeof entry === 'function' ? (entry as (value: I) => O)(input) : entry;
  };
  const grounder: Grounder = {
    async ground(_handle, { query }): Promise<Grounding> {
      return { query: query.text, method: 'none', ambiguous: false, alternatives: [] };
    },
  };
  return {
    name: 'scripted',
    calls,
    planner: {
      plan: async (_handle, input) => pick(script.planner, calls.planner, input, 'planner'),
      refresh: async (_handle, { version }) =>
        script.refresh?.(version) ?? {
          constraints: version.constraints,
          successCriteria: version.successCriteria,
          unparsed: [],
        },
      missingWork: async (_handle, input) => pick(script.missingWork ?? [[]], calls.missingWork, input, 'missingWork'),
      revise: async (_handle, input) =>
        pick(script.revise ?? [{ type: 'unchanged', reason: 'scripted: no change' }], calls.revise, input, 'revise'),
    },
    operator: { decide: async (_handle, input) => pick(script.operator, calls.operator, input, 'operator') },
    grounder,
    reflector: {
      check: async (_handle, input) =>
        pick(script.reflector ?? [{ passed: true, evidence: 'scripted pass' }], calls.reflector, input, 'reflector'),
    },
    judge: {
      judge: async (_handle, input) =>
        pick(
          script.judge ?? [{ verdict: 'accept', reason: 'scripted accept', satisfied: [] }],
          calls.judge,
          input,
          'judge',
        ),
      assess: async (_handle, input) => pick(script.assess ?? [allSatisfied], calls.assess, input, 'assess'),
      ...(script.feasibility
        ? {
            feasibility: async (_handle: unknown, input: FeasibilityInput) =>
              pick(script.feasibility!, calls.feasibility, input, 'feasibility'),
          }
        : {}),
    },
    ...(script.loopJudge
      ? {
          loopJudge: {
            judge: async (_handle: unknown, input: LoopJudgeInput) =>
              pick(script.loopJudge!, calls.loopJudge, input, 'loopJudge'),
          },
        }
      : {}),
  };
}
