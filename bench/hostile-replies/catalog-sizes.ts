import type { Category } from './cases.js';
import { content, deepArrayText, deepObjectText, raw, withRawField } from './replies.js';
import { envelopeOf, type SeenRequest } from './server.js';
import { acting, answer, DEEP, reviveEvery, written } from './variants.js';

/** Hostile replies of runaway size: huge strings, lists and bodies, and JSON nested very deep. */

const MEGABYTE = 1_100_000;

const hugeStrings: Category = {
  name: 'huge-strings',
  copies: 2,
  variants: [
    answer('megabyte-field', (valid) => withRawField(valid, 'notes', JSON.stringify('x'.repeat(MEGABYTE)))),
    answer('400k-field', (valid) => withRawField(valid, 'notes', JSON.stringify('y'.repeat(400_000)))),
    written('five-megabytes-of-prose', (valid) => `${'z'.repeat(5_000_000)}\n${valid}`),
    written('twelve-megabytes', (valid) => `${valid}\n${'q'.repeat(12_000_000)}`),
    answer('fifteen-thousand-actions', () =>
      acting(...Array.from({ length: 15_000 }, () => ({ type: 'wait', ms: 0 }))),
    ),
    answer('hundred-thousand-keys', () =>
      JSON.stringify(Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`k${index}`, index]))),
    ),
    answer(
      'emoji-strings',
      reviveEvery((value) => (typeof value === 'string' ? '😀'.repeat(100_000) : value)),
    ),
    answer(
      'megabyte-plan-step',
      () =>
        JSON.stringify({
          decision: 'plan',
          analysis: 'a',
          successCriteria: [{ kind: 'described', text: 'sorted' }],
          steps: [{ text: 's'.repeat(MEGABYTE), expectedOutcome: 'done' }],
        }),
      [{ kind: 'first' }],
    ),
    {
      name: 'five-megabyte-stream',
      reply: () => ({
        kind: 'stream',
        pieces: (valid) => [...Array.from({ length: 50 }, () => 'w'.repeat(100_000)), valid],
        finish: true,
        destroy: false,
      }),
      stream: true,
    },
    {
      name: 'whitespace-padded-body',
      reply: (request) =>
        raw(200, (valid) => `${' '.repeat(8_000_000)}${JSON.stringify(envelopeOf(request.dialect, valid))}`),
    },
  ],
};

/** The valid answer's envelope with `deep` (JSON text) put in place of one field's value. */
function deepInEnvelope(request: SeenRequest, valid: string, field: 'meta' | 'usage', deep: string): string {
  const envelope = envelopeOf(request.dialect, valid, request.dialect === 'anthropic' ? { tool: request.name } : {});
  return JSON.stringify({ ...envelope, [field]: 'DEEP-MARK' }).replace('"DEEP-MARK"', deep);
}

/** Claude's forced tool streamed with a deep input, in the Messages API's event order. */
function deepToolStream(request: SeenRequest): string {
  const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
  const input = deepArrayText(DEEP);
  const pieces = Array.from({ length: Math.ceil(input.length / 4000) }, (_, index) =>
    input.slice(index * 4000, (index + 1) * 4000),
  );
  return [
    event('message_start', {
      type: 'message_start',
      message: {
        id: 'msg_deep',
        type: 'message',
        role: 'assistant',
        model: 'claude-bench',
        content: [],
        stop_reason: null,
        usage: { input_tokens: 1800, output_tokens: 1 },
      },
    }),
    event('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_deep', name: request.name, input: {} },
    }),
    ...pieces.map((piece) =>
      event('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: `{"answer":${piece}` },
      }),
    ),
    event('content_block_stop', { type: 'content_block_stop', index: 0 }),
    event('message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 60 } }),
    event('message_stop', { type: 'message_stop' }),
  ].join('');
}

const deepNesting: Category = {
  name: 'deep-nesting',
  copies: 2,
  variants: [
    answer('deep-array-answer', () => deepArrayText(DEEP)),
    answer('deep-object-answer', () => deepObjectText(DEEP)),
    answer('deep-field', (valid) => withRawField(valid, 'extra', deepArrayText(DEEP))),
    {
      name: 'deep-field-as-tool-input',
      reply: () => content((valid) => withRawField(valid, 'extra', deepObjectText(DEEP)), { tool: true }),
      providers: ['anthropic'],
    },
    {
      name: 'deep-envelope',
      reply: (request) => raw(200, (valid) => deepInEnvelope(request, valid, 'meta', deepArrayText(DEEP))),
    },
    {
      name: 'deep-usage',
      reply: (request) => raw(200, (valid) => deepInEnvelope(request, valid, 'usage', deepObjectText(DEEP))),
    },
    written('deep-unclosed', () => '['.repeat(DEEP)),
    answer('deep-hundred-thousand', () => deepArrayText(100_000)),
    {
      name: 'deep-streamed',
      reply: () => ({
        kind: 'stream',
        pieces: [deepArrayText(DEEP / 2), deepArrayText(DEEP / 2)],
        finish: true,
        destroy: false,
      }),
      stream: true,
    },
    { name: 'deep-error-body', reply: () => raw(500, `{"error":${deepObjectText(DEEP)}}`) },
    {
      name: 'deep-tool-stream',
      reply: (request) => raw(200, deepToolStream(request), 'text/event-stream'),
      providers: ['anthropic'],
      stream: true,
    },
  ],
};

export const sizeCategories: readonly Category[] = [hugeStrings, deepNesting];
