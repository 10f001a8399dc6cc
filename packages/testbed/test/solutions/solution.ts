import type { Page } from 'playwright-core';

/** What a person would do for one task, as a short script. */
export type Solution = (page: Page) => Promise<unknown>;

/** The reference scripts of one page's tasks, keyed by task id. */
export interface PageSolutions {
  /** One per task. For `ask` and `infeasible` tasks it is {@link leaveAlone}: doing nothing is right. */
  readonly solve: Readonly<Record<string, Solution>>;
  /**
   * For `ask` and `infeasible` tasks: what an agent that guessed would do. The test proves the
   * check fails afterwards, so a check that passes on anything is caught.
   */
  readonly guess: Readonly<Record<string, Solution>>;
}

/** The right answer to a task that should be asked about or refused: touch nothing. */
export const leaveAlone: Solution = () => Promise.resolve();
