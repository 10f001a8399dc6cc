import type { PlanVersion, RunEvent } from '@sandpiper/protocol';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { StepLabel } from '../lib/activity.js';
import { formatCost, formatDuration } from '../lib/format.js';
import { eventsOfStep, payloadsOf } from '../lib/step-events.js';
import { stepMetrics } from '../lib/step-metrics.js';
import { StepText } from './step-text.js';
import { Badge, Button } from './ui.js';

const relevanceTones = { 'action-relevant': 'good', noise: 'neutral', unrelated: 'attention' } as const;

/** Details of one step on demand: its reflections with their evidence images, model calls and raw events. */
export function StepDrawer({
  api,
  stepId,
  events,
  labels,
  plan,
  onClose,
}: {
  api: ApiClient;
  stepId: string;
  events: readonly RunEvent[];
  labels: ReadonlyMap<string, StepLabel>;
  plan: PlanVersion | undefined;
  onClose(): void;
}) {
  const own = useMemo(() => eventsOfStep(events, stepId), [events, stepId]);
  const metrics = useMemo(() => stepMetrics(events).get(stepId), [events, stepId]);
  const label = labels.get(stepId);
  const step = plan && [...plan.completed, ...plan.pending].find((candidate) => candidate.id === stepId);
  const reflections = payloadsOf(own, 'reflection');
  const checks = payloadsOf(own, 'step-check');
  const calls = payloadsOf(own, 'model-call');

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-40 flex justify-end bg-stone-900/20" onClick={onClose}>
      <aside
        data-testid="step-drawer"
        data-step-id={stepId}
        className="flex h-full w-[min(640px,92vw)] flex-col bg-white shadow-2xl"
        onClick={(event) => event.stopPropagation()}
      >
        <header className="flex items-start gap-3 border-b border-stone-200 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="text-[11px] font-semibold tracking-wide text-stone-500 uppercase">
              Step {label?.number ?? '?'}{' '}
              {step && (
                <Badge tone={step.status === 'completed' ? 'good' : step.status === 'failed' ? 'bad' : 'neutral'}>
                  {step.status}
                </Badge>
              )}
            </p>
            <p className="mt-0.5 text-[14px] leading-snug">
              <StepText text={label?.text ?? stepId} />
            </p>
            {step?.expectedOutcome && (
              <p className="mt-1 text-[12px] text-stone-500">Expected: {step.expectedOutcome}</p>
            )}
          </div>
          <Button variant="ghost" size="sm" onClick={onClose} data-testid="drawer-close">
            ✕
          </Button>
        </header>
        <div className="min-h-0 flex-1 space-y-4 overflow-auto px-4 py-3">
          <dl className="grid grid-cols-4 gap-2 text-center">
            <Metric label="Attempts" value={String(metrics?.attempts ?? 0)} />
            <Metric
              label="Duration"
              value={metrics?.endedAt ? formatDuration(metrics.endedAt - metrics.startedAt) : metrics ? 'running' : '—'}
            />
            <Metric label="Screenshots" value={String(metrics?.screenshots ?? 0)} />
            <Metric label="Actions" value={String(metrics?.actions ?? 0)} />
          </dl>

          <Section title={`Reflections · ${reflections.length}`}>
            {reflections.length === 0 && (
              <p className="text-[12px] text-stone-400">No reflection was logged for this step.</p>
            )}
            {reflections.map(({ seq, payload }) => (
              <article key={seq} data-testid="drawer-reflection" className="rounded-md border border-stone-200 p-2.5">
                <div className="flex items-center gap-2">
                  <Badge tone={payload.verdict === 'success' ? 'good' : 'bad'} dot>
                    {payload.verdict}
                  </Badge>
                  <span className="text-[11px] text-stone-500">{payload.method}</span>
                </div>
                <p className="mt-1 font-medium">{payload.keyEvidence}</p>
                <p className="text-[12px] text-stone-600">{payload.summary}</p>
                {(payload.marked.before || payload.marked.after) && (
                  <div className="mt-2 grid grid-cols-2 gap-2">
                    {(['before', 'after'] as const).map((side) => {
                      const hash = payload.marked[side];
                      return (
                        <figure key={side} className="min-w-0">
                          <figcaption className="mb-0.5 text-[10px] font-semibold tracking-wide text-stone-500 uppercase">
                            {side}
                          </figcaption>
                          {hash ? (
                            <a href={api.blobUrl(hash)} target="_blank" rel="noreferrer">
                              <img
                                data-testid="reflection-image"
                                src={api.blobUrl(hash)}
                                alt={`Marked screenshot ${side} the action`}
                                className="w-full rounded border border-stone-200"
                              />
                            </a>
                          ) : (
                            <p className="text-[11px] text-stone-400">none</p>
                          )}
                        </figure>
                      );
                    })}
                  </div>
                )}
                {payload.regions.length > 0 && (
                  <table className="mt-2 w-full text-left text-[11px]" data-testid="reflection-regions">
                    <thead className="text-stone-500">
                      <tr>
                        <th className="py-0.5 font-medium">#</th>
                        <th className="py-0.5 font-medium">Relevance</th>
                        <th className="py-0.5 font-medium">What changed</th>
                        <th className="py-0.5 text-right font-medium">Pixels</th>
                        <th className="py-0.5 text-right font-medium">Box</th>
                      </tr>
                    </thead>
                    <tbody>
                      {payload.regions.map((region) => (
                        <tr key={region.id} className="border-t border-stone-100">
                          <td className="py-0.5 tabular-nums">{region.id}</td>
                          <td className="py-0.5">
                            <Badge tone={relevanceTones[region.relevance]}>{region.relevance}</Badge>
                          </td>
                          <td className="py-0.5">{region.description}</td>
                          <td className="py-0.5 text-right tabular-nums">{region.changedPixels}</td>
                          <td className="py-0.5 text-right font-mono text-[10px] text-stone-500">
                            {Math.round(region.box.x)},{Math.round(region.box.y)} {Math.round(region.box.width)}×
                            {Math.round(region.box.height)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </article>
            ))}
          </Section>

          {checks.length > 0 && (
            <Section title={`Outcome checks · ${checks.length}`}>
              <ul className="space-y-1">
                {checks.map(({ seq, payload }) => (
                  <li key={seq} className="flex gap-2 text-[12px]">
                    <span className={payload.passed ? 'text-emerald-600' : 'text-amber-600'}>
                      {payload.passed ? '✓' : '✕'}
                    </span>
                    {payload.evidence}
                  </li>
                ))}
              </ul>
            </Section>
          )}

          <Section title={`Model calls · ${calls.length}`}>
            {calls.length === 0 ? (
              <p className="text-[12px] text-stone-400">No model calls (the built-in engine needs none).</p>
            ) : (
              <table className="w-full text-left text-[11px]" data-testid="drawer-model-calls">
                <thead className="text-stone-500">
                  <tr>
                    <th className="py-0.5 font-medium">Role</th>
                    <th className="py-0.5 font-medium">Model</th>
                    <th className="py-0.5 text-right font-medium">Tokens in/out</th>
                    <th className="py-0.5 text-right font-medium">Cost</th>
                    <th className="py-0.5 text-right font-medium">Time</th>
                    <th className="py-0.5 text-right font-medium">Outcome</th>
                  </tr>
                </thead>
                <tbody>
                  {calls.map(({ seq, payload }) => (
                    <tr key={seq} className="border-t border-stone-100" title={payload.error}>
                      <td className="py-0.5">{payload.role}</td>
                      <td className="py-0.5 font-mono text-[10px]">{payload.model}</td>
                      <td className="py-0.5 text-right tabular-nums">
                        {payload.inputTokens}/{payload.outputTokens}
                      </td>
                      <td className="py-0.5 text-right tabular-nums">
                        {payload.costUsd === undefined ? '—' : formatCost(payload.costUsd)}
                      </td>
                      <td className="py-0.5 text-right tabular-nums">{formatDuration(payload.durationMs)}</td>
                      <td className="py-0.5 text-right">{payload.outcome}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Section>

          <Section title={`Raw events · ${own.length}`}>
            <details data-testid="drawer-raw-events">
              <summary className="cursor-pointer text-[12px] text-teal-700">Show the events as logged</summary>
              <pre className="mt-1 max-h-[50vh] overflow-auto rounded bg-stone-900 p-2 font-mono text-[10px] leading-relaxed text-stone-100">
                {own.map((event) => JSON.stringify(withoutAccessibility(event), null, 1)).join('\n')}
              </pre>
            </details>
          </Section>
        </div>
      </aside>
    </div>
  );
}

/** Accessibility snapshots run to hundreds of nodes; the drawer shows their size, not their content. */
function withoutAccessibility(event: RunEvent): unknown {
  if (event.payload.type !== 'observation' || !event.payload.observation.accessibility) return event;
  const { accessibility, ...observation } = event.payload.observation;
  return {
    ...event,
    payload: { ...event.payload, observation: { ...observation, accessibility: `[${accessibility.length} nodes]` } },
  };
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-stone-50 px-2 py-1.5">
      <dt className="text-[10px] font-semibold tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-1.5 text-[11px] font-semibold tracking-wide text-stone-500 uppercase">{title}</h3>
      <div className="space-y-2">{children}</div>
    </section>
  );
}
