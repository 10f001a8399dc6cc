import { escapeHtml } from './report-html-text.js';
import { describeUsage, formatCost, formatTokens, type UsageReport, type UsageTotals } from './usage.js';

function numbers(totals: UsageTotals): string {
  const failed = totals.failedCalls > 0 ? ` <span class="bad">(${totals.failedCalls} failed)</span>` : '';
  return [
    `<td class="num">${totals.calls}${failed}</td>`,
    `<td class="num">${formatTokens(totals.inputTokens)}</td>`,
    `<td class="num">${formatTokens(totals.outputTokens)}</td>`,
    `<td class="num">${escapeHtml(formatCost(totals))}</td>`,
  ].join('');
}

const HEAD = '<th>Calls</th><th>Input tokens</th><th>Output tokens</th><th>Cost</th>';

/** The "Model usage" section: the run's total, a table per role and one per step; empty for a run without model calls. */
export function renderUsage(usage: UsageReport): string {
  if (usage.total.calls === 0) return '';
  const roles = usage.byRole
    .map((role) => `<tr><td>${escapeHtml(role.role)}</td><td>${escapeHtml(role.model)}</td>${numbers(role)}</tr>`)
    .join('');
  const steps = usage.byStep
    .map((step) => {
      const label = step.number === undefined ? escapeHtml(step.text) : `${step.number}. ${escapeHtml(step.text)}`;
      return `<tr><td>${label}</td>${numbers(step)}</tr>`;
    })
    .join('');
  return `<h2 id="usage">Model usage</h2>
<section class="usage">
<p><strong>Run total:</strong> ${escapeHtml(describeUsage(usage.total))}</p>
<p class="label">By role</p>
<table class="usage-roles"><thead><tr><th>Role</th><th>Model</th>${HEAD}</tr></thead><tbody>${roles}</tbody>
<tfoot><tr><th colspan="2">Total</th>${numbers(usage.total)}</tr></tfoot></table>
<p class="label">By step</p>
<table class="usage-steps"><thead><tr><th>Step</th>${HEAD}</tr></thead><tbody>${steps}</tbody></table>
</section>`;
}
