import type OpenAI from 'openai';
import {
  COMPUTER_TOOL_NAME,
  type ContentPart,
  type ModelMessage,
  type ModelRequest,
  type ModelWarning,
} from './contract.js';
import { DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_OUTPUT_NAME, partsOf, textOf, toBase64 } from './adapter-support.js';
import { ModelError } from './errors.js';
import { toObjectJsonSchema, toStrictJsonSchema } from './json-schema.js';
import { jsonInstructions, nonStrictWarning } from './openai-request.js';
import { openAIComputerTool } from './openai-computer.js';
import type { ModelCapabilities } from './profiles.js';
import { reasoningEffort, sampling } from './request-settings.js';

type ResponsesParams = OpenAI.Responses.ResponseCreateParamsNonStreaming;
type InputItem = OpenAI.Responses.ResponseInputItem;
type InputContent = OpenAI.Responses.ResponseInputContent;

/**
 * The Responses API body for a request (https://platform.openai.com/docs/api-reference/responses/create).
 * System turns become `instructions`; user turns `message` items; an assistant turn is sent back
 * as the output items it came in (its `transcript`) or, without one, rebuilt from its text and
 * calls; tool results become `computer_call_output` (the screenshot) or `function_call_output`.
 *
 * Nothing is stored at OpenAI (`store: false`): every call sends the whole conversation, and the
 * model's reasoning comes back encrypted (`include`) so it can go back with the turn it belongs to,
 * as the API requires for a computer call. The preview tool also requires `truncation: auto`.
 */
export function toResponsesParams(
  model: string,
  request: ModelRequest<unknown>,
  capabilities: ModelCapabilities | undefined,
): { readonly params: ResponsesParams; readonly warnings: readonly ModelWarning[] } {
  const warnings: ModelWarning[] = [];
  const instructions = request.messages.filter((message) => message.role === 'system').map((m) => textOf(m.content));
  const outputName = request.outputName ?? DEFAULT_OUTPUT_NAME;
  const outputSchema =
    request.outputSchema === undefined ? undefined : toObjectJsonSchema(request.outputSchema, 'the output schema');
  let format: OpenAI.Responses.ResponseFormatTextJSONSchemaConfig | undefined;
  if (outputSchema !== undefined && capabilities?.structuredOutput === 'prompted') {
    instructions.push(jsonInstructions(outputName, outputSchema));
    warnings.push({
      type: 'prompted-structured-output',
      message:
        'the model is not documented to enforce a schema; JSON was asked for in the prompt and parsed tolerantly',
    });
  } else if (outputSchema !== undefined) {
    const strict = toStrictJsonSchema(outputSchema);
    if (!strict.strict) warnings.push(nonStrictWarning('the output schema'));
    format = { type: 'json_schema', name: outputName, schema: strict.schema, strict: strict.strict };
  }
  const tools: OpenAI.Responses.Tool[] = (request.tools ?? []).map((tool) => {
    const strict = toStrictJsonSchema(toObjectJsonSchema(tool.inputSchema, `the input schema of tool "${tool.name}"`));
    if (!strict.strict) warnings.push(nonStrictWarning(`the input schema of tool "${tool.name}"`));
    return {
      type: 'function',
      name: tool.name,
      description: tool.description,
      parameters: strict.schema,
      strict: strict.strict,
    };
  });
  const computerUse = capabilities?.computerUse;
  if (request.computer !== undefined) {
    if (computerUse === undefined) {
      throw new ModelError(
        'bad-request',
        `no computer-use tool is known for ${model}; its profile needs capabilities.computerUse`,
      );
    }
    tools.push(openAIComputerTool(computerUse, request.computer) as unknown as OpenAI.Responses.Tool);
  }
  const temperature = sampling(model, request.temperature, capabilities, warnings);
  const effort = reasoningEffort(model, request.reasoningEffort, capabilities, warnings);
  const preview = computerUse?.tool === 'computer_use_preview';
  const params: ResponsesParams = {
    model,
    input: inputItems(request.messages),
    ...(instructions.length === 0 ? {} : { instructions: instructions.join('\n\n') }),
    max_output_tokens: request.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    store: false,
    include: ['reasoning.encrypted_content'],
    ...(preview ? { truncation: 'auto' as const } : {}),
    ...(tools.length === 0 ? {} : { tools }),
    ...(format === undefined ? {} : { text: { format } }),
    ...(temperature === undefined ? {} : { temperature }),
    ...(effort === undefined ? {} : { reasoning: { effort } }),
  };
  return { params, warnings };
}

function inputItems(messages: readonly ModelMessage[]): InputItem[] {
  const items: InputItem[] = [];
  // Which calls were computer calls: their results are screenshots, the others text.
  const computerCalls = new Set<string>();
  // The screen as last sent, for the result of a computer call that was not carried out.
  let lastImage: Extract<ContentPart, { type: 'image' }> | undefined;
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (message.role === 'assistant') {
      for (const call of message.toolCalls ?? []) if (call.name === COMPUTER_TOOL_NAME) computerCalls.add(call.id);
      items.push(...assistantItems(message));
      continue;
    }
    const notes: string[] = [];
    for (const result of message.toolResults ?? []) {
      if (!computerCalls.has(result.callId)) {
        items.push({ type: 'function_call_output', call_id: result.callId, output: textOf(result.content) });
        continue;
      }
      const image = result.content.find((part) => part.type === 'image') ?? lastImage;
      const text = textOf(result.content);
      if (image === undefined) {
        throw new ModelError('bad-request', 'a computer call result needs a screenshot, and none was sent before it');
      }
      lastImage = image;
      items.push({
        type: 'computer_call_output',
        call_id: result.callId,
        output: { type: 'computer_screenshot', image_url: dataUrl(image) },
      });
      // The output item holds an image only: why the call was not carried out goes in the next turn.
      if (text !== '') notes.push(text);
    }
    for (const part of partsOf(message.content)) if (part.type === 'image') lastImage = part;
    const content = [
      ...notes.map((text): InputContent => ({ type: 'input_text', text })),
      ...partsOf(message.content)
        .filter((part) => part.type !== 'text' || part.text !== '')
        .map(toInputContent),
    ];
    if (content.length > 0) items.push({ role: 'user', content });
  }
  return items;
}

function assistantItems(message: ModelMessage): InputItem[] {
  if (message.transcript !== undefined && message.transcript.length > 0) {
    // Output items as they came back; the API reads them as input unchanged.
    return message.transcript as InputItem[];
  }
  const text = textOf(message.content);
  const items: InputItem[] = text === '' ? [] : [{ role: 'assistant', content: text }];
  for (const call of message.toolCalls ?? []) {
    if (call.name === COMPUTER_TOOL_NAME) items.push(call.input as InputItem);
    else {
      items.push({
        type: 'function_call',
        call_id: call.id,
        name: call.name,
        arguments: JSON.stringify(call.input ?? {}),
      });
    }
  }
  return items;
}

function toInputContent(part: ContentPart): InputContent {
  // High detail: screenshots are full of small text the model must read.
  return part.type === 'text'
    ? { type: 'input_text', text: part.text }
    : { type: 'input_image', image_url: dataUrl(part), detail: 'high' };
}

function dataUrl(part: Extract<ContentPart, { type: 'image' }>): string {
  return `data:${part.mimeType};base64,${toBase64(part.data)}`;
}
