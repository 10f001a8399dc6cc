import type {
  CriterionReading,
  Engine,
  Grounder,
  Handle,
  Judge,
  Operator,
  Planner,
  PlannerInput,
  Reflector,
  StepCheck,
} from '@sandpiper/core';
import type { Action, PlannedStep, PlanVersion } from '@sandpiper/protocol';

/**
 * The hybrid engine: the built-in engine first, a model only where the built-in engine cannot
 * settle something. Each role asks the built-in engine and hands over to the model's role when
 * the answer is one the built-in engine gives for "I cannot tell" rather than a finding:
 *
 * - planner: a plan it parsed stands when its first step's target is on the screen; a question
 *   about words it could not place, or no plan, goes to the model. A plan whose first step it
 *   would have to search for is the model's to replace; when the model has no plan either, the
 *   built-in one stands. Edits it cannot read, criteria it could not type and missing work it finds
 *   none of go to the model too.
 * - operator: an action or a "complete" on the screen stands; a question or a failure (a step it
 *   could not read or a target it could not find) goes to the model.
 * - grounder: a single confident match stands; no match or an ambiguous one goes to the model.
 * - reflector: a pass stands, since the built-in check passes only on evidence it read, and so
 *   does a failure on the page's own refusal; a step it did not see work is judged again by the
 *   model, which may read what it could not.
 * - judge: when it reads every criterion one way or the other, an acceptance or a certain
 *   rejection stands; a rejection out of doubt, or a criterion it cannot read, goes to the model. Criteria it read stay; the model reads only the ones it left unknown. A feasibility
 *   verdict other than "uncertain" stands.
 *
 * The loop judge is the built-in one (it never calls a model); the recovery proposer and the
 * critic are the model's, which the built-in engine does not have. Every model call is a
 * `model-call` event naming its role and step, so a run's log shows which steps needed one.
 */
export function createHybridEngine(builtin: Engine, model: Engine): Engine {
  return {
    name: `hybrid: ${builtin.name} first, then ${model.name}`,
    planner: hybridPlanner(builtin, model.planner),
    operator: hybridOperator(builtin.operator, model.operator),
    grounder: hybridGrounder(builtin.grounder, model.grounder),
    reflector: hybridReflector(builtin.reflector, model.reflector),
    judge: hybridJudge(builtin.judge, model.judge),
    ...((builtin.loopJudge ?? model.loopJudge) === undefined
      ? {}
      : { loopJudge: (builtin.loopJudge ?? model.loopJudge)! }),
    ...(model.recovery === undefined ? {} : { recovery: model.recovery }),
    ...(model.critic === undefined ? {} : { critic: model.critic }),
    async close() {
      await Promise.all([builtin.close?.(), model.close?.()]);
    },
  };
}

function hybridPlanner(builtin: Engine, model: Planner): Planner {
  return {
    async plan(handle, input) {
      const first = await builtin.planner.plan(handle, input);
      if (first.type !== 'plan') return model.plan(handle, input);
      if (await actionable(builtin.operator, handle, input, first.steps[0])) return first;
      // Its first target is not in sight: the model's reading wins if it has one; a model that
      // cannot plan it either leaves the built-in plan, whose operator will go and look.
      const second = await model.plan(handle, input);
      return second.type === 'plan' ? second : first;
    },
    async refresh(handle, input) {
      const first = await builtin.planner.refresh(handle, input);
      return first.unparsed.length === 0 ? first : model.refresh(handle, input);
    },
    async missingWork(handle, input) {
      const first = await builtin.planner.missingWork(handle, input);
      return first.length > 0 ? first : model.missingWork(handle, input);
    },
    async revise(handle, input) {
      const first = await builtin.planner.revise(handle, input);
      return first.type === 'revision' ? first : model.revise(handle, input);
    },
  };
}

/** Actions that look for a target rather than act on one (as do actions grounded on nothing). */
const SEARCHING = new Set<Action['type']>(['scroll', 'wait']);

