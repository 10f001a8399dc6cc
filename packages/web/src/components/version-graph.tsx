import { diffPlans, planGraph } from '@sandpiper/core/projection';
import type { PlanVersion, RunEvent } from '@sandpiper/protocol';
import { useMemo, useState } from 'react';
import { causeLabel, splitRationale } from '../lib/run-phase.js';
import { versionFates } from '../lib/version-fate.js';
import { layoutVersionGraph } from '../lib/version-graph-layout.js';
import { StepText } from './step-text.js';

const ROW_HEIGHT = 30;
const LANE_WIDTH = 16;

const stateColors: Record<PlanVersion['state'], { fill: string; text: string }> = {
  locked: { fill: '#059669', text: 'text-emerald-700 bg-emerald-50 ring-emerald-200' },
  superseded: { fill: '#a8a29e', text: 'text-stone-600 bg-stone-50 ring-stone-200' },
  proposal: { fill: '#0284c7', text: 'text-sky-700 bg-sky-50 ring-sky-200' },
  draft: { fill: '#d97706', text: 'text-amber-700 bg-amber-50 ring-amber-200' },
  rejected: { fill: '#e11d48', text: 'text-rose-700 bg-rose-50 ring-rose-200' },
};

const causeColors: Record<PlanVersion['cause'], string> = {
  initial: '#57534e',
  regenerate: '#7c3aed',
  'plan-edit': '#d97706',
  guidance: '#0d9488',
  annotation: '#9333ea',
  'system-replan': '#db2777',
  'verifier-rejection': '#dc2626',
  resume: '#2563eb',
  declined: '#ea580c',
};

/** Every plan version, one row each, with edges to the version it revises, drawn like a git graph. */
export function VersionGraph({
  versions,
  events,
  current,
}: {
  versions: readonly PlanVersion[];
  events: readonly RunEvent[];
  current: string | undefined;
}) {
  const graph = useMemo(() => planGraph(versions), [versions]);
  const fates = useMemo(() => versionFates(versions, events), [versions, events]);
  const layout = useMemo(() => layoutVersionGraph(graph), [graph]);
  const byId = useMemo(() => new Map(versions.map((version) => [version.id, version])), [versions]);
  const [open, setOpen] = useState<string>();
  const width = layout.laneCount * LANE_WIDTH + 8;
  const x = (lane: number) => 4 + lane * LANE_WIDTH + LANE_WIDTH / 2;
  const y = (row: number) => row * ROW_HEIGHT + ROW_HEIGHT / 2;

  if (versions.length === 0) return <p className="px-4 py-3 text-[12px] text-stone-400">No versions yet.</p>;
  return (
    <div className="relative py-1">
      <svg
        className="pointer-events-none absolute top-1 left-3"
        width={width}
        height={layout.rows.length * ROW_HEIGHT}
        aria-hidden
      >
        {layout.rows.map(({ node, row, lane, parent }) =>
          parent ? (
            <path
              key={`edge-${node.id}`}
              d={
                parent.lane === lane
                  ? `M ${x(lane)} ${y(parent.row)} L ${x(lane)} ${y(row)}`
                  : `M ${x(parent.lane)} ${y(parent.row)} L ${x(parent.lane)} ${y(row) - ROW_HEIGHT} C ${x(parent.lane)} ${y(row) - ROW_HEIGHT / 2}, ${x(lane)} ${y(row) - ROW_HEIGHT / 2}, ${x(lane)} ${y(row)}`
              }
              fill="none"
              stroke={causeColors[node.cause]}
              strokeWidth={2}
              strokeOpacity={0.7}
            />
          ) : null,
        )}
        {layout.rows.map(({ node, row, lane }) => (
          <circle
            key={node.id}
            cx={x(lane)}
            cy={y(row)}
            r={node.id === current ? 6 : 4.5}
            fill={node.state === 'rejected' || node.state === 'superseded' ? '#fff' : stateColors[node.state].fill}
            stroke={stateColors[node.state].fill}
            strokeWidth={2}
          />
        ))}
      </svg>
      <ol>
        {layout.rows.map(({ node }) => {
          const version = byId.get(node.id)!;
          const parent = version.parentId ? byId.get(version.parentId) : undefined;
          const summary = parent
            ? diffPlans(parent, version).summary
            : `${version.completed.length + version.pending.length} steps`;
          const fate = fates.get(node.id);
          const rationale = splitRationale(version.rationale);
          const isOpen = open === node.id;
          return (
            <li
              key={node.id}
              data-testid="version-row"
              data-version-id={node.id}
              data-cause={node.cause}
              data-state={node.state}
              data-fate={fate?.label ?? ''}
            >
              <button
                type="button"
                onClick={() => setOpen(isOpen ? undefined : node.id)}
                aria-expanded={isOpen}
                className={`flex w-full items-center gap-2 pr-4 text-left hover:bg-stone-50 ${isOpen ? 'bg-teal-50/60' : node.id === current ? 'bg-emerald-50/40' : ''}`}
                style={{ height: ROW_HEIGHT, paddingLeft: width + 20 }}
              >
                <span className="w-7 shrink-0 font-mono text-[11px] font-semibold text-stone-700">v{node.number}</span>
                <span
                  className="w-32 shrink-0 truncate text-[12px] font-medium"
                  style={{ color: causeColors[node.cause] }}
                >
                  {causeLabel(node.cause)}
                </span>
                <span
                  className={`shrink-0 truncate rounded-full px-1.5 text-[10px] font-medium ring-1 ${stateColors[node.state].text}`}
                  title={`state: ${node.state}`}
                >
                  {fate?.label ?? node.state}
                </span>
                <span className="min-w-0 flex-1 truncate text-[12px] text-stone-600">{summary}</span>
                {rationale.pattern && (
                  <code className="shrink-0 rounded bg-pink-50 px-1 font-mono text-[10px] text-pink-700">
                    {rationale.pattern}
                  </code>
                )}
                {rationale.text && (
                  <span className="hidden max-w-[40%] shrink truncate text-[11px] text-stone-400 2xl:inline">
                    {rationale.text}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
      {open && byId.get(open) && (
        <VersionDetail
          version={byId.get(open)!}
          fate={fates.get(open)?.label ?? byId.get(open)!.state}
          onClose={() => setOpen(undefined)}
        />
      )}
    </div>
  );
}

function VersionDetail({ version, fate, onClose }: { version: PlanVersion; fate: string; onClose(): void }) {
  const rationale = splitRationale(version.rationale);
  return (
    <div
      className="mx-3 mt-1 mb-2 rounded-md border border-stone-200 bg-stone-50/70 px-3 py-2 text-[12px]"
      data-testid="version-detail"
    >
      <div className="mb-1 flex items-center justify-between">
        <p className="font-medium text-stone-700">
          v{version.number} · {causeLabel(version.cause)} · {fate}
        </p>
        <button type="button" className="text-stone-400 hover:text-stone-700" onClick={onClose} aria-label="Close">
          ✕
        </button>
      </div>
      {rationale.text && <p className="mb-1 text-stone-600">Why: {rationale.text}</p>}
      <ol className="space-y-0.5">
        {[...version.completed, ...version.pending].map((step, index) => (
          <li key={step.id} className="flex gap-2">
            <span className="w-5 shrink-0 text-right text-stone-400 tabular-nums">{index + 1}</span>
            <StepText text={step.text} muted={index < version.completed.length} />
          </li>
        ))}
      </ol>
    </div>
  );
}
