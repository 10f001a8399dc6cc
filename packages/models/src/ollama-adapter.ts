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
  type StopReason,
} from './contract.js';
import { startCallTimer, type CallTimer } from './call-timer.js';
import { ModelError, withUsage } from './errors.js';
import { toModelError } from './http-errors.js';
import { toOllamaBody } from './ollama-request.js';
import { ENVELOPE_LIMITS, type OllamaAnswer, readOllamaBody, readOllamaStream } from './ollama-response.js';
import { DEFAULT_PRICE_TABLE } from './prices.js';
import { createRedactor } from './redact.js';

/** Where Ollama listens unless told otherwise. */
export const OLLAMA_DEFAULT_URL = 'http://127.0.0.1:11434';

/**
 * Context window asked for when neither the settings nor the base URL (`?num_ctx=`) say: an
 * operator request with three screenshots is about 6 000 tokens, past the 4 096 Ollama gives by
 * default on most GPUs, where it silently cuts the start of the prompt (the instructions).
 */
export const OLLAMA_DEFAULT_CONTEXT = 16_384;

/** Settings of the Ollama client. */
export interface OllamaSettings extends AdapterSettings {
  /** `num_ctx` of every request; absent: `?num_ctx=` on the base URL, else {@link OLLAMA_DEFAULT_CONTEXT}. */
  readonly contextTokens?: number;
}

/**
 * A client for Ollama's native chat API, `POST /api/chat`. We use it instead of Ollama's
 * OpenAI-compatible route because that route has no way to set the context size per request
 * (Ollama's own documentation says so), and a prompt past the default window is truncated without
 * an error. No key is sent: Ollama has none.
 */
export function createOllamaClient(settings: OllamaSettings): ModelClient {
  const redact = createRedactor([settings.apiKey]);
  const now = settings.now ?? Date.now;
  const base = new URL(settings.baseURL ?? OLLAMA_DEFAULT_URL);
  const contextTokens = settings.contextTokens ?? contextFromUrl(base) ?? OLLAMA_DEFAULT_CONTEXT;
  const endpoint = chatEndpoint(base);
  const fetcher = settings.fetch ?? fetch;
  return {
    specificationVersion: MODEL_CONTRACT_VERSION,
    provider: 'ollama',
    model: settings.model,
    async complete<T>(handle: Handle, request: ModelRequest<T>): Promise<ModelResponse<T>> {
      checkRequest(request);
      refuseComputerUse(request, 'ollama');
      const stream = settings.stream === true;
      const { body, warnings } = toOllamaBody(
        settings.model,
        request,
        contextTokens,
        stream,
        capabilitiesOf(settings, 'ollama'),
      );
      const timer = startCallTimer(handle, settings.timeoutMs ?? 120_000, now);
      handle.log(`ollama: sending ${request.messages.length} messages to ${settings.model} (num_ctx ${contextTokens})`);
      let answer: OllamaAnswer;
      try {
        const response = await fetcher(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...settings.headers },
          body: JSON.stringify(body),
          signal: timer.signal,
        });
        if (!response.ok) throw await httpFailure(response, redact, now);
        answer = stream
          ? await readOllamaStream(lines(response, timer), redact)
          : readOllamaBody(await bodyText(response), redact);
      } catch (error: unknown) {
        if (ModelError.isInstance(error)) throw error;
        if (handle.signal.aborted) throw new ModelError('cancelled', 'the model call was cancelled');
        if (timer.expired) throw toModelError('ollama', { timedOut: true }, redact, now);
        const cause =
          error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
        throw toModelError(
          'ollama',
          { connectionFailed: true, vendorMessage: `is Ollama running at ${base.origin}? (${cause})` },
          redact,
          now,
        );
      } finally {
        timer.stop();
      }
      return toResponse(answer, request, settings.model, contextTokens, settings, [...warnings]);
    },
  };
}

