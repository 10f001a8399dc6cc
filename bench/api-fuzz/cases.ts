/**
 * The seeded sequence of cases. First every mutation that fits each route once (run commands once
 * per run state, so each state sees valid, repeated and out-of-range commands), every WebSocket
 * and raw case once; then random picks until the count is reached. The whole list is shuffled by
 * the seed, so the same seed and count always give the same case at the same position.
 */
import { bodyMutations } from './body-mutations.js';
import { httpMutations, useRoutes, type Draft, type Mutation } from './http-mutations.js';
import { rawDraft, rawDrafts, randomSocketDraft, repeatMutations, socketDrafts } from './other-cases.js';
import { createRandom, type Random } from './random.js';
import { rangeMutations } from './range-mutations.js';
import { createRouteTable, type FuzzRoute } from './routes.js';
import { runStates, type FuzzCase, type RunTarget } from './types.js';

const mutations: readonly Mutation[] = [...httpMutations, ...bodyMutations, ...rangeMutations, ...repeatMutations];

/** Mutations whose answer depends on the run's state: each is tried on a run in every state. */
const perState = new Set(['valid', 'repeat', 'out-of-range']);

const targets: readonly RunTarget[] = [...runStates, 'unknown'];

export interface CaseList {
  readonly cases: readonly FuzzCase[];
  /** How many of them come from the coverage pass (every route and mutation once). */
  readonly coverage: number;
  readonly routes: readonly FuzzRoute[];
}

export function generateCases(seed: number, count: number): CaseList {
  const random = createRandom(seed);
  const routes = createRouteTable();
  useRoutes(routes);
  const drafts: Draft[] = [];
  for (const route of routes) {
    for (const mutation of mutations.filter((candidate) => candidate.applies(route))) {
      const aims = route.hasRun && perState.has(mutation.kind) ? targets : [targetFor(route, random)];
      for (const target of aims) drafts.push(mutation.make(route, random, target));
      drafts.push(...(mutation.every?.(route, random) ?? []));
    }
    if (route.websocket) drafts.push(...socketDrafts(route, random));
  }
  drafts.push(...rawDrafts());
  const coverage = drafts.length;
  const sockets = routes.filter((route) => route.websocket);
  while (drafts.length < count) {
    const roll = random.below(100);
    if (roll < 4) {
      drafts.push(rawDraft(random));
    } else if (roll < 14) {
      drafts.push(randomSocketDraft(random.pick(sockets), random));
    } else {
      const route = random.pick(routes);
      // Bodies have the most ways to go wrong: where there is one, mutate it more often than not.
      const pool = route.contract.body && random.below(3) > 0 ? bodyMutations : mutations;
      const mutation = random.pick(pool.filter((candidate) => candidate.applies(route)));
      drafts.push(mutation.make(route, random, targetFor(route, random)));
    }
  }
  const cases = random.shuffle(drafts).map((draft, index) => ({ ...draft, index }));
  return { cases, coverage, routes };
}

function targetFor(route: FuzzRoute, random: Random): RunTarget | undefined {
  return route.hasRun ? random.pick(targets) : undefined;
}
