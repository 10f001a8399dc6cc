import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { ApiError, RunControl, RunSummary } from '../api/api-types.js';

export interface RunViewInfo {
  readonly summary?: RunSummary;
  readonly control?: RunControl;
  /** Why the run could not be loaded; absent when it was. */
  readonly error?: ApiError;
}

/** How often control status is refreshed while nothing happens (a pause request has no event). */
const IDLE_REFRESH_MS = 4000;
/** When to refetch after an event or a command. */
const REFETCH_AFTER_MS = [150, 1000];

/**
 * The run's summary and control status from `GET /api/runs/:id`, refetched shortly after each new
 * event (`lastSeq`) and every few seconds while the run is driven here.
 */
export function useRunView(api: ApiClient, runId: string, lastSeq: number): RunViewInfo & { refresh(): void } {
  const [info, setInfo] = useState<RunViewInfo>({});
  const [nonce, setNonce] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const load = () =>
      void api.getRun(runId).then((result) => {
        if (cancelled) return;
        if (result.ok) setInfo({ summary: result.value.summary, control: result.value.control });
        else setInfo((previous) => ({ ...previous, error: result }));
      });
    // Asked twice: the run may reach the question it waits on a moment after its last event.
    const timers = REFETCH_AFTER_MS.map((delay) => setTimeout(load, delay));
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
    };
  }, [api, runId, lastSeq, nonce]);

  const active = info.control?.active ?? false;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNonce((value) => value + 1), IDLE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [active]);

  const refresh = useCallback(() => setNonce((value) => value + 1), []);
  return { ...info, refresh };
}
