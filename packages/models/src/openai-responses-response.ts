import { z } from 'zod';
import type { BilledTokens } from './prices.js';
import type { Redactor } from './redact.js';
import type { RawToolCall } from './openai-response.js';
import { computerCallSchema, type ComputerCallItem } from './openai-computer.js';
import {
  badResponse,
  describeBody,
  isErrorReport,
  reportedError,
  shapeProblems,
  tokenCount,
} from './response-shape.js';

/**
 * The Responses API's response object as the adapter reads it, checked whole with zod first. The
 * schemas follow the response object of the API reference
 * (https://platform.openai.com/docs/api-reference/responses/object) and keep only what we read;
 * unknown fields and unknown output item types pass (the API adds both over time).
 */

/** What the adapter reads from one response. */
export interface ResponsesAnswer {
  /** The response's id; absent when the server sent none. */
  readonly id?: string;
  /** The text of the message items, joined. */
  readonly text: string;
  /** The refusal, when the model refused. */
  readonly refusal?: string;
  /**
   * Why it stopped, in the Chat Completions vocabulary the adapter already maps: `stop`, `length`
   * (the output limit), `content_filter`; `tool_calls` is decided from the calls.
   */
  readonly finishReason: string;
  /** Function calls, in order. */
  readonly functionCalls: readonly RawToolCall[];
  /** Computer calls, in order. */
  readonly computerCalls: readonly ComputerCallItem[];
  /** The output items that can be sent back as input to continue, in order (reasoning included). */
  readonly transcript: readonly unknown[];
  /** Tokens billed; absent when the server reported no usage. */
  readonly usage?: BilledTokens;
}

const outputText = z.looseObject({ type: z.string(), text: z.string().nullish(), refusal: z.string().nullish() });
const messageItem = z.looseObject({
  type: z.literal('message'),
  role: z.string().nullish(),
  content: z.array(outputText).nullish(),
});
const functionCallItem = z.looseObject({
  type: z.literal('function_call'),
  call_id: z.string(),
  name: z.string(),
  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
});
const anyItem = z.looseObject({ type: z.string() });

const responseSchema = z.looseObject({
  id: z.string().nullish(),
  status: z.string().nullish(),
  error: z.looseObject({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
  incomplete_details: z.looseObject({ reason: z.string().nullish() }).nullish(),
  output: z.array(anyItem),
  usage: z
    .looseObject({
      input_tokens: tokenCount.nullish(),
      output_tokens: tokenCount.nullish(),
      input_tokens_details: z.looseObject({ cached_tokens: tokenCount.nullish() }).nullish(),
    })
    .nullish(),
});

/** Output item types the API takes back as input. */
const REPLAYED = new Set(['message', 'reasoning', 'function_call', 'computer_call']);

/**
 * Read a response. What the SDK hands back is whatever the server sent: an object for a JSON
 * body, a string for any other content type, undefined for an empty one.
 *
 * @throws ModelError `bad-response` for a body that is not a response, or the kind the server
 *   named for an error (an error report, or a response whose status is `failed`).
 */
export function readResponsesBody(body: unknown, provider: string, redact: Redactor): ResponsesAnswer {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badResponse(provider, describeBody(body));
  if (isErrorReport(body) && !('output' in body)) throw reportedError(provider, body.error, redact);
  const parsed = responseSchema.safeParse(body);
  if (!parsed.success) {
    throw badResponse(provider, `a body that is not a Responses API response (${shapeProblems(parsed.error)})`);
  }
  const response = parsed.data;
  if (response.status === 'failed' || (response.error !== undefined && response.error !== null)) {
    throw reportedError(provider, response.error ?? { message: 'the response failed' }, redact);
  }
  let text = '';
  let refusal: string | undefined;
  const functionCalls: RawToolCall[] = [];
  const computerCalls: ComputerCallItem[] = [];
  for (const [index, item] of response.output.entries()) {
    const problem = (what: string, error: z.ZodError) =>
      badResponse(provider, `${what} at output[${index}] (${shapeProblems(error)})`);
    if (item.type === 'message') {
      const message = messageItem.safeParse(item);
      if (!message.success) throw problem('a message item that is not readable', message.error);
      for (const part of message.data.content ?? []) {
        if (part.type === 'output_text' && part.text) text += part.text;
        if (part.type === 'refusal' && part.refusal) refusal = (refusal ?? '') + part.refusal;
      }
    } else if (item.type === 'function_call') {
      const call = functionCallItem.safeParse(item);
      if (!call.success) throw problem('a function call that is not readable', call.error);
      functionCalls.push({ id: call.data.call_id, name: call.data.name, arguments: call.data.arguments ?? '' });
    } else if (item.type === 'computer_call') {
      const call = computerCallSchema.safeParse(item);
      if (!call.success) throw problem('a computer call that is not readable', call.error);
      computerCalls.push(call.data);
    }
  }
  const reason = response.incomplete_details?.reason;
  const finishReason =
    response.status === 'incomplete' ? (reason === 'content_filter' ? 'content_filter' : 'length') : 'stop';
  const usage = response.usage;
  const inputTokens = usage?.input_tokens ?? 0;
  const cached = Math.min(inputTokens, usage?.input_tokens_details?.cached_tokens ?? 0);
  return {
    ...(response.id ? { id: response.id } : {}),
    text,
    ...(refusal === undefined ? {} : { refusal }),
    finishReason,
    functionCalls,
    computerCalls,
    transcript: response.output.filter((item) => REPLAYED.has(item.type)),
    ...(usage === undefined || usage === null
      ? {}
      : {
          usage: {
            inputTokens,
            outputTokens: usage.output_tokens ?? 0,
            ...(cached > 0 ? { cacheReadTokens: cached } : {}),
          },
        }),
  };
}
