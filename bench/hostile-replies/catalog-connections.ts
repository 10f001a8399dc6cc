import type { Category, Pattern, Variant } from './cases.js';
import { content, envelopeText, firstHalf, raw } from './replies.js';
import { envelopeOf, type Dialect } from './server.js';

/**
 * Hostile replies about the connection and the envelope around a good answer: requests held
 * without an answer, bodies and streams that stall or break off, answers cut at the token limit,
 * token counts no server should send, and text in broken encodings.
 */

const holdPatterns: readonly [string, Pattern][] = [
  ['first', { kind: 'first' }],
  ['every', { kind: 'every' }],
  ['operator', { kind: 'role', role: 'operator', at: 0 }],
  ['grounder', { kind: 'role', role: 'grounder', at: 0 }],
  ['reflector', { kind: 'role', role: 'reflector', at: 1 }],
  ['judge', { kind: 'role', role: 'judge', at: 0 }],
  ['loop-judge', { kind: 'role', role: 'loop-judge', at: 0 }],
  ['operator-every', { kind: 'role', role: 'operator', at: 'every' }],
];

const timeouts: Category = {
  name: 'timeout',
  copies: 2,
  variants: holdPatterns.map(([name, pattern]) => ({
    name: `hold-${name}`,
    reply: () => ({ kind: 'hold' }),
    patterns: [pattern],
  })),
};

const stallPatterns: readonly Pattern[] = [
  { kind: 'first' },
  { kind: 'role', role: 'operator', at: 0 },
  { kind: 'role', role: 'judge', at: 0 },
];

const stalledBodies: Category = {
  name: 'stalled-body',
  copies: 3,
  variants: [
    {
      name: 'headers-then-silence',
      reply: (request) => ({
        kind: 'stall',
        body: (valid) => envelopeText(request, valid),
        contentType: 'application/json',
      }),
      patterns: stallPatterns,
      stream: false,
    },
    {
      name: 'stream-then-silence',
      reply: () => ({
        kind: 'stream',
        pieces: (valid) => [firstHalf(valid)],
        finish: false,
        destroy: false,
        stall: true,
      }),
      patterns: stallPatterns,
      stream: true,
    },
    {
      name: 'whole-answer-no-end',
      reply: () => ({ kind: 'stream', pieces: (valid) => [valid], finish: false, destroy: false, stall: true }),
      patterns: stallPatterns,
      stream: true,
    },
    {
      name: 'short-content-length',
      reply: (request) =>
        raw(
          200,
          (valid) => envelopeText(request, valid),
          'application/json',
          // More bytes announced than sent, on a kept-alive connection: the client waits for the rest.
          { 'content-length': '900000' },
        ),
      patterns: stallPatterns,
      stream: false,
    },
  ],
};

const streamErrorEvents: Record<Dialect, string> = {
  openai: 'data: {"error":{"message":"upstream failed","type":"server_error"}}\n\n',
  anthropic: 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
  ollama: '{"error":"model runner has unexpectedly stopped"}\n',
};

const streamEndsOnly: Record<Dialect, string> = {
  openai: 'data: [DONE]\n\n',
  anthropic: 'event: message_stop\ndata: {"type":"message_stop"}\n\n',
  ollama: '{"model":"bench-model","done":true}\n',
};

