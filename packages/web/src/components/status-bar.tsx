import type { RunState } from '@sandpiper/core/projection';
import type { PlanVersion, RunEvent } from '@sandpiper/protocol';
import type { ReactNode } from 'react';
import type { RunControl } from '../api/api-types.js';
import type { LiveView } from '../hooks/use-live-view.js';
import type { StreamStatus } from '../hooks/use-run-stream.js';
import { formatClock, formatCost } from '../lib/format.js';
import { describePhase, describePlanState, stepProgress, type Tone } from '../lib/run-phase.js';
import { approvalModeLabel } from '../lib/approval-modes.js';
import { lastGrounding } from '../lib/step-metrics.js';
import { Badge } from './ui.js';

/** The persistent overview: phase, plan state, progress, grounding, connection, time and mode. */
export function StatusBar({
  state,
  events,
  control,
  streamStatus,
  streamProblem,
  live,
  now,
  plan,
  interrupted = false,
}: {
  /** The run stopped before it ended and nothing drives it. */
  interrupted?: boolean;
  state: RunState;
  events: readonly RunEvent[];
  control: RunControl | undefined;
  streamStatus: StreamStatus;
  streamProblem: string | undefined;
  live: LiveView;
  now: number;
  plan: PlanVersion | undefined;
}) {
  const phase = interrupted
    ? ({
        key: 'interrupted',
        label: 'Interrupted',
        hint: 'Its process stopped before the run ended.',
        tone: 'attention',
      } as const)
    : describePhase(state, control?.pauseRequested ?? false);
  const planState = describePlanState(state);
  const progress = stepProgress(plan);
  const grounding = lastGrounding(events);
  const end = state.phase === 'ended' ? (state.lastEventAt ?? now) : now;
  const elapsed = state.startedAt === undefined ? 0 : Math.max(0, end - state.startedAt);
  const connection = describeConnection(streamStatus, live, state.phase === 'ended');
  const planTone: Tone =
    planState.label === 'Locked' ? 'good' : planState.label === 'No plan yet' ? 'neutral' : 'attention';

  return (
    <div
      data-testid="status-bar"
      className="flex h-12 shrink-0 items-stretch divide-x divide-stone-200 overflow-x-auto border-b border-stone-200 bg-white"
    >
      <Field label="Phase" testId="status-phase" data-phase={phase.key} wide>
        <Badge tone={phase.tone} dot>
          {phase.label}
        </Badge>
        {phase.hint && <span className="truncate text-[11px] text-stone-500">{phase.hint}</span>}
      </Field>
      <Field label="Plan" testId="status-plan-state" data-plan-state={planState.label.toLowerCase()}>
        <Badge tone={planTone}>{planState.label}</Badge>
        {planState.version && <span className="text-[11px] text-stone-500">v{planState.version.number}</span>}
      </Field>
      <Field label="Steps" testId="status-progress">
        <span className="font-medium tabular-nums">
          {progress.done}
          <span className="text-stone-400"> / {progress.total}</span>
        </span>
        <span className="h-1.5 w-16 overflow-hidden rounded-full bg-stone-200">
          <span
            className="block h-full rounded-full bg-emerald-500 transition-[width]"
            style={{ width: `${progress.total === 0 ? 0 : (progress.done / progress.total) * 100}%` }}
          />
        </span>
      </Field>
      <Field label="Grounding" testId="status-grounding" wide>
        {grounding ? (
          <span className="truncate" title={grounding.alternatives.map((alternative) => alternative.label).join(', ')}>
            <span className="font-medium">“{grounding.query}”</span>
            <span className="text-stone-500">
              {' '}
              · {grounding.method}
              {grounding.score === undefined ? '' : ` ${Math.round(grounding.score * 100)}%`}
            </span>
            {grounding.ambiguous && (
              <span className="ml-1 rounded bg-amber-100 px-1 text-[10px] font-medium text-amber-800">ambiguous</span>
            )}
          </span>
        ) : (
          <span className="text-stone-400">—</span>
        )}
      </Field>
      <Field label="Environment" testId="status-connection" data-stream={streamStatus} data-live={live.status}>
        <span className={`size-2 shrink-0 rounded-full ${connection.dot}`} />
        <span className="truncate" title={streamProblem ?? connection.title}>
          {connection.label}
        </span>
      </Field>
      <Field label="Elapsed" testId="status-elapsed">
        <span className="font-mono tabular-nums">{formatClock(elapsed)}</span>
      </Field>
      <Field label="Engine" testId="status-engine">
        <span className="truncate" title={state.engine ?? 'not recorded'}>
          {state.engine ?? '—'}
        </span>
      </Field>
      <Field label="Mode" testId="status-mode" data-mode={state.task?.approval ?? ''}>
        <span>{approvalModeLabel(state.task?.approval)}</span>
      </Field>
      <Field label="Usage" testId="status-usage">
        <span className="text-stone-600 tabular-nums">
          {state.actionCount} actions
          {state.manualActions > 0 && ` · ${state.manualActions} manual`} · {state.usage.calls} calls ·{' '}
          {formatCost(state.usage.costUsd)}
        </span>
      </Field>
    </div>
  );
}

function Field({
  label,
  children,
  testId,
  wide = false,
  ...data
}: {
  label: string;
  children: ReactNode;
  testId: string;
  wide?: boolean;
  [dataAttribute: `data-${string}`]: string;
}) {
  return (
    <div
      data-testid={testId}
      {...data}
      className={`flex min-w-0 flex-col justify-center gap-0.5 px-3 ${wide ? 'max-w-[22rem] min-w-[11rem] flex-1' : 'shrink-0'}`}
    >
      <span className="text-[10px] font-semibold tracking-wide text-stone-400 uppercase">{label}</span>
      <span className="flex min-w-0 items-center gap-1.5 whitespace-nowrap">{children}</span>
    </div>
  );
}

function describeConnection(stream: StreamStatus, live: LiveView, ended: boolean) {
  if (stream === 'failed') return { label: 'Not connected', dot: 'bg-rose-500', title: 'The event stream failed.' };
  if (stream === 'reconnecting')
    return { label: 'Reconnecting…', dot: 'bg-amber-500', title: 'The event stream dropped.' };
  if (stream === 'connecting') return { label: 'Connecting…', dot: 'bg-stone-400', title: 'Opening the event stream.' };
  if (ended || stream === 'ended') return { label: 'Run ended', dot: 'bg-stone-400', title: 'The browser is closed.' };
  if (live.status === 'live') {
    return { label: `Live · ${live.fps.toFixed(1)} fps`, dot: 'bg-emerald-500', title: 'Live view connected.' };
  }
  return {
    label: 'Connected · screenshots',
    dot: 'bg-sky-500',
    title: 'Events are live; the screen shows the latest screenshot (no live view).',
  };
}
