import type { ChangeRegionEvidence } from '@sandpiper/protocol';
import type {
  CompletionCheckReport,
  CriterionReport,
  DetectorReport,
  EvidenceReport,
  FeasibilityReport,
  ReflectionReport,
} from './report-evidence.js';
import { escapeHtml, plural } from './report-html-text.js';

/** Data URIs of the report's images, by blob hash. */
export type ReportImages = ReadonlyMap<string, string>;

const RELEVANCE: Record<ChangeRegionEvidence['relevance'], { label: string; hint: string }> = {
  'action-relevant': { label: 'caused by the action', hint: 'the executed action explains this change' },
  noise: { label: 'noise', hint: 'changes on its own: a clock, a caret, a spinner, an animation' },
  unrelated: { label: 'unrelated', hint: 'a real change the action does not explain: a possible side effect' },
};

function figure(src: string | undefined, alt: string, caption: string, absent: string): string {
  if (src === undefined) return `<figure class="missing"><p>${escapeHtml(absent)}</p></figure>`;
  return `<figure><img alt="${escapeHtml(alt)}" src="${src}" class="zoom"><figcaption>${escapeHtml(caption)}</figcaption></figure>`;
}

function regionTable(regions: readonly ChangeRegionEvidence[]): string {
  if (regions.length === 0) return '<p class="meta">No region of the screen changed.</p>';
  const rows = regions
    .map((region) => {
      const relevance = RELEVANCE[region.relevance];
      const { x, y, width, height } = region.box;
      return `<tr class="${region.relevance}"><td><span class="mark">${region.id}</span></td><td><span class="tag" title="${escapeHtml(relevance.hint)}">${escapeHtml(relevance.label)}</span></td><td>${escapeHtml(region.description)}</td><td class="num">${Math.round(x)}, ${Math.round(y)} · ${Math.round(width)}×${Math.round(height)}</td><td class="num">${region.changedPixels}</td></tr>`;
    })
    .join('');
  return `<table class="regions"><thead><tr><th>#</th><th>Relevance</th><th>What changed</th><th>Where (x, y · w×h)</th><th>Pixels</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function tally(regions: readonly ChangeRegionEvidence[]): string {
  const count = (relevance: ChangeRegionEvidence['relevance']) =>
    regions.filter((region) => region.relevance === relevance).length;
  return `${plural(regions.length, 'changed region')}: ${count('action-relevant')} caused by the action, ${count('noise')} noise, ${count('unrelated')} unrelated`;
}

/** Alternative texts of a reflection's two marked screens. */
export interface MarkedAlts {
  readonly before: string;
  readonly after: string;
}

export function renderReflection(reflection: ReflectionReport, images: ReportImages, alts: MarkedAlts): string {
  const passed = reflection.verdict === 'success';
  const attempt = reflection.attempt > 0 ? ` · attempt ${reflection.attempt}` : '';
  const before = reflection.markedBefore === undefined ? undefined : images.get(reflection.markedBefore);
  const after = reflection.markedAfter === undefined ? undefined : images.get(reflection.markedAfter);
  const shots =
    reflection.markedBefore === undefined && reflection.markedAfter === undefined
      ? ''
      : `<div class="marked">${figure(
          before,
          alts.before,
          'Before: where the action happened (blue marker)',
          'No action marker: the actions have no place on the screen (keys, text or scrolling only), or the screen before could not be read.',
        )}${figure(
          after,
          alts.after,
          'After: changed regions, numbered as in the table',
          'The screen after could not be read or is missing from the store.',
        )}</div>`;
  return `<div class="reflection ${passed ? 'pass' : 'fail'}">
  <p class="head"><span class="verdict">${passed ? '✓ Effect confirmed' : '✗ Effect not confirmed'}</span> <span class="meta">reflection · ${escapeHtml(reflection.method)}${attempt} · ${escapeHtml(tally(reflection.regions))}</span></p>
  <p class="key">${escapeHtml(reflection.keyEvidence)}</p>
  ${reflection.summary === reflection.keyEvidence ? '' : `<p class="summary">${escapeHtml(reflection.summary)}</p>`}
  ${shots}
  ${regionTable(reflection.regions)}
</div>`;
}

function renderDetector(detector: DetectorReport): string {
  const tier = detector.tier === undefined ? 'replanning' : `tier ${detector.tier}`;
  return `<li><strong>${escapeHtml(detector.pattern)}</strong> <span class="meta">${escapeHtml(detector.detector)} · ${tier}</span> — ${escapeHtml(detector.reason)}</li>`;
}

function renderFeasibility(check: FeasibilityReport): string {
  const cls = check.verdict === 'feasible' ? 'ok' : check.verdict === 'infeasible' ? 'bad' : 'warn';
  return `<div class="feasibility"><p><span class="tag ${cls}">${escapeHtml(check.verdict)}</span> Can the task still be done?</p><ul>${check.evidence.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul></div>`;
}

/** Detector firings and feasibility checks, compact, for the step's text column. */
export function renderStepNotes(evidence: EvidenceReport): string {
  const detectors = evidence.detectors.length
    ? `<p class="label">Loop detectors fired</p><ul class="detectors">${evidence.detectors.map(renderDetector).join('')}</ul>`
    : '';
  return `${detectors}${evidence.feasibility.map(renderFeasibility).join('')}`;
}

/** Everything logged outside the final plan's steps; empty when there is nothing. */
export function renderOtherEvidence(evidence: EvidenceReport, images: ReportImages): string {
  if (evidence.reflections.length + evidence.detectors.length + evidence.feasibility.length === 0) return '';
  return `<h2>Evidence outside the final plan's steps</h2>
<section>${renderStepNotes(evidence)}${evidence.reflections
    .map((reflection) =>
      renderReflection(reflection, images, {
        before: `Screen before event ${reflection.seq}, with the action marked`,
        after: `Screen after event ${reflection.seq}, with the changes numbered`,
      }),
    )
    .join('')}</section>`;
}

const STATUS: Record<CriterionReport['status'], { icon: string; cls: string }> = {
  satisfied: { icon: '✓', cls: 'ok' },
  unsatisfied: { icon: '✗', cls: 'bad' },
  unknown: { icon: '?', cls: 'unknown' },
};

/** The success criteria with their latest status and evidence. */
export function renderCriteria(criteria: readonly CriterionReport[], stepLabel: (stepId: string) => string): string {
  if (criteria.length === 0) return '';
  const rows = criteria
    .map((criterion) => {
      const status = STATUS[criterion.status];
      const exact =
        criterion.exactValue === undefined
          ? ''
          : ` <span class="meta">(exactly “${escapeHtml(criterion.exactValue)}”)</span>`;
      const when =
        criterion.seq === undefined
          ? 'not read yet'
          : criterion.stepId === undefined
            ? 'at the end'
            : stepLabel(criterion.stepId);
      return `<tr class="criterion ${criterion.status}"><td class="${status.cls}"><span class="icon">${status.icon}</span> ${escapeHtml(criterion.status)}</td><td>${escapeHtml(criterion.text)}${exact}</td><td>${criterion.evidence === undefined ? '<span class="meta">—</span>' : escapeHtml(criterion.evidence)}</td><td class="meta">${escapeHtml(when)}</td></tr>`;
    })
    .join('');
  const satisfied = criteria.filter((criterion) => criterion.status === 'satisfied').length;
  return `<h2>Success criteria <span class="count">${satisfied} of ${criteria.length} satisfied</span></h2>
<table class="criteria"><thead><tr><th>Status</th><th>Criterion</th><th>Latest evidence</th><th>Read</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function gateCell(gate: CompletionCheckReport['gate'], textOf: (id: string) => string): string {
  const cls = gate.verdict === 'done' ? 'ok' : gate.verdict === 'continue' ? 'bad' : 'unknown';
  const unmet = gate.unmet.length
    ? `<p class="meta">Not yet satisfied: ${gate.unmet.map((id) => escapeHtml(textOf(id))).join('; ')}</p>`
    : '';
  const stable =
    gate.verdict === 'skipped'
      ? ''
      : ` <span class="meta">${gate.stable ? 'screen stable' : 'screen still changing'}</span>`;
  return `<span class="tag ${cls}">${escapeHtml(gate.verdict)}</span>${stable}<p>${escapeHtml(gate.reason)}</p>${unmet}`;
}

function judgeCell(judge: CompletionCheckReport['judge']): string {
  if (judge === undefined) return '<span class="meta">not asked</span>';
  const hedged = judge.hedged
    ? ' <span class="tag warn" title="The judge said accept but was not certain or still listed missing work, so it counts as reject">not certain</span>'
    : '';
  const missing = judge.missing.length
    ? `<p class="label">Still missing</p><ul>${judge.missing.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
    : '';
  return `<span class="tag ${judge.verdict === 'accept' ? 'ok' : 'bad'}">${escapeHtml(judge.verdict)}</span>${hedged}<p>${escapeHtml(judge.reason)}</p>${missing}`;
}

/** Every completion claim: the gate's verdict, the judge's, and whether the claim was accepted. */
export function renderCompletionChecks(
  checks: readonly CompletionCheckReport[],
  textOf: (id: string) => string,
): string {
  if (checks.length === 0) return '';
  const rows = checks
    .map(
      (check) =>
        `<tr class="claim ${check.accepted ? 'accepted' : 'rejected'}"><td class="num">${check.claim}</td><td>${gateCell(check.gate, textOf)}</td><td>${judgeCell(check.judge)}</td><td class="${check.accepted ? 'ok' : 'bad'}"><strong>${check.accepted ? '✓ accepted' : '✗ rejected'}</strong></td></tr>`,
    )
    .join('');
  return `<h2>Completion checks <span class="count">${plural(checks.length, 'claim')}</span></h2>
<table class="claims"><thead><tr><th>Claim</th><th>Completion gate</th><th>Judge</th><th>Outcome</th></tr></thead><tbody>${rows}</tbody></table>`;
}
