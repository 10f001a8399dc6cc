import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import type { Handle } from '@sandpiper/core';
import {
  type AdapterSettings,
  capabilitiesOf,
  checkRequest,
  checkToolCall,
  clipText,
  DEFAULT_OUTPUT_NAME,
  priceUsage,
  structuredFromText,
  structuredFromValue,
} from './adapter-support.js';
import { toAnthropicParams } from './anthropic-request.js';
import { type AnthropicAnswer, readAnthropicMessage } from './anthropic-response.js';
import { readAnthropicComputerAction } from './anthropic-computer.js';
import {
  COMPUTER_TOOL_NAME,
  MODEL_CONTRACT_VERSION,
  type ComputerToolRequest,
  type ModelClient,
  type ModelRequest,
  type ModelResponse,
  type ModelWarning,
  type StopReason,
  type ToolCall,
} from './contract.js';
import { startCallTimer } from './call-timer.js';
import { ModelError, withUsage } from './errors.js';
import { type CallFailure, toModelError, unreadableFailure } from './http-errors.js';
import { sampling } from './request-settings.js';
import { DEFAULT_PRICE_TABLE } from './prices.js';
import { createRedactor, type Redactor } from './redact.js';

/**
 * A client for the Anthropic Messages API through the official SDK. The key, base URL, log level
 * and tracing are passed explicitly, so the SDK takes none of them from environment variables or
 * profile files (it still honours `ANTHROPIC_CUSTOM_HEADERS`, which it always reads). Its own
 * retries are off (retrying is the caller's choice, see `createRetryingClient`) and so is its
 * logging, which could otherwise print request details.
 */
export function createAnthropicClient(settings: AdapterSettings): ModelClient {
  const redact = createRedactor([settings.apiKey]);
  const now = settings.now ?? Date.now;
  const apiKey = settings.apiKey;
  // Without a key the SDK would go looking for credentials in the environment and on disk.
  const sdk =
    apiKey === undefined || apiKey === ''
      ? undefined
      : new Anthropic({
          apiKey,
          authToken: null,
          webhookKey: null,
          baseURL: settings.baseURL ?? 'https://api.anthropic.com',
          maxRetries: 0,
          logLevel: 'off',
          openTelemetry: false,
          ...(settings.fetch === undefined ? {} : { fetch: settings.fetch }),
          ...(settings.headers === undefined ? {} : { defaultHeaders: settings.headers }),
        });
  return {
    specificationVersion: MODEL_CONTRACT_VERSION,
    provider: 'anthropic',
    model: settings.model,
    async complete<T>(handle: Handle, request: ModelRequest<T>): Promise<ModelResponse<T>> {
      checkRequest(request);
      if (sdk === undefined) throw new ModelError('auth', 'no Anthropic API key was given (set ANTHROPIC_API_KEY)');
      const warnings: ModelWarning[] = [];
      const capabilities = capabilitiesOf(settings, 'anthropic');
      const temperature = sampling(settings.model, request.temperature, capabilities, warnings);
      const computerUse = request.computer === undefined ? undefined : capabilities?.computerUse;
      const params = toAnthropicParams(settings.model, { ...request, temperature }, computerUse);
      const timer = startCallTimer(handle, settings.timeoutMs ?? 120_000, now);
      const options = {
        signal: timer.signal,
        timeout: timer.timeout,
        // The computer tool is a beta of the Messages API: the flag goes on every request offering it.
        ...(computerUse?.beta === undefined ? {} : { headers: { 'anthropic-beta': computerUse.beta } }),
      };
      handle.log(`anthropic: sending ${request.messages.length} messages to ${settings.model}`);
      let message: AnthropicAnswer;
      try {
        // Checked as unknown: the SDK returns whatever the body held, a string for an HTML page.
        let body: unknown;
        if (settings.stream === true) {
          const stream = sdk.messages.stream(params, options);
          stream.on('streamEvent', () => timer.touch());
          body = await stream.finalMessage();
        } else {
          body = await sdk.messages.create(params, options);
        }
        message = readAnthropicMessage(body, redact);
      } catch (error: unknown) {
        throw normalizeFailure(error, { handle, timedOut: timer.expired }, redact, now);
      } finally {
        timer.stop();
      }
      return toResponse(message, request, settings, warnings);
    },
  };
}

function toResponse<T>(
  message: AnthropicAnswer,
  request: ModelRequest<T>,
  settings: AdapterSettings,
  warnings: ModelWarning[],
): ModelResponse<T> {
  if (request.temperature !== undefined && (request.temperature < 0 || request.temperature > 1)) {
    warnings.push({ type: 'unsupported-setting', message: 'Anthropic temperatures run from 0 to 1; it was clamped' });
  }
  const text = message.content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .filter((part) => part !== '')
    .join('\n');
  const usage = priceUsage(
    message.usage,
    `anthropic:${settings.model}`,
    settings.prices ?? DEFAULT_PRICE_TABLE,
    warnings,
  );
  try {
    const base = {
      ...(message.id === undefined ? {} : { id: message.id }),
      text,
      usage,
      rawStopReason: message.stopReason,
      warnings,
    };
    return readAnswer(message, request, base, warnings);
  } catch (error: unknown) {
    throw withUsage(error, usage);
  }
}

