/**
 * The route table the fuzzer starts from: every route of the protocol's `apiRoutes` and every run
 * command, each with valid requests to mutate, and the oracle that says which answers fit a body.
 * The oracle is the protocol's own schema: a body it refuses must be refused with 400 naming the
 * field it names; a body it accepts must get what the route gives for the run's state.
 */
import { apiRoutes, commandRoute, runCommandNames, type RouteContract } from '@sandpiper/protocol';
import type { z } from 'zod';
import { formatPath, placeholderStandIns } from './bodies.js';
import type { Expectation, RunTarget } from './types.js';

export interface FuzzRoute {
  /** `POST /api/runs/:id/approve`. */
  readonly key: string;
  /** The protocol's name for it: `createRun`, `approve`. */
  readonly name: string;
  readonly contract: RouteContract;
  /** The path has a run id in it. */
  readonly hasRun: boolean;
  readonly websocket: boolean;
  /** Valid bodies, with `{step}` and `{shot}` for the target run's values. */
  readonly bodies: readonly unknown[];
  /** Valid query strings, `?` included, or `''`. */
  readonly queries: readonly string[];
}

/** Largest body the server reads (`MAX_BODY_BYTES` in the server). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The browser's viewport in the built-in scenarios: every action coordinate must fall inside it. */
export const SCREEN = { width: 1280, height: 800 } as const;

const QUICK_TASK = "fill in the Employee name field with 'Dana Lee'";

const validBodies: Readonly<Record<string, readonly unknown[]>> = {
  createRun: [
    { scenario: 'expense-report', instruction: QUICK_TASK, approval: 'auto-all' },
    { environment: { type: 'scenario', name: 'machine-status' }, approval: 'ask', budgets: { maxActions: 20 } },
    { scenario: 'sales-charts', model: 'builtin', approval: 'auto' },
  ],
  approve: [{}],
  reject: [{ reason: 'The plan leaves out the Notes field.' }],
  regenerate: [{}],
  edit: [
    { edits: [{ type: 'rewrite', stepId: '{step}', text: "fill in the Employee name field with 'Ada'" }] },
    { edits: [{ type: 'add', index: 0, text: "fill in the Email field with 'ada@example.com'" }] },
    { edits: [{ type: 'set-constraints', constraints: ['do not press Submit'] }] },
    { edits: [{ type: 'move', stepId: '{step}', toIndex: 0 }] },
  ],
  pause: [{}],
  resume: [{}],
  cancel: [{}, { reason: 'stopped by the fuzzer' }],
  guidance: [{ text: "use 'Ada' instead of 'Dana Lee'" }],
  annotation: [
    {
      screenshotHash: '{shot}',
      marks: [{ kind: 'rect', box: { x: 10, y: 10, width: 40, height: 20 } }],
      sentence: 'this field',
    },
    {
      screenshotHash: '{shot}',
      marks: [
        {
          kind: 'arrow',
          points: [
            { x: 5, y: 5 },
            { x: 60, y: 40 },
          ],
        },
      ],
    },
  ],
  takeover: [{}],
  input: [
    { action: { type: 'move', to: { x: 20, y: 20 } } },
    { action: { type: 'scroll', deltaY: 120 } },
    { action: { type: 'key', keys: ['Tab'] } },
    { action: { type: 'click', at: { x: 640, y: 700 }, button: 'left', count: 1 } },
    { action: { type: 'drag', from: { x: 10, y: 10 }, to: { x: 30, y: 30 } } },
  ],
  handback: [{}],
};

const validQueries: Readonly<Record<string, readonly string[]>> = {
  listRuns: ['', '?limit=5', '?limit=2&offset=1'],
  listEvents: ['', '?after=0', '?after=3'],
  stream: ['?after=0', ''],
};

export function createRouteTable(): FuzzRoute[] {
  const plain = Object.entries(apiRoutes).map(([name, contract]) => describeRoute(name, contract));
  const commands = runCommandNames.map((name) => describeRoute(name, commandRoute(name)));
  return [...plain, ...commands];
}

function describeRoute(name: string, contract: RouteContract): FuzzRoute {
  const websocket = contract.answer.kind === 'websocket';
  return {
    key: `${websocket ? 'GET' : contract.method} ${contract.path}`,
    name,
    contract,
    hasRun: contract.path.includes(':id'),
    websocket,
    bodies: validBodies[name] ?? [],
    queries: validQueries[name] ?? [''],
  };
}

/** The path of `route` with the run placeholder (or a blob hash placeholder) in it. */
export function pathOf(route: FuzzRoute, query = ''): string {
  return route.contract.path.replace(':id', '{run}').replace(':hash', '{blob}') + query;
}

/** Every method a path answers, from the table; a 405 must offer these. */
export function methodsFor(routes: readonly FuzzRoute[], path: string): string[] {
  return routes.filter((route) => route.contract.path === path).map((route) => route.contract.method);
}

/** What fits a request whose body is well-formed, by the route and the run's state. */
export function validStatuses(route: FuzzRoute, target: RunTarget | undefined): number[] {
  if (route.name === 'createRun') return [201, 400];
  if (route.name === 'info' || route.name === 'listRuns') return [200];
  if (route.name === 'blob') return [200, 404];
  if (route.websocket) return [426];
  if (target === 'unknown') return [404];
  if (route.contract.method === 'GET') return [200];
  if (target === 'ended') return [409];
  // A live run takes the command or says why not; marks off its screenshots are refused by field.
  return route.name === 'annotation' ? [202, 400, 409] : [202, 409];
}

/**
 * What the server must answer to `value` as the body of `route`: 400 naming the first failing
 * field when the schema refuses it, the route's answers otherwise. A schema that cannot even look
 * at the value (it overflows the stack) means the server must refuse it too.
 */
export function expectBody(route: FuzzRoute, target: RunTarget | undefined, value: unknown): Expectation {
  const schema = route.contract.body as z.ZodType | undefined;
  if (!schema) return { statuses: validStatuses(route, target) };
  let result: ReturnType<z.ZodType['safeParse']>;
  try {
    result = schema.safeParse(value);
  } catch {
    return { statuses: [400] };
  }
  if (result.success) return { statuses: validStatuses(route, target) };
  const first = result.error.issues[0]!;
  const path = first.code === 'unrecognized_keys' ? [...first.path, first.keys[0]!] : first.path;
  return { statuses: [400], names: formatPath(path as (string | number)[]) };
}

/** The JSON value a body text stands for once placeholders are filled; undefined when it is not JSON. */
export function parseWithStandIns(text: string): { ok: true; value: unknown } | { ok: false } {
  const filled = text
    .replaceAll('{step}', placeholderStandIns.stepId)
    .replaceAll('{shot}', placeholderStandIns.screenshotHash);
  try {
    return { ok: true, value: JSON.parse(filled) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Points of an input action that fall outside the screen: a person cannot click there. */
export function pointsOutsideScreen(body: unknown): boolean {
  const action = (body as { action?: Record<string, unknown> } | undefined)?.action;
  if (!action || typeof action !== 'object') return false;
  const points = ['at', 'to', 'from'].map((key) => action[key] as { x?: unknown; y?: unknown } | undefined);
  return points.some(
    (point) =>
      point !== undefined &&
      typeof point.x === 'number' &&
      typeof point.y === 'number' &&
      (point.x >= SCREEN.width || point.y >= SCREEN.height),
  );
}
