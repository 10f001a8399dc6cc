import type { PerformedAction, Screen } from '@sandpiper/core';
import type { Step, Task } from '@sandpiper/protocol';
import { clip } from './screen-context.js';

/** Steps listed verbatim in the operator's history; older ones are counted, not listed. */
export const HISTORY_STEPS = 3;
/** Actions of the current attempt listed verbatim; older ones are counted. */
export const LISTED_ACTIONS = 8;

interface StepRecord {
  readonly text: string;
  attempts: number;
  actions: string[];
  outcome?: string;
}

/** A screen the operator decided on, with what it then did. */
export interface SeenScreen {
  /** The screen as the operator got it. */
  readonly screen: Screen;
  /** Summaries of the actions chosen on this screen; empty when it chose none. */
  readonly then: readonly string[];
}

/**
 * What one engine remembers of the run it serves, keyed by step id: each step's wording, the
 * actions chosen for it and the reflector's verdict, plus the last few screens the operator saw.
 * Everything is bounded, so what goes into a prompt stays the same size however long the run.
 * A task with another instruction starts a fresh history.
 */
export class RunHistory {
  private task: string | undefined;
  private readonly steps = new Map<string, StepRecord>();
  private dropped = { passed: 0, failed: 0, other: 0 };
  private screens: SeenScreen[] = [];

  constructor(private readonly screenCapacity: number) {}

  /** Start a fresh history when the task changed. */
  forTask(task: Task): this {
    const key = `${task.instruction}\u0000${JSON.stringify(task.environment)}`;
    if (this.task !== key) {
      this.task = key;
      this.steps.clear();
      this.dropped = { passed: 0, failed: 0, other: 0 };
      this.screens = [];
    }
    return this;
  }

  /** The operator is working on `step`; `performed` is this attempt's list so far. */
  noteAttempt(step: Step, attempt: number, performed: readonly PerformedAction[]): void {
    let record = this.steps.get(step.id);
    if (record === undefined) {
      record = { text: step.text, attempts: attempt, actions: [] };
      this.steps.set(step.id, record);
      this.trim();
    }
    record.attempts = Math.max(record.attempts, attempt);
    record.actions = performed.slice(-LISTED_ACTIONS).map(describePerformed);
  }

  /** The reflector's verdict on a step. */
  noteCheck(step: Step, passed: boolean, evidence: string): void {
    const record = this.steps.get(step.id) ?? { text: step.text, attempts: 1, actions: [] };
    record.outcome = `${passed ? 'passed' : 'not passed'}: ${clip(evidence, 160)}`;
    if (!this.steps.has(step.id)) {
      this.steps.set(step.id, record);
      this.trim();
    }
  }

  /** Remember a screen the operator decided on and what it chose there. */
  noteScreen(screen: Screen, then: readonly string[]): void {
    const hash = screen.observation.screenshot.hash;
    this.screens = [
      ...this.screens.filter((seen) => seen.screen.observation.screenshot.hash !== hash),
      { screen, then },
    ];
    if (this.screens.length > this.screenCapacity) this.screens = this.screens.slice(-this.screenCapacity);
  }

  /** Up to `limit` screens seen before `current`, oldest first, never `current` itself. */
  earlierScreens(current: Screen, limit: number): readonly SeenScreen[] {
    if (limit <= 0) return [];
    const hash = current.observation.screenshot.hash;
    return this.screens.filter((seen) => seen.screen.observation.screenshot.hash !== hash).slice(-limit);
  }

  /** The earlier steps in a few lines, oldest first, excluding `current`. */
  stepLines(current: Step): string[] {
    const records = [...this.steps.entries()].filter(([id]) => id !== current.id).map(([, record]) => record);
    const shown = records.slice(-HISTORY_STEPS);
    const hidden = records.length - shown.length;
    const counts = {
      passed: this.dropped.passed + records.slice(0, hidden).filter((record) => passedOf(record) === 'passed').length,
      failed: this.dropped.failed + records.slice(0, hidden).filter((record) => passedOf(record) === 'failed').length,
      other: this.dropped.other + records.slice(0, hidden).filter((record) => passedOf(record) === 'other').length,
    };
    const lines: string[] = [];
    const total = counts.passed + counts.failed + counts.other;
    if (total > 0) {
      lines.push(`(${total} earlier steps not shown: ${counts.passed} passed, ${counts.failed} not passed)`);
    }
    for (const record of shown) {
      const actions = record.actions.length === 0 ? 'no actions' : record.actions.join('; ');
      lines.push(clip(`- "${record.text}": ${actions} -> ${record.outcome ?? 'not checked'}`, 400));
    }
    return lines.length === 0 ? ['(none)'] : lines;
  }

  /** Keep a bounded number of step records; the dropped ones only count. */
  private trim(): void {
    while (this.steps.size > HISTORY_STEPS + 1) {
      const [firstId, first] = this.steps.entries().next().value!;
      this.dropped[passedOf(first)] += 1;
      this.steps.delete(firstId);
    }
  }
}

function passedOf(record: StepRecord): 'passed' | 'failed' | 'other' {
  if (record.outcome === undefined) return 'other';
  return record.outcome.startsWith('passed') ? 'passed' : 'failed';
}

/** One performed action as a history line. */
export function describePerformed(performed: PerformedAction): string {
  return `${clip(performed.summary, 120)} (${performed.ok ? 'ok' : 'failed'})`;
}
