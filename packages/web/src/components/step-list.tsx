import type { PlanVersion, Step } from '@sandpiper/protocol';
import { useEffect, useRef, useState } from 'react';
import type { StepDraft } from '../hooks/use-step-draft.js';
import { countEdits } from '../lib/describe-edits.js';
import { moveRow, type DraftStep } from '../lib/step-edits.js';
import { LockIcon } from './icons.js';
import { StepText } from './step-text.js';
import { Button } from './ui.js';

const statusStyles: Record<Step['status'], { label: string; chip: string; dot: string }> = {
  pending: { label: 'Pending', chip: 'text-stone-400', dot: 'border-stone-300 bg-white text-stone-500' },
  executing: { label: 'Running', chip: 'text-sky-700', dot: 'border-sky-500 bg-sky-500 text-white animate-ring-pulse' },
  completed: { label: 'Done', chip: 'text-emerald-700', dot: 'border-emerald-500 bg-emerald-500 text-white' },
  failed: { label: 'Failed', chip: 'text-rose-700', dot: 'border-rose-500 bg-rose-500 text-white' },
  recovery: { label: 'Recovery', chip: 'text-amber-700', dot: 'border-amber-500 bg-amber-400 text-white' },
};

/**
 * The plan's steps: completed ones locked, pending ones editable in place (edit, add, delete,
 * move). Every change stays in the draft (kept by the panel) until "Save edits" sends them
 * together as one request.
 */
