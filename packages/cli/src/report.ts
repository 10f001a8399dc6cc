import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { diffPlans, projectRun, type BlobStore } from '@sandpiper/core';
import type { PlanDiff, PlanVersion, RunEvent, RunStatus, Task } from '@sandpiper/protocol';

/** What happened in one step, gathered from the log. */
export interface StepReport {
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
  const end = events.findLast((event) => event.payload.type === 'run-end');
  return {
    runId,
    task: state.task,
    status: state.status ?? 'running',
    reason: state.endReason,
    startedAt: state.startedAt,
    endedAt: end?.at,
    durationMs: end && state.startedAt !== undefined ? end.at - state.startedAt : undefined,
    actionCount: state.actionCount,
    eventCount: events.length,
    versions,
    diffs,
    steps: steps.map((step, index) => stepReport(step, index + 1, events)),
    warnings: events.flatMap((event) => (event.payload.type === 'warning' ? [event.payload.message] : [])),
    clarification: state.clarification,
  };
}

function stepReport(step: PlanVersion['pending'][number], number: number, events: readonly RunEvent[]): StepReport {
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

/** Write `report.json` and a self-contained `report.html` (screenshots inlined) for a run. */
export async function writeReport(
  directory: string,
  runId: string,
  events: readonly RunEvent[],
  blobs: BlobStore,
): Promise<{ json: string; html: string }> {
  const report = buildReport(runId, events);
  const folder = path.join(directory, runId);
  mkdirSync(folder, { recursive: true });
  const images = new Map<string, string>();
  for (const step of report.steps) {
    if (!step.screenshot || images.has(step.screenshot)) continue;
    const bytes = await blobs.get(step.screenshot);
    if (bytes) images.set(step.screenshot, `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`);
  }
  const json = path.join(folder, 'report.json');
  const html = path.join(folder, 'report.html');
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(html, renderReportHtml(report, images));
  return { json, html };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderReportHtml(report: RunReport, images: ReadonlyMap<string, string>): string {
  const steps = report.steps
    .map((step) => {
      const image = step.screenshot ? images.get(step.screenshot) : undefined;
      return `<section class="step ${escapeHtml(step.status)}"><div>
  <h3>${step.number}. ${escapeHtml(step.text)} <span class="badge">${escapeHtml(step.status)}</span></h3>
  <p class="meta">${step.attempts} attempt(s)</p>
  <ul>${step.actions.map((action) => `<li class="${action.ok === false ? 'bad' : ''}">${escapeHtml(action.summary)}${action.ambiguous ? ' <em>(ambiguous target)</em>' : ''}</li>`).join('')}</ul>
  ${step.checks.map((check) => `<p class="${check.passed ? 'ok' : 'bad'}">${check.passed ? '✓' : '✗'} ${escapeHtml(check.evidence)}</p>`).join('')}
  </div>${image ? `<a href="${image}" target="_blank"><img alt="Screen after step ${step.number}" src="${image}"></a>` : '<div></div>'}
</section>`;
    })
    .join('\n');
  const versions = report.versions
    .map((version) => {
      const diff = report.diffs.find((candidate) => candidate.toId === version.id);
      return `<section class="version">
  <h3>v${version.number} · ${escapeHtml(version.cause)} · ${escapeHtml(version.state)}</h3>
  ${version.rationale ? `<p>${escapeHtml(version.rationale)}</p>` : ''}
  ${diff ? `<p class="diff">Change from its parent: ${escapeHtml(diff.summary)}</p>` : ''}
  <p>${escapeHtml(version.analysis)}</p>
  <ol>${[...version.completed, ...version.pending].map((step) => `<li>${escapeHtml(step.text)}</li>`).join('')}</ol>
  <p>Success criteria:</p><ul>${version.successCriteria.map((criterion) => `<li>${escapeHtml(criterion.text)}</li>`).join('')}</ul>
</section>`;
    })
    .join('\n');
  const title = `Sandpiper run ${report.runId}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1f2933}
h1{font-size:1.4rem}.status{font-weight:600}.succeeded{color:#1e7b34}.failed,.bad{color:#b42318}
section{border:1px solid #d9dee5;border-radius:8px;padding:.8rem 1rem;margin:.8rem 0}
.badge{font-size:.75rem;border:1px solid currentColor;border-radius:4px;padding:0 .3rem;margin-left:.4rem}
.meta{color:#66707a;margin:0}.ok{color:#1e7b34}img{width:100%;border:1px solid #d9dee5}
.step{display:grid;grid-template-columns:1fr 440px;gap:1rem;align-items:start}.step h3{margin-top:0}
.diff{background:#f4f6f8;padding:.3rem .5rem;border-radius:4px}
</style></head><body>
<h1>${escapeHtml(title)}</h1>
<p><strong>Task:</strong> ${escapeHtml(report.task?.instruction ?? '')}</p>
<p class="status ${escapeHtml(report.status)}">Result: ${escapeHtml(report.status)} — ${escapeHtml(report.reason ?? '')}</p>
<p class="meta">${report.actionCount} actions · ${report.eventCount} events${report.durationMs === undefined ? '' : ` · ${(report.durationMs / 1000).toFixed(1)} s`}</p>
${report.clarification ? `<section><h2>Question for you</h2><p>${escapeHtml(report.clarification.question)}</p></section>` : ''}
<h2>Steps</h2>
${steps || '<p>No steps ran.</p>'}
<h2>Plan versions</h2>
${versions}
${report.warnings.length ? `<h2>Notes</h2><ul>${report.warnings.map((warning) => `<li>${escapeHtml(warning)}</li>`).join('')}</ul>` : ''}
</body></html>
`;
}
