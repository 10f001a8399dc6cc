/**
 * The expression that reads a page's state in the page itself; it yields `null` before the page
 * has published `window.testbedState`. Any driver that can evaluate JavaScript can use it.
 */
export const testbedStateExpression = 'typeof window.testbedState === "function" ? window.testbedState() : null';

/** Anything that evaluates an expression in the page, such as a Playwright `Page`. */
export interface ExpressionEvaluator {
  evaluate(expression: string): Promise<unknown>;
}

/** The page's `{ page, data, view }` JSON, for a task's `check`; `null` when the page published none. */
export function readTestbedState(page: ExpressionEvaluator): Promise<unknown> {
  return page.evaluate(testbedStateExpression);
}