function readAnswer<T>(
  message: AnthropicAnswer,
  request: ModelRequest<T>,
  base: Omit<ModelResponse<T>, 'toolCalls' | 'stopReason' | 'parsed'>,
  warnings: ModelWarning[],
): ModelResponse<T> {
  const stopReason = stopReasonOf(base.rawStopReason);
  const outputName = request.outputName ?? DEFAULT_OUTPUT_NAME;
  const toolUses = message.content.filter((block) => block.type === 'tool_use');
  const answerCall = request.outputSchema === undefined ? undefined : toolUses.find((use) => use.name === outputName);
  const otherCalls = toolUses.filter((use) => use !== answerCall);
  const structured = request.outputSchema !== undefined || otherCalls.length > 0;
  if (stopReason === 'refusal' && structured) {
    const lastText = base.text || (message.explanation ?? '');
    throw new ModelError('refusal', 'the model refused to answer', { lastText: clipText(lastText) });
  }
  if (stopReason === 'max-tokens' && structured) {
    throw new ModelError('truncated', 'the answer was cut off at the output token limit', {
      lastText: clipText(base.text),
    });
  }
  const toolCalls: ToolCall[] = otherCalls.map((use) =>
    request.computer !== undefined && use.name === COMPUTER_TOOL_NAME
      ? computerCall(use.id, use.input, request.computer)
      : checkToolCall(request.tools ?? [], use.id, use.name, use.input),
  );
  const answer = { ...base, toolCalls };
  if (request.outputSchema === undefined) return { ...answer, stopReason };
  if (answerCall !== undefined) {
    // Validated before it is written out: a value too deep to stringify fails validation first.
    const parsed = structuredFromValue(request.outputSchema, answerCall.input);
    const text = base.text === '' ? JSON.stringify(answerCall.input) : base.text;
    return { ...answer, text, parsed, stopReason: 'end' };
  }
  if (toolCalls.length > 0) return { ...answer, stopReason: 'tool-use' };
  return {
    ...answer,
    parsed: structuredFromText(request.outputSchema, base.text, warnings),
    stopReason: 'end',
  };
}

/** A call of the computer tool: its input as written, and its action or why it cannot be done. */
function computerCall(id: string, input: Record<string, unknown>, display: ComputerToolRequest): ToolCall {
  const read = readAnthropicComputerAction(input, display);
  return {
    id,
    name: COMPUTER_TOOL_NAME,
    input,
    ...('action' in read ? { computerActions: [read.action] } : { computerProblem: read.problem }),
  };
}

function stopReasonOf(raw: string): StopReason {
  switch (raw) {
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'max-tokens';
    case 'tool_use':
      return 'tool-use';
    case 'refusal':
      return 'refusal';
    default:
      return 'end';
  }
}

function normalizeFailure(
  error: unknown,
  call: { readonly handle: Handle; readonly timedOut: boolean },
  redact: Redactor,
  now: () => number,
): ModelError {
  // Aborts first: the SDK's stream ends quietly when its signal aborts, and what we read from the
  // cut stream then looks like a broken response.
  if (call.handle.signal.aborted) return new ModelError('cancelled', 'the model call was cancelled');
  // The call's own timer ended it, possibly while the body or the stream was still arriving.
  if (call.timedOut || error instanceof APIConnectionTimeoutError) {
    return toModelError('anthropic', { timedOut: true }, redact, now);
  }
  if (ModelError.isInstance(error)) return error;
  if (error instanceof APIConnectionError) return toModelError('anthropic', { connectionFailed: true }, redact, now);
  if (error instanceof APIError) return toModelError('anthropic', apiFailure(error), redact, now);
  // Anything else came from reading the body or assembling the stream (events out of order, a
  // delta for a block that never started, JSON that does not parse).
  return unreadableFailure('anthropic', error, redact);
}

function apiFailure(error: APIError): CallFailure {
  const body = error.error as { error?: { type?: unknown; message?: unknown } } | undefined;
  const inner = body?.error;
  return {
    status: error.status,
    headers: error.headers,
    vendorType: typeof inner?.type === 'string' ? inner.type : (error.type ?? undefined),
    vendorMessage: typeof inner?.message === 'string' ? inner.message : (error.apiMessage ?? undefined),
    requestId: error.requestID ?? undefined,
  };
}
