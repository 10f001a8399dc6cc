import { diffPlans } from '@sandpiper/core/projection';
import type { PlanChange, PlanVersion, Step } from '@sandpiper/protocol';
import { useMemo } from 'react';
import { causeLabel, splitRationale } from '../lib/run-phase.js';
import { StepText } from './step-text.js';

type Mark = { readonly label: string; readonly note?: string; readonly before?: string };

const styles = {
  added: 'border-emerald-300 bg-emerald-50',
  removed: 'border-rose-300 bg-rose-50',
  changed: 'border-amber-300 bg-amber-50',
  moved: 'border-sky-300 bg-sky-50',
  same: 'border-transparent',
} as const;

/**
 * A candidate version beside the plan it would replace: what each side loses and gains (added,
 * removed, changed, moved), with the one-sentence summary and, for system proposals, the
 * rationale and the pattern that fired.
 */
export function ProposalView({ base, candidate }: { base: PlanVersion; candidate: PlanVersion }) {
  const diff = useMemo(() => diffPlans(base, candidate), [base, candidate]);
  const { left, right } = useMemo(() => marksFor(diff.changes, base, candidate), [diff, base, candidate]);
  const rationale = splitRationale(candidate.rationale);
  const system =
    candidate.cause === 'system-replan' ||
    candidate.cause === 'verifier-rejection' ||
    candidate.cause === 'resume' ||
    candidate.cause === 'declined';
  const constraintsChanged = base.constraints.join('\n') !== candidate.constraints.join('\n');

  return (
    <div data-testid="proposal-view" data-version-id={candidate.id} className="flex flex-col gap-2.5 p-3">
      <div
        className={`rounded-md border px-3 py-2 ${system ? 'border-violet-200 bg-violet-50' : 'border-sky-200 bg-sky-50'}`}
      >
        <p className="text-[10px] font-semibold tracking-wide text-stone-500 uppercase">
          {system ? 'System proposal' : 'Proposal'} · v{candidate.number} · {causeLabel(candidate.cause)}
        </p>
        <p className="mt-0.5 font-medium text-stone-900" data-testid="proposal-summary">
          {diff.summary}
        </p>
        {rationale.text && (
          <p className="mt-1 text-[12px] text-stone-700" data-testid="proposal-rationale">
            <span className="font-medium">Why: </span>
            {rationale.text}
          </p>
        )}
        {rationale.pattern && (
          <p className="mt-1 text-[11px] text-stone-600">
            Pattern that fired:{' '}
            <code
              data-testid="proposal-pattern"
              className="rounded bg-white px-1 py-px font-mono ring-1 ring-violet-200"
            >
              {rationale.pattern}
            </code>
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Column
          title={`Current · v${base.number}`}
          subtitle={base.state === 'locked' ? 'locked, in force' : 'previous version'}
          plan={base}
          marks={left}
          testId="proposal-current"
        />
        <Column
          title={`Proposed · v${candidate.number}`}
          subtitle={candidate.state}
          plan={candidate}
          marks={right}
          testId="proposal-candidate"
          highlight
        />
      </div>
      {constraintsChanged && (
        <div className="rounded-md border border-stone-200 px-3 py-2 text-[12px]">
          <p className="font-medium text-stone-700">Derived constraints change to:</p>
          <ul className="mt-0.5 list-disc pl-4 text-stone-600">
            {candidate.constraints.map((constraint) => (
              <li key={constraint}>{constraint}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function Column({
  title,
  subtitle,
  plan,
  marks,
  testId,
  highlight = false,
}: {
  title: string;
  subtitle: string;
  plan: PlanVersion;
  marks: ReadonlyMap<string, Mark>;
  testId: string;
  highlight?: boolean;
}) {
  return (
    <div
      data-testid={testId}
      className={`min-w-0 rounded-md border ${highlight ? 'border-sky-300' : 'border-stone-200'}`}
    >
      <div
        className={`flex items-baseline justify-between border-b px-2.5 py-1.5 ${highlight ? 'border-sky-200 bg-sky-50/60' : 'border-stone-200 bg-stone-50'}`}
      >
        <span className="text-[12px] font-semibold text-stone-800">{title}</span>
        <span className="text-[11px] text-stone-500">{subtitle}</span>
      </div>
      {plan.completed.length > 0 && (
        <p className="border-b border-dashed border-stone-200 px-2.5 py-1 text-[11px] text-stone-400">
          ✓ {plan.completed.length} completed step{plan.completed.length === 1 ? '' : 's'}, unchanged
        </p>
      )}
      <ol className="space-y-1 p-1.5">
        {plan.pending.map((step, index) => (
          <DiffRow key={step.id} step={step} number={plan.completed.length + index + 1} mark={marks.get(step.id)} />
        ))}
        {plan.pending.length === 0 && (
          <li className="px-1 py-2 text-center text-[11px] text-stone-400">No pending steps</li>
        )}
      </ol>
    </div>
  );
}

function DiffRow({ step, number, mark }: { step: Step; number: number; mark: Mark | undefined }) {
  const kind = (mark?.label.toLowerCase() ?? 'same') as keyof typeof styles;
  return (
    <li
      data-testid="diff-row"
      data-change={mark ? kind : 'same'}
      className={`rounded border-l-[3px] px-2 py-1 ${styles[kind] ?? styles.same}`}
    >
      <div className="flex gap-1.5 text-[12px] leading-snug">
        <span className="w-4 shrink-0 text-right text-stone-400 tabular-nums">{number}</span>
        <div className="min-w-0 flex-1">
          <p className={`[overflow-wrap:anywhere] ${kind === 'removed' ? 'line-through decoration-rose-400' : ''}`}>
            <StepText text={step.text} muted={kind === 'removed'} />
          </p>
          {mark?.before && (
            <p className="mt-0.5 text-[11px] [overflow-wrap:anywhere] text-stone-500 line-through decoration-stone-400">
              {mark.before}
            </p>
          )}
        </div>
      </div>
      {mark && (
        <p className="mt-0.5 pl-5 text-[10px] font-semibold tracking-wide uppercase opacity-70">
          {mark.label}
          {mark.note && <span className="font-normal normal-case"> · {mark.note}</span>}
        </p>
      )}
    </li>
  );
}

/** Per side, what happened to each step id. A step both moved and reworded shows as changed, with the move noted. */
function marksFor(changes: readonly PlanChange[], base: PlanVersion, candidate: PlanVersion) {
  const left = new Map<string, Mark>();
  const right = new Map<string, Mark>();
  const number = (plan: PlanVersion, index: number) => plan.completed.length + index + 1;
  for (const change of changes) {
    switch (change.type) {
      case 'added':
        right.set(change.step.id, { label: 'Added' });
        break;
      case 'removed':
        left.set(change.step.id, { label: 'Removed' });
        break;
      case 'moved':
        left.set(change.step.id, {
          label: 'Moved',
          note: `to ${number(candidate, change.to)}`,
        });
        right.set(change.step.id, {
          label: 'Moved',
          note: `from ${number(base, change.from)}`,
        });
        break;
      case 'changed': {
        const movedRight = right.get(change.after.id)?.note;
        const movedLeft = left.get(change.before.id)?.note;
        const notes = [changeNote(change.before, change.after), movedRight && `moved ${movedRight}`].filter(Boolean);
        right.set(change.after.id, {
          label: 'Changed',
          ...(change.before.text !== change.after.text ? { before: change.before.text } : {}),
          ...(notes.length > 0 ? { note: notes.join(', ') } : {}),
        });
        left.set(change.before.id, {
          label: 'Changed',
          ...(movedLeft ? { note: `moved ${movedLeft}` } : {}),
        });
        break;
      }
    }
  }
  return { left, right };
}

/** What changed besides the wording, which the row shows struck through. */
function changeNote(before: Step, after: Step): string | undefined {
  const notes: string[] = [];
  if (before.status !== after.status) notes.push(`now ${after.status}`);
  if (JSON.stringify(before.region) !== JSON.stringify(after.region)) {
    notes.push(
      after.region ? `marked area ${after.region.label ? `“${after.region.label}”` : 'set'}` : 'marked area dropped',
    );
  }
  if (before.text === after.text && before.expectedOutcome !== after.expectedOutcome)
    notes.push('expected outcome updated');
  return notes.length > 0 ? notes.join(', ') : undefined;
}
