import type {
  ContentBlockParam,
  MessageCreateParamsNonStreaming,
  MessageParam,
  Tool,
  ToolChoice,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import { anthropicComputerTool } from './anthropic-computer.js';
import type { ContentPart, ModelMessage, ModelRequest } from './contract.js';
import { ModelError } from './errors.js';
import type { ComputerUseCapability } from './profiles.js';
import { DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_OUTPUT_NAME, partsOf, textOf, toBase64 } from './adapter-support.js';
import { toObjectJsonSchema } from './json-schema.js';

/**
 * Structured output on Anthropic goes through a forced tool: the schema becomes the input schema
 * of one tool and `tool_choice` makes the model call it. We chose this over JSON instructions
 * because every Claude model with tool use honours it, the answer arrives as a decoded object with
 * no prose to strip, and the same validation path serves ordinary tool calls. (The newer
 * `output_config.format` is limited to recent models; a forced tool works on all of them.) When
 * the request also has tools, `tool_choice: any` lets the model either call one of them or give
 * the answer through the output tool.
 */
const OUTPUT_TOOL_DESCRIPTION =
  'Give your final answer by calling this tool. Its input is the answer; write nothing else.';

/**
 * The Messages API body for a request. With `computerUse` (the model's tool version) a request's
 * `computer` offers Anthropic's computer tool; without it such a request is refused.
 */
export function toAnthropicParams(
  model: string,
  request: ModelRequest<unknown>,
  computerUse?: ComputerUseCapability,
): MessageCreateParamsNonStreaming {
  const system = request.messages
    .filter((message) => message.role === 'system')
    .map((message) => textOf(message.content))
    .join('\n\n');
  const messages = request.messages
    .filter((message): message is ModelMessage & { role: 'user' | 'assistant' } => message.role !== 'system')
    .map(toMessageParam);
  const tools: Tool[] = (request.tools ?? []).map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: toObjectJsonSchema(tool.inputSchema, `the input schema of tool "${tool.name}"`) as Tool.InputSchema,
  }));
  if (request.computer !== undefined) {
    if (computerUse === undefined) {
      throw new ModelError(
        'bad-request',
        `no computer-use tool version is known for ${model}; its profile needs capabilities.computerUse`,
      );
    }
    // A tool of the beta API; the SDK's non-beta types do not list it.
    tools.push(anthropicComputerTool(computerUse, request.computer) as unknown as Tool);
  }
  let toolChoice: ToolChoice | undefined;
  if (request.outputSchema !== undefined) {
    const name = request.outputName ?? DEFAULT_OUTPUT_NAME;
    tools.push({
      name,
      description: OUTPUT_TOOL_DESCRIPTION,
      input_schema: toObjectJsonSchema(request.outputSchema, 'the output schema') as Tool.InputSchema,
    });
    toolChoice = tools.length === 1 ? { type: 'tool', name } : { type: 'any' };
  }
  return {
    model,
    max_tokens: request.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    messages,
    // The tools and the system turn are one role's fixed instructions, the same on every call of
    // that role, and come first in the prompt: a cache breakpoint after them lets later calls read
    // them from the prompt cache (a tenth of the input price) instead of paying for them again.
    // Anthropic caches nothing below its minimum prefix (1,024 tokens on most models), silently.
    ...(system === '' ? {} : { system: [{ type: 'text', text: system, cache_control: { type: 'ephemeral' } }] }),
    ...(tools.length === 0 ? {} : { tools }),
    ...(toolChoice === undefined ? {} : { tool_choice: toolChoice }),
    ...(request.temperature === undefined ? {} : { temperature: Math.min(1, Math.max(0, request.temperature)) }),
  };
}

function toMessageParam(message: ModelMessage & { role: 'user' | 'assistant' }): MessageParam {
  const calls = message.toolCalls ?? [];
  const results = message.toolResults ?? [];
  if (typeof message.content === 'string' && calls.length === 0 && results.length === 0) {
    return { role: message.role, content: message.content };
  }
  // Tool results come first in a user turn, as the API requires; calls follow an assistant's text.
  const content: ContentBlockParam[] = [
    ...results.map((result): ContentBlockParam => ({
      type: 'tool_result',
      tool_use_id: result.callId,
      content: result.content.map(toContentBlock) as ToolResultBlockParam['content'],
      ...(result.isError === true ? { is_error: true } : {}),
    })),
    ...partsOf(message.content)
      .filter((part) => part.type !== 'text' || part.text !== '')
      .map(toContentBlock),
    ...calls.map((call): ContentBlockParam => ({
      type: 'tool_use',
      id: call.id,
      name: call.name,
      input: call.input ?? {},
    })),
  ];
  return { role: message.role, content } as MessageParam;
}

function toContentBlock(part: ContentPart): ContentBlockParam {
  return part.type === 'text'
    ? { type: 'text', text: part.text }
    : { type: 'image', source: { type: 'base64', media_type: part.mimeType, data: toBase64(part.data) } };
}
