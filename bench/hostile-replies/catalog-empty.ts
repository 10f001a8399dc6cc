import type { Category } from './cases.js';
import { deepObjectText, editedEnvelope, raw } from './replies.js';
import { envelopeOf, type Dialect, type SeenRequest } from './server.js';
import { DEEP, written } from './variants.js';

/** Hostile replies with nothing usable in them: empty answers, refusals and tool calls nobody asked for. */

const nullContent: Record<Dialect, (envelope: Record<string, unknown>) => unknown> = {
  openai: (envelope) => ({
    ...envelope,
    choices: [{ index: 0, message: { role: 'assistant', content: null }, finish_reason: 'stop' }],
  }),
  anthropic: (envelope) => ({ ...envelope, content: [], stop_reason: 'end_turn' }),
  ollama: (envelope) => ({ ...envelope, message: { role: 'assistant', content: null } }),
};

const emptyParts: Record<Dialect, (envelope: Record<string, unknown>) => unknown> = {
  openai: (envelope) => ({
    ...envelope,
    choices: [{ index: 0, message: { role: 'assistant', content: [] }, finish_reason: 'stop' }],
  }),
  anthropic: (envelope) => ({ ...envelope, content: [{ type: 'text', text: '' }] }),
  ollama: (envelope) => ({ ...envelope, message: { role: 'assistant', content: '' } }),
};

const emptyContent: Category = {
  name: 'empty-content',
  copies: 2,
  variants: [
    written('empty-string', () => ''),
    written('whitespace', () => '   \n\t  '),
    { name: 'null-content', reply: (request) => editedEnvelope(request.dialect, nullContent[request.dialect]) },
    written('empty-object', () => '{}'),
    written('json-null', () => 'null'),
    written('zero-width-space', () => '\u200b'),
    { name: 'empty-parts', reply: (request) => editedEnvelope(request.dialect, emptyParts[request.dialect]) },
    {
      name: 'streamed-nothing',
      reply: () => ({ kind: 'stream', pieces: [], finish: true, destroy: false }),
      stream: true,
    },
  ],
};

/** Tool calls in each dialect's envelope (the request asked for none). */
function toolCallEnvelope(
  request: SeenRequest,
  name: string,
  args: string | Record<string, unknown>,
): Record<Dialect, (envelope: Record<string, unknown>) => unknown> {
  const decoded = typeof args === 'string' ? args : JSON.stringify(args);
  return {
    openai: (envelope) => ({
      ...envelope,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_bench', type: 'function', function: { name, arguments: decoded } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
    }),
    anthropic: (envelope) => ({
      ...envelope,
      content: [{ type: 'tool_use', id: 'toolu_bench', name, input: typeof args === 'string' ? args : args }],
      stop_reason: 'tool_use',
    }),
    ollama: (envelope) => ({
      ...envelope,
      message: { role: 'assistant', content: '', tool_calls: [{ function: { name, arguments: args } }] },
    }),
  };
}

const refusalsAndTools: Category = {
  name: 'refusal-and-tools',
  copies: 2,
  variants: [
    {
      name: 'refusal',
      reply: (request) =>
        editedEnvelope(request.dialect, (envelope) =>
          request.dialect === 'openai'
            ? {
                ...envelope,
                choices: [
                  {
                    index: 0,
                    message: { role: 'assistant', content: null, refusal: "I can't help with that." },
                    finish_reason: 'stop',
                  },
                ],
              }
            : request.dialect === 'anthropic'
              ? { ...envelope, content: [{ type: 'text', text: "I can't help with that." }], stop_reason: 'refusal' }
              : { ...envelope, message: { role: 'assistant', content: "I can't help with that." } },
        ),
    },
    {
      name: 'content-filter',
      reply: (request) =>
        editedEnvelope(request.dialect, (envelope) =>
          request.dialect === 'openai'
            ? {
                ...envelope,
                choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'content_filter' }],
              }
            : request.dialect === 'anthropic'
              ? { ...envelope, content: [], stop_reason: 'refusal', stop_details: { explanation: 'Filtered.' } }
              : { ...envelope, done_reason: 'content_filter', message: { role: 'assistant', content: '' } },
        ),
    },
    {
      name: 'unknown-tool-call',
      reply: (request) =>
        editedEnvelope(request.dialect, toolCallEnvelope(request, 'delete_everything', {})[request.dialect]),
    },
    {
      name: 'malformed-tool-arguments',
      reply: (request) => editedEnvelope(request.dialect, toolCallEnvelope(request, 'click', '{"x":')[request.dialect]),
    },
    {
      name: 'answer-as-tool-call',
      reply: (request) =>
        editedEnvelope(request.dialect, (envelope, valid) =>
          toolCallEnvelope(request, request.name, JSON.parse(valid) as Record<string, unknown>)[request.dialect](
            envelope,
          ),
        ),
    },
    {
      name: 'deep-tool-arguments',
      reply: (request) => raw(200, (valid) => deepToolArguments(request, valid)),
    },
  ],
};

/** A tool call whose arguments nest {@link DEEP} levels deep; OpenAI's arguments are a JSON string. */
function deepToolArguments(request: SeenRequest, valid: string): string {
  const args = request.dialect === 'openai' ? JSON.stringify({ value: 'DEEP-MARK' }) : { value: 'DEEP-MARK' };
  const text = JSON.stringify(
    toolCallEnvelope(request, 'click', args)[request.dialect](envelopeOf(request.dialect, valid)),
  );
  return request.dialect === 'openai'
    ? text.replace('\\"DEEP-MARK\\"', deepObjectText(DEEP).replace(/"/g, '\\"'))
    : text.replace('"DEEP-MARK"', deepObjectText(DEEP));
}

export const emptyAndToolCategories: readonly Category[] = [emptyContent, refusalsAndTools];
