import { z } from 'zod';
import { type JsonLimits, parseBoundedJson } from './bounded-json.js';
import { ModelError } from './errors.js';
import type { RawToolCall } from './openai-response.js';
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
 * Ollama's `/api/chat` answers, checked whole with zod before they are read: one JSON object, or
 * with streaming one object per line (NDJSON, not server-sent events), the last with `done: true`
 * and the counts. Field names follow Ollama's API reference (`docs/api.md`).
 */

/** What the adapter reads from one `/api/chat` answer. */
export interface OllamaAnswer {
  /** The assistant's text. */
  readonly text: string;
  /** `stop`, `length`…; `stop` when the server named none. */
  readonly doneReason: string;
  /** Tool calls, arguments already decoded by the server. */
  readonly toolCalls: readonly RawToolCall[];
  /** `prompt_eval_count` (absent when the prompt came from the cache) and `eval_count`. */
  readonly usage?: { readonly inputTokens: number; readonly outputTokens: number };
  /** The prompt's size in tokens as evaluated, for noticing a full context window. */
  readonly promptTokens?: number;
}

/** Envelopes are larger than answers (they carry the answer), but still bounded. */
export const ENVELOPE_LIMITS: JsonLimits = { maxDepth: 64, maxLength: 16_000_000, maxNodes: 1_000_000 };

const toolCall = z.looseObject({
  id: z.string().nullable().optional(),
  function: z.looseObject({
    name: z.string(),
    arguments: z
      .union([z.record(z.string(), z.unknown()), z.string()])
      .nullable()
      .optional(),
  }),
});

const partSchema = z.looseObject({
  model: z.string().optional(),
  message: z
    .looseObject({
      role: z.string().optional(),
      content: z.string().nullable().optional(),
      tool_calls: z.array(toolCall).nullable().optional(),
    })
    .optional(),
  done: z.boolean(),
  done_reason: z.string().nullable().optional(),
  prompt_eval_count: tokenCount.nullable().optional(),
  eval_count: tokenCount.nullable().optional(),
});
type Part = z.infer<typeof partSchema>;

/** Read a non-streamed answer from the body text. */
export function readOllamaBody(text: string, redact: Redactor): OllamaAnswer {
  const part = readPart(text, redact);
  if (!part.done) throw badResponse('ollama', 'a partial answer ("done": false) to a request that was not streamed');
  return assemble([part]);
}

/** Read a streamed answer: one JSON object per line, ending with `"done": true`. */
export async function readOllamaStream(lines: AsyncIterable<string>, redact: Redactor): Promise<OllamaAnswer> {
  const parts: Part[] = [];
  let characters = 0;
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const part = readPart(line, redact);
    parts.push(part);
    characters += part.message?.content?.length ?? 0;
    if (characters > ENVELOPE_LIMITS.maxLength)
      throw badResponse('ollama', 'a stream longer than any token limit allows');
    if (part.done) return assemble(parts);
  }
  throw new ModelError('bad-response', 'ollama ended the stream before the answer was finished (no "done": true)');
}

function readPart(text: string, redact: Redactor): Part {
  const decoded = parseBoundedJson(text, ENVELOPE_LIMITS);
  if (!decoded.ok) {
    throw badResponse(
      'ollama',
      decoded.problem === 'syntax' ? describeBody(text) : `a body beyond the limits: ${decoded.message}`,
    );
  }
  const body = decoded.value;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badResponse('ollama', describeBody(body));
  if (isErrorReport(body)) throw reportedError('ollama', body.error, redact);
  const parsed = partSchema.safeParse(body);
  if (!parsed.success) throw badResponse('ollama', `a body that is not a chat answer (${shapeProblems(parsed.error)})`);
  return parsed.data;
}

function assemble(parts: readonly Part[]): OllamaAnswer {
  const last = parts[parts.length - 1]!;
  const text = parts.map((part) => part.message?.content ?? '').join('');
  const toolCalls = parts
    .flatMap((part) => part.message?.tool_calls ?? [])
    .map((call) => ({ id: call.id ?? '', name: call.function.name, arguments: call.function.arguments ?? {} }));
  const input = last.prompt_eval_count ?? undefined;
  const output = last.eval_count ?? undefined;
  return {
    text,
    doneReason: last.done_reason ?? 'stop',
    toolCalls,
    ...(input === undefined && output === undefined
      ? {}
      : { usage: { inputTokens: input ?? 0, outputTokens: output ?? 0 } }),
    ...(input === undefined ? {} : { promptTokens: input }),
  };
}
