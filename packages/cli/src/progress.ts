import { diffPlans, type RunState } from '@sandpiper/core';
import type { PlanVersion, RunEvent } from '@sandpiper/protocol';
import type { Output } from './output.js';
import {
  createProgressMemory,
  describeCompletionCheck,
  describeCriteriaUpdate,
  describeDetector,
  describeFeasibility,
  describeReflection,
  repeatsReflection,
  type ProgressMemory,
} from './progress-evidence.js';
import {
  describeBudgetStop,
  describeModelCall,
  describePlanningUsage,
  describeRunUsage,
  describeStepUsage,
} from './progress-usage.js';

/** Renders a run's events as the live progress a person reads in the terminal. */
export function createProgressPrinter(output: Output, options: { json: boolean }) {
  const memory = createProgressMemory();
  return (event: RunEvent, state: RunState): void => {
    if (options.json) {
      output.out(JSON.stringify(event));
      return;
    }
    const line = describeEvent(event, state, memory);
    if (line !== undefined) output.out(line);
  };
}

/**
 * The progress line(s) for one event, or undefined when the event is not worth a line. With a
 * memory (one per run), a step check that repeats its reflection and criteria that did not change
 * are left out.
 */
export function describeEvent(event: RunEvent, state: RunState, memory?: ProgressMemory): string | undefined {
  const payload = event.payload;
  switch (payload.type) {
    case 'run-start':
      return `Task: ${payload.task.instruction}`;
    case 'plan-start':
      return payload.reason === 'initial' ? 'Planning…' : 'Regenerating the plan…';
    case 'plan-version-create': {
      const parent = state.versions.find((version) => version.id === payload.version.parentId);
      const diff = parent ? `\n  Changes from v${parent.number}: ${diffPlans(parent, payload.version).summary}` : '';
      return lines(`${formatPlan(payload.version)}${diff}`, describePlanningUsage(memory?.usage));
    }
    case 'clarification-request':
      return [`? ${payload.question}`, ...payload.unparsed.map((clause) => `  not understood: "${clause}"`)].join('\n');
    case 'approval-request':
      if (payload.subject.type === 'plan') return undefined;
      return payload.subject.type === 'result'
        ? `? ${payload.subject.summary} But ${payload.subject.reason}: is the task done?`
        : `! ${payload.subject.summary} — ${payload.subject.reason}; needs approval`;
    case 'approval-response':
      if (payload.by === 'policy') return payload.decision === 'accepted' ? '  approved by policy' : undefined;
      // An edit or a regeneration supersedes the version under review; the new version says what changed.
      if (payload.reason === 'edited' || payload.reason === 'regenerate') return undefined;
      return `  ${payload.decision === 'accepted' ? 'approved' : 'rejected'} by you${payload.reason ? ` (${payload.reason})` : ''}`;
    case 'step-start': {
      const plan = state.plan;
      const number = plan ? plan.completed.length + 1 : 0;
      const total = plan ? plan.completed.length + plan.pending.length : 0;
      const step = plan?.pending.find((candidate) => candidate.id === payload.stepId);
      const retry = payload.attempt > 1 ? ` (attempt ${payload.attempt})` : '';
      return `▶ Step ${number}/${total}: ${step?.text ?? payload.stepId}${retry}`;
    }
    case 'action-start': {
      const grounding = payload.grounding;
      const note = grounding?.ambiguous
        ? ` [ambiguous: ${grounding.alternatives.length + 1} candidates, picked by role and position]`
        : grounding && !grounding.box && grounding.method !== 'none'
          ? ' [target not found]'
          : '';
      return `    ${payload.summary}${note}`;
    }
    case 'action-end':
      return payload.result.ok ? undefined : `    ✗ ${payload.result.error ?? 'the action failed'}`;
    case 'step-check':
      return repeatsReflection(payload, memory) ? undefined : `    ${payload.passed ? '✓' : '✗'} ${payload.evidence}`;
    case 'step-end':
      return lines(
        describeStepUsage(payload.stepId, state, memory?.usage),
        payload.status === 'failed' ? `  Step failed: ${payload.reason}` : undefined,
      );
    case 'run-pause':
      return '‖ Paused';
    case 'run-resume':
      return '▶ Resumed';
    case 'run-cancel':
      return `■ ${payload.reason ?? 'Cancelled'}`;
    case 'run-recover':
      return payload.interruptedStepId
        ? `Recovering: re-checking the step that was running when the last process stopped (${payload.interruptedStepId})`
        : 'Recovering the run from its log';
    case 'warning':
      return `  note: ${payload.message}`;
    case 'run-end':
      return lines(
        '',
        describeBudgetStop(state),
        `Result: ${payload.status} — ${payload.reason}`,
        describeRunUsage(state),
      );
    case 'model-call':
      return describeModelCall(payload, memory?.usage);
    case 'reflection':
      return describeReflection(payload, memory);
    case 'detector-fire':
      return describeDetector(payload);
    case 'criteria-update':
      return describeCriteriaUpdate(payload, state, memory);
    case 'completion-check':
      return describeCompletionCheck(payload, state);
    case 'feasibility-check':
      return describeFeasibility(payload);
    case 'observation':
      return undefined;
  }
}

/** The defined lines joined, or undefined when there are none. */
function lines(...parts: readonly (string | undefined)[]): string | undefined {
  const defined = parts.filter((part): part is string => part !== undefined);
  return defined.length === 0 ? undefined : defined.join('\n');
}

export function formatPlan(version: PlanVersion): string {
  const lines = [`\nPlan v${version.number} (${version.state}, ${version.cause}): ${version.analysis}`];
  version.completed.forEach((step, index) => lines.push(`  ${index + 1}. [done] ${step.text}`));
  version.pending.forEach((step, index) => lines.push(`  ${version.completed.length + index + 1}. ${step.text}`));
  if (version.constraints.length > 0) lines.push(`  Constraints: ${version.constraints.join('; ')}`);
  if (version.successCriteria.length > 0) {
    lines.push('  Success criteria:');
    for (const criterion of version.successCriteria) lines.push(`    - ${criterion.text}`);
  }
  return lines.join('\n');
}
