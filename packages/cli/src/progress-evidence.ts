import type { RunState } from '@sandpiper/core';
import type { ChangeRegionEvidence, PayloadOf } from '@sandpiper/protocol';
import { createUsageMemory, type UsageMemory } from './progress-usage.js';

/** What the printer remembers between events so it repeats nothing. */
export interface ProgressMemory {
  /** The last reflection printed; its step-check usually repeats the key evidence word for word. */
  lastReflection?: { readonly stepId: string; readonly passed: boolean; readonly keyEvidence: string };
  /** The last status printed for each criterion, by id. */
  readonly criteria: Map<string, string>;
  /** Model calls not yet shown in a usage line. */
  readonly usage: UsageMemory;
}

export const createProgressMemory = (): ProgressMemory => ({ criteria: new Map(), usage: createUsageMemory() });

/** One line of at most `max` characters: whitespace and line breaks collapsed, the rest cut with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

const EVIDENCE_WIDTH = 140;
const CRITERION_WIDTH = 50;
/** Leaves room on the line for the method and the region counts. */
const REFLECTION_WIDTH = 110;

function regionCounts(regions: readonly ChangeRegionEvidence[]): string {
  if (regions.length === 0) return 'no region changed';
  const count = (relevance: ChangeRegionEvidence['relevance']) =>
    regions.filter((region) => region.relevance === relevance).length;
  return `${count('action-relevant')} relevant · ${count('noise')} noise · ${count('unrelated')} unrelated`;
}

export function describeReflection(payload: PayloadOf<'reflection'>, memory: ProgressMemory | undefined): string {
  const passed = payload.verdict === 'success';
  if (memory) memory.lastReflection = { stepId: payload.stepId, passed, keyEvidence: payload.keyEvidence };
  return `    ${passed ? '✓' : '✗'} [${payload.method}] ${clip(payload.keyEvidence, REFLECTION_WIDTH)} (${regionCounts(payload.regions)})`;
}

/** Whether a step-check only repeats the reflection printed just before it. */
export function repeatsReflection(payload: PayloadOf<'step-check'>, memory: ProgressMemory | undefined): boolean {
  const last = memory?.lastReflection;
  return (
    last !== undefined &&
    last.stepId === payload.stepId &&
    last.passed === payload.passed &&
    last.keyEvidence === payload.evidence
  );
}

export function describeDetector(payload: PayloadOf<'detector-fire'>): string {
  const tier = payload.tier === undefined ? '' : ` (tier ${payload.tier})`;
  return `  ⟳ ${payload.pattern}${tier}: ${clip(payload.reason, EVIDENCE_WIDTH)}`;
}

function stepNumber(state: RunState, stepId: string | undefined): number | undefined {
  const plan = state.plan ?? state.versions.at(-1);
  if (!plan || stepId === undefined) return undefined;
  const index = [...plan.completed, ...plan.pending].findIndex((step) => step.id === stepId);
  return index < 0 ? undefined : index + 1;
}

function criterionName(state: RunState, id: string): string {
  const criterion = (state.plan ?? state.versions.at(-1))?.successCriteria.find((candidate) => candidate.id === id);
  return clip(criterion?.text ?? id, CRITERION_WIDTH);
}

const STATUS_ICON = { satisfied: '✓', unsatisfied: '✗', unknown: '?' } as const;

/**
 * A header with the tally, then one line for each criterion read for the first time or whose status
 * changed (every criterion without a memory). Nothing when only evidence changed: the core logs an
 * update whenever the evidence moves ("3 steps to go", "2 steps to go"), and the report keeps it all.
 */
export function describeCriteriaUpdate(
  payload: PayloadOf<'criteria-update'>,
  state: RunState,
  memory: ProgressMemory | undefined,
): string | undefined {
  const changed = payload.criteria.filter((reading) => memory?.criteria.get(reading.id) !== reading.status);
  for (const reading of payload.criteria) memory?.criteria.set(reading.id, reading.status);
  if (changed.length === 0) return undefined;
  const statusOf = new Map<string, string>();
  for (const criterion of (state.plan ?? state.versions.at(-1))?.successCriteria ?? [])
    statusOf.set(criterion.id, criterion.status);
  for (const [id, status] of memory?.criteria ?? []) statusOf.set(id, status);
  for (const reading of payload.criteria) statusOf.set(reading.id, reading.status);
  const satisfied = [...statusOf.values()].filter((status) => status === 'satisfied').length;
  const number = stepNumber(state, payload.stepId);
  const when =
    payload.stepId === undefined ? 'at the end' : number === undefined ? 'after a step' : `after step ${number}`;
  const lines = changed.map(
    (reading) =>
      `    ${STATUS_ICON[reading.status]} ${criterionName(state, reading.id)}: ${clip(reading.evidence, EVIDENCE_WIDTH - CRITERION_WIDTH)}`,
  );
  return [`  Criteria ${when}: ${satisfied}/${statusOf.size} satisfied`, ...lines].join('\n');
}

/** gate → judge → outcome on one line, with the deciding reason; the judge's missing work on a second. */
export function describeCompletionCheck(payload: PayloadOf<'completion-check'>, state: RunState): string {
  const { gate, judge } = payload;
  const unmet = gate.unmet.length
    ? ` (unmet: ${clip(gate.unmet.map((id) => criterionName(state, id)).join('; '), 80)})`
    : '';
  const unstable = gate.verdict !== 'skipped' && !gate.stable ? ' (screen still changing)' : '';
  const chain = [`gate ${gate.verdict}${unmet}${unstable}`];
  if (judge) chain.push(`judge ${judge.verdict}${judge.hedged ? ' (hedged)' : ''}`);
  chain.push(payload.accepted ? 'accepted' : 'rejected');
  const reason = judge ? judge.reason : gate.reason;
  const lines = [`  ◆ Completion claim ${payload.claim}: ${chain.join(' → ')}: ${clip(reason, REFLECTION_WIDTH)}`];
  if (judge && judge.missing.length > 0) lines.push(`      missing: ${clip(judge.missing.join('; '), EVIDENCE_WIDTH)}`);
  return lines.join('\n');
}

export function describeFeasibility(payload: PayloadOf<'feasibility-check'>): string {
  const shown = payload.evidence.slice(0, 2).map((line) => clip(line, 90));
  const more = payload.evidence.length > shown.length ? ` (+${payload.evidence.length - shown.length} more)` : '';
  return `  ⚑ Feasibility: ${payload.verdict} — ${shown.join('; ')}${more}`;
}
