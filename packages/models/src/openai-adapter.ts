import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { Handle } from '@sandpiper/core';
import {
  type AdapterSettings,
  callOptions,
  checkRequest,
  checkToolCall,
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
} from './contract.js';
import { ModelError, withUsage } from './errors.js';
import { type CallFailure, toModelError } from './http-errors.js';
import { type ChatDialect, toChatParams } from './openai-request.js';
import { collectChatStream } from './openai-stream.js';
import { DEFAULT_PRICE_TABLE } from './prices.js';
import { createRedactor, type Redactor } from './redact.js';

type ChatCompletion = OpenAI.Chat.Completions.ChatCompletion;

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
      if (dialect === 'openai' && !hasKey) {
        throw new ModelError('auth', 'no OpenAI API key was given (set OPENAI_API_KEY)');
      }
      const { params, warnings } = toChatParams(settings.model, request, dialect);
      const options = callOptions(handle, settings);
      handle.log(`${provider}: sending ${request.messages.length} messages to ${settings.model}`);
      let completion: ChatCompletion;
      try {
        completion =
          settings.stream === true
            ? await collectChatStream(
                await sdk.chat.completions.create(
                  { ...params, stream: true, stream_options: { include_usage: true } },
                  options,
                ),
              )
            : await sdk.chat.completions.create(params, options);
      } catch (error: unknown) {
        throw normalizeFailure(provider, error, handle, redact, now);
      }
      return toResponse(completion, request, settings, provider, [...warnings]);
    },
  };
}

function toResponse<T>(
  completion: ChatCompletion,
  request: ModelRequest<T>,
  settings: AdapterSettings,
  provider: ProviderName,
  warnings: ModelWarning[],
): ModelResponse<T> {
  const choice = completion.choices[0];
  if (choice === undefined) {
    throw new ModelError('invalid-output', `${provider} returned no choices`, { lastText: '' });
  }
  const refusal = choice.message.refusal ?? undefined;
  const text = refusal ?? choice.message.content ?? '';
  const rawStop = choice.finish_reason ?? 'stop';
  const stopReason: StopReason = refusal !== undefined ? 'refusal' : stopReasonOf(rawStop);
  if (completion.usage === undefined || completion.usage === null) {
    warnings.push({ type: 'other', message: `${provider} reported no token usage; it is counted as 0` });
  }
  const usage = priceUsage(
    { inputTokens: completion.usage?.prompt_tokens ?? 0, outputTokens: completion.usage?.completion_tokens ?? 0 },
    `${provider}:${settings.model}`,
    settings.prices ?? DEFAULT_PRICE_TABLE,
    warnings,
  );
  try {
    const base = { id: completion.id, text, usage, rawStopReason: rawStop, warnings };
    return readAnswer(choice.message, request, { ...base, stopReason }, warnings);
  } catch (error: unknown) {
    throw withUsage(error, usage);
  }
}

function readAnswer<T>(
  message: ChatCompletion['choices'][number]['message'],
  request: ModelRequest<T>,
  base: Omit<ModelResponse<T>, 'toolCalls' | 'parsed'>,
  warnings: ModelWarning[],
): ModelResponse<T> {
  const rawCalls = (message.tool_calls ?? []).filter((call) => call.type === 'function');
  const structured = request.outputSchema !== undefined || rawCalls.length > 0;
  if (base.stopReason === 'refusal' && structured) {
    throw new ModelError('refusal', 'the model refused to answer', { lastText: base.text });
  }
  if (base.stopReason === 'max-tokens' && structured) {
    throw new ModelError('truncated', 'the answer was cut off at the output token limit', { lastText: base.text });
  }
  const toolCalls = rawCalls.map((call) =>
    checkToolCall(
      request.tools ?? [],
      call.id,
      call.function.name,
      decodeArguments(call.function.name, call.function.arguments),
    ),
  );
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
  handle: Handle,
  redact: Redactor,
  now: () => number,
): ModelError {
  if (ModelError.isInstance(error)) return error;
  if (handle.signal.aborted) return new ModelError('cancelled', 'the model call was cancelled');
  const failure: CallFailure =
    error instanceof APIConnectionTimeoutError
      ? { timedOut: true }
      : error instanceof APIConnectionError
        ? { connectionFailed: true }
        : error instanceof APIError
          ? apiFailure(error)
          : { vendorMessage: error instanceof Error ? error.message : String(error) };
  return toModelError(provider, failure, redact, now);
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
