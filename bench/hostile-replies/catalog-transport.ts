import type { Category, Variant } from './cases.js';
import { connectionCategories } from './catalog-connections.js';
import { content, editedEnvelope, envelopeText, errorBody, firstHalf, httpError, raw } from './replies.js';
import { FAKE_KEYS } from './fixtures.js';
import type { Dialect } from './server.js';

/**
 * Hostile replies about the wire rather than the answer: bodies that are not the API's and HTTP
 * errors. Held and stalled connections, broken streams, cut-off answers, odd token counts and
 * broken encodings are in `catalog-connections.ts`.
 */

const HTML_PAGE =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>';

/** The first choice (OpenAI), the content list (Anthropic) or the message (Ollama), replaced. */
function withAnswerPart(
  name: string,
  replace: Record<Dialect, (envelope: Record<string, unknown>, valid: string) => unknown>,
): Variant {
  return { name, reply: (request) => editedEnvelope(request.dialect, replace[request.dialect]) };
}

const firstChoice = (envelope: Record<string, unknown>) => (envelope['choices'] as unknown[])[0];

const malformedBodies: Category = {
  name: 'malformed-body',
  copies: 2,
  variants: [
    { name: 'empty-body', reply: () => raw(200, '') },
    { name: 'html-page', reply: () => raw(200, HTML_PAGE, 'text/html; charset=utf-8') },
    { name: 'html-labelled-json', reply: () => raw(200, HTML_PAGE) },
    { name: 'truncated-json', reply: (request) => raw(200, (valid) => firstHalf(envelopeText(request, valid))) },
    {
      name: 'error-instead-of-answer',
      reply: (request) =>
        raw(200, errorBody(request.dialect, { type: 'server_error', message: 'upstream model crashed' })),
    },
    withAnswerPart('answer-list-not-a-list', {
      openai: (envelope) => ({ ...envelope, choices: { 0: firstChoice(envelope) } }),
      anthropic: (envelope, valid) => ({ ...envelope, content: valid }),
      ollama: (envelope, valid) => ({ ...envelope, message: valid }),
    }),
    withAnswerPart('choice-without-message', {
      openai: (envelope) => ({ ...envelope, choices: [{ index: 0, finish_reason: 'stop' }] }),
      anthropic: (envelope) => ({ ...envelope, content: [{ type: 'text' }] }),
      ollama: ({ message: _message, ...rest }) => rest,
    }),
    {
      name: 'content-as-parts',
      reply: (request) =>
        request.dialect === 'openai'
          ? content((valid) => valid, { parts: true })
          : editedEnvelope(request.dialect, (envelope, valid) =>
              request.dialect === 'anthropic'
                ? {
                    ...envelope,
                    content: [
                      { type: 'text', text: firstHalf(valid) },
                      { type: 'text', text: valid.slice(firstHalf(valid).length) },
                    ],
                  }
                : { ...envelope, message: { role: 'assistant', content: [{ type: 'text', text: valid }] } },
            ),
    },
    withAnswerPart('empty-answer-list', {
      openai: (envelope) => ({ ...envelope, choices: [] }),
      anthropic: (envelope) => ({ ...envelope, content: [] }),
      ollama: (envelope) => ({ ...envelope, message: { role: 'assistant' } }),
    }),
    { name: 'json-array', reply: () => raw(200, '[]') },
    { name: 'json-null', reply: () => raw(200, 'null') },
    { name: 'json-string', reply: () => raw(200, '"ok"') },
    {
      name: 'binary-garbage',
      reply: (_request, { random }) =>
        raw(
          200,
          Uint8Array.from({ length: 512 }, () => random.int(0, 255)),
          'application/octet-stream',
        ),
    },
    {
      name: 'json-labelled-text',
      reply: (request) => raw(200, (valid) => envelopeText(request, valid), 'text/plain; charset=utf-8'),
    },
    { name: 'byte-order-mark', reply: (request) => raw(200, (valid) => `\uFEFF${envelopeText(request, valid)}`) },
    {
      name: 'false-gzip',
      reply: (request) =>
        raw(200, (valid) => envelopeText(request, valid), 'application/json', { 'content-encoding': 'gzip' }),
    },
  ],
};

/** The error type each vendor names for a kind of failure. */
function vendorType(dialect: Dialect, kind: 'rate' | 'server' | 'overloaded' | 'invalid' | 'auth'): string {
  const anthropic = {
    rate: 'rate_limit_error',
    server: 'api_error',
    overloaded: 'overloaded_error',
    invalid: 'invalid_request_error',
    auth: 'authentication_error',
  };
  const openai = {
    rate: 'rate_limit_error',
    server: 'server_error',
    overloaded: 'server_error',
    invalid: 'invalid_request_error',
    auth: 'invalid_request_error',
  };
  return (dialect === 'anthropic' ? anthropic : openai)[kind];
}

