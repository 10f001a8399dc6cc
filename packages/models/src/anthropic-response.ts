import { z } from 'zod';
import type { BilledTokens } from './prices.js';
import type { Redactor } from './redact.js';
import {
  badResponse,
  describeBody,
  isErrorReport,
  reportedError,
  shapeProblems,
  tokenCount,
} from './response-shape.js';

/**
 * The Messages API response as the adapter reads it, checked whole with zod first, whether the
 * SDK parsed it from a JSON body or assembled it from a stream. Only what we read is required;
 * unknown blocks (thinking, server tools) and fields pass through untouched.
 */

/** One content block of a message; text and client tool calls are read, any other kind is skipped. */
export type AnthropicBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'tool_use'; readonly id: string; readonly name: string; readonly input: Record<string, unknown> }
  | { readonly type: 'other' };

/** What the adapter reads from one message. */
export interface AnthropicAnswer {
  /** The message id; absent when the server sent none. */
  readonly id?: string;
  /** The content blocks in order. */
  readonly content: readonly AnthropicBlock[];
  /** The raw stop reason; `end_turn` when the server gave none. */
  readonly stopReason: string;
  /** The refusal explanation, when `stop_details` carried one. */
  readonly explanation?: string;
  /** Input tokens with cache reads and writes, and output tokens. */
  readonly usage: BilledTokens;
}

const block = z.union([
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  z.looseObject({
    type: z.literal('tool_use'),
    id: z.string(),
    name: z.string(),
    input: z.record(z.string(), z.unknown()),
  }),
  z.looseObject({ type: z.string().refine((type) => type !== 'text' && type !== 'tool_use') }),
]);

const messageSchema = z.looseObject({
  id: z.string().nullable().optional(),
  type: z.literal('message').optional(),
  role: z.literal('assistant').optional(),
  content: z.array(block),
  stop_reason: z.string().nullable().optional(),
  stop_details: z.looseObject({ explanation: z.string().nullable().optional() }).nullable().optional(),
  usage: z.looseObject({
    input_tokens: tokenCount,
    output_tokens: tokenCount,
    cache_creation_input_tokens: tokenCount.nullable().optional(),
    cache_read_input_tokens: tokenCount.nullable().optional(),
  }),
});

/**
 * Read a message.
 *
 * @throws ModelError `bad-response` for a body that is not a message, or the kind an error body
 *   sent with HTTP 200 names.
 */
export function readAnthropicMessage(body: unknown, redact: Redactor): AnthropicAnswer {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badResponse('anthropic', describeBody(body));
  if (isErrorReport(body) && !('content' in body)) throw reportedError('anthropic', body.error, redact);
  const parsed = messageSchema.safeParse(body);
  if (!parsed.success) throw badResponse('anthropic', `a body that is not a message (${shapeProblems(parsed.error)})`);
  const message = parsed.data;
  const usage = message.usage;
  const explanation = message.stop_details?.explanation;
  return {
    ...(message.id ? { id: message.id } : {}),
    content: message.content.map((each): AnthropicBlock => {
      if (each.type === 'text' && typeof each.text === 'string') return { type: 'text', text: each.text };
      if (each.type === 'tool_use' && typeof each.id === 'string' && typeof each.name === 'string') {
        return { type: 'tool_use', id: each.id, name: each.name, input: each.input as Record<string, unknown> };
      }
      return { type: 'other' };
    }),
    stopReason: message.stop_reason ?? 'end_turn',
    ...(typeof explanation === 'string' ? { explanation } : {}),
    usage: {
      inputTokens: usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0),
      outputTokens: usage.output_tokens,
      ...(usage.cache_read_input_tokens ? { cacheReadTokens: usage.cache_read_input_tokens } : {}),
      ...(usage.cache_creation_input_tokens ? { cacheWriteTokens: usage.cache_creation_input_tokens } : {}),
    },
  };
}
