import {
  CancelledError,
  throwIfCancelled,
  type Handle,
  type ToolCall,
  type ToolOutcome,
  type ToolRunner,
} from '@sandpiper/core';
import type { Coder } from './coder/coder.js';
import { cutMarker } from './coder/shell-report.js';
import { formatSearchOutput } from './knowledge/format-search.js';
import type { KnowledgeBase } from './knowledge/knowledge-base.js';
import type { WebSearchOutcome, WebSearchProvider } from './knowledge/web-search.js';
import { codeInputSchema, parseToolInput, searchInputSchema } from './tool-inputs.js';

export interface ToolRunnerOptions {
  /** The local knowledge base the searcher always consults. */
  readonly knowledge: KnowledgeBase;
  /** Runs `code` calls; create one per run, since it counts the run's commands. */
  readonly coder: Coder;
  /** Consulted after the knowledge base on every search; absent: the searcher is offline only. */
  readonly webSearch?: WebSearchProvider;
  /** Milliseconds since the epoch, for `durationMs` of searches; `Date.now` when absent. */
  readonly now?: () => number;
  /** Longest search output handed to the operator, in characters; 8,000 when absent. */
  readonly maxSearchOutputChars?: number;
}

const DEFAULT_SEARCH_OUTPUT_CHARS = 8000;

/**
 * The agent's own tools behind the core `ToolRunner` port: `search` (procedural knowledge) and
 * `code` (a shell command through the environment). Malformed input, a missing shell and a used-up
 * budget come back as `ok: false` outcomes the operator reads; only cancellation throws.
 */
export function createToolRunner(options: ToolRunnerOptions): ToolRunner {
  const now = options.now ?? (() => Date.now());
  const outputLimit = options.maxSearchOutputChars ?? DEFAULT_SEARCH_OUTPUT_CHARS;
  return {
    async run(handle, call, context) {
      throwIfCancelled(handle);
      switch (call.tool) {
        case 'search':
          return search(handle, call, options, now, outputLimit);
        case 'code': {
          const input = parseToolInput(codeInputSchema, call.input, 'code');
          if (!input.ok) return { ok: false, output: '', error: input.error, durationMs: 0 };
          return options.coder.run(handle, input.value.command, context.environment);
        }
        default:
          return {
            ok: false,
            output: '',
            error: `there is no tool named '${String((call as { tool: unknown }).tool)}'`,
            durationMs: 0,
          };
      }
    },
  };
}

async function search(
  handle: Handle,
  call: ToolCall,
  options: ToolRunnerOptions,
  now: () => number,
  outputLimit: number,
): Promise<ToolOutcome> {
  const input = parseToolInput(searchInputSchema, call.input, 'search');
  if (!input.ok) return { ok: false, output: '', error: input.error, durationMs: 0 };
  const started = now();
  const { query, limit } = input.value;
  const hits = options.knowledge.search(query, limit === undefined ? {} : { limit });
  const provider = options.webSearch;
  const web = provider
    ? { provider: provider.name, outcome: await searchWeb(handle, provider, query, limit ?? 3) }
    : undefined;
  const output = formatSearchOutput(query, hits, web);
  return { ok: true, output: clip(output, outputLimit), durationMs: Math.max(0, now() - started) };
}

async function searchWeb(
  handle: Handle,
  provider: WebSearchProvider,
  query: string,
  limit: number,
): Promise<WebSearchOutcome> {
  try {
    return await provider.search(handle, query, { limit });
  } catch (error: unknown) {
    if (CancelledError.isInstance(error) || handle.signal.aborted) throw error;
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}\n${cutMarker(text.length - limit)}`;
}
