import {
  envelopeOf,
  type Dialect,
  type EnvelopeOptions,
  type Reply,
  type ReplyText,
  type SeenRequest,
} from './server.js';

/** Small builders the case catalog writes its hostile replies with. */

/** What the model "writes", in a well-formed envelope. */
export function content(
  text: ReplyText,
  options: Omit<Extract<Reply, { kind: 'content' }>, 'kind' | 'text'> = {},
): Reply {
  return { kind: 'content', text, ...options };
}

/** A body sent as given. */
export function raw(
  status: number,
  body: Extract<Reply, { kind: 'raw' }>['body'],
  contentType = 'application/json',
  headers?: Readonly<Record<string, string>>,
): Reply {
  return { kind: 'raw', status, body, contentType, ...(headers === undefined ? {} : { headers }) };
}

/** A JSON body made from the valid answer's envelope of the request's dialect, then changed by `edit`. */
export function editedEnvelope(
  dialect: Dialect,
  edit: (envelope: Record<string, unknown>, valid: string) => unknown,
  options: EnvelopeOptions = {},
  status = 200,
): Reply {
  return raw(status, (valid) => JSON.stringify(edit(envelopeOf(dialect, valid, options), valid)));
}

/** The error body each vendor sends: OpenAI's `{"error":{…}}`, Anthropic's typed error, Ollama's string. */
export function errorBody(
  dialect: Dialect,
  error: { readonly type: string; readonly message: string; readonly code?: string | number },
): string {
  if (dialect === 'anthropic')
    return JSON.stringify({ type: 'error', error: { type: error.type, message: error.message } });
  if (dialect === 'ollama') return JSON.stringify({ error: error.message });
  return JSON.stringify({ error: { message: error.message, type: error.type, code: error.code ?? null } });
}

/** An HTTP error in the request's dialect. */
export function httpError(
  dialect: Dialect,
  status: number,
  error: { readonly type: string; readonly message: string; readonly code?: string | number },
  headers?: Readonly<Record<string, string>>,
): Reply {
  return raw(status, errorBody(dialect, error), 'application/json', headers);
}

/** The valid answer decoded, changed by `edit`, and written back as JSON. */
export function mapJson(edit: (value: Record<string, unknown>) => unknown): (valid: string) => string {
  return (valid) => JSON.stringify(edit(JSON.parse(valid) as Record<string, unknown>));
}

/** Every leaf of a decoded value replaced by `leaf` (containers kept). */
export function mapLeaves(value: unknown, leaf: (value: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((each) => mapLeaves(each, leaf));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, mapLeaves(each, leaf)]));
  }
  return leaf(value);
}

/** Every container of a decoded value replaced by `container` after its children were mapped. */
export function mapContainers(value: unknown, container: (value: unknown) => unknown): unknown {
  if (Array.isArray(value)) return container(value.map((each) => mapContainers(each, container)));
  if (typeof value === 'object' && value !== null) {
    return container(
      Object.fromEntries(Object.entries(value).map(([key, each]) => [key, mapContainers(each, container)])),
    );
  }
  return value;
}

/** `levels` nested arrays as JSON text, `[[[…]]]`. */
export function deepArrayText(levels: number, inner = ''): string {
  return `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
}

/** `levels` nested objects as JSON text, `{"a":{"a":…1}}`. */
export function deepObjectText(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** JSON text of the valid answer with one more field whose value is `text` (JSON, inserted as is). */
export function withRawField(valid: string, field: string, text: string): string {
  const trimmed = valid.trimEnd();
  const body = trimmed.slice(0, -1);
  return `${body}${body.trim().endsWith('{') ? '' : ','}${JSON.stringify(field)}:${text}}`;
}

/** The valid answer's envelope in the request's dialect, as JSON text. */
export const envelopeText = (request: SeenRequest, valid: string): string =>
  JSON.stringify(envelopeOf(request.dialect, valid));

/** The first half of a text. */
export function firstHalf(text: string): string {
  return text.slice(0, Math.ceil(text.length / 2));
}
