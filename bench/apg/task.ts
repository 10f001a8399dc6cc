/**
 * The shape of one APG benchmark task: a plain-language instruction a person would type while
 * looking at one of the W3C ARIA Authoring Practices example pages, and a checker that reads the
 * widget's state from the page afterwards.
 */
import type { Page } from 'playwright-core';

/** The kind of widget a task operates (the APG pattern the example page implements). */
export type ApgWidget =
  | 'accordion'
  | 'alert'
  | 'alertdialog'
  | 'breadcrumb'
  | 'button'
  | 'carousel'
  | 'checkbox'
  | 'combobox'
  | 'datepicker'
  | 'dialog'
  | 'disclosure'
  | 'feed'
  | 'grid'
  | 'landmarks'
  | 'link'
  | 'listbox'
  | 'menu'
  | 'menubar'
  | 'menubutton'
  | 'meter'
  | 'radio'
  | 'slider'
  | 'spinbutton'
  | 'switch'
  | 'table'
  | 'tabs'
  | 'toolbar'
  | 'treegrid'
  | 'treeview';

/** What a well-behaved agent should end with. */
export type ApgExpected =
  /** The instruction is clear and feasible: carry it out and report it done. */
  | 'done'
  /** The instruction is ambiguous or lacks information only the person has: ask before acting. */
  | 'ask'
  /** The page cannot do what is asked: say so without changing anything. */
  | 'infeasible';

/** How an instruction is phrased. */
export type InstructionStyle =
  /** Short imperative, few words ("Tick Mustard"). */
  | 'terse'
  /** A full, courteous request ("Could you please tick Mustard?"). */
  | 'polite'
  /** States the wanted end state rather than the action ("I want mustard on my sandwich"). */
  | 'goal'
  /** Typed casually in lower case, little punctuation ("tick mustard pls"). */
  | 'lower'
  /** Names the on-screen label in quotes ('Check "Mustard"'). */
  | 'quoted';

/** One phrasing of a task's request. */
export interface Instruction {
  /** The phrasing style, so results can be broken down by style. */
  readonly style: InstructionStyle;
  /** The text exactly as the person would type it. */
  readonly text: string;
}

/** Outcome of a task's state checker. */
export interface CheckResult {
  /** True when the page is in the intended state and nothing detectable changed besides. */
  readonly ok: boolean;
  /** A short human-readable account of what was found (mismatches first). */
  readonly detail: string;
}

/** One benchmark task on one APG example page. */
export interface ApgTask {
  /** Stable unique identifier, kebab-case, prefixed by the page group (e.g. `checkbox-tick-mustard`). */
  readonly id: string;
  /** Path of the example page under the corpus `content/` folder, e.g. `patterns/checkbox/examples/checkbox.html`. */
  readonly example: string;
  /** The kind of widget the task is about. */
  readonly widget: ApgWidget;
  /** The intended end state, described neutrally (not an instruction), for reports and reviewers. */
  readonly goal: string;
  /** Whether the agent should finish the task, ask the person first, or decline it as impossible. */
  readonly expected: ApgExpected;
  /** Two or three phrasings of the same request, each in a different style. */
  readonly instructions: readonly Instruction[];
  /**
   * Reads the widget state from the page after the run and compares it with the intended state:
   * the intended change and no other detectable change. For `ask` and `infeasible` tasks it passes
   * only when the relevant state is still the page's initial state.
   */
  check(page: Page): Promise<CheckResult>;
}
