import { parseBoundedJson } from './bounded-json.js';
import type { ContentPart, ModelRequest, ModelTool, ModelWarning, ProviderName, ToolCall, Usage } from './contract.js';
import { ModelError } from './errors.js';
import { costOf, type BilledTokens, type PriceTable } from './prices.js';
import { findProfile, type ModelCapabilities, type ModelProfile } from './profiles.js';
import { parseStructuredText, validateTolerantly } from './structured-output.js';

/** Settings every adapter takes, so tests and proxies can point it anywhere. */
export interface AdapterSettings {
  /** The vendor's model id, sent as is. */
  readonly model: string;
  /** The API key. Never logged, never put in an error, a warning or a response. */
  readonly apiKey?: string;
  /** Base URL of the API (`https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`); absent: the vendor's. */
  readonly baseURL?: string;
  /** The `fetch` the SDK uses; absent: the global one. */
  readonly fetch?: typeof fetch;
  /** Extra HTTP headers on every request (a proxy's own auth, an organization id). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Longest wait for one response, body included, in milliseconds; for a streamed answer, the
   * longest silence between two of its pieces. The handle's deadline can make it shorter. Absent: 120 000.
   */
  readonly timeoutMs?: number;
  /** Receive the answer as server-sent events and assemble it, which keeps long answers from idling out. */
  readonly stream?: boolean;
  /** Prices for `usage.costUsd`; absent: the shipped table. */
  readonly prices?: PriceTable;
  /** Current time in milliseconds since the epoch, for deadlines and `retry-after` dates. Absent: `Date.now`. */
  readonly now?: () => number;
  /**
   * What the model accepts (temperature, reasoning effort); absent: the shipped profile matching
   * the provider and model id.
   */
  readonly profile?: ModelProfile;
}

/** The capabilities requests are shaped by: the given profile's, else the shipped one's, else none known. */
export function capabilitiesOf(settings: AdapterSettings, provider: ProviderName): ModelCapabilities | undefined {
  return (settings.profile ?? findProfile(provider, settings.model))?.capabilities;
}

/** Name of the structured answer when the request does not give one. */
export const DEFAULT_OUTPUT_NAME = 'structured_output';
/** Output tokens asked for when the request does not say. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Reject requests no vendor would take, before spending a call on them: no user turn, images
 * outside user turns, bad tool names, a tool named like the structured answer.
 */
export function checkRequest(request: ModelRequest<unknown>): void {
  if (!request.messages.some((message) => message.role === 'user')) {
    throw new ModelError('bad-request', 'the request has no user message');
  }
  for (const message of request.messages) {
    if (message.role !== 'user' && partsOf(message.content).some((part) => part.type === 'image')) {
      throw new ModelError('bad-request', `images may only appear in user messages, not in ${message.role} messages`);
    }
  }
  const names = new Set<string>();
  for (const tool of request.tools ?? []) {
    if (!TOOL_NAME.test(tool.name)) throw new ModelError('bad-request', `tool name "${tool.name}" is not allowed`);
    if (names.has(tool.name)) throw new ModelError('bad-request', `two tools are named "${tool.name}"`);
    names.add(tool.name);
  }
  const outputName = request.outputName ?? DEFAULT_OUTPUT_NAME;
  if (!TOOL_NAME.test(outputName)) throw new ModelError('bad-request', `output name "${outputName}" is not allowed`);
  if (request.outputSchema !== undefined && names.has(outputName)) {
    throw new ModelError('bad-request', `a tool is named "${outputName}", like the structured answer; rename one`);
  }
  const max = request.maxOutputTokens;
  if (max !== undefined && (!Number.isSafeInteger(max) || max < 1)) {
    throw new ModelError('bad-request', `maxOutputTokens must be a whole number of at least 1, got ${max}`);
  }
}

/**
 * For adapters that speak neither the vendor's computer tool nor tool history: refuse a request
 * that needs them, before any call, rather than drop part of it.
 */
export function refuseComputerUse(request: ModelRequest<unknown>, provider: ProviderName): void {
  if (request.computer !== undefined) {
    throw new ModelError('bad-request', `the ${provider} adapter offers no computer-use tool`);
  }
  if (request.messages.some((message) => (message.toolCalls ?? []).length + (message.toolResults ?? []).length > 0)) {
    throw new ModelError('bad-request', `the ${provider} adapter cannot send earlier tool calls and their results`);
  }
}