function toResponse<T>(
  answer: OllamaAnswer,
  request: ModelRequest<T>,
  model: string,
  contextTokens: number,
  settings: AdapterSettings,
  warnings: ModelWarning[],
): ModelResponse<T> {
  if (answer.usage === undefined)
    warnings.push({ type: 'other', message: 'ollama reported no token usage; it is counted as 0' });
  if (answer.promptTokens !== undefined && answer.promptTokens >= contextTokens * 0.98) {
    warnings.push({
      type: 'other',
      message: `the prompt filled the ${contextTokens}-token context window, so Ollama may have cut its start; raise num_ctx`,
    });
  }
  const usage = priceUsage(
    answer.usage ?? { inputTokens: 0, outputTokens: 0 },
    `ollama:${model}`,
    settings.prices ?? DEFAULT_PRICE_TABLE,
    warnings,
  );
  const stopReason: StopReason =
    answer.toolCalls.length > 0 ? 'tool-use' : answer.doneReason === 'length' ? 'max-tokens' : 'end';
  const base = { text: answer.text, usage, rawStopReason: answer.doneReason, warnings };
  try {
    const structured = request.outputSchema !== undefined || answer.toolCalls.length > 0;
    if (stopReason === 'max-tokens' && structured) {
      throw new ModelError('truncated', 'the answer was cut off at the output token limit', {
        lastText: clipText(answer.text),
      });
    }
    const toolCalls = answer.toolCalls.map((call, index) =>
      checkToolCall(
        request.tools ?? [],
        call.id || `call_${index}`,
        call.name,
        decodeArguments(call.name, call.arguments),
      ),
    );
    if (toolCalls.length > 0) return { ...base, toolCalls, stopReason };
    if (request.outputSchema === undefined) return { ...base, toolCalls, stopReason };
    return { ...base, toolCalls, stopReason, parsed: structuredFromText(request.outputSchema, answer.text, warnings) };
  } catch (error: unknown) {
    throw withUsage(error, usage);
  }
}

/** `<base>/api/chat`; a base written for the OpenAI-compatible route (`…/v1`) is read as its root. */
function chatEndpoint(base: URL): string {
  const url = new URL(base.href);
  url.search = '';
  url.pathname = `${url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '')}/api/chat`;
  return url.href;
}

/** `?num_ctx=` on the base URL, so a spec can set the window: `ollama:qwen2.5vl:7b@http://host:11434?num_ctx=32768`. */
export function contextFromUrl(base: URL): number | undefined {
  const raw = base.searchParams.get('num_ctx');
  if (raw === null) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 2048 && value <= 1_048_576 ? value : undefined;
}

async function httpFailure(
  response: Response,
  redact: ReturnType<typeof createRedactor>,
  now: () => number,
): Promise<ModelError> {
  const text = await bodyText(response).catch(() => '');
  let message: string | undefined;
  try {
    const parsed = JSON.parse(text.slice(0, 100_000)) as { error?: unknown };
    message = typeof parsed.error === 'string' ? parsed.error : undefined;
  } catch {
    message = text.trim() === '' ? undefined : text.trim().slice(0, 300);
  }
  return toModelError(
    'ollama',
    {
      status: response.status,
      headers: response.headers,
      ...(message === undefined ? {} : { vendorMessage: message }),
    },
    redact,
    now,
  );
}

/** The body as text, refused past the envelope limit so a runaway server cannot fill memory. */
async function bodyText(response: Response): Promise<string> {
  let text = '';
  for await (const chunk of decoded(response)) {
    text += chunk;
    if (text.length > ENVELOPE_LIMITS.maxLength) {
      throw new ModelError('bad-response', `ollama sent a body longer than ${ENVELOPE_LIMITS.maxLength} characters`);
    }
  }
  return text;
}

/** The body split into lines as they arrive, for NDJSON; each piece that arrives restarts the call's countdown. */
async function* lines(response: Response, timer: Pick<CallTimer, 'touch'>): AsyncGenerator<string> {
  let pending = '';
  for await (const chunk of decoded(response)) {
    timer.touch();
    pending += chunk;
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      yield pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      newline = pending.indexOf('\n');
    }
    if (pending.length > ENVELOPE_LIMITS.maxLength) {
      throw new ModelError('bad-response', 'ollama sent a stream line longer than any answer could be');
    }
  }
  if (pending.trim() !== '') yield pending;
}

/** UTF-8 text of the body; bytes that are not UTF-8 become U+FFFD rather than an exception. */
async function* decoded(response: Response): AsyncGenerator<string> {
  if (response.body === null) return;
  const decoder = new TextDecoder('utf-8');
  const reader = response.body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      yield decoder.decode(read.value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
  yield decoder.decode();
}
