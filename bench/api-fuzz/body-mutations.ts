/**
 * Mutations of valid bodies: broken JSON, a wrong type or a missing or extra field, values far out
 * of range, text and arrays of megabytes, nesting 10,000 levels deep, the wrong content type,
 * duplicate keys. What fits each answer comes from the protocol schema (see `expectText`), and
 * one rule it cannot express: a body nested 10,000 levels deep is not a request anyone means.
 */
import {
  bytesBody,
  deepArrays,
  deepObjects,
  formatPath,
  jsonWithRaw,
  listFields,
  replaceAt,
  textBody,
  type FieldPath,
} from './bodies.js';
import { httpDraft, type Draft, type Mutation } from './http-mutations.js';
import type { Random } from './random.js';
import { expectText } from './expectations.js';
import { MAX_BODY_BYTES, type FuzzRoute } from './routes.js';
import type { Expectation, RunTarget } from './types.js';

/** A request to `route` with `text` as its body, and what fits the answer unless `expect` says. */
export function bodyDraft(
  route: FuzzRoute,
  target: RunTarget | undefined,
  kind: string,
  note: string,
  text: string,
  contentType: string | undefined = 'application/json',
  expect: Expectation = expectText(route, target, text, contentType),
): Draft {
  return httpDraft(route, target, kind, note, expect, { body: textBody(text, contentType) });
}

const hasBody = (route: FuzzRoute) => route.contract.body !== undefined;
const pickBody = (route: FuzzRoute, random: Random) => random.pick(route.bodies);

/** A position in the body to mutate; the whole body (`[]`) now and then. */
function pickField(value: unknown, random: Random, filter: (field: unknown) => boolean = () => true): FieldPath {
  const fields = listFields(value).filter((field) => filter(field.value));
  if (fields.length === 0 || random.below(8) === 0) return [];
  return random.pick(fields).path;
}

const validBody: Mutation = {
  kind: 'valid',
  applies: hasBody,
  make(route, random, target) {
    const body = pickBody(route, random);
    const draft = bodyDraft(route, target, 'valid', 'a valid body', JSON.stringify(body));
    // Starting a browser on two busy cores may take longer than an answer from memory.
    return route.name === 'createRun' ? { ...draft, timeoutMs: 30_000 } : draft;
  },
};

const malformedTexts: readonly { text: (valid: string) => string; note: string }[] = [
  { text: (valid) => valid.slice(0, Math.max(1, valid.length - 2)), note: 'cut short' },
  { text: (valid) => valid.replace(/}$/, ',}'), note: 'a trailing comma' },
  { text: (valid) => valid.replaceAll('"', "'"), note: 'single quotes' },
  { text: () => '{scenario: expense-report}', note: 'unquoted keys and values' },
  { text: (valid) => `\uFEFF${valid}`, note: 'a byte-order mark first' },
  { text: (valid) => `${valid}${valid}`, note: 'two objects back to back' },
  { text: (valid) => `/* note */ ${valid}`, note: 'a comment' },
  { text: () => '{"reason": "a\u0001b"}', note: 'a raw control character in a string' },
  { text: () => '{"text": "\\ud800"}', note: 'a lone surrogate escape' },
  { text: () => '{"a": NaN}', note: 'NaN' },
  { text: () => '}', note: 'a lone brace' },
  { text: () => '{"', note: 'an open string' },
];

const malformedJson: Mutation = {
  kind: 'malformed-json',
  applies: hasBody,
  make(route, random, target) {
    const variant = random.pick(malformedTexts);
    const text = variant.text(JSON.stringify(pickBody(route, random)));
    return bodyDraft(route, target, 'malformed-json', variant.note, text);
  },
};

const otherTypes: readonly unknown[] = [42, -1, 'text', true, false, null, [], {}, [1, 'two'], { nested: true }];

function sameType(a: unknown, b: unknown): boolean {
  const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  return kind(a) === kind(b);
}

const wrongType: Mutation = {
  kind: 'wrong-type',
  applies: hasBody,
  make(route, random, target) {
    const body = pickBody(route, random);
    const path = pickField(body, random);
    const current = path.length === 0 ? body : listFields(body).find((field) => same(field.path, path))?.value;
    const replacement = random.pick(otherTypes.filter((candidate) => !sameType(candidate, current)));
    const text = JSON.stringify(replaceAt(body, path, replacement));
    return bodyDraft(route, target, 'wrong-type', `${label(path)} set to ${JSON.stringify(replacement)}`, text);
  },
};

const missingField: Mutation = {
  kind: 'missing-field',
  applies: (route) => hasBody(route) && route.bodies.some((body) => listFields(body).length > 0),
  make(route, random, target) {
    const body = random.pick(route.bodies.filter((candidate) => listFields(candidate).length > 0));
    const path = random.pick(listFields(body)).path;
    const text = JSON.stringify(replaceAt(body, path, undefined));
    return bodyDraft(route, target, 'missing-field', `${label(path)} left out`, text);
  },
};