function statusVariant(
  name: string,
  status: number,
  kind: Parameters<typeof vendorType>[1],
  message: string,
  headers: (() => Record<string, string>) | Record<string, string> = {},
  code?: string,
): Variant {
  return {
    name,
    reply: (request) =>
      httpError(
        request.dialect,
        status,
        { type: vendorType(request.dialect, kind), message, ...(code === undefined ? {} : { code }) },
        typeof headers === 'function' ? headers() : headers,
      ),
  };
}

const rateLimits: Category = {
  name: 'rate-limit-429',
  copies: 2,
  variants: [
    statusVariant('retry-after-0', 429, 'rate', 'Rate limit reached', { 'retry-after': '0' }),
    statusVariant('retry-after-1', 429, 'rate', 'Rate limit reached', { 'retry-after': '1' }),
    statusVariant('retry-after-ms-300', 429, 'rate', 'Rate limit reached', { 'retry-after-ms': '300' }),
    statusVariant('retry-after-date', 429, 'rate', 'Rate limit reached', () => ({
      'retry-after': new Date(Date.now() + 1500).toUTCString(),
    })),
    statusVariant('retry-after-3600', 429, 'rate', 'Try again in an hour', { 'retry-after': '3600' }),
    statusVariant('retry-after-garbage', 429, 'rate', 'Rate limit reached', { 'retry-after': 'soon' }),
    statusVariant('retry-after-negative', 429, 'rate', 'Rate limit reached', { 'retry-after': '-5' }),
    statusVariant('retry-after-exponent', 429, 'rate', 'Rate limit reached', { 'retry-after': '1e6' }),
    statusVariant('no-retry-after', 429, 'rate', 'Rate limit reached'),
    statusVariant('quota-exhausted', 429, 'rate', 'You exceeded your current quota', {}, 'insufficient_quota'),
  ],
};

const serverErrors: Category = {
  name: 'server-error-5xx',
  copies: 2,
  variants: [
    statusVariant('500-retry-after-1', 500, 'server', 'The server had an error', { 'retry-after': '1' }),
    statusVariant('500-json', 500, 'server', 'The server had an error'),
    { name: '502-html', reply: () => raw(502, HTML_PAGE, 'text/html') },
    statusVariant('503-retry-after-2', 503, 'overloaded', 'Service unavailable', { 'retry-after': '2' }),
    statusVariant('529-overloaded', 529, 'overloaded', 'Overloaded'),
    { name: '504-empty', reply: () => raw(504, '', 'text/plain') },
    { name: '500-empty', reply: () => raw(500, '') },
    { name: '599-unknown', reply: () => raw(599, 'odd status', 'text/plain') },
    statusVariant('500-retry-after-120', 500, 'server', 'Come back later', { 'retry-after': '120' }),
  ],
};

const clientErrors: Category = {
  name: 'client-error-4xx',
  copies: 1,
  variants: [
    statusVariant('400-invalid-request', 400, 'invalid', 'Invalid value for messages'),
    statusVariant('401-bad-key', 401, 'auth', 'Incorrect API key provided: sk-bench-****'),
    {
      // Some vendors quote the key back in a 401; it must not reach the log or the report.
      name: '401-echoes-the-key',
      reply: (request) =>
        httpError(request.dialect, 401, {
          type: vendorType(request.dialect, 'auth'),
          message: `Incorrect API key provided: ${Object.values(FAKE_KEYS).join(', ')}`,
        }),
    },
    statusVariant('403-forbidden', 403, 'auth', 'This key may not use this model'),
    statusVariant('404-model-missing', 404, 'invalid', 'The model bench-model does not exist', {}, 'model_not_found'),
    { name: '404-html', reply: () => raw(404, '<html><title>404 Not Found</title></html>', 'text/html') },
    statusVariant('413-too-large', 413, 'invalid', 'Request too large'),
    statusVariant('422-unprocessable', 422, 'invalid', 'Unprocessable entity'),
    statusVariant('408-request-timeout', 408, 'server', 'Request timed out'),
    statusVariant('409-conflict', 409, 'invalid', 'Conflict'),
    statusVariant(
      '400-context-length',
      400,
      'invalid',
      'maximum context length exceeded',
      {},
      'context_length_exceeded',
    ),
    { ...statusVariant('401-every', 401, 'auth', 'Invalid API key'), patterns: [{ kind: 'every' }] },
    { ...statusVariant('404-every', 404, 'invalid', 'Not found'), patterns: [{ kind: 'every' }] },
  ],
};

export const transportCategories: readonly Category[] = [
  malformedBodies,
  rateLimits,
  serverErrors,
  clientErrors,
  ...connectionCategories,
];
