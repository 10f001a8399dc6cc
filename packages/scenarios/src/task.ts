import type { ScenarioFault } from './faults.js';
import type { ScenarioName } from './state-schemas.js';

/** A verdict on an app's real state. */
export interface ScenarioCheckResult {
  /** True when the state shows the task done as asked (or, for `clarify` tasks, untouched). */
  readonly ok: boolean;
  /** One line saying which conditions held or failed, with the values seen. */
  readonly detail: string;
}

/** One instruction to run against a scenario app, with a check on the app's state afterwards. */
export interface ScenarioTask {
  /** Stable and unique across all tasks: `expense-report/submit-lodging`. */
  readonly id: string;
  readonly scenario: ScenarioName;
  /**
   * The instruction, in the built-in planner's grammar: imperative clauses joined by commas, "and"
   * and "then", with quoted text taken literally. Dates are typed as MM/DD/YYYY, which is what
   * Chromium's date field accepts from the keyboard when it is empty.
   */
  readonly instruction: string;
  /**
   * `success`: the engine should carry the instruction out. `clarify`: the instruction contains a
   * clause outside the grammar, and the engine must ask instead of guessing or acting at all.
   * `refused`: the page turns one of the instruction's actions down (a validation message), and
   * the engine must stop there and ask what should change, never claim success; the checker says
   * what the page must show then.
   */
  readonly expect: 'success' | 'clarify' | 'refused';
  /** Open the app with `?surprise=1`, so the surprise notice covers the page at the start. */
  readonly surprise: boolean;
  /**
   * Open the app with this planted fault (`?fault=<name>`). Absent for the built-in tasks, which
   * run on apps that behave normally; set on the tasks of the false-completion benchmark.
   */
  readonly fault?: ScenarioFault;
  /**
   * Judge the state the app reported (`ScenarioServer.state`; undefined when none). Pure: it reads
   * only its argument. For `clarify` tasks it passes when nothing was changed.
   */
  check(state: unknown): ScenarioCheckResult;
}

/**
 * A task of the false-completion benchmark: an instruction run on an app with a planted fault, so
 * that carrying out every step can look finished while the goal is not met, or a control run on
 * the normal app. Its `check` says whether the person's goal was really achieved.
 */
export interface PlantedTask extends ScenarioTask {
  /**
   * `repairable`: doing the affected work again (entering the value again, answering the extra
   * question) reaches the goal, so an honest run can still succeed. `unrepairable`: once the
   * fault fired the app cannot reach the goal, so the honest outcome is a failed run. `control`:
   * no fault; the instruction as written reaches the goal.
   */
  readonly outcome: 'repairable' | 'unrepairable' | 'control';
  /** What goes wrong when the instruction is followed as written, in one sentence ("nothing" for a control). */
  readonly plant: string;
}