export function StepList({
  plan,
  editable,
  haltedLabel,
  draft,
  onOpenStep,
}: {
  plan: PlanVersion;
  editable: boolean;
  /** How to label the step marked executing when the run holds or ended there; absent while it runs. */
  haltedLabel: string | undefined;
  /** The person's unsaved changes to this version's pending steps. */
  draft: StepDraft;
  onOpenStep(stepId: string): void;
}) {
  const [editingKey, setEditingKey] = useState<string>();

  useEffect(() => setEditingKey(undefined), [plan.id]);

  const running = plan.pending.find((step) => step.status === 'executing')?.id;
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (running === undefined) return;
    list.current?.querySelector(`[data-step-id="${CSS.escape(running)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [running]);

  const { rows, result, change } = draft;
  const byId = new Map(plan.pending.map((step) => [step.id, step]));
  const edits = result?.ok ? result.edits : [];

  const insertAt = (index: number) => {
    const row: DraftStep = { key: draft.newRowKey(), text: '' };
    change([...rows.slice(0, index), row, ...rows.slice(index)]);
    setEditingKey(row.key);
  };
  const commitText = (key: string, text: string) => {
    setEditingKey(undefined);
    const row = rows.find((candidate) => candidate.key === key);
    if (row && row.stepId === undefined && text.trim() === '') {
      change(rows.filter((candidate) => candidate.key !== key));
      return;
    }
    if (row && row.text !== text)
      change(rows.map((candidate) => (candidate.key === key ? { ...candidate, text } : candidate)));
  };

  const offset = plan.completed.length;
  return (
    <div ref={list} className="flex flex-col" data-testid="step-list" data-version-id={plan.id}>
      <ol className="divide-y divide-stone-100">
        {plan.completed.map((step, index) => (
          <li
            key={step.id}
            data-testid="step-row"
            data-step-id={step.id}
            data-status="completed"
            className="group flex cursor-pointer gap-2.5 px-3 py-1.5 hover:bg-stone-50"
            onClick={() => onOpenStep(step.id)}
          >
            <StepDot number={index + 1} status="completed" />
            <p className="min-w-0 flex-1 leading-5">
              <StepText text={step.text} muted />
            </p>
            <span className="mt-0.5 text-stone-300" title="Completed steps are locked">
              <LockIcon className="size-3" />
            </span>
          </li>
        ))}
        {rows.map((row, index) => {
          const step = row.stepId === undefined ? undefined : byId.get(row.stepId);
          const status = step?.status ?? 'pending';
          const changed = step !== undefined && step.text !== row.text.trim();
          const invalid = result && !result.ok && result.key === row.key;
          return (
            <li
              key={row.key}
              data-testid="step-row"
              data-step-id={row.stepId ?? ''}
              data-status={status}
              data-draft={step === undefined ? 'new' : changed ? 'changed' : undefined}
              className={`group relative flex gap-2.5 px-3 py-2 ${
                step === undefined
                  ? 'bg-emerald-50/60'
                  : changed
                    ? 'bg-amber-50/60'
                    : status === 'executing'
                      ? 'bg-sky-50/60'
                      : ''
              } ${invalid ? 'ring-1 ring-rose-300 ring-inset' : ''}`}
            >
              <span
                className={`absolute top-0 bottom-0 left-0 w-0.5 ${step === undefined ? 'bg-emerald-500' : changed ? 'bg-amber-500' : status === 'executing' ? 'bg-sky-500' : 'bg-transparent'}`}
              />
              <StepDot number={offset + index + 1} status={status} />
              <div className="min-w-0 flex-1">
                {editingKey === row.key ? (
                  <StepTextInput
                    initial={row.text}
                    onCommit={(text) => commitText(row.key, text)}
                    onCancel={() => commitText(row.key, row.text)}
                  />
                ) : (
                  <p
                    className={`leading-5 ${editable ? 'cursor-text' : ''}`}
                    onDoubleClick={() => editable && setEditingKey(row.key)}
                    onClick={() => !editable && row.stepId && onOpenStep(row.stepId)}
                  >
                    <StepText text={row.text} />
                  </p>
                )}
                <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-[11px]">
                  {status !== 'pending' && (
                    <span className={`font-medium ${statusStyles[status].chip}`}>
                      {status === 'executing' && haltedLabel ? haltedLabel : statusStyles[status].label}
                    </span>
                  )}
                  {step === undefined && <span className="font-medium text-emerald-700">New</span>}
                  {changed && <span className="font-medium text-amber-700">Edited</span>}
                  {step?.expectedOutcome && !changed && (
                    <span className="text-stone-400" title="What should be visible afterwards">
                      → {step.expectedOutcome}
                    </span>
                  )}
                  {step?.region && (
                    <span
                      className="rounded bg-violet-50 px-1 text-violet-700 ring-1 ring-violet-200"
                      title="Marked area"
                    >
                      ⌖{' '}
                      {step.region.label ??
                        `${Math.round(step.region.box.width)}×${Math.round(step.region.box.height)} area`}
                    </span>
                  )}
                </div>
                {invalid && !result.ok && <p className="mt-0.5 text-[11px] text-rose-700">{result.reason}</p>}
              </div>
              {editable && editingKey !== row.key && (
                <div className="absolute top-1.5 right-2 flex items-center gap-0.5 rounded-md border border-stone-200 bg-white/95 p-0.5 opacity-0 shadow-sm transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
                  <IconButton label="Edit text" testId="step-edit" onClick={() => setEditingKey(row.key)}>
                    ✎
                  </IconButton>
                  <IconButton
                    label="Move up"
                    testId="step-move-up"
                    disabled={index === 0}
                    onClick={() => change(moveRow(rows, index, -1))}
                  >
                    ↑
                  </IconButton>
                  <IconButton
                    label="Move down"
                    testId="step-move-down"
                    disabled={index === rows.length - 1}
                    onClick={() => change(moveRow(rows, index, 1))}
                  >
                    ↓
                  </IconButton>
                  <IconButton label="Add a step below" testId="step-insert-below" onClick={() => insertAt(index + 1)}>
                    ＋
                  </IconButton>
                  <IconButton
                    label="Delete step"
                    testId="step-delete"
                    danger
                    onClick={() => change(rows.filter((candidate) => candidate.key !== row.key))}
                  >
                    ✕
                  </IconButton>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {editable && (
        <div className="px-3 py-2">
          <Button
            size="sm"
            variant="ghost"
            data-testid="step-add"
            onClick={() => insertAt(rows.length)}
            className="text-teal-700"
          >
            ＋ Add step
          </Button>
        </div>
      )}
      {draft.open && (
        <div
          className="sticky bottom-0 flex items-center justify-between gap-2 border-t border-amber-200 bg-amber-50 px-3 py-2"
          data-testid="steps-edit-bar"
        >
          <span className="text-[12px] text-amber-900" data-testid="steps-edit-summary">
            {result && !result.ok
              ? result.reason
              : edits.length === 0
                ? 'No changes yet.'
                : `${countEdits(edits)}, sent together as one revision.`}
          </span>
          <div className="flex gap-1.5">
            <Button size="sm" variant="ghost" data-testid="steps-discard" onClick={draft.discard}>
              Discard
            </Button>
            <Button
              size="sm"
              variant="primary"
              data-testid="steps-save"
              disabled={draft.saving || !result?.ok || edits.length === 0}
              onClick={() => void draft.save()}
            >
              {draft.saving ? 'Saving…' : 'Save edits'}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

export function StepDot({ number, status }: { number: number; status: Step['status'] }) {
  return (
    <span
      className={`mt-px flex size-5 shrink-0 items-center justify-center rounded-full border text-[10px] font-semibold tabular-nums ${statusStyles[status].dot}`}
    >
      {status === 'completed' ? '✓' : number}
    </span>
  );
}

function StepTextInput({
  initial,
  onCommit,
  onCancel,
}: {
  initial: string;
  onCommit(text: string): void;
  onCancel(): void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <textarea
      data-testid="step-text-input"
      autoFocus
      value={value}
      rows={1}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => onCommit(value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          onCommit(value);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
      placeholder="Describe one action, e.g. “Click 'Next'”"
      className="field-sizing-content block min-h-7 w-full resize-none rounded border border-teal-500 bg-white px-1.5 py-0.5 leading-5 ring-2 ring-teal-500/20 outline-none"
    />
  );
}

function IconButton({
  label,
  testId,
  onClick,
  children,
  disabled = false,
  danger = false,
}: {
  label: string;
  testId: string;
  onClick(): void;
  children: string;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      data-testid={testId}
      disabled={disabled}
      onClick={onClick}
      className={`flex size-6 items-center justify-center rounded text-[12px] text-stone-500 hover:bg-stone-200/70 disabled:opacity-30 ${danger ? 'hover:text-rose-700' : 'hover:text-stone-900'}`}
    >
      {children}
    </button>
  );
}
