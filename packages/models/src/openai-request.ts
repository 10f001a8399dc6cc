import type OpenAI from 'openai';
import type { ModelMessage, ModelRequest, ModelWarning } from './contract.js';
import { DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_OUTPUT_NAME, partsOf, textOf, toBase64 } from './adapter-support.js';
import { toObjectJsonSchema, toStrictJsonSchema } from './json-schema.js';
import type { ModelCapabilities } from './profiles.js';
import { reasoningEffort, sampling } from './request-settings.js';

type ChatParams = OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming;
type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ChatTool = OpenAI.Chat.Completions.ChatCompletionFunctionTool;
type ChatPart = OpenAI.Chat.Completions.ChatCompletionContentPart;

/**
 * Which dialect of Chat Completions to speak:
 * - `openai`: OpenAI itself, with strict `response_format: json_schema` and `max_completion_tokens`;
 * - `openai-compatible`: Ollama, vLLM, llama.cpp server, LM Studio. They share the wire format but
 *   not the guarantees: the schema goes into the prompt and the answer is parsed tolerantly, the
 *   older `max_tokens` is used (some servers ignore the newer name), and system turns are merged
 *   into one leading turn because many local chat templates reject system turns anywhere else.
 *   With `constrain`, the schema is also sent as `response_format: json_schema` (not strict), which
 *   those servers use to hold their sampler to it (constrained decoding); the prompt keeps it too,
 *   so a server that ignores the field still gets the shape.
 */
export type ChatDialect = 'openai' | 'openai-compatible';

/** How a request is shaped beyond its dialect. */
export interface ChatOptions {
  /** What the model accepts, from its profile; absent: a temperature is sent and a reasoning effort is not. */
  readonly capabilities?: ModelCapabilities;
  /** `openai-compatible` only: send the output schema as `response_format` for constrained decoding. */
  readonly constrain?: boolean;
}

/** The Chat Completions body for a request, and the warnings it caused. */
export function toChatParams(
  model: string,
  request: ModelRequest<unknown>,
  dialect: ChatDialect,
  options: ChatOptions = {},
): { readonly params: ChatParams; readonly warnings: readonly ModelWarning[] } {
  const { capabilities } = options;
  const warnings: ModelWarning[] = [];
  const outputName = request.outputName ?? DEFAULT_OUTPUT_NAME;
  const outputSchema =
    request.outputSchema === undefined ? undefined : toObjectJsonSchema(request.outputSchema, 'the output schema');
  let messages: ChatMessage[];
  let responseFormat: ChatParams['response_format'];
  if (dialect === 'openai') {
    messages = request.messages.map(toChatMessage);
    if (outputSchema !== undefined) {
      const strict = toStrictJsonSchema(outputSchema);
      if (!strict.strict) warnings.push(nonStrictWarning('the output schema'));
      responseFormat = {
        type: 'json_schema',
        json_schema: { name: outputName, schema: strict.schema, strict: strict.strict },
      };
    }
  } else {
    const instructions = request.messages.filter((message) => message.role === 'system').map((m) => textOf(m.content));
    if (outputSchema !== undefined) {
      instructions.push(jsonInstructions(outputName, outputSchema));
      if (options.constrain === true) {
        responseFormat = { type: 'json_schema', json_schema: { name: outputName, schema: outputSchema } };
      } else {
        warnings.push({
          type: 'prompted-structured-output',
          message: 'the server cannot enforce a schema; JSON was asked for in the prompt and parsed tolerantly',
        });
      }
    }
    const rest = request.messages.filter((message) => message.role !== 'system').map(toChatMessage);
    messages = instructions.length === 0 ? rest : [{ role: 'system', content: instructions.join('\n\n') }, ...rest];
  }
  const tools: ChatTool[] = (request.tools ?? []).map((tool) => {
    const schema = toObjectJsonSchema(tool.inputSchema, `the input schema of tool "${tool.name}"`);
    if (dialect === 'openai-compatible') {
      return { type: 'function', function: { name: tool.name, description: tool.description, parameters: schema } };
    }
    const strict = toStrictJsonSchema(schema);
    if (!strict.strict) warnings.push(nonStrictWarning(`the input schema of tool "${tool.name}"`));
    return {
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: strict.schema, strict: strict.strict },
    };
  });
  const maxTokens = request.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  const temperature = sampling(model, request.temperature, capabilities, warnings);
  const effort = reasoningEffort(model, request.reasoningEffort, capabilities, warnings);
  const params: ChatParams = {
    model,
    messages,
    ...(dialect === 'openai' ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens }),
    ...(responseFormat === undefined ? {} : { response_format: responseFormat }),
    ...(tools.length === 0 ? {} : { tools }),
    ...(temperature === undefined ? {} : { temperature }),
    ...(effort === undefined ? {} : { reasoning_effort: effort }),
  };
  return { params, warnings };
}

function toChatMessage(message: ModelMessage): ChatMessage {
  if (message.role !== 'user') return { role: message.role, content: textOf(message.content) };
  if (typeof message.content === 'string') return { role: 'user', content: message.content };
  const content: ChatPart[] = partsOf(message.content).map((part) =>
    part.type === 'text'
      ? { type: 'text', text: part.text }
      : {
          type: 'image_url',
          // High detail: screenshots are full of small text the model must read.
          image_url: { url: `data:${part.mimeType};base64,${toBase64(part.data)}`, detail: 'high' },
        },
  );
  return { role: 'user', content };
}

export function jsonInstructions(name: string, schema: Record<string, unknown>): string {
  return [
    `Answer with one JSON object, the "${name}", and nothing else: no prose before or after it.`,
    'It must match this JSON Schema:',
    JSON.stringify(schema),
  ].join('\n');
}

/** The warning for a schema sent as a hint because strict mode cannot express it. */
export function nonStrictWarning(subject: string): ModelWarning {
  return {
    type: 'non-strict-schema',
    message: `${subject} uses features strict mode cannot express, so it was sent as a hint and checked locally`,
  };
}
