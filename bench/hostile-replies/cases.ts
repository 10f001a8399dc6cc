import { createSeededRandom, type SeededRandom } from '@sandpiper/core';
import { contentCategories } from './catalog-content.js';
import { transportCategories } from './catalog-transport.js';
import type { Dialect, Reply, Responder, SeenRequest } from './server.js';

/**
 * The case list: categories of hostile replies, each variant tried against one or more providers
 * and request patterns, all drawn from one seed so a case list can be run again exactly.
 */

/** Who the run's roles are on; `openai` and `openai-compatible` both speak the OpenAI dialect. */
export type Provider = 'openai-compatible' | 'openai' | 'anthropic' | 'ollama';

export const PROVIDERS: readonly Provider[] = ['openai-compatible', 'openai', 'anthropic', 'ollama'];

export function dialectOf(provider: Provider): Dialect {
  return provider === 'anthropic' ? 'anthropic' : provider === 'ollama' ? 'ollama' : 'openai';
}

/** The roles of the model engine, as the requests' answer names reveal them. */
export type Role = 'planner' | 'operator' | 'grounder' | 'reflector' | 'judge' | 'loop-judge' | 'critic' | 'other';

const ROLE_OF_NAME: Readonly<Record<string, Role>> = {
  plan: 'planner',
  missing_work: 'planner',
  recovery_proposal: 'planner',
  plan_refresh: 'planner',
  plan_revision: 'planner',
  operator_decision: 'operator',
  grounding: 'grounder',
  'grounding-native': 'grounder',
  change_description: 'reflector',
  step_verdict: 'reflector',
  step_verdict_and_next: 'reflector',
  completion_verdict: 'judge',
  criteria_readings: 'judge',
  feasibility: 'judge',
  loop_verdict: 'loop-judge',
  critic_verdict: 'critic',
};

export function roleOf(name: string): Role {
  return ROLE_OF_NAME[name] ?? 'other';
}

/**
 * Which requests of a case get the hostile reply; the others get the valid answer.
 * - `first`: the case's first request only (the planner's), valid from then on;
 * - `every`: every request;
 * - `role`: request number `at` (from 0) of one role, or all of that role's;
 * - `names`: every request for one of these answers (several roles lying together).
 */
export type Pattern =
  | { readonly kind: 'first' }
  | { readonly kind: 'every' }
  | { readonly kind: 'role'; readonly role: Role; readonly at: number | 'every' }
  | { readonly kind: 'names'; readonly names: readonly string[] };

export function patternLabel(pattern: Pattern): string {
  switch (pattern.kind) {
    case 'first':
    case 'every':
      return pattern.kind;
    case 'role':
      return `${pattern.role}#${pattern.at}`;
    case 'names':
      return `names:${pattern.names.join('+')}`;
  }
}

/** What a variant's reply is made with besides the request: the case's own random source. */
export interface ReplyTools {
  readonly random: SeededRandom;
}

/** One kind of hostile reply. */
export interface Variant {
  readonly name: string;
  /** The hostile reply to one request. */
  readonly reply: (request: SeenRequest, tools: ReplyTools) => Reply;
  /** Providers it applies to; absent: all four. */
  readonly providers?: readonly Provider[];
  /** Patterns it is tried with, in turn; absent: drawn from the bench's mix. */
  readonly patterns?: readonly Pattern[];
  /** Ask for streamed responses; absent: a seeded fifth of the cases stream. */
  readonly stream?: boolean;
}

/** A family of hostile replies and how many cases each of its variants yields. */
export interface Category {
  readonly name: string;
  readonly copies: number;
  readonly variants: readonly Variant[];
}

/** One case: a variant on a provider, with a pattern. */
export interface HostileCase {
  readonly id: string;
  readonly category: string;
  readonly variant: string;
  readonly provider: Provider;
  readonly stream: boolean;
  readonly pattern: Pattern;
  readonly hostile: (request: SeenRequest) => Reply;
}

/** Every request answered validly, once per provider: what a run looks like with no hostile reply. */
const control: Category = {
  name: 'control',
  copies: 4,
  variants: [
    { name: 'all-valid', reply: () => ({ kind: 'valid' }), patterns: [{ kind: 'names', names: [] }], stream: false },
  ],
};

export const CATEGORIES: readonly Category[] = [control, ...transportCategories, ...contentCategories];

const MIX_ROLES: readonly Role[] = ['planner', 'operator', 'grounder', 'reflector', 'judge', 'loop-judge'];

function drawPattern(random: SeededRandom): Pattern {
  const roll = random.next();
  if (roll < 0.3) return { kind: 'first' };
  if (roll < 0.5) return { kind: 'every' };
  const at = random.next();
  return { kind: 'role', role: random.pick(MIX_ROLES), at: at < 0.5 ? 0 : at < 0.7 ? 1 : 'every' };
}

/**
 * Every case for `seed`, ordered round-robin over the categories so that `--limit` samples all
 * of them. Providers rotate within a variant (from a seeded start), so each variant meets
 * different dialects.
 */
export function buildCases(seed: number): HostileCase[] {
  const random = createSeededRandom(seed);
  const perCategory = CATEGORIES.map((category) =>
    category.variants.flatMap((variant) => {
      const providers = variant.providers ?? PROVIDERS;
      const start = random.int(0, providers.length - 1);
      return Array.from({ length: category.copies }, (_, copy): HostileCase => {
        const provider = providers[(start + copy) % providers.length]!;
        const pattern = variant.patterns?.[copy % variant.patterns.length] ?? drawPattern(random);
        const stream = variant.stream ?? random.chance(0.2);
        const tools: ReplyTools = { random: createSeededRandom(random.int(1, 0x7fffffff)) };
        return {
          id: `${category.name}/${variant.name}/${provider}${stream ? '+stream' : ''}/${patternLabel(pattern)}`,
          category: category.name,
          variant: variant.name,
          provider,
          stream,
          pattern,
          hostile: (request) => variant.reply(request, tools),
        };
      });
    }),
  );
  const ordered: HostileCase[] = [];
  for (let index = 0; perCategory.some((cases) => index < cases.length); index += 1) {
    for (const cases of perCategory) if (index < cases.length) ordered.push(cases[index]!);
  }
  return ordered;
}

function isHostile(pattern: Pattern, request: SeenRequest, index: number, role: Role, ofRole: number): boolean {
  switch (pattern.kind) {
    case 'first':
      return index === 0;
    case 'every':
      return true;
    case 'role':
      return role === pattern.role && (pattern.at === 'every' || pattern.at === ofRole);
    case 'names':
      return pattern.names.includes(request.name);
  }
}

/** The server's script for one case, counting the hostile replies it sends. */
export function responderFor(hostileCase: HostileCase): { respond: Responder; hostileCount: () => number } {
  const perRole = new Map<Role, number>();
  let hostile = 0;
  return {
    respond(request, index) {
      const role = roleOf(request.name);
      const ofRole = perRole.get(role) ?? 0;
      perRole.set(role, ofRole + 1);
      if (!isHostile(hostileCase.pattern, request, index, role, ofRole)) return { kind: 'valid' };
      hostile += 1;
      return hostileCase.hostile(request);
    },
    hostileCount: () => hostile,
  };
}
