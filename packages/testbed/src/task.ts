import type { LibraryName, TestbedPageName } from './catalog.js';

/** Every kind of widget a task can be about; a task names the one its goal hinges on. */
export const widgetKinds = [
  'button',
  'link',
  'textbox',
  'select',
  'combobox',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'spinbutton',
  'date',
  'time',
  'tabs',
  'accordion',
  'tree',
  'menu',
  'dialog',
  'toast',
  'tooltip',
  'table',
  'grid',
  'pagination',
  'search',
  'form',
] as const;

/** The widget kind that decides whether a task is done. */
export type WidgetKind = (typeof widgetKinds)[number];

/**
 * How an instruction is phrased. `terse`: a short imperative. `polite`: a request in full sentences.
 * `goal`: the end state the person wants, without naming the steps. `lower`: all lower case, no
 * quotation marks. `quoted`: names set in quotes of some kind ('…', "…", ‘…’, “…”).
 */
export const instructionStyles = ['terse', 'polite', 'goal', 'lower', 'quoted'] as const;

export type InstructionStyle = (typeof instructionStyles)[number];

/** One way of asking for a task. */
export interface TestbedInstruction {
  readonly style: InstructionStyle;
  /** What the person types, exactly. */
  readonly text: string;
}

/**
 * The honest outcome of a task. `done`: carry it out. `ask`: the instruction is ambiguous on this
 * page and the agent should ask which one was meant. `infeasible`: what it names does not exist
 * here. For `ask` and `infeasible` the check passes only while the page's data is untouched.
 */
export type TaskExpectation = 'done' | 'ask' | 'infeasible';

/** A verdict on a page's state. */
export interface TestbedCheckResult {
  /** True when the state shows the goal reached and nothing else changed. */
  readonly ok: boolean;
  /** One line naming what held, or the first thing that differed and the value seen. */
  readonly detail: string;
}

/** One task on one test bed page. */
export interface TestbedTask {
  /** Unique across all tasks: `<page>/<what>`, e.g. `login/remember-and-sign-in`. */
  readonly id: string;
  /** The page the task starts on; its address is `/<page>/` (see `TestbedServer.urlFor`). */
  readonly page: TestbedPageName;
  /** The widget the goal hinges on. */
  readonly widget: WidgetKind;
  /** The library that draws that widget (`html` for plain markup and our own ARIA widgets). */
  readonly library: LibraryName;
  /** One neutral sentence describing the end state the check looks for. */
  readonly goal: string;
  readonly expected: TaskExpectation;
  /** Three to five phrasings of the same request, each in a different style. */
  readonly instructions: readonly TestbedInstruction[];
  /**
   * Judge the JSON that `window.testbedState()` returned on the page after the run. Pure: it reads
   * only its argument. Strict: a wrong extra effect (a second row deleted, a stray submission)
   * fails it. Every `done` task's check fails on the untouched page.
   */
  check(state: unknown): TestbedCheckResult;
}
