/**
 * Bodies at the edges of what a run can take: points off the screen, scrolls and waits past
 * their limits, edits at positions the plan does not have, marks off the screenshot, budgets and
 * environments a run cannot start with.
 */
import { bodyDraft } from './body-mutations.js';
import type { Draft, Mutation } from './http-mutations.js';
import { SCREEN, type FuzzRoute } from './routes.js';
import type { RunTarget } from './types.js';

/** A task for environments other than a scenario, which have no example task of their own. */
const CLICK_TASK = "click 'More information'";

/** Bodies aimed at the edges of what a running run can take: the screen, the plan, the limits. */
export const outOfRangeBodies: Readonly<Record<string, readonly { body: unknown; note: string; cannotOpen?: true }[]>> =
  {
    input: [
      {
        body: { action: { type: 'click', at: { x: SCREEN.width + 3720, y: 10 } } },
        note: 'a click 5,000 px from the left',
      },
      { body: { action: { type: 'click', at: { x: 1e308, y: 1e308 } } }, note: 'a click at (1e308, 1e308)' },
      {
        body: { action: { type: 'click', at: { x: SCREEN.width, y: SCREEN.height } } },
        note: 'a click just past the corner',
      },
      { body: { action: { type: 'click', at: { x: -1, y: 5 } } }, note: 'a click left of the screen' },
      { body: { action: { type: 'move', to: { x: 10, y: 99_999 } } }, note: 'a move far below the screen' },
      {
        body: { action: { type: 'drag', from: { x: 10, y: 10 }, to: { x: 90_000, y: 10 } } },
        note: 'a drag off the screen',
      },
      { body: { action: { type: 'scroll', at: { x: 4000, y: 4000 }, deltaY: 10 } }, note: 'a scroll off the screen' },
      { body: { action: { type: 'scroll', deltaY: 1e6 } }, note: 'a scroll of a million pixels' },
      {
        body: { action: { type: 'scroll', deltaX: -100_001, deltaY: 0 } },
        note: 'a scroll just past the largest delta',
      },
      { body: { action: { type: 'click', at: { x: 5, y: 5 }, count: 4 } }, note: 'a quadruple click' },
      { body: { action: { type: 'wait', ms: 60_001 } }, note: 'a wait past a minute' },
      { body: { action: { type: 'type', text: 'q'.repeat(10_001) } }, note: 'typing 10,001 characters' },
      { body: { action: { type: 'key', keys: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] } }, note: 'a seven-key chord' },
      { body: { action: { type: 'key', keys: ['K'.repeat(33)] } }, note: 'a 33-character key name' },
      { body: { action: { type: 'done', summary: 'finished' } }, note: "the agent's done action" },
      {
        body: { action: { type: 'tool-call', tool: 'code', input: { source: 'process.exit(1)' } } },
        note: 'a tool call',
      },
    ],
    annotation: [
      {
        body: { screenshotHash: '{shot}', marks: [{ kind: 'rect', box: { x: 5000, y: 10, width: 10, height: 10 } }] },
        note: 'a rectangle off the screenshot',
      },
      {
        body: { screenshotHash: '{shot}', marks: [{ kind: 'rect', box: { x: -50, y: 10, width: 10, height: 10 } }] },
        note: 'a rectangle left of the screenshot',
      },
      {
        body: { screenshotHash: '{shot}', marks: [{ kind: 'rect', box: { x: 0, y: 0, width: 1e308, height: 1 } }] },
        note: 'a rectangle 1e308 wide',
      },
      {
        body: {
          screenshotHash: '{shot}',
          marks: [{ kind: 'stroke', points: Array.from({ length: 4001 }, () => ({ x: 1, y: 1 })) }],
        },
        note: 'a stroke of 4,001 points',
      },
      {
        body: { screenshotHash: 'f'.repeat(64), marks: [{ kind: 'text', text: 'here', at: { x: 1, y: 1 } }] },
        note: 'marks on a screenshot the run never took',
      },
    ],
    edit: [
      {
        body: { edits: [{ type: 'add', index: 1_000_000, text: "click 'Submit'" }] },
        note: 'a step added at position 1,000,000',
      },
      { body: { edits: [{ type: 'move', stepId: '{step}', toIndex: 999 }] }, note: 'a step moved to position 999' },
      { body: { edits: [{ type: 'remove', stepId: 'step-that-never-was' }] }, note: 'an unknown step removed' },
      {
        body: { edits: [{ type: 'patch', fromStepId: '{step}', count: 6, steps: [] }] },
        note: 'a patch over six steps',
      },
      {
        body: { edits: Array.from({ length: 101 }, () => ({ type: 'remove', stepId: '{step}' })) },
        note: '101 edits at once',
      },
      {
        body: {
          edits: [
            { type: 'remove', stepId: '{step}' },
            { type: 'remove', stepId: '{step}' },
          ],
        },
        note: 'one step removed twice',
      },
    ],
    createRun: [
      { body: { scenario: 'expense-report', budgets: { maxActions: 0 } }, note: 'no actions allowed' },
      { body: { scenario: 'expense-report', budgets: { maxActions: 10_001 } }, note: 'more actions than the limit' },
      { body: { scenario: 'expense-report', budgets: { maxDurationMs: 86_400_001 } }, note: 'a run longer than a day' },
      { body: { scenario: 'expense-report', budgets: { maxCostUsd: -5 } }, note: 'a negative cost limit' },
      { body: { scenario: 'no-such-app' }, note: 'an unknown scenario' },
      { body: { scenario: 'expense-report', model: 'nonsense' }, note: 'a model spec without a provider' },
      {
        body: { scenario: 'expense-report', environment: { type: 'url', url: 'http://127.0.0.1:1/' } },
        note: 'both a scenario and an environment',
      },
      {
        body: { environment: { type: 'url', url: 'javascript:alert(1)' }, instruction: CLICK_TASK },
        note: 'a javascript: address',
        cannotOpen: true,
      },
      {
        body: { environment: { type: 'url', url: 'http://127.0.0.1:1/' }, instruction: CLICK_TASK },
        note: 'a closed port',
        cannotOpen: true,
      },
      {
        body: { environment: { type: 'executor', url: 'ws://127.0.0.1:1' }, instruction: CLICK_TASK },
        note: 'an executor nobody serves, on a server without the executor token',
        cannotOpen: true,
      },
      {
        body: { environment: { type: 'cdp', endpoint: 'not an endpoint' }, instruction: CLICK_TASK },
        note: 'a DevTools endpoint that is no address',
        cannotOpen: true,
      },
      {
        body: { scenario: 'expense-report', instruction: 'x'.repeat(10_001) },
        note: 'an instruction of 10,001 characters',
      },
    ],
    reject: [{ body: { reason: 'r'.repeat(2001) }, note: 'a reason of 2,001 characters' }],
    guidance: [{ body: { text: 'g'.repeat(4001) }, note: 'guidance of 4,001 characters' }],
  };

