import type { z } from 'zod';
import type { ScenarioCheckResult, ScenarioTask } from '../task.js';
import type { ScenarioName } from '../state-schemas.js';

/** One condition a check requires, with what was actually seen. */
export interface Fact {
  /** The requirement, worded as a statement: "department is 'Finance'". */
  readonly claim: string;
  readonly holds: boolean;
  /** The observed value, quoted in the detail when the fact does not hold. */
  readonly observed?: string;
}

export function show(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}

/** Holds when `actual` and `expected` serialise to the same JSON (order matters for arrays). */
export function equals(subject: string, actual: unknown, expected: unknown): Fact {
  return {
    claim: `${subject} is ${show(expected)}`,
    holds: JSON.stringify(actual) === JSON.stringify(expected),
    observed: show(actual),
  };
}

/** Holds when both lists hold the same items, in any order. */
export function sameMembers(subject: string, actual: readonly string[], expected: readonly string[]): Fact {
  const sorted = (list: readonly string[]) => JSON.stringify([...list].sort());
  return {
    claim: `${subject} are ${show([...expected].sort())}`,
    holds: sorted(actual) === sorted(expected),
    observed: show([...actual].sort()),
  };
}

export function fact(claim: string, holds: boolean, observed?: unknown): Fact {
  return observed === undefined ? { claim, holds } : { claim, holds, observed: show(observed) };
}

export function judge(facts: readonly Fact[]): ScenarioCheckResult {
  const failed = facts.filter((item) => !item.holds);
  if (failed.length === 0) return { ok: true, detail: `All ${facts.length} conditions hold.` };
  const described = failed.map((item) =>
    item.observed === undefined ? item.claim : `${item.claim} (saw ${item.observed})`,
  );
  return { ok: false, detail: `Not met: ${described.join('; ')}.` };
}

/** What a task definition provides; `defineTasks` adds the scenario and the state parsing. */
export interface TaskSpec<State> {
  /** Short, unique within the scenario; prefixed with the scenario name to form the task id. */
  readonly name: string;
  readonly instruction: string;
  /** Defaults to `success`. */
  readonly expect?: ScenarioTask['expect'];
  /** Defaults to false. */
  readonly surprise?: boolean;
  /** The conditions the final state must meet. */
  readonly facts: (state: State) => readonly Fact[];
}

/**
 * Turn specs into tasks whose check first validates the state with the scenario's schema. A
 * success task fails when nothing was reported; a clarify task passes then (nothing happened).
 */
export function defineTasks<Schema extends z.ZodType>(
  scenario: ScenarioName,
  schema: Schema,
  specs: readonly TaskSpec<z.infer<Schema>>[],
): ScenarioTask[] {
  return specs.map((spec) => {
    const expect = spec.expect ?? 'success';
    return {
      id: `${scenario}/${spec.name}`,
      scenario,
      instruction: spec.instruction,
      expect,
      surprise: spec.surprise ?? false,
      check(state: unknown): ScenarioCheckResult {
        if (state === undefined) {
          return expect === 'clarify'
            ? { ok: true, detail: 'The app reported no state: nothing was changed.' }
            : { ok: false, detail: `The ${scenario} app has not reported any state for this session.` };
        }
        const parsed = schema.safeParse(state);
        if (!parsed.success) {
          const first = parsed.error.issues[0];
          return {
            ok: false,
            detail: `The reported state is not a valid ${scenario} state (${first?.path.join('.') ?? ''}: ${first?.message ?? ''}).`,
          };
        }
        return judge(spec.facts(parsed.data));
      },
    };
  });
}

/** The task `<scenario>/<name>` from a scenario's list; throws when it is missing (a typo in this package). */
export function taskNamed(tasks: readonly ScenarioTask[], name: string): ScenarioTask {
  const task = tasks.find((candidate) => candidate.id.endsWith(`/${name}`));
  if (task === undefined) throw new Error(`No task named "${name}"`);
  return task;
}
