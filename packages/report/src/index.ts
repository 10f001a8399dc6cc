/**
 * The report of a run: a JSON projection of its event log (plan versions and diffs, steps with
 * their actions, checks and evidence, criteria, completion claims, model usage) and a
 * self-contained HTML page that shows it, screenshots inlined.
 */
export { buildReport, loadImages, reportPaths, writeReport } from './report.js';
export type { ReportPaths, RunReport, StepReport } from './report.js';
export type {
  CompletionCheckReport,
  CriterionReport,
  DetectorReport,
  EvidenceReport,
  FeasibilityReport,
  ReflectionReport,
} from './report-evidence.js';
export { renderReportHtml, reportContentSecurityPolicy } from './report-html.js';
export {
  addCall,
  describeUsage,
  formatCost,
  formatTokens,
  formatUsd,
  modelCalls,
  NO_USAGE,
  usageReport,
} from './usage.js';
export type { RoleUsage, StepUsage, UsageReport, UsageTotals } from './usage.js';
