import { DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_OUTPUT_NAME, partsOf, textOf, toBase64 } from './adapter-support.js';
import type { ModelMessage, ModelRequest, ModelWarning } from './contract.js';
import { toObjectJsonSchema } from './json-schema.js';
import { jsonInstructions } from './openai-request.js';
import type { ModelCapabilities } from './profiles.js';
import { reasoningEffort, sampling } from './request-settings.js';

/** One turn as `/api/chat` takes it: text, and images as bare base64 beside it. */
export interface OllamaMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
  readonly images?: readonly string[];
}

/** The body of `POST /api/chat`, as documented in Ollama's API reference. */
export interface OllamaChatBody {
  readonly model: string;
  readonly messages: readonly OllamaMessage[];
  readonly stream: boolean;
  /** A JSON Schema the sampler is held to (structured outputs). */
  readonly format?: Record<string, unknown>;
  readonly tools?: readonly {
    readonly type: 'function';
    readonly function: { readonly name: string; readonly description: string; readonly parameters: unknown };
  }[];
  /** Model parameters; `num_ctx` is the one the OpenAI-compatible route cannot carry. */
  readonly options: { readonly num_ctx: number; readonly num_predict: number; readonly temperature?: number };
}

/**
 * The `/api/chat` body for a request. System turns are merged into one leading turn (local chat
 * templates reject them elsewhere). A structured answer is both enforced through `format` and
 * asked for in the prompt, as Ollama's documentation advises: the sampler keeps the JSON valid,
 * the instructions keep the model from filling it with whitespace.
 */
export function toOllamaBody(
  model: string,
  request: ModelRequest<unknown>,
  contextTokens: number,
  stream: boolean,
  capabilities: ModelCapabilities | undefined,
): { readonly body: OllamaChatBody; readonly warnings: readonly ModelWarning[] } {
  const warnings: ModelWarning[] = [];
  const outputName = request.outputName ?? DEFAULT_OUTPUT_NAME;
  const format =
    request.outputSchema === undefined ? undefined : toObjectJsonSchema(request.outputSchema, 'the output schema');
  const instructions = request.messages.filter((message) => message.role === 'system').map((m) => textOf(m.content));
  if (format !== undefined) instructions.push(jsonInstructions(outputName, format));
  const rest = request.messages.filter((message) => message.role !== 'system').map(toOllamaMessage);
  const messages =
    instructions.length === 0 ? rest : [{ role: 'system' as const, content: instructions.join('\n\n') }, ...rest];
  const tools = (request.tools ?? []).map((tool) => ({
    type: 'function' as const,
    function: {
      name: tool.name,
      description: tool.description,
      parameters: toObjectJsonSchema(tool.inputSchema, `the input schema of tool "${tool.name}"`),
    },
  }));
  const temperature = sampling(model, request.temperature, capabilities, warnings);
  // Ollama's `think` switch is not an effort; a requested effort is reported as not sent.
  reasoningEffort(model, request.reasoningEffort, undefined, warnings);
  const body: OllamaChatBody = {
    model,
    messages,
    stream,
    ...(format === undefined ? {} : { format }),
    ...(tools.length === 0 ? {} : { tools }),
    options: {
      num_ctx: contextTokens,
      num_predict: request.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
      ...(temperature === undefined ? {} : { temperature }),
    },
  };
  return { body, warnings };
}

function toOllamaMessage(message: ModelMessage): OllamaMessage {
  const role = message.role === 'assistant' ? 'assistant' : 'user';
  const parts = partsOf(message.content);
  const images = parts.flatMap((part) => (part.type === 'image' ? [toBase64(part.data)] : []));
  const content = parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  return images.length === 0 ? { role, content } : { role, content, images };
}