/**
 * Whether the built-in operator can carry out `step` on the planning screen: it finds the step's
 * target there (or sees the step done already) instead of searching for it. A plan whose first
 * step fails this was read from words, not from the screen (a "field" named after the form
 * itself), so the model plans instead. The operator is stateless, so asking it plans nothing.
 */
async function actionable(
  operator: Operator,
  handle: Handle,
  input: PlannerInput,
  step: PlannedStep | undefined,
): Promise<boolean> {
  if (step === undefined || input.screen === undefined) return true;
  const decision = await operator.decide(handle, {
    task: input.task,
    step: { id: 'step-hybrid-probe', text: step.text, status: 'pending' },
    attempt: 1,
    screen: input.screen,
    performed: [],
  });
  if (decision.type === 'step-complete') return true;
  return (
    decision.type === 'act' &&
    decision.actions.every(
      (planned) =>
        !SEARCHING.has(planned.action.type) && (planned.grounding === undefined || planned.grounding.box !== undefined),
    )
  );
}

function hybridOperator(builtin: Operator, model: Operator): Operator {
  return {
    async decide(handle, input) {
      const first = await builtin.decide(handle, input);
      return first.type === 'act' || first.type === 'step-complete' ? first : model.decide(handle, input);
    },
  };
}

function hybridGrounder(builtin: Grounder, model: Grounder): Grounder {
  return {
    async ground(handle, input) {
      const first = await builtin.ground(handle, input);
      return first.box !== undefined && !first.ambiguous ? first : model.ground(handle, input);
    },
  };
}

function hybridReflector(builtin: Reflector, model: Reflector): Reflector {
  return {
    async check(handle, input): Promise<StepCheck> {
      const first = await builtin.check(handle, input);
      // The page's own refusal stands too: no second opinion turns "Incorrect password" into a pass.
      return first.passed || first.refused !== undefined ? first : model.check(handle, input);
    },
  };
}

function hybridJudge(builtin: Judge, model: Judge): Judge {
  const feasibility = model.feasibility?.bind(model);
  return {
    async judge(handle, input) {
      // An acceptance means every criterion was read and seen, so only a rejection reads them again.
      const first = await builtin.judge(handle, input);
      if (first.verdict === 'accept') return first;
      // Criteria it cannot read (described ones, from a model's plan) are the model's to judge.
      const unread = unknownCriteria(input.plan, await builtin.assess(handle, input));
      const unreadable = input.plan.successCriteria.length === 0 || unread.length > 0;
      const settled = !unreadable && first.unsure !== true && first.certain !== false;
      return settled ? first : model.judge(handle, input);
    },
    async assess(handle, input): Promise<readonly CriterionReading[]> {
      const first = await builtin.assess(handle, input);
      const unread = new Set(unknownCriteria(input.plan, first));
      if (unread.size === 0) return first;
      const second = await model.assess(handle, input);
      return input.plan.successCriteria.map(
        (criterion) =>
          (unread.has(criterion.id) ? second : first).find((reading) => reading.id === criterion.id) ?? {
            id: criterion.id,
            status: 'unknown',
            evidence: 'Not read.',
          },
      );
    },
    ...(builtin.feasibility === undefined && feasibility === undefined
      ? {}
      : {
          async feasibility(handle, input) {
            const first = builtin.feasibility ? await builtin.feasibility(handle, input) : undefined;
            if (first !== undefined && first.verdict !== 'uncertain') return first;
            return feasibility ? feasibility(handle, input) : first!;
          },
        }),
  };
}

/** The ids of `plan`'s criteria that `readings` leave unknown or do not read at all. */
function unknownCriteria(plan: PlanVersion, readings: readonly CriterionReading[]): string[] {
  return plan.successCriteria
    .filter((criterion) => {
      const status = readings.find((reading) => reading.id === criterion.id)?.status;
      return status !== 'satisfied' && status !== 'unsatisfied';
    })
    .map((criterion) => criterion.id);
}
