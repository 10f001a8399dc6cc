import { formatIssuePath } from '@sandpiper/protocol';
import { z } from 'zod';
import { MAX_SEARCH_LIMIT } from './knowledge/knowledge-base.js';

/** What the operator gives the searcher. */
export const searchInputSchema = z.object({
  /** A "how to" question about one procedure, in plain words. */
  query: z.string().trim().min(1).max(500),
  /** Most sections to return; 3 when absent. */
  limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).optional(),
});
export type SearchInput = z.infer<typeof searchInputSchema>;

/** What the operator gives the coder. */
export const codeInputSchema = z.object({
  /** One shell command line, run by the environment's shell (`bash -c` on a Linux desktop). */
  command: z.string().min(1).max(4000),
});
export type CodeInput = z.infer<typeof codeInputSchema>;

/** Parse a tool's input, or say which fields are wrong in one sentence the operator can act on. */
export function parseToolInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  tool: string,
): { ok: true; value: z.infer<S> } | { ok: false; error: string } {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const problems = result.error.issues.map((issue) => `${formatIssuePath(issue.path) || '(input)'}: ${issue.message}`);
  return { ok: false, error: `invalid ${tool} input: ${problems.join('; ')}` };
}