const extraNames = ['extra', '__proto__', 'constructor', 'prototype', 'toString', 'tokne', 'id', 'runId', ''];

const extraField: Mutation = {
  kind: 'extra-field',
  applies: hasBody,
  make(route, random, target) {
    const body = pickBody(route, random);
    const objects = [
      { path: [] as FieldPath, value: body },
      ...listFields(body).filter(
        (field) => field.value !== null && typeof field.value === 'object' && !Array.isArray(field.value),
      ),
    ];
    const holder = random.pick(objects);
    const name = random.pick(extraNames);
    const text = JSON.stringify(replaceAt(body, [...holder.path, name], random.pick([1, 'x', { polluted: true }])));
    return bodyDraft(
      route,
      target,
      'extra-field',
      `an extra field ${JSON.stringify(name)} in ${label(holder.path)}`,
      text,
    );
  },
};

const hugeString: Mutation = {
  kind: 'huge-string',
  applies: (route) => hasBody(route) && route.bodies.some((body) => strings(body).length > 0),
  make(route, random, target) {
    const body = random.pick(route.bodies.filter((candidate) => strings(candidate).length > 0));
    const path = random.pick(strings(body));
    // Just under the body limit, so the field's own bound is what refuses it.
    const size = MAX_BODY_BYTES - JSON.stringify(body).length - 64;
    const filler = random.pick(['a', 'é', '\u202e', '🐦']);
    const value = filler.repeat(Math.floor(size / Buffer.byteLength(filler)));
    const text = JSON.stringify(replaceAt(body, path, value));
    return bodyDraft(
      route,
      target,
      'huge-string',
      `${label(path)} is ${Buffer.byteLength(value)} bytes of ${JSON.stringify(filler)}`,
      text,
    );
  },
};

const hugeNumbers: readonly string[] = [
  '1e308',
  '-1e308',
  '1e999',
  '-1e999',
  '-1',
  '-0',
  '9007199254740993',
  '0.5',
  '1e-308',
  '"NaN"',
  '"Infinity"',
  '"1e308"',
  '4294967296',
];

const hugeNumber: Mutation = {
  kind: 'huge-number',
  applies: hasBody,
  make(route, random, target) {
    const body = pickBody(route, random);
    const numbers = listFields(body).filter((field) => typeof field.value === 'number');
    const path = numbers.length > 0 ? random.pick(numbers).path : pickField(body, random);
    const raw = random.pick(hugeNumbers);
    const text = path.length === 0 ? raw : jsonWithRaw(body, path, raw);
    return bodyDraft(route, target, 'huge-number', `${label(path)} set to ${raw}`, text);
  },
};

const deepNesting: Mutation = {
  kind: 'deep-nesting',
  applies: hasBody,
  make(route, random, target) {
    const body = pickBody(route, random);
    const depth = random.pick([1000, 10_000]);
    const variants = deepVariants(route, body, depth);
    return deepDraft(route, target, random.pick(variants));
  },
  every(route, random) {
    // The nested targets and tool inputs matter most where the run takes them in.
    const target = route.name === 'input' ? 'taken-over' : route.hasRun ? 'plan-approval' : undefined;
    return deepVariants(route, pickBody(route, random), 10_000).map((variant) => deepDraft(route, target, variant));
  },
};

function deepDraft(route: FuzzRoute, target: RunTarget | undefined, variant: { text: string; note: string }): Draft {
  // Nobody means a body this deep, and neither the schema nor a stored event copes with it: it
  // must be refused, for its depth or for the run's state, never taken in.
  return bodyDraft(route, target, 'deep-nesting', variant.note, variant.text, 'application/json', {
    statuses: [400, 404, 409],
  });
}

