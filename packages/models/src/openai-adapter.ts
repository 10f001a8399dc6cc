import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { Handle } from '@sandpiper/core';
import {
  type AdapterSettings,
  capabilitiesOf,
  checkRequest,
  refuseComputerUse,
  checkToolCall,
  clipText,
  decodeArguments,
  priceUsage,
  structuredFromText,
} from './adapter-support.js';
import {
  MODEL_CONTRACT_VERSION,
  type ModelClient,
  type ModelRequest,
  type ModelResponse,
  type ModelWarning,
  type ProviderName,
  type StopReason,
  type ToolCall,
} from './contract.js';
import { startCallTimer, touchingEach } from './call-timer.js';
import { ModelError, withUsage } from './errors.js';
import { type CallFailure, toModelError, unreadableFailure } from './http-errors.js';
import { type ChatDialect, toChatParams } from './openai-request.js';
import { type ChatAnswer, collectChatStream, readChatCompletion } from './openai-response.js';
import { readOpenAIComputerCall } from './openai-computer.js';
import { toResponsesParams } from './openai-responses-request.js';
import { readResponsesBody } from './openai-responses-response.js';
import { DEFAULT_PRICE_TABLE } from './prices.js';
import { createRedactor, type Redactor } from './redact.js';

/** A client for OpenAI's Chat Completions API, with strict structured outputs. */
export function createOpenAIClient(settings: AdapterSettings): ModelClient {
  return createChatClient(settings, 'openai');
}

/**
 * A client for any server speaking the Chat Completions wire format (Ollama, vLLM, llama.cpp
 * server, LM Studio), reached by `baseURL`. The key is optional: local servers rarely want one,
 * and without it no `Authorization` header is sent.
 */
export function createOpenAICompatibleClient(settings: AdapterSettings & { readonly baseURL: string }): ModelClient {
  return createChatClient(settings, 'openai-compatible');
}

function createChatClient(settings: AdapterSettings, dialect: ChatDialect): ModelClient {
  const provider: ProviderName = dialect;
  const redact = createRedactor([settings.apiKey]);
  const now = settings.now ?? Date.now;
  const hasKey = settings.apiKey !== undefined && settings.apiKey !== '';
  // Local servers mostly hold their sampler to a schema sent as `response_format`; one that
  // refuses it is not sent it again by this client.
  let constrainedDecoding = true;
  const sdk = new OpenAI({
    // The SDK insists on a key; a keyless local server gets a placeholder and no header at all.
    apiKey: hasKey ? settings.apiKey : 'unused',
    organization: null,
    project: null,
    webhookSecret: null,
    baseURL: settings.baseURL ?? 'https://api.openai.com/v1',
    maxRetries: 0,
    logLevel: 'off',
    defaultHeaders: { ...settings.headers, ...(hasKey ? {} : { Authorization: null }) },
    ...(settings.fetch === undefined ? {} : { fetch: settings.fetch }),
  });
  return {
    specificationVersion: MODEL_CONTRACT_VERSION,
    provider,
    model: settings.model,
    async complete<T>(handle: Handle, request: ModelRequest<T>): Promise<ModelResponse<T>> {
      checkRequest(request);
      const capabilities = capabilitiesOf(settings, provider);
      // OpenAI's computer tool lives on the Responses API, and some models on nothing else.
      const viaResponses =
        dialect === 'openai' && (request.computer !== undefined || capabilities?.responsesOnly === true);
      if (!viaResponses) refuseComputerUse(request, provider);
      if (dialect === 'openai' && !hasKey) {
        throw new ModelError('auth', 'no OpenAI API key was given (set OPENAI_API_KEY)');
      }
      const timer = startCallTimer(handle, settings.timeoutMs ?? 120_000, now);
      const options = { signal: timer.signal, timeout: timer.timeout };
      handle.log(`${provider}: sending ${request.messages.length} messages to ${settings.model}`);
      try {
        if (viaResponses) {
          const { params, warnings } = toResponsesParams(settings.model, request, capabilities);
          // Not streamed: the Responses API's event stream is not assembled here.
          const body = (await sdk.responses.create(params, options)) as unknown;
          const answer = readResponsesBody(body, provider, redact);
          const display = request.computer;
          if (answer.computerCalls.length > 0 && display === undefined) {
            throw new ModelError(
              'bad-response',
              `${provider} answered with a computer call to a request without the tool`,
            );
          }
          const computerCalls = answer.computerCalls.map((call) => readOpenAIComputerCall(call, display!));
          const chat: ChatAnswer = { ...answer, toolCalls: answer.functionCalls };
          const response = toResponse(chat, request, settings, provider, [...warnings], computerCalls);
          return { ...response, transcript: answer.transcript };
        }
        const send = async (constrain: boolean) => {
          const { params, warnings } = toChatParams(settings.model, request, dialect, { capabilities, constrain });
          // The SDK's types promise a completion, but it returns whatever the body held (a string
          // for HTML, undefined for an empty body), so the result is checked as unknown.
          const answer =
            settings.stream === true
              ? await collectChatStream(
                  touchingEach(
                    await sdk.chat.completions.create(
                      { ...params, stream: true, stream_options: { include_usage: true } },
                      options,
                    ),
                    timer,
                  ),
                  provider,
                )
              : readChatCompletion((await sdk.chat.completions.create(params, options)) as unknown, provider, redact);
          return toResponse(answer, request, settings, provider, [...warnings]);
        };
        const constrain = dialect === 'openai-compatible' && constrainedDecoding && request.outputSchema !== undefined;
        if (!constrain) return await send(false);
        try {
          return await send(true);
        } catch (error: unknown) {
          // A server that takes no schema (or not this one) rejects the request outright: ask again
          // without it, and when that works, leave it out from then on. A refusal for another
          // reason comes back the same, and stands.
          if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) throw error;
          handle.log(`${provider}: ${settings.model} refused the request with response_format; asking without it`);
          const answer = await send(false);
          constrainedDecoding = false;
          return answer;
        }
      } catch (error: unknown) {
        throw normalizeFailure(provider, error, { handle, timedOut: timer.expired }, redact, now);
      } finally {
        timer.stop();
      }
    },
  };
}

