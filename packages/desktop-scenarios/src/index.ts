/**
 * Desktop scenarios for LibreOffice: an incident sheet and a sensor log in Calc, a report in
 * Writer, each generated into a session directory from a committed source, and tasks whose checks
 * read the files LibreOffice saved there, so success is judged by the document, never by a claim.
 */
export { desktopTasks, getDesktopTask } from './catalog.js';
export { DesktopScenarioError, DocumentFormatError, UnknownDesktopScenarioError } from './errors.js';
export {
  desktopScenarios,
  getDesktopScenario,
  prepareDesktopScenario,
  type DesktopScenarioInfo,
  type PreparedDesktopScenario,
  type SpreadsheetScenarioInfo,
  type TextScenarioInfo,
} from './scenarios.js';
export type { DesktopCheckResult, DesktopScenarioName, DesktopTask, DocumentFormat } from './task.js';
export {
  readSpreadsheet,
  type CellRange,
  type ChartSeries,
  type Sheet,
  type SheetCell,
  type SpreadsheetChart,
  type SpreadsheetContent,
} from './odf/read-spreadsheet.js';
export { readTextDocument, type TextContent, type TextParagraph } from './odf/read-text.js';
