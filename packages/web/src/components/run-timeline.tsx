import type { RunState } from '@sandpiper/core/projection';
import type { PlanVersion, RunEvent, Step } from '@sandpiper/protocol';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { formatDuration } from '../lib/format.js';
import {
  interventionMarkers,
  stepMetrics,
  type InterventionKind,
  type InterventionMarker,
  type StepMetrics,
} from '../lib/step-metrics.js';
import { ChatIcon, HandIcon, PenIcon, ScissorsIcon } from './icons.js';
import { VersionGraph } from './version-graph.js';

const nodeStyles: Record<Step['status'], string> = {
  pending: 'border-stone-300 bg-white text-stone-500',
  executing: 'border-sky-500 bg-sky-500 text-white animate-ring-pulse',
  completed: 'border-emerald-500 bg-emerald-500 text-white',
  failed: 'border-rose-500 bg-rose-500 text-white',
  recovery: 'border-amber-500 bg-amber-400 text-white',
};

const markerIcons: Record<InterventionKind, { icon: ReactNode; className: string }> = {
  guidance: { icon: <ChatIcon className="size-2.5" />, className: 'bg-teal-100 text-teal-800 ring-teal-300' },
  annotation: { icon: <PenIcon className="size-2.5" />, className: 'bg-violet-100 text-violet-800 ring-violet-300' },
  'plan-edit': { icon: <ScissorsIcon className="size-2.5" />, className: 'bg-amber-100 text-amber-800 ring-amber-300' },
  takeover: { icon: <HandIcon className="size-2.5" />, className: 'bg-orange-100 text-orange-800 ring-orange-300' },
};

/**
 * The plan as a row of status nodes with small metrics, the person's interventions between them,
 * and the version graph one click away.
 */
export function RunTimeline({
  state,
  events,
  plan,
  now,
  onOpenStep,
}: {
  state: RunState;
  events: readonly RunEvent[];
  plan: PlanVersion | undefined;
  now: number;
  onOpenStep(stepId: string): void;
}) {
  const [expanded, setExpanded] = useState(false);
  const metrics = useMemo(() => stepMetrics(events), [events]);
  const markers = useMemo(() => interventionMarkers(events), [events]);
  const steps = plan ? [...plan.completed, ...plan.pending] : [];
  const durations = steps.map((step) => duration(metrics.get(step.id), now));
  const maxDuration = Math.max(1, ...durations.map((value) => value ?? 0));
  const maxShots = Math.max(1, ...steps.map((step) => metrics.get(step.id)?.screenshots ?? 0));
  const markersAt = (position: number) =>
    markers.filter((marker) => Math.min(marker.afterCompleted, steps.length) === position);

  return (
    <section className="shrink-0 border-t border-stone-200 bg-white" data-testid="run-timeline">
      <div className="flex items-center gap-3 px-3 py-2">
        <button
          type="button"
          data-testid="version-graph-toggle"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="flex h-7 shrink-0 items-center gap-1.5 rounded-md border border-stone-300 px-2 text-[12px] font-medium text-stone-700 shadow-xs hover:bg-stone-50"
        >
          <span className={`transition-transform ${expanded ? 'rotate-90' : ''}`}>▸</span>
          Versions · {state.versions.length}
        </button>
        <div className="flex min-w-0 flex-1 items-end overflow-x-auto pb-0.5" data-testid="timeline-nodes">
          {steps.length === 0 && (
            <span className="text-[12px] text-stone-400">The timeline fills in once there is a plan.</span>
          )}
          {steps.map((step, index) => {
            const metric = metrics.get(step.id);
            const time = durations[index];
            return (
              <Fragment key={step.id}>
                <Markers markers={markersAt(index)} />
                {index > 0 && markersAt(index).length === 0 && (
                  <span className="mb-[21px] h-px w-2 shrink-0 bg-stone-200" />
                )}
                <button
                  type="button"
                  data-testid="timeline-node"
                  data-status={step.status}
                  data-step-id={step.id}
                  title={`${index + 1}. ${step.text}`}
                  onClick={() => onOpenStep(step.id)}
                  className="group flex w-9 shrink-0 flex-col items-center gap-0.5"
                >
                  <span className="flex h-4 items-end gap-px" aria-hidden title="Duration and screenshots">
                    <span
                      className="w-1 rounded-t-sm bg-sky-300"
                      style={{ height: `${time === undefined ? 0 : Math.max(2, (time / maxDuration) * 16)}px` }}
                    />
                    <span
                      className="w-1 rounded-t-sm bg-stone-300"
                      style={{ height: `${metric ? Math.max(2, (metric.screenshots / maxShots) * 16) : 0}px` }}
                    />
                  </span>
                  <span
                    className={`flex size-5 items-center justify-center rounded-full border text-[10px] font-semibold group-hover:ring-2 group-hover:ring-teal-200 ${nodeStyles[step.status]}`}
                  >
                    {index + 1}
                  </span>
                  <span className="text-[9px] leading-none text-stone-500 tabular-nums" data-testid="timeline-metrics">
                    {time === undefined ? '·' : shortDuration(time)}
                    {metric ? ` ▣${metric.screenshots}` : ''}
                  </span>
                </button>
              </Fragment>
            );
          })}
          <Markers markers={markersAt(steps.length)} />
        </div>
        <Legend />
      </div>
      {expanded && (
        <div className="max-h-[38vh] overflow-auto border-t border-stone-200" data-testid="version-graph">
          <VersionGraph versions={state.versions} events={events} current={state.plan?.id} />
        </div>
      )}
    </section>
  );
}

function Markers({ markers }: { markers: readonly InterventionMarker[] }) {
  if (markers.length === 0) return null;
  return (
    <span className="mx-0.5 mb-[14px] flex shrink-0 items-center gap-0.5">
      {markers.map((marker) => (
        <span
          key={marker.seq}
          data-testid="timeline-marker"
          data-kind={marker.kind}
          title={marker.label}
          className={`flex size-4 items-center justify-center rounded-sm text-[9px] ring-1 ${markerIcons[marker.kind].className}`}
        >
          {markerIcons[marker.kind].icon}
        </span>
      ))}
    </span>
  );
}

function Legend() {
  return (
    <div className="hidden shrink-0 items-center gap-2.5 text-[10px] text-stone-500 xl:flex">
      {(['completed', 'executing', 'failed', 'recovery', 'pending'] as const).map((status) => (
        <span key={status} className="flex items-center gap-1">
          <span className={`size-2 rounded-full border ${nodeStyles[status].replace('animate-ring-pulse', '')}`} />
          {status}
        </span>
      ))}
      <span className="flex items-center gap-1">
        <span className="h-2 w-1 bg-sky-300" />
        time
      </span>
      <span className="flex items-center gap-1">
        <span className="h-2 w-1 bg-stone-300" />
        screenshots
      </span>
    </div>
  );
}

function duration(metric: StepMetrics | undefined, now: number): number | undefined {
  if (!metric) return undefined;
  return Math.max(0, (metric.endedAt ?? now) - metric.startedAt);
}

function shortDuration(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)}s` : formatDuration(ms).replace(' s', 's').replace(' min ', 'm');
}