function toResponse<T>(
  answer: ChatAnswer,
  request: ModelRequest<T>,
  settings: AdapterSettings,
  provider: ProviderName,
  warnings: ModelWarning[],
  computerCalls: readonly ToolCall[] = [],
): ModelResponse<T> {
  const text = answer.refusal ?? answer.text;
  const stopReason: StopReason = answer.refusal !== undefined ? 'refusal' : stopReasonOf(answer.finishReason);
  if (answer.usage === undefined) {
    warnings.push({ type: 'other', message: `${provider} reported no token usage; it is counted as 0` });
  }
  const usage = priceUsage(
    answer.usage ?? { inputTokens: 0, outputTokens: 0 },
    `${provider}:${settings.model}`,
    settings.prices ?? DEFAULT_PRICE_TABLE,
    warnings,
  );
  try {
    const base = {
      ...(answer.id === undefined ? {} : { id: answer.id }),
      text,
      usage,
      rawStopReason: answer.finishReason,
      warnings,
    };
    return readAnswer(answer, request, { ...base, stopReason }, warnings, computerCalls);
  } catch (error: unknown) {
    throw withUsage(error, usage);
  }
}

function readAnswer<T>(
  answer: ChatAnswer,
  request: ModelRequest<T>,
  base: Omit<ModelResponse<T>, 'toolCalls' | 'parsed'>,
  warnings: ModelWarning[],
  computerCalls: readonly ToolCall[],
): ModelResponse<T> {
  const structured = request.outputSchema !== undefined || answer.toolCalls.length + computerCalls.length > 0;
  if (base.stopReason === 'refusal' && structured) {
    throw new ModelError('refusal', 'the model refused to answer', { lastText: clipText(base.text) });
  }
  if (base.stopReason === 'max-tokens' && structured) {
    const what =
      base.text.trim() === ''
        ? 'the output token limit was spent before any answer was written'
        : 'the answer was cut off at the output token limit';
    throw new ModelError('truncated', what, { lastText: clipText(base.text) });
  }
  const toolCalls = [
    ...answer.toolCalls.map((call, index) =>
      checkToolCall(
        request.tools ?? [],
        call.id || `call_${index}`,
        call.name,
        decodeArguments(call.name, call.arguments),
      ),
    ),
    ...computerCalls,
  ];
  if (toolCalls.length > 0) return { ...base, toolCalls, stopReason: 'tool-use' };
  if (request.outputSchema === undefined) return { ...base, toolCalls };
  return { ...base, toolCalls, parsed: structuredFromText(request.outputSchema, base.text, warnings) };
}

function stopReasonOf(raw: string): StopReason {
  switch (raw) {
    case 'length':
      return 'max-tokens';
    case 'tool_calls':
    case 'function_call':
      return 'tool-use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'end';
  }
}

function normalizeFailure(
  provider: ProviderName,
  error: unknown,
  call: { readonly handle: Handle; readonly timedOut: boolean },
  redact: Redactor,
  now: () => number,
): ModelError {
  // Aborts first: the SDK's stream ends quietly when its signal aborts, and what we read from the
  // cut stream then looks like a broken response.
  if (call.handle.signal.aborted) return new ModelError('cancelled', 'the model call was cancelled');
  // The call's own timer ended it, possibly while the body was still arriving.
  if (call.timedOut || error instanceof APIConnectionTimeoutError) {
    return toModelError(provider, { timedOut: true }, redact, now);
  }
  if (ModelError.isInstance(error)) return error;
  if (error instanceof APIConnectionError) return toModelError(provider, { connectionFailed: true }, redact, now);
  if (error instanceof APIError) return toModelError(provider, apiFailure(error), redact, now);
  // Anything else came from reading the body: JSON that does not parse, a stream event that is
  // not JSON, a body the SDK could not iterate.
  return unreadableFailure(provider, error, redact);
}

function apiFailure(error: APIError): CallFailure {
  const body = error.error as { message?: unknown; type?: unknown; code?: unknown } | undefined;
  return {
    status: error.status,
    headers: error.headers,
    vendorType: typeof body?.type === 'string' ? body.type : undefined,
    vendorCode: typeof body?.code === 'string' ? body.code : (error.code ?? undefined),
    vendorMessage: typeof body?.message === 'string' ? body.message : undefined,
    requestId: error.requestID ?? undefined,
  };
}
