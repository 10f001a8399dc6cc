import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { diffPlans, projectRun, type BlobStore } from '@sandpiper/core';
import type { PlanDiff, PlanVersion, RunEvent, RunStatus, Task } from '@sandpiper/protocol';
import {
  collectEvidence,
  completionChecks,
  latestCriteria,
  markedImageHashes,
  type CompletionCheckReport,
  type CriterionReport,
  type EvidenceReport,
} from './report-evidence.js';
import { renderReportHtml } from './report-html.js';
import { usageReport, type UsageReport } from './usage.js';

/** What happened in one step, gathered from the log, with the evidence logged for it. */
export interface StepReport extends EvidenceReport {
  readonly id: string;
  readonly number: number;
  readonly text: string;
  readonly status: string;
  readonly attempts: number;
  readonly actions: readonly {
    readonly summary: string;
    readonly ok: boolean | undefined;
    readonly ambiguous: boolean;
  }[];
  readonly checks: readonly { readonly passed: boolean; readonly evidence: string }[];
  /** Hash of the last screenshot taken during the step. */
  readonly screenshot: string | undefined;
}

/** The JSON report of a run. Every field is derived from the run's events. */
export interface RunReport {
  readonly runId: string;
  readonly task: Task | undefined;
  /** The engine that drove the run, as its `run-start` event names it; undefined in older logs. */
  readonly engine: string | undefined;
  readonly status: RunStatus | 'running';
  readonly reason: string | undefined;
  readonly startedAt: number | undefined;
  readonly endedAt: number | undefined;
  readonly durationMs: number | undefined;
  readonly actionCount: number;
  readonly eventCount: number;
  readonly versions: readonly PlanVersion[];
  /** Each version against its parent, in version order. */
  readonly diffs: readonly PlanDiff[];
  readonly steps: readonly StepReport[];
  readonly warnings: readonly string[];
  readonly clarification: { readonly question: string; readonly unparsed: readonly string[] } | undefined;
  /** The final plan's success criteria, each with its latest reading (latest `criteria-update` wins). */
  readonly criteria: readonly CriterionReport[];
  /** Every claim that the task was done, in order, accepted or not. */
  readonly completionChecks: readonly CompletionCheckReport[];
  /** Evidence logged outside any step of the final plan (between steps, or for a step a revision dropped). */
  readonly otherEvidence: EvidenceReport;
  /** Model calls per role, per step and in total, from the `model-call` events; all zero for the built-in engine. */
  readonly usage: UsageReport;
}

export function buildReport(runId: string, events: readonly RunEvent[]): RunReport {
  const state = projectRun(runId, events);
  const versions = state.versions;
  const byId = new Map(versions.map((version) => [version.id, version]));
  const diffs = versions.flatMap((version) => {
    const parent = version.parentId ? byId.get(version.parentId) : undefined;
    return parent ? [diffPlans(parent, version)] : [];
  });
  const plan = state.plan ?? versions.at(-1);
  const steps = plan ? [...plan.completed, ...plan.pending] : [];
  const evidence = collectEvidence(
    events,
    steps.map((step) => step.id),
  );
  const end = events.findLast((event) => event.payload.type === 'run-end');
  return {
    runId,
    task: state.task,
    engine: state.engine,
    status: state.status ?? 'running',
    reason: state.endReason,
    startedAt: state.startedAt,
    endedAt: end?.at,
    durationMs: end && state.startedAt !== undefined ? end.at - state.startedAt : undefined,
    actionCount: state.actionCount,
    eventCount: events.length,
    versions,
    diffs,
    steps: steps.map((step, index) => ({
      ...stepReport(step, index + 1, events),
      ...(evidence.byStep.get(step.id) ?? { reflections: [], detectors: [], feasibility: [] }),
    })),
    warnings: events.flatMap((event) => (event.payload.type === 'warning' ? [event.payload.message] : [])),
    clarification: state.clarification,
    criteria: latestCriteria(events, plan?.successCriteria ?? []),
    completionChecks: completionChecks(events),
    otherEvidence: evidence.other,
    usage: usageReport(
      events,
      steps.map((step, index) => ({ id: step.id, number: index + 1, text: step.text })),
    ),
  };
}

function stepReport(
  step: PlanVersion['pending'][number],
  number: number,
  events: readonly RunEvent[],
): Omit<StepReport, keyof EvidenceReport> {
  const actions: { summary: string; ok: boolean | undefined; ambiguous: boolean }[] = [];
  const checks: { passed: boolean; evidence: string }[] = [];
  let attempts = 0;
  let screenshot: string | undefined;
  let inStep = false;
  for (const event of events) {
    const payload = event.payload;
    if (payload.type === 'step-start') {
      inStep = payload.stepId === step.id;
      if (inStep) attempts += 1;
    } else if (payload.type === 'step-end' && payload.stepId === step.id) {
      inStep = false;
    } else if (inStep && payload.type === 'observation') {
      screenshot = payload.observation.screenshot.hash;
    } else if (payload.type === 'action-start' && payload.stepId === step.id) {
      actions.push({ summary: payload.summary, ok: undefined, ambiguous: payload.grounding?.ambiguous ?? false });
    } else if (payload.type === 'action-end' && payload.stepId === step.id) {
      const last = actions.at(-1);
      if (last) last.ok = payload.result.ok;
    } else if (payload.type === 'step-check' && payload.stepId === step.id) {
      checks.push({ passed: payload.passed, evidence: payload.evidence });
    }
  }
  return { id: step.id, number, text: step.text, status: step.status, attempts, actions, checks, screenshot };
}

/** Where a run's report files are: `<directory>/<runId>/report.json` and `report.html`. */
export interface ReportPaths {
  readonly json: string;
  readonly html: string;
}

export function reportPaths(directory: string, runId: string): ReportPaths {
  const folder = path.join(directory, runId);
  return { json: path.join(folder, 'report.json'), html: path.join(folder, 'report.html') };
}

/**
 * Write `report.json` and a self-contained `report.html` (screenshots inlined) for a run. Each
 * file is written beside its place and renamed into it, so a process killed mid-write leaves the
 * previous report (or none), never half of one.
 */
export async function writeReport(
  directory: string,
  runId: string,
  events: readonly RunEvent[],
  blobs: BlobStore,
): Promise<ReportPaths> {
  const report = buildReport(runId, events);
  const paths = reportPaths(directory, runId);
  mkdirSync(path.dirname(paths.json), { recursive: true });
  const images = await loadImages(report, blobs);
  writeAtomically(paths.json, `${JSON.stringify(report, null, 2)}\n`);
  writeAtomically(paths.html, renderReportHtml(report, images));
  return paths;
}

function writeAtomically(file: string, text: string): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}

/** Every screenshot and marked image the report shows, as `data:` URIs by blob hash; missing blobs are left out. */
export async function loadImages(report: RunReport, blobs: BlobStore): Promise<Map<string, string>> {
  const hashes = [
    ...report.steps.flatMap((step) => (step.screenshot ? [step.screenshot] : [])),
    ...markedImageHashes([...report.steps, report.otherEvidence]),
  ];
  const images = new Map<string, string>();
  for (const hash of new Set(hashes)) {
    const bytes = await blobs.get(hash);
    if (bytes) images.set(hash, `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`);
  }
  return images;
}
