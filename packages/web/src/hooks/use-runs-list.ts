import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { ApiError, RunListItem } from '../api/api-types.js';

const REFRESH_MS = 3000;

/** The run list, refreshed every few seconds while shown. */
export function useRunsList(api: ApiClient): {
  readonly runs?: readonly RunListItem[];
  readonly error?: ApiError;
} {
  const [state, setState] = useState<{ runs?: readonly RunListItem[]; error?: ApiError }>({});
  useEffect(() => {
    let cancelled = false;
    const load = () =>
      void api.listRuns().then((result) => {
        if (cancelled) return;
        setState((previous) => (result.ok ? { runs: result.value.runs } : { ...previous, error: result }));
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [api]);
  return state;
}
