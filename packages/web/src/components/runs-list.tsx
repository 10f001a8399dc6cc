import type { ApiClient } from '../api/api-client.js';
import type { StoredRunStatus } from '../api/api-types.js';
import { useNow } from '../hooks/use-now.js';
import { useRunsList } from '../hooks/use-runs-list.js';
import { describeEnvironment, formatDuration, formatTimestamp, truncate } from '../lib/format.js';
import type { Tone } from '../lib/run-phase.js';
import { Badge, Empty, Panel } from './ui.js';

const statusTones: Record<StoredRunStatus, Tone> = {
  created: 'neutral',
  running: 'busy',
  interrupted: 'attention',
  succeeded: 'good',
  failed: 'bad',
  cancelled: 'neutral',
  'needs-input': 'attention',
  'budget-exhausted': 'bad',
};

/** Every run the store knows, newest first; any of them opens, read-only when it is not active. */
export function RunsList({ api, onOpenRun }: { api: ApiClient; onOpenRun(runId: string): void }) {
  const { runs, error } = useRunsList(api);
  const now = useNow(true, 15_000);
  return (
    <Panel title={`Runs${runs ? ` · ${runs.length}` : ''}`} testId="runs-list">
      {error && <p className="m-3 rounded-md bg-rose-50 px-3 py-2 text-[12px] text-rose-800">{error.error}</p>}
      {runs && runs.length === 0 && <Empty>No runs yet. Write a task to start one.</Empty>}
      {runs && runs.length > 0 && (
        <table className="w-full table-fixed text-left">
          <thead className="sticky top-0 bg-stone-50 text-[11px] text-stone-500">
            <tr className="border-b border-stone-200">
              <th className="w-28 px-3 py-1.5 font-medium">Status</th>
              <th className="px-3 py-1.5 font-medium">Task</th>
              <th className="w-32 px-3 py-1.5 font-medium">Scenario</th>
              <th className="w-28 px-3 py-1.5 font-medium">Started</th>
              <th className="w-28 px-3 py-1.5 text-right font-medium">Duration</th>
              <th className="w-20 px-3 py-1.5 text-right font-medium">Events</th>
              <th
                className="w-16 px-3 py-1.5 text-right font-medium"
                title="What the run's model calls cost; — for the built-in engine"
              >
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr
                key={run.id}
                data-testid="runs-list-row"
                data-run-id={run.id}
                data-status={run.status}
                tabIndex={0}
                onClick={() => onOpenRun(run.id)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') onOpenRun(run.id);
                }}
                className="cursor-pointer border-b border-stone-100 hover:bg-teal-50/40 focus:bg-teal-50/60 focus:outline-none"
              >
                <td className="px-3 py-2">
                  <div className="flex items-center gap-1">
                    <Badge tone={statusTones[run.status]} dot>
                      {run.status}
                    </Badge>
                    {!run.active && run.status === 'running' && (
                      <span className="text-[10px] text-stone-400" title="Driven by another process">
                        elsewhere
                      </span>
                    )}
                    {run.status === 'interrupted' && (
                      <span
                        className="text-[10px] text-stone-400"
                        title="Its process stopped before the run ended; open it to resume"
                      >
                        resumable
                      </span>
                    )}
                  </div>
                </td>
                <td className="px-3 py-2">
                  <p className="truncate text-stone-800" title={run.instruction}>
                    {truncate(run.instruction, 160)}
                  </p>
                  <p className="font-mono text-[10px] text-stone-400">{run.id}</p>
                </td>
                <td className="truncate px-3 py-2 text-stone-600">{describeEnvironment(run.environment)}</td>
                <td className="px-3 py-2 whitespace-nowrap text-stone-600 tabular-nums">
                  {formatTimestamp(run.createdAt, now)}
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap text-stone-600 tabular-nums">
                  {formatDuration(run.durationMs)}
                </td>
                <td className="px-3 py-2 text-right text-stone-600 tabular-nums">{run.eventCount}</td>
                <td className="px-3 py-2 text-right text-stone-600 tabular-nums">
                  {run.usage && run.usage.calls > 0 ? `$${run.usage.costUsd.toFixed(4)}` : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!runs && !error && <Empty>Loading runs…</Empty>}
    </Panel>
  );
}