/** The content as parts, whether it was given as a string or as parts. */
export function partsOf(content: string | readonly ContentPart[]): readonly ContentPart[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

/** The text parts joined, images left out. */
export function textOf(content: string | readonly ContentPart[]): string {
  return partsOf(content)
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

/** Validate a tool call the model made against the tool it named. */
export function checkToolCall(tools: readonly ModelTool[], id: string, name: string, input: unknown): ToolCall {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) {
    throw new ModelError('invalid-output', `the model called an unknown tool "${name}"`, {
      lastText: clipText(`${name}(${safeJson(input)})`),
      validation: `(root): no tool is named "${name}"; use one of: ${tools.map((each) => each.name).join(', ')}`,
    });
  }
  const result = validateTolerantly(tool.inputSchema, input);
  if (!result.ok) {
    throw new ModelError('invalid-output', `the input of tool "${name}" does not match its schema`, {
      lastText: clipText(`${name}(${safeJson(input)})`),
      validation: result.problems,
    });
  }
  return { id, name, input: result.value };
}

/**
 * Decode a tool call's arguments: the JSON string the APIs document, or an object some servers
 * send already decoded. Malformed, too deep or too long JSON is invalid output.
 */
export function decodeArguments(name: string, raw: string | Readonly<Record<string, unknown>>): unknown {
  if (typeof raw !== 'string') return raw;
  const trimmed = raw.trim();
  if (trimmed === '') return {};
  const parsed = parseBoundedJson(trimmed);
  if (parsed.ok) return parsed.value;
  throw new ModelError('invalid-output', `the arguments of tool "${name}" are not usable JSON`, {
    lastText: clipText(`${name}(${raw})`),
    validation: `(root): ${parsed.problem === 'syntax' ? 'the arguments are not valid JSON' : parsed.message}`,
  });
}

/** Longest model text kept in an error, so a runaway answer is not copied into re-asks and logs whole. */
const KEPT_TEXT = 8000;

/** The text cut to a length worth quoting, saying how much was left out. */
export function clipText(text: string, limit = KEPT_TEXT): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… [${text.length - limit} more characters not shown]`;
}

/**
 * The structured answer from text, or `invalid-output` quoting the text and the problems. The
 * warning notes when the JSON had to be cut out of prose.
 */
export function structuredFromText<T>(
  schema: NonNullable<ModelRequest<T>['outputSchema']>,
  text: string,
  warnings: ModelWarning[],
): T {
  const result = parseStructuredText(schema, text);
  if (!result.ok) {
    throw new ModelError('invalid-output', 'the answer does not match the requested schema', {
      lastText: clipText(text),
      validation: result.problems,
    });
  }
  if (result.extracted) {
    warnings.push({ type: 'repaired-output', message: 'the JSON answer was cut out of prose or a code fence' });
  }
  return result.value;
}

/** The structured answer from an already-decoded value (a forced tool's input). */
export function structuredFromValue<T>(schema: NonNullable<ModelRequest<T>['outputSchema']>, value: unknown): T {
  const result = validateTolerantly(schema, value);
  if (!result.ok) {
    throw new ModelError('invalid-output', 'the answer does not match the requested schema', {
      lastText: clipText(safeJson(value)),
      validation: result.problems,
    });
  }
  return result.value;
}

/** Usage with its cost, adding an `unpriced-model` warning when the table has no price. */
export function priceUsage(tokens: BilledTokens, model: string, prices: PriceTable, warnings: ModelWarning[]): Usage {
  const counted: Usage = {
    inputTokens: tokens.inputTokens,
    outputTokens: tokens.outputTokens,
    ...(tokens.cacheReadTokens ? { cacheReadTokens: tokens.cacheReadTokens } : {}),
    ...(tokens.cacheWriteTokens ? { cacheWriteTokens: tokens.cacheWriteTokens } : {}),
  };
  const costUsd = costOf(tokens, model, prices);
  if (costUsd === undefined) {
    warnings.push({ type: 'unpriced-model', message: `no price for ${model}; add it to the price table` });
    return counted;
  }
  return { ...counted, costUsd };
}

/** Base64 of bytes, for inline images. */
export function toBase64(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
}

/** JSON text of a value for quoting; a value too deep to stringify (the stack) is named, not thrown. */
function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return '(a value that cannot be written as JSON)';
  }
}
