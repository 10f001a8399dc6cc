import { desktopText, type EnvironmentSpec } from '@sandpiper/protocol';

/** `850 ms`, `4.2 s`, `1 min 05 s`, `2 h 03 min`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** `00:04:12`: a clock for elapsed time. */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const parts = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return parts.map((part) => String(part).padStart(2, '0')).join(':');
}

/** `$0.0123`, or `$0` for none. */
export function formatCost(usd: number): string {
  if (usd === 0) return '$0';
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/** `14:03:22` today, `Nov 29 14:03` before. */
export function formatTimestamp(ms: number, now: number): string {
  const date = new Date(ms);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  const time = date.toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    second: sameDay ? '2-digit' : undefined,
  });
  return sameDay ? time : `${date.toLocaleDateString([], { month: 'short', day: 'numeric' })} ${time}`;
}

/** First words of a long text, with an ellipsis. */
export function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

/** Where a run acts, in a few words: `expense-report`, `127.0.0.1:8080/form`, `your browser (127.0.0.1:9222)`. */
export function describeEnvironment(environment: EnvironmentSpec | undefined): string | undefined {
  if (environment === undefined) return undefined;
  if (environment.type === 'scenario') return environment.name;
  if (environment.type === 'url') return truncate(environment.url.replace(/^https?:\/\//, ''), 60);
  if (environment.type === 'executor') return `executor ${truncate(environment.url.replace(/^wss?:\/\//, ''), 40)}`;
  if (environment.type === 'desktop') return desktopText(environment);
  return `your browser (${truncate(environment.endpoint.replace(/^\w+:\/\//, ''), 40)})`;
}
