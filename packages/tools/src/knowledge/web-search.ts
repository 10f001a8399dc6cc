import type { Handle } from '@sandpiper/core';

/** One page or answer a web search returned. */
export interface WebSearchResult {
  readonly title: string;
  /** Where it came from; absent when the provider answers in its own words (a model with search grounding). */
  readonly url?: string;
  /** The useful text: a snippet or a summarised tutorial, in plain text. */
  readonly text: string;
}

/** What a web search produced: results (possibly none), or why it could not search. */
export type WebSearchOutcome =
  { readonly ok: true; readonly results: readonly WebSearchResult[] } | { readonly ok: false; readonly error: string };

/**
 * Searches the web for procedural knowledge, as the VLAA-GUI searcher does with a model that has
 * search grounding. The searcher uses it, after the local knowledge base, only when one is
 * configured. Sandpiper ships no implementation: it never reaches the network on its own, and a
 * provider needs an account and a key the user chooses to supply.
 */
export interface WebSearchProvider {
  /** Shown in the searcher's output and in reports: "gemini-search", "my-search-proxy". */
  readonly name: string;
  /**
   * Search for `query` (a "how to" question). Expected failures (rate limits, no network) are
   * `ok: false`; cancellation through the handle throws `CancelledError`.
   */
  search(handle: Handle, query: string, options: { readonly limit: number }): Promise<WebSearchOutcome>;
}
