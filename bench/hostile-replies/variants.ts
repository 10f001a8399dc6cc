import type { Pattern, Variant } from './cases.js';
import { content } from './replies.js';
import type { SeenRequest } from './server.js';

/** Shorthands the catalogs write their variants with. */

export const operator = (at: number | 'every'): Pattern => ({ kind: 'role', role: 'operator', at });
export const grounder = (at: number | 'every'): Pattern => ({ kind: 'role', role: 'grounder', at });

/** Text the model writes, handed to Claude's forced tool when it decodes (and as text elsewhere). */
export function answer(
  name: string,
  text: (valid: string, request: SeenRequest) => string,
  patterns?: Pattern[],
): Variant {
  return {
    name,
    reply: (request) => content((valid) => text(valid, request), { tool: true }),
    ...(patterns === undefined ? {} : { patterns }),
  };
}

/** Text the model writes, always as text (no forced tool), so the JSON has to be found in it. */
export function written(name: string, text: (valid: string) => string): Variant {
  return { name, reply: () => content(text) };
}

/** Every value of the valid answer passed through `edit` as it is decoded, then written back. */
export const reviveEvery =
  (edit: (value: unknown) => unknown) =>
  (valid: string): string =>
    JSON.stringify(JSON.parse(valid, (_key, value: unknown) => edit(value)));

/** An operator answer acting with these actions, each with a summary. */
export function acting(...actions: unknown[]): string {
  return JSON.stringify({
    decision: 'act',
    thought: 'Acting.',
    actions: actions.map((action) => ({ summary: 'Doing what is needed', action })),
  });
}

/** An operator answer tried on the operator's first request, then on all of them. */
export const operatorAnswer = (name: string, text: () => string): Variant =>
  answer(name, text, [operator(0), operator('every')]);

/** How deep the deep-nesting cases nest. */
export const DEEP = 10_000;
