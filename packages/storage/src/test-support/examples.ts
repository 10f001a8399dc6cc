import { legacyCriterion } from '@sandpiper/testing';
import type { EventDraft, EventPayload, PlanVersion } from '@sandpiper/protocol';
import type { NewRun } from '../store-types.js';

export function exampleRun(id = 'run-0001', createdAt = 1_700_000_000_000): NewRun {
  return {
    id,
    instruction: 'Fill in the expense form with 42.50 for lunch',
    environment: { type: 'scenario', name: 'expense-form' },
    createdAt,
  };
}

const hash = 'a'.repeat(64);

export function examplePlanVersion(overrides: Partial<PlanVersion> = {}): PlanVersion {
  return {
    id: 'plan-1',
    number: 1,
    cause: 'initial',
    state: 'draft',
    analysis: 'Open the form, type the amount, submit.',
    constraints: ['do not submit twice'],
    successCriteria: [{ id: 'crit-1', ...legacyCriterion('The total shows 42.50', '42.50'), status: 'unknown' }],
    completed: [],
    pending: [
      { id: 'step-1', text: "Type '42.50' into Amount", status: 'pending', expectedOutcome: 'Amount shows 42.50' },
      { id: 'step-2', text: "Click 'Submit'", status: 'pending' },
    ],
    ...overrides,
  };
}

/** One valid payload of every event type, in an order a run could produce them. */
export const examplePayloads: readonly EventPayload[] = [
  {
    type: 'run-start',
    task: {
      instruction: 'Fill in the expense form with 42.50 for lunch',
      environment: { type: 'scenario', name: 'expense-form' },
      budgets: { maxActions: 50, maxAttemptsPerStep: 3, maxDurationMs: 60_000 },
      approval: 'auto',
    },
  },
  { type: 'plan-start', reason: 'initial' },
  { type: 'plan-version-create', version: examplePlanVersion() },
  { type: 'clarification-request', question: 'Which currency?', unparsed: ['in the usual currency'] },
  { type: 'approval-request', requestId: 'approval-1', subject: { type: 'plan', versionId: 'plan-1' } },
  { type: 'approval-response', requestId: 'approval-1', decision: 'accepted', by: 'user', reason: 'looks right' },
  { type: 'step-start', stepId: 'step-1', attempt: 1 },
  {
    type: 'observation',
    observation: {
      id: 'obs-1',
      takenAt: 1_700_000_000_500,
      screenshot: { hash, mimeType: 'image/png', width: 1280, height: 800 },
      url: 'http://127.0.0.1:4000/expense',
      title: 'Expense form',
      accessibility: [
        { ref: 'e1', role: 'textbox', name: 'Amount', value: '', box: { x: 10, y: 20, width: 200, height: 30 } },
        {
          ref: 'e2',
          role: 'combobox',
          name: 'Category',
          value: 'Meals',
          options: ['Meals', 'Travel'],
          expanded: false,
          disabled: false,
          focused: true,
          box: { x: 10, y: 60, width: 200, height: 30 },
        },
        {
          ref: 'e3',
          role: 'checkbox',
          name: 'Billable',
          checked: 'mixed',
          box: { x: 10, y: 100, width: 20, height: 20 },
        },
      ],
    },
  },
  {
    type: 'action-start',
    stepId: 'step-1',
    action: { type: 'click', at: { x: 110, y: 35 }, button: 'left', count: 1, modifiers: ['Shift'] },
    summary: 'Clicking Amount',
    grounding: {
      query: 'Amount',
      role: 'textbox',
      method: 'accessibility',
      box: { x: 10, y: 20, width: 200, height: 30 },
      score: 0.97,
      ambiguous: false,
      alternatives: [
        { label: 'Amount (old)', role: 'textbox', box: { x: 10, y: 400, width: 200, height: 30 }, score: 0.4 },
      ],
    },
  },
  { type: 'action-end', stepId: 'step-1', result: { ok: true, durationMs: 12.5 } },
  { type: 'step-check', stepId: 'step-1', passed: true, evidence: 'Amount shows 42.50' },
  {
    type: 'reflection',
    stepId: 'step-1',
    method: 'evidence-first',
    verdict: 'success',
    keyEvidence: 'Region 1 shows 42.50 in the Amount field',
    summary: 'The amount is entered',
    regions: [
      {
        id: 1,
        box: { x: 300, y: 220, width: 120, height: 24 },
        changedPixels: 410,
        relevance: 'action-relevant',
        description: 'text in the Amount field',
      },
    ],
    marked: { after: 'b'.repeat(64) },
  },
  {
    type: 'criteria-update',
    stepId: 'step-1',
    criteria: [
      { id: 'crit-1', status: 'satisfied', evidence: "The 'Amount' field shows '42.50'." },
      { id: 'crit-2', status: 'unknown', evidence: "The state of 'Receipt attached' cannot be read on this screen." },
    ],
  },
  {
    type: 'completion-check',
    claim: 1,
    gate: { verdict: 'done', stable: true, unmet: [], reason: 'Every criterion is seen satisfied on a stable screen.' },
    judge: { verdict: 'reject', reason: 'The acceptance was not certain: it seems saved', missing: [], hedged: true },
    accepted: false,
  },
  { type: 'guidance', text: "use 'Ops' instead of 'Sales'" },
  {
    type: 'annotation',
    screenshotHash: 'c'.repeat(64),
    marks: [
      { kind: 'rect', box: { x: 10, y: 20, width: 30, height: 12 } },
      { kind: 'text', text: 'this one', at: { x: 44, y: 20 } },
    ],
    box: { x: 10, y: 20, width: 98, height: 16 },
    sentence: 'The second Save, not the first.',
  },
  { type: 'takeover-start' },
  {
    type: 'manual-action',
    action: { type: 'type', text: 'by hand' },
    result: { ok: true, durationMs: 12 },
  },
  { type: 'takeover-end', manualActions: 1 },
  {
    type: 'model-call',
    role: 'operator',
    model: 'openai:gpt-4.1',
    inputTokens: 2400,
    outputTokens: 120,
    costUsd: 0.0058,
    durationMs: 1830,
    outcome: 'repaired',
    stepId: 'step-1',
  },
  {
    type: 'feasibility-check',
    stepId: 'step-1',
    verdict: 'infeasible',
    evidence: ["Nothing on the page is named 'Export PDF'.", "The page offers: 'Save' (button)."],
  },
  {
    type: 'detector-fire',
    detector: 'repeated-subsequence',
    pattern: 'REPEAT_SEQ_L1_R3',
    reason: 'The same click repeated three times',
    stepId: 'step-1',
  },
  { type: 'step-end', stepId: 'step-1', status: 'completed', reason: 'The amount is filled in' },
  { type: 'run-pause', reason: 'paused by the person' },
  { type: 'run-resume' },
  { type: 'run-recover', interruptedStepId: 'step-2' },
  { type: 'warning', message: 'The page took 4 s to load' },
  { type: 'run-cancel', reason: 'changed my mind' },
  { type: 'run-end', status: 'cancelled', reason: 'The person cancelled the run.' },
];

/** A small valid draft carrying `message`, for tests that only count events. */
export function warningDraft(message: string): EventDraft {
  return { source: 'agent', payload: { type: 'warning', message } };
}
