import { z } from 'zod';
import { ModelError } from './errors.js';
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
 * The Chat Completions response as the adapters read it, checked whole with zod first. The
 * schemas follow the completion and chunk objects of the API reference and keep only what we
 * read; unknown fields are allowed (servers add their own), missing optional ones are tolerated,
 * and anything else (a non-list `choices`, a choice without `message`, a count that is not a whole
 * number) is a `bad-response`. `content` may be a string or, as some gateways send it, a list of
 * text parts.
 */

/** A tool call as a completion carries it; arguments stay as sent (a JSON string, or an object on some servers). */
export interface RawToolCall {
  /** The server's id of the call; empty when it sent none. */
  readonly id: string;
  /** The function called. */
  readonly name: string;
  /** The arguments: the JSON text the API documents, or an already-decoded object. */
  readonly arguments: string | Readonly<Record<string, unknown>>;
}

/** What the adapters read from one completion, streamed or not. */
export interface ChatAnswer {
  /** The completion's id; absent when the server sent none. */
  readonly id?: string;
  /** The text of the first choice, text parts joined. */
  readonly text: string;
  /** The refusal message, when the model refused. */
  readonly refusal?: string;
  /** The raw finish reason; `stop` when the server gave none on a complete response. */
  readonly finishReason: string;
  /** The function calls of the first choice. */
  readonly toolCalls: readonly RawToolCall[];
  /** Tokens billed; absent when the server reported no usage. */
  readonly usage?: BilledTokens;
}

const textParts = z.array(z.looseObject({ type: z.string().optional(), text: z.string().optional() }));
const content = z.union([z.string(), textParts]).nullable().optional();
const usage = z
  .looseObject({
    prompt_tokens: tokenCount.nullable().optional(),
    completion_tokens: tokenCount.nullable().optional(),
    // OpenAI's automatic prompt caching reports the cached part of the prompt here.
    prompt_tokens_details: z.looseObject({ cached_tokens: tokenCount.nullable().optional() }).nullable().optional(),
  })
  .nullable()
  .optional();
const toolCall = z.looseObject({
  id: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  function: z.looseObject({
    name: z.string(),
    arguments: z
      .union([z.string(), z.record(z.string(), z.unknown())])
      .nullable()
      .optional(),
  }),
});
const completionSchema = z.looseObject({
  id: z.string().nullable().optional(),
  choices: z.array(
    z.looseObject({
      index: z.number().optional(),
      message: z.looseObject({
        role: z.string().nullable().optional(),
        content,
        refusal: z.string().nullable().optional(),
        tool_calls: z.array(toolCall).nullable().optional(),
      }),
      finish_reason: z.string().nullable().optional(),
    }),
  ),
  usage,
});

