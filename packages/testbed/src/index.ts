/**
 * A test bed for Sandpiper's engine: pages built with real widget libraries (Bootstrap, MUI,
 * react-select, flatpickr, AG Grid, Tom Select, noUiSlider) and plain HTML, tasks phrased in
 * several styles, and strict checks on each page's own state, written apart from the engine.
 */
export {
  isTestbedPageName,
  libraries,
  testbedPageNames,
  testbedPages,
  type LibraryName,
  type TestbedPageInfo,
  type TestbedPageName,
} from './catalog.js';
export { createPageChecks, firstDifference, readPageState, type PageChecks, type TestbedPageState } from './check.js';
export { readTestbedState, testbedStateExpression, type ExpressionEvaluator } from './read-state.js';
export { startTestbedServer, testbedDistFolder, type TestbedServer, type TestbedServerOptions } from './server.js';
export {
  instructionStyles,
  widgetKinds,
  type InstructionStyle,
  type TaskExpectation,
  type TestbedCheckResult,
  type TestbedInstruction,
  type TestbedTask,
  type WidgetKind,
} from './task.js';
export { testbedTasks } from './tasks/index.js';
