import type { ShellResult } from '@sandpiper/core';

/** Marks where the middle of a long output was left out; the count is of characters removed. */
export function cutMarker(removed: number): string {
  return `[… ${removed} characters cut …]`;
}

/**
 * Keep the start and the end of a long output: the start says what the command began doing, the
 * end usually holds the error or the summary line. `limit` counts the characters kept.
 */
export function truncateMiddle(text: string, limit: number): { text: string; cut: number } {
  if (text.length <= limit) return { text, cut: 0 };
  const head = Math.ceil(limit / 2);
  const tail = limit - head;
  const cut = text.length - limit;
  return { text: `${text.slice(0, head)}\n${cutMarker(cut)}\n${tail > 0 ? text.slice(-tail) : ''}`, cut };
}

/** The plain-text report the operator reads after a command. */
export function formatShellReport(
  command: string,
  result: ShellResult,
  limits: { readonly timeoutMs: number; readonly maxOutputChars: number; readonly left: number; readonly max: number },
): string {
  const exit = result.exitCode === null ? 'none (the command was killed before it exited)' : String(result.exitCode);
  const timedOut = result.timedOut ? `yes, stopped after the ${limits.timeoutMs} ms limit` : 'no';
  return [
    `Command: ${command}`,
    `Exit code: ${exit}`,
    `Timed out: ${timedOut}`,
    `Duration: ${Math.round(result.durationMs)} ms`,
    stream('Stdout', result.stdout, limits.maxOutputChars),
    stream('Stderr', result.stderr, limits.maxOutputChars),
    `Commands left for this run: ${limits.left} of ${limits.max}`,
  ].join('\n');
}

function stream(label: string, text: string, limit: number): string {
  if (text === '') return `${label}: (empty)`;
  const kept = truncateMiddle(text.replace(/\s+$/, ''), limit);
  const size =
    kept.cut === 0
      ? `${text.length} characters`
      : `${text.length} characters, truncated to the first and last ${limit} in total`;
  return `${label} (${size}):\n${kept.text}`;
}