/** A stream whose events arrive in an order the API never sends: a delta before its block, a chunk of the wrong shape. */
const streamOutOfOrder: Record<Dialect, string> = {
  openai:
    'data: {"id":"c1","object":"chat.completion.chunk","choices":"all of them"}\n\n' +
    'data: {"id":"c1","choices":[{"index":0,"delta":{"content":"{"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
  anthropic:
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":3,"delta":{"type":"text_delta","text":"{"}}\n\n' +
    'event: message_stop\ndata: {"type":"message_stop"}\n\n',
  ollama:
    '{"model":"bench-model","message":{"role":"assistant","content":{"nested":true}},"done":false}\n{"done":true}\n',
};

const streamType = (dialect: Dialect) => (dialect === 'ollama' ? 'application/x-ndjson' : 'text/event-stream');

const truncatedStreams: Category = {
  name: 'truncated-stream',
  copies: 2,
  variants: [
    {
      name: 'cut-without-finish',
      reply: () => ({ kind: 'stream', pieces: (valid) => [firstHalf(valid)], finish: false, destroy: false }),
      stream: true,
    },
    {
      name: 'cut-and-reset',
      reply: () => ({ kind: 'stream', pieces: (valid) => [firstHalf(valid)], finish: false, destroy: true }),
      stream: true,
    },
    {
      name: 'finished-then-reset',
      reply: () => ({ kind: 'stream', pieces: (valid) => [valid], finish: true, destroy: true }),
      stream: true,
    },
    {
      name: 'half-answer-finished',
      reply: () => ({ kind: 'stream', pieces: (valid) => [firstHalf(valid)], finish: true, destroy: false }),
      stream: true,
    },
    {
      name: 'garbage-event',
      reply: (request) => raw(200, 'data: {not json at all\n\n', streamType(request.dialect)),
      stream: true,
    },
    {
      name: 'error-event',
      reply: (request) => raw(200, streamErrorEvents[request.dialect], streamType(request.dialect)),
      stream: true,
    },
    {
      name: 'end-marker-only',
      reply: (request) => raw(200, streamEndsOnly[request.dialect], streamType(request.dialect)),
      stream: true,
    },
    {
      name: 'events-out-of-order',
      reply: (request) => raw(200, streamOutOfOrder[request.dialect], streamType(request.dialect)),
      stream: true,
    },
    {
      name: 'stream-to-plain-request',
      reply: () => ({ kind: 'stream', pieces: (valid) => [valid], finish: true, destroy: false }),
      stream: false,
    },
  ],
};

const cutOff: Category = {
  name: 'finish-length',
  copies: 3,
  variants: [
    { name: 'whole-answer-length', reply: () => content((valid) => valid, { finish: 'length', tool: true }) },
    { name: 'half-answer-length', reply: () => content(firstHalf, { finish: 'length' }) },
    { name: 'empty-answer-length', reply: () => content('', { finish: 'length' }) },
    {
      name: 'operator-always-length',
      reply: () => content(firstHalf, { finish: 'length' }),
      patterns: [{ kind: 'role', role: 'operator', at: 'every' }],
    },
    { name: 'streamed-length', reply: () => content(firstHalf, { finish: 'length' }), stream: true },
  ],
};

function usageVariant(name: string, usage: unknown): Variant {
  return { name, reply: () => content((valid) => valid, { usage, tool: true }) };
}

const oddUsage: Category = {
  name: 'bad-usage',
  copies: 2,
  variants: [
    usageVariant('negative', { prompt_tokens: -5, completion_tokens: -1 }),
    usageVariant('non-numeric', { prompt_tokens: 'many', completion_tokens: 'few' }),
    usageVariant('missing', undefined),
    usageVariant('null', null),
    usageVariant('fractional', { prompt_tokens: 1.5, completion_tokens: 0.25 }),
    usageVariant('huge', { prompt_tokens: 1e12, completion_tokens: 1e12 }),
    usageVariant('array', [1800, 60]),
    usageVariant('string', 'lots'),
    usageVariant('one-count-only', { prompt_tokens: 1800 }),
    {
      name: 'infinite',
      reply: (request) =>
        raw(200, (valid) =>
          JSON.stringify(
            envelopeOf(request.dialect, valid, {
              usage: { prompt_tokens: 123456789, completion_tokens: 987654321 },
              ...(request.dialect === 'anthropic' ? { tool: request.name } : {}),
            }),
          )
            .replace('123456789', '1e999')
            .replace('987654321', '-1e999'),
        ),
    },
  ],
};

/** Every string of the answer changed by `edit`, sent as text (or as Claude's tool input). */
function stringsVariant(name: string, edit: (text: string) => string): Variant {
  return {
    name,
    reply: () =>
      content(
        (valid) =>
          JSON.stringify(
            JSON.parse(valid, (_key, value: unknown) => (typeof value === 'string' ? edit(value) : value)),
          ),
        { tool: true },
      ),
  };
}

const encodings: Category = {
  name: 'encoding',
  copies: 2,
  variants: [
    {
      name: 'invalid-utf8',
      // Bytes that are not UTF-8, after the answer: JSON text cannot carry them, a byte stream can.
      reply: (request) =>
        raw(200, (valid) => {
          const [before, after] = envelopeText(request, `${valid}\nMARK`).split('MARK') as [string, string];
          return Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from(after)]);
        }),
    },
    stringsVariant('lone-surrogate', (text) => `${text}\ud800`),
    stringsVariant('nul-characters', (text) => `${text}\u0000\u0000`),
    stringsVariant('bidi-override', (text) => `\u202e${text}\u202c`),
    {
      name: 'raw-control-characters',
      reply: () => content((valid) => valid.replace('":"', '":"\u0007\n\t')),
    },
    {
      name: 'latin1-charset',
      reply: (request) =>
        raw(
          200,
          (valid) => envelopeText(request, valid.replace(/Name/g, 'Nämé ✓')),
          'application/json; charset=iso-8859-1',
        ),
    },
  ],
};

export const connectionCategories: readonly Category[] = [
  timeouts,
  stalledBodies,
  truncatedStreams,
  cutOff,
  oddUsage,
  encodings,
];