/** Places where a deeply nested value can go, including the ones the schema recurses into. */
function deepVariants(route: FuzzRoute, body: unknown, depth: number): { text: string; note: string }[] {
  const fields = listFields(body);
  const field = fields[0]?.path ?? [];
  const variants = [
    { text: deepArrays(depth), note: `the body is arrays ${depth} levels deep` },
    {
      text: jsonWithRaw(body, field, deepObjects(depth, 'a')),
      note: `${label(field)} holds objects ${depth} levels deep`,
    },
  ];
  if (route.name === 'edit') {
    const target = deepObjects(depth, 'within', '{"name":"x"}').replace(/\{"within":/g, '{"name":"x","within":');
    const criteria = `{"edits":[{"type":"set-criteria","criteria":[{"check":{"kind":"element-visible","target":${target}}}]}]}`;
    variants.push({ text: criteria, note: `a criterion target inside ${depth} holders ('within')` });
  }
  if (route.name === 'input') {
    const input = `{"action":{"type":"tool-call","tool":"code","input":${deepObjects(depth, 'a')}}}`;
    variants.push({ text: input, note: `a tool-call input ${depth} levels deep` });
  }
  return variants;
}

const giantArray: Mutation = {
  kind: 'giant-array',
  applies: (route) => hasBody(route) && route.bodies.some((body) => arrays(body).length > 0),
  make(route, random, target) {
    const body = random.pick(route.bodies.filter((candidate) => arrays(candidate).length > 0));
    const path = random.pick(arrays(body));
    const item = (listFields(body).find((field) => same(field.path, [...path, 0]))?.value ?? 1) as unknown;
    const itemText = JSON.stringify(item);
    // Placeholders grow when filled in ({step} becomes a real id), so keep well under the limit.
    const count = Math.min(200_000, Math.floor((0.8 * MAX_BODY_BYTES) / (itemText.length + 1)));
    const raw = `[${Array.from({ length: count }, () => itemText).join(',')}]`;
    const text = jsonWithRaw(body, path, raw);
    return bodyDraft(route, target, 'giant-array', `${label(path)} has ${count} items`, text);
  },
};

const wrongTypes: readonly (string | undefined)[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  undefined,
  'application/jsonp',
  'text/json',
  'application/json-patch+json',
  'APPLICATION/JSON; charset=utf-8',
  'application/json; charset=utf-16',
];

const wrongContentType: Mutation = {
  kind: 'wrong-content-type',
  applies: hasBody,
  make(route, random, target) {
    const contentType = random.pick(wrongTypes);
    const text = JSON.stringify(pickBody(route, random));
    return bodyDraft(
      route,
      target,
      'wrong-content-type',
      `Content-Type: ${contentType ?? '(none)'}`,
      text,
      contentType,
    );
  },
};

const emptyBody: Mutation = {
  kind: 'empty-body',
  applies: hasBody,
  make(route, random, target) {
    const variant = random.pick([
      { text: '', contentType: 'application/json', note: 'an empty body' },
      { text: '', contentType: undefined, note: 'an empty body without a content type' },
      { text: ' \n\t ', contentType: 'application/json', note: 'a body of whitespace' },
      { text: 'null', contentType: 'application/json', note: 'the JSON null' },
      { text: '""', contentType: 'application/json', note: 'an empty JSON string' },
    ]);
    return bodyDraft(route, target, 'empty-body', variant.note, variant.text, variant.contentType);
  },
};

const oversizedBody: Mutation = {
  kind: 'oversized-body',
  applies: hasBody,
  make(route, random, target) {
    const size = random.pick([MAX_BODY_BYTES + 1, 3 * MAX_BODY_BYTES, 8 * MAX_BODY_BYTES]);
    const contentType = random.pick(['application/json', undefined]);
    const body = bytesBody(
      () => Buffer.from(`{"reason":"${'z'.repeat(size - 13)}"}`),
      `{"reason":"z…"} of ${size} bytes`,
      contentType,
    );
    return httpDraft(
      route,
      target,
      'oversized-body',
      `${size} bytes, past the ${MAX_BODY_BYTES}-byte limit`,
      { statuses: [413] },
      { body },
    );
  },
};

const duplicateKeys: Mutation = {
  kind: 'duplicate-keys',
  applies: (route) => hasBody(route) && route.bodies.some((body) => Object.keys(body as object).length > 0),
  make(route, random, target) {
    const body = random.pick(route.bodies.filter((candidate) => Object.keys(candidate as object).length > 0)) as Record<
      string,
      unknown
    >;
    const key = random.pick(Object.keys(body));
    const valid = JSON.stringify(body[key]);
    const bad = JSON.stringify(random.pick(otherTypes.filter((candidate) => !sameType(candidate, body[key]))));
    const badLast = random.below(2) === 0;
    const inner = JSON.stringify(body).slice(1, -1);
    const duplicate = `"${key}":${badLast ? bad : valid}`;
    const text = `{"${key}":${badLast ? valid : bad},${inner},${duplicate}}`;
    return bodyDraft(
      route,
      target,
      'duplicate-keys',
      `${JSON.stringify(key)} twice, the ${badLast ? 'wrong' : 'right'} value last`,
      text,
    );
  },
};

export const bodyMutations: readonly Mutation[] = [
  validBody,
  malformedJson,
  wrongType,
  missingField,
  extraField,
  hugeString,
  hugeNumber,
  deepNesting,
  giantArray,
  wrongContentType,
  emptyBody,
  oversizedBody,
  duplicateKeys,
];

function strings(body: unknown): FieldPath[] {
  return listFields(body)
    .filter((field) => typeof field.value === 'string')
    .map((field) => field.path);
}

function arrays(body: unknown): FieldPath[] {
  return listFields(body)
    .filter((field) => Array.isArray(field.value))
    .map((field) => field.path);
}

function same(a: FieldPath, b: FieldPath): boolean {
  return a.length === b.length && a.every((part, index) => part === b[index]);
}

function label(path: FieldPath): string {
  return path.length === 0 ? 'the whole body' : formatPath(path);
}
