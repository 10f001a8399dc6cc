import { createHash } from 'node:crypto';
import type { RunReport, StepReport } from './report.js';
import { desktopText } from '@sandpiper/protocol';
import {
  renderCompletionChecks,
  renderCriteria,
  renderOtherEvidence,
  renderReflection,
  renderStepNotes,
  type ReportImages,
} from './report-html-evidence.js';
import { REPORT_SCRIPT, REPORT_STYLE } from './report-html-style.js';
import { escapeHtml } from './report-html-text.js';
import { renderUsage } from './report-html-usage.js';
import { formatCost } from './usage.js';

/**
 * One step: its actions and checks beside the screen after it; below, each reflection with both
 * marked screens. The plain screen is left out when the last reflection shows it marked, and a
 * check that repeats a reflection's key evidence is left out too.
 */
function renderStep(step: StepReport, images: ReportImages): string {
  const markedAfter = step.reflections.at(-1)?.markedAfter;
  const shown = markedAfter !== undefined && images.has(markedAfter);
  const image = step.screenshot && !shown ? images.get(step.screenshot) : undefined;
  const repeats = (check: StepReport['checks'][number]) =>
    step.reflections.some(
      (reflection) => reflection.keyEvidence === check.evidence && (reflection.verdict === 'success') === check.passed,
    );
  const actions = step.actions
    .map(
      (action) =>
        `<li class="${action.ok === false ? 'bad' : ''}">${escapeHtml(action.summary)}${action.ambiguous ? ' <em>(ambiguous target)</em>' : ''}</li>`,
    )
    .join('');
  const checks = step.checks
    .filter((check) => !repeats(check))
    .map(
      (check) =>
        `<p class="check ${check.passed ? 'ok' : 'bad'}">${check.passed ? '✓' : '✗'} ${escapeHtml(check.evidence)}</p>`,
    )
    .join('');
  // The last reflection's screen after is the screen after the step, shown marked in place of the plain one.
  const reflections = step.reflections
    .map((reflection, index) =>
      renderReflection(reflection, images, {
        before: `Screen before step ${step.number}, attempt ${reflection.attempt}, with the action marked`,
        after:
          index === step.reflections.length - 1
            ? `Screen after step ${step.number}`
            : `Screen after step ${step.number}, attempt ${reflection.attempt}, with the changes numbered`,
      }),
    )
    .join('');
  return `<section class="step ${escapeHtml(step.status)}" id="step-${step.number}"><div class="step-main${image ? ' with-screen' : ''}"><div>
  <h3>${step.number}. ${escapeHtml(step.text)} <span class="badge">${escapeHtml(step.status)}</span></h3>
  <p class="meta">${step.attempts} attempt(s)</p>
  <ul>${actions}</ul>
  ${checks}
  ${renderStepNotes(step)}
  </div>${image ? `<img alt="Screen after step ${step.number}" src="${image}" class="zoom">` : ''}</div>
  ${reflections}
</section>`;
}

function renderVersions(report: RunReport): string {
  return report.versions
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
}

/** " · 12 model calls · $0.0123" after the counts, linking to the usage tables; empty without model calls. */
function modelMeta(report: RunReport): string {
  const total = report.usage.total;
  if (total.calls === 0) return '';
  return ` · <a href="#usage">${total.calls} model call${total.calls === 1 ? '' : 's'} · ${escapeHtml(formatCost(total))}</a>`;
}

/** Where the run acted, in a few words. */
function describeTarget(task: RunReport['task']): string {
  const environment = task?.environment;
  if (environment === undefined) return 'Environment unknown';
  if (environment.type === 'scenario') return `Scenario ${environment.name}`;
  if (environment.type === 'url') return `Opened ${environment.url}`;
  if (environment.type === 'executor') return `Executor at ${environment.url}`;
  if (environment.type === 'desktop') return desktopText(environment);
  return `Attached to ${environment.endpoint}${environment.targetId ? ` (target ${environment.targetId})` : ''}`;
}

/** The report as one self-contained HTML page; `images` holds the `data:` URI of each blob hash shown. */
export function renderReportHtml(report: RunReport, images: ReportImages): string {
  const stepNumber = new Map(report.steps.map((step) => [step.id, step.number]));
  const stepLabel = (stepId: string) => {
    const number = stepNumber.get(stepId);
    return number === undefined ? 'after a step no longer in the plan' : `after step ${number}`;
  };
  const criterionText = new Map(report.criteria.map((criterion) => [criterion.id, criterion.text]));
  const textOf = (id: string) => criterionText.get(id) ?? id;
  const title = `Sandpiper run ${report.runId}`;
  const steps = report.steps.map((step) => renderStep(step, images)).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${REPORT_STYLE}</style></head><body>
<h1>${escapeHtml(title)}</h1>
<p><strong>Task:</strong> ${escapeHtml(report.task?.instruction ?? '')}</p>
<p class="meta">${escapeHtml(describeTarget(report.task))}${report.engine ? ` · engine: ${escapeHtml(report.engine)}` : ''}</p>
<p class="status ${escapeHtml(report.status)}">Result: ${escapeHtml(report.status)} — ${escapeHtml(report.reason ?? '')}</p>
<p class="meta">${report.actionCount} actions · ${report.eventCount} events${report.durationMs === undefined ? '' : ` · ${(report.durationMs / 1000).toFixed(1)} s`}${modelMeta(report)}</p>
${report.clarification ? `<section><h2>Question for you</h2><p>${escapeHtml(report.clarification.question)}</p></section>` : ''}
${renderCriteria(report.criteria, stepLabel)}
${renderCompletionChecks(report.completionChecks, textOf)}
<h2>Steps</h2>
${steps || '<p>No steps ran.</p>'}
${renderOtherEvidence(report.otherEvidence, images)}
${renderUsage(report.usage)}
<h2>Plan versions</h2>
${renderVersions(report)}
${report.warnings.length ? `<h2>Notes</h2><ul>${report.warnings.map((warning) => `<li>${escapeHtml(warning)}</li>`).join('')}</ul>` : ''}
<div id="lightbox" hidden><img alt=""></div>
<script>${REPORT_SCRIPT}</script>
</body></html>
`;
}

/**
 * The Content-Security-Policy a report page is served with: its own inline style and script (by
 * hash) and `data:` images, nothing else, so text taken from a page can never run as code.
 */
export function reportContentSecurityPolicy(): string {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  return [
    "default-src 'none'",
    'img-src data:',
    `style-src ${hash(REPORT_STYLE)}`,
    `script-src ${hash(REPORT_SCRIPT)}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
