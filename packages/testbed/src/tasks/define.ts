import type { LibraryName, TestbedPageName } from '../catalog.js';
import {
  instructionStyles,
  type InstructionStyle,
  type TaskExpectation,
  type TestbedCheckResult,
  type TestbedTask,
  type WidgetKind,
} from '../task.js';

/** A task as a task file writes it: the page, and the library when it is the page's default, are filled in. */
export interface TaskSpec {
  /** The part after `<page>/`. */
  readonly name: string;
  readonly widget: WidgetKind;
  /** Defaults to the library given to {@link defineTasks}. */
  readonly library?: LibraryName;
  readonly goal: string;
  /** Defaults to `done`. */
  readonly expected?: TaskExpectation;
  /** One phrasing per style; the order of the styles in the result is fixed. */
  readonly say: Partial<Record<InstructionStyle, string>>;
  readonly check: (state: unknown) => TestbedCheckResult;
}

export function defineTasks(page: TestbedPageName, library: LibraryName, specs: readonly TaskSpec[]): TestbedTask[] {
  return specs.map((spec) => ({
    id: `${page}/${spec.name}`,
    page,
    widget: spec.widget,
    library: spec.library ?? library,
    goal: spec.goal,
    expected: spec.expected ?? 'done',
    instructions: instructionStyles.flatMap((style) => {
      const text = spec.say[style];
      return text === undefined ? [] : [{ style, text }];
    }),
    check: spec.check,
  }));
}