const outOfRange: Mutation = {
  kind: 'out-of-range',
  applies: (route) => route.name in outOfRangeBodies,
  make(route, random, target) {
    return rangeDraft(route, target, random.pick(outOfRangeBodies[route.name]!));
  },
  every(route) {
    // Each edge once on a run that would otherwise take the command.
    const target = route.name === 'input' ? 'taken-over' : route.hasRun ? 'plan-approval' : undefined;
    return outOfRangeBodies[route.name]!.map((chosen) => rangeDraft(route, target, chosen));
  },
};

function rangeDraft(
  route: FuzzRoute,
  target: RunTarget | undefined,
  chosen: (typeof outOfRangeBodies)[string][number],
): Draft {
  const text = JSON.stringify(chosen.body);
  const draft = bodyDraft(route, target, 'out-of-range', chosen.note, text);
  if (route.name !== 'createRun') return draft;
  if (!chosen.cannotOpen) return { ...draft, timeoutMs: 30_000 };
  // A well-formed address that no browser can open: the run's environment fails to start, which
  // the API reports as 503 by design (`errorOutcomes.environment`), or the request is refused.
  return {
    ...draft,
    timeoutMs: 30_000,
    expect: { statuses: [400, 503], serverErrorReason: 'the environment could not be opened' },
  };
}

export const rangeMutations: readonly Mutation[] = [outOfRange];