const chunkSchema = z.looseObject({
  id: z.string().nullable().optional(),
  choices: z
    .array(
      z.looseObject({
        index: z.number().int().min(0).optional(),
        delta: z
          .looseObject({
            content,
            refusal: z.string().nullable().optional(),
            tool_calls: z
              .array(
                z.looseObject({
                  index: z.number().int().min(0).max(127),
                  id: z.string().nullable().optional(),
                  function: z
                    .looseObject({
                      name: z.string().nullable().optional(),
                      arguments: z.string().nullable().optional(),
                    })
                    .nullable()
                    .optional(),
                }),
              )
              .nullable()
              .optional(),
          })
          .nullable()
          .optional(),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .nullable()
    .optional(),
  usage,
});

/**
 * Read a non-streamed completion. What the SDK hands back is whatever the server sent: an object
 * for a JSON body, a string for any other content type, undefined for an empty one.
 *
 * @throws ModelError `bad-response` for a body that is not a completion, or the kind the server
 *   named for an error report sent with HTTP 200.
 */
export function readChatCompletion(body: unknown, provider: string, redact: Redactor): ChatAnswer {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badResponse(provider, describeBody(body));
  if (isErrorReport(body) && !('choices' in body)) throw reportedError(provider, body.error, redact);
  const parsed = completionSchema.safeParse(body);
  if (!parsed.success) {
    throw badResponse(provider, `a body that is not a chat completion (${shapeProblems(parsed.error)})`);
  }
  const choice = parsed.data.choices[0];
  if (choice === undefined) throw badResponse(provider, 'a chat completion with no choices');
  const message = choice.message;
  return {
    ...(parsed.data.id ? { id: parsed.data.id } : {}),
    text: joinText(message.content),
    ...(typeof message.refusal === 'string' ? { refusal: message.refusal } : {}),
    finishReason: choice.finish_reason ?? 'stop',
    toolCalls: (message.tool_calls ?? [])
      .filter((call) => (call.type ?? 'function') === 'function')
      .map((call) => ({ id: call.id ?? '', name: call.function.name, arguments: call.function.arguments ?? '' })),
    ...usageOf(parsed.data.usage),
  };
}

/**
 * Assemble streamed chunks into the answer a non-streamed call would have given, checking every
 * chunk. We do this ourselves rather than through the SDK's stream helper, because the helper
 * parses strict tool arguments and throws its own errors on `length`, which would bypass our
 * validation and error kinds. A stream that ends without a finish reason was cut off.
 */
export async function collectChatStream(chunks: AsyncIterable<unknown>, provider: string): Promise<ChatAnswer> {
  let id: string | undefined;
  let text = '';
  let refusal: string | undefined;
  let finishReason: string | undefined;
  let tokens: ChatAnswer['usage'];
  const calls: { id: string; name: string; arguments: string }[] = [];
  for await (const chunk of chunks) {
    const parsed = chunkSchema.safeParse(chunk);
    if (!parsed.success) {
      throw badResponse(provider, `a stream event that is not a completion chunk (${shapeProblems(parsed.error)})`);
    }
    id ||= parsed.data.id ?? undefined;
    const reported = usageOf(parsed.data.usage).usage;
    if (reported !== undefined) tokens = reported;
    const choice = (parsed.data.choices ?? []).find((each) => (each.index ?? 0) === 0);
    if (choice === undefined) continue;
    text += joinText(choice.delta?.content);
    if (typeof choice.delta?.refusal === 'string') refusal = (refusal ?? '') + choice.delta.refusal;
    if (typeof choice.finish_reason === 'string') finishReason = choice.finish_reason;
    for (const delta of choice.delta?.tool_calls ?? []) {
      const call = (calls[delta.index] ??= { id: '', name: '', arguments: '' });
      call.id ||= delta.id ?? '';
      call.name += delta.function?.name ?? '';
      call.arguments += delta.function?.arguments ?? '';
    }
    if (text.length + (refusal?.length ?? 0) > STREAMED_TEXT_LIMIT) {
      throw badResponse(provider, `a stream of more than ${STREAMED_TEXT_LIMIT} characters, past any token limit`);
    }
  }
  if (finishReason === undefined) {
    throw new ModelError(
      'bad-response',
      `${provider} ended the stream before the answer was finished (no finish_reason)`,
    );
  }
  return {
    ...(id === undefined ? {} : { id }),
    text,
    ...(refusal === undefined ? {} : { refusal }),
    finishReason,
    toolCalls: calls.filter((call) => call !== undefined),
    ...(tokens === undefined ? {} : { usage: tokens }),
  };
}

/** Characters of streamed text after which the stream is abandoned; far above any output limit. */
const STREAMED_TEXT_LIMIT = 4_000_000;

function joinText(value: z.infer<typeof content>): string {
  if (typeof value === 'string') return value;
  return (value ?? [])
    .filter((part) => (part.type === undefined || part.type === 'text' || part.type === 'output_text') && part.text)
    .map((part) => part.text)
    .join('');
}

function usageOf(value: z.infer<typeof usage>): { usage?: BilledTokens } {
  if (value === undefined || value === null) return {};
  const inputTokens = value.prompt_tokens ?? 0;
  // A cached count above the prompt's own is a server's mistake; it is held to the prompt.
  const cached = Math.min(inputTokens, value.prompt_tokens_details?.cached_tokens ?? 0);
  return {
    usage: {
      inputTokens,
      outputTokens: value.completion_tokens ?? 0,
      ...(cached > 0 ? { cacheReadTokens: cached } : {}),
    },
  };
}
