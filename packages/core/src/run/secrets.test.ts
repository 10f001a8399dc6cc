import type { AccessibilityNode, Action, Box, RunEvent } from '@sandpiper/protocol';
import { createScriptedEnvironment } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import type { OperatorDecision } from '../engine.js';
import { setup, twoStepPlan } from '../test-support/loop-harness.js';
import { startRun } from './agent-loop.js';
import type { ScreenMasker, ScreenTextLocator } from '../ports.js';
import { createSecretBook, isSecretField, liveSecretBoxes, secretBoxes } from './secrets.js';

describe('the secret book', () => {
  const book = createSecretBook(new Map([['Password', 'hunter2-long']]));

  it('fills placeholders in any case for the environment, and leaves unknown ones alone', () => {
    expect(book.fill('{{password}} and {{ PASSWORD }} but {{other}}')).toBe(
      'hunter2-long and hunter2-long but {{other}}',
    );
    expect(book.holdsPlaceholder('{{password}}')).toBe(true);
    expect(book.holdsPlaceholder('{{other}}')).toBe(false);
  });

  it('hides bound values behind their placeholder and learnt ones behind one of their own, deep inside a record', () => {
    book.learn('4111 1111 1111 1111');
    const record = { a: ['typed hunter2-long'], b: { c: 'card 4111 1111 1111 1111' }, n: 3 };
    expect(book.redact(record)).toEqual({ a: ['typed {{password}}'], b: { c: 'card {{typed-secret-1}}' }, n: 3 });
    // A learnt secret can be typed again by its placeholder; things that are not records are left whole.
    expect(book.fill('{{typed-secret-1}}')).toBe('4111 1111 1111 1111');
    const map = new Map([['k', '4111 1111 1111 1111']]);
    expect(book.redact({ map }).map).toBe(map);
  });

  it('knows secret fields by input type or by name', () => {
    const field = (name: string, extra = {}) => ({
      ref: 'f',
      role: 'textbox',
      name,
      box: { x: 0, y: 0, width: 1, height: 1 },
      ...extra,
    });
    expect(isSecretField(field('Secret', { inputType: 'password' }))).toBe(true);
    expect(isSecretField(field('API key'))).toBe(true);
    expect(isSecretField(field('Card number'))).toBe(true);
    expect(isSecretField(field('Display name'))).toBe(false);
  });
});

const typing =
  (text: string) =>
  (input: { performed: readonly unknown[] }): OperatorDecision =>
    input.performed.length === 0
      ? {
          type: 'act',
          actions: [
            {
              action: { type: 'click', at: { x: 60, y: 20 }, button: 'left', count: 1, modifiers: [] },
              summary: 'Clicking Password',
              grounding: {
                query: 'Password',
                box: { x: 10, y: 10, width: 100, height: 20 },
                method: 'accessibility',
                ambiguous: false,
                alternatives: [],
              },
            },
            { action: { type: 'type', text }, summary: `Typing '${text}' into Password` },
          ],
        }
      : { type: 'step-complete', evidence: 'typed' };

const passwordField = () => [
  { ref: 'p', role: 'textbox', name: 'Password', inputType: 'password', box: { x: 10, y: 10, width: 100, height: 20 } },
];

function recorded(events: readonly RunEvent[]): string {
  return JSON.stringify(events);
}

describe('secrets in a run', () => {
  it('gives the environment the value of a placeholder and records only the placeholder', async () => {
    const environment = createScriptedEnvironment({ accessibility: passwordField });
    const { deps, log, task } = setup({
      environment,
      script: {
        planner: [{ ...twoStepPlan, steps: [{ text: "Type '{{password}}' into 'Password'" }] }],
        operator: [typing('{{password}}')],
      },
    });
    await startRun({ ...deps, secrets: new Map([['password', 'correct horse battery']]) }, 'run-1', task);
    const typed = environment.performed.find(
      (action): action is Extract<Action, { type: 'type' }> => action.type === 'type',
    );
    expect(typed?.text).toBe('correct horse battery');
    expect(recorded(log.all('run-1'))).not.toContain('correct horse');
    expect(recorded(log.all('run-1'))).toContain('{{password}}');
  });

  it('never records a value typed into a password field once it is typed', async () => {
    const environment = createScriptedEnvironment({ accessibility: passwordField });
    const { deps, log, task } = setup({ environment, script: { operator: [typing('hunter2')] } });
    await startRun(deps, 'run-1', task);
    const events = log.all('run-1');
    const from = events.findIndex(
      (event) => event.payload.type === 'action-start' && event.payload.action.type === 'type',
    );
    expect(from).toBeGreaterThan(0);
    expect(recorded(events.slice(from))).not.toContain('hunter2');
    expect(recorded(events.slice(from))).toContain('{{typed-secret-1}}');
  });
});

describe('secrets on screen', () => {
  const node = (ref: string, extra: Partial<AccessibilityNode>): AccessibilityNode => ({
    ref,
    role: 'textbox',
    name: '',
    box: { x: 10, y: 10, width: 100, height: 20 },
    ...extra,
  });

  it('finds secret fields that show a value, and the smallest nodes showing a secret', () => {
    const book = createSecretBook(new Map([['token', 'tok-9f8e7d6c']]));
    const nodes = [
      node('pw', { name: 'Password', inputType: 'password', value: '••••••' }),
      node('key', { name: 'API key', value: 'sk-visible-123', box: { x: 0, y: 40, width: 200, height: 24 } }),
      node('empty', { name: 'Card number', value: '' }),
      node('box', { role: 'group', name: 'Your token' }),
      node('text', {
        role: 'text',
        name: 'Your token is tok-9f8e7d6c',
        parent: 'box',
        box: { x: 0, y: 80, width: 300, height: 16 },
      }),
      node('row', { role: 'row', name: 'Your token is tok-9f8e7d6c', box: { x: 0, y: 70, width: 800, height: 40 } }),
      node('cell', {
        role: 'cell',
        name: 'tok-9f8e7d6c',
        parent: 'row',
        box: { x: 400, y: 80, width: 120, height: 16 },
      }),
      node('name', { name: 'Display name', value: 'Ada' }),
    ];
    expect(secretBoxes(nodes, book)).toEqual([
      { x: 0, y: 40, width: 200, height: 24 },
      { x: 0, y: 80, width: 300, height: 16 },
      { x: 400, y: 80, width: 120, height: 16 },
    ]);
    expect(secretBoxes(undefined, book)).toEqual([]);
  });

  it('covers every secret field in a live view, empty or masked, and no heading that names one', () => {
    const book = createSecretBook(new Map([['token', 'tok-9f8e7d6c']]));
    const nodes = [
      node('pw', { name: 'Password', inputType: 'password', value: '', box: { x: 0, y: 0, width: 90, height: 20 } }),
      node('key', { name: 'API key', value: '', box: { x: 0, y: 40, width: 200, height: 24 } }),
      node('title', { role: 'heading', name: 'Reset your password', box: { x: 0, y: 100, width: 400, height: 30 } }),
      node('shown', { role: 'text', name: 'tok-9f8e7d6c', box: { x: 0, y: 140, width: 120, height: 16 } }),
      node('name', { name: 'Display name', value: 'Ada' }),
    ];
    expect(liveSecretBoxes(nodes, book)).toEqual([
      { x: 0, y: 0, width: 90, height: 20 },
      { x: 0, y: 40, width: 200, height: 24 },
      { x: 0, y: 140, width: 120, height: 16 },
    ]);
    // A stored screenshot covers only what shows a secret now: both fields are still empty.
    expect(secretBoxes(nodes, book)).toEqual([{ x: 0, y: 140, width: 120, height: 16 }]);
  });

  it('tells the live view where secrets may show after every snapshot', async () => {
    const told: (readonly Box[])[] = [];
    const field = [node('key', { name: 'API token', value: '', box: { x: 5, y: 6, width: 70, height: 8 } })];
    const environment = createScriptedEnvironment({ accessibility: () => field });
    const { deps, task } = setup({ environment });
    await startRun({ ...deps, onSecretsOnScreen: (boxes) => told.push(boxes) }, 'run-1', task);
    const observations = deps.log.all('run-1').filter((event) => event.payload.type === 'observation');
    expect(told).toHaveLength(observations.length);
    expect(told[0]).toEqual([{ x: 5, y: 6, width: 70, height: 8 }]);
  });

  it('stores and shows the engine the masked screenshot, boxes in the image’s pixels', async () => {
    const covered: Box[][] = [];
    const masked = new Uint8Array([1, 2, 3]);
    const masker: ScreenMasker = {
      async cover(_png, boxes) {
        covered.push([...boxes]);
        return masked;
      },
    };
    const field = [
      node('key', { name: 'API token', value: 'tok-visible-42', box: { x: 0, y: 0, width: 1, height: 1 } }),
    ];
    const environment = createScriptedEnvironment({ accessibility: () => field });
    const { deps, engine, task } = setup({ environment });
    await startRun({ ...deps, masker }, 'run-1', task);
    // The scripted screen is 1280 points wide and its screenshots 1 pixel wide.
    expect(covered[0]).toEqual([{ x: 0, y: 0, width: 1 / 1280, height: 1 / 1280 }]);
    const first = deps.log.all('run-1').find((event) => event.payload.type === 'observation')!.payload;
    if (first.type !== 'observation') throw new Error('no observation');
    const stored = await deps.blobs.get(first.observation.screenshot.hash);
    expect(stored).toEqual(masked);
    expect(engine.calls.operator[0]!.screen.capture.png).toEqual(masked);
  });
});

describe('a screen no accessibility snapshot describes', () => {
  it('is read for the known secrets, covered where it shows them, and says which secret it covered', async () => {
    const read: string[] = [];
    const secretLocator: ScreenTextLocator = {
      async locate(_png, text) {
        read.push(text);
        return [{ x: 0, y: 0, width: 0.5, height: 0.5 }];
      },
    };
    const covered: Box[][] = [];
    const masker: ScreenMasker = {
      async cover(_png, boxes) {
        covered.push([...boxes]);
        return new Uint8Array([9]);
      },
    };
    const told: (readonly Box[])[] = [];
    const { deps, engine, task } = setup({ environment: createScriptedEnvironment() });
    await startRun(
      {
        ...deps,
        masker,
        secretLocator,
        secrets: new Map([['token', 'tok-visible-42']]),
        onSecretsOnScreen: (boxes) => told.push(boxes),
      },
      'run-1',
      task,
    );
    expect(read[0]).toBe('tok-visible-42');
    // The box comes in the image's pixels (1 wide) and goes to the engine and the live view in
    // screen points (1280 wide).
    expect(covered[0]).toEqual([{ x: 0, y: 0, width: 0.5, height: 0.5 }]);
    const screen = engine.calls.operator[0]!.screen;
    expect(screen.capture.png).toEqual(new Uint8Array([9]));
    expect(screen.capture.covered).toEqual([
      { box: { x: 0, y: 0, width: 640, height: 640 }, placeholder: '{{token}}' },
    ]);
    expect(told[0]).toEqual([{ x: 0, y: 0, width: 640, height: 640 }]);
  });

  it('is not read while no secret is known', async () => {
    const read: string[] = [];
    const secretLocator: ScreenTextLocator = {
      async locate(_png, text) {
        read.push(text);
        return [];
      },
    };
    const { deps, task } = setup({ environment: createScriptedEnvironment() });
    await startRun({ ...deps, secretLocator }, 'run-1', task);
    expect(read).toEqual([]);
  });
});

describe('a literal secret typed by coordinates', () => {
  it('is learnt from the field under the click, and no record or role shows it afterwards', async () => {
    const token = [{ ref: 't', role: 'textbox', name: 'API token', box: { x: 10, y: 10, width: 100, height: 20 } }];
    const environment = createScriptedEnvironment({ accessibility: () => token });
    let calls = 0;
    const operator = (): OperatorDecision => {
      calls += 1;
      if (calls > 1) return { type: 'step-complete', evidence: 'typed' };
      return {
        type: 'act',
        actions: [
          {
            action: { type: 'click', at: { x: 60, y: 20 }, button: 'left', count: 1, modifiers: [] },
            summary: 'Clicking at (60, 20)',
          },
          { action: { type: 'type', text: 'sk-live-0123' }, summary: "Typing 'sk-live-0123'" },
        ],
      };
    };
    const { deps, log, task, engine } = setup({
      environment,
      task: { approval: 'auto-all' },
      script: {
        planner: [{ ...twoStepPlan, steps: [{ text: "Type 'sk-live-0123' into 'API token'" }] }],
        operator: [operator],
      },
    });
    await startRun(deps, 'run-1', task);
    const events = log.all('run-1');
    // Everything from the click on: the typing, its check, the judge's reading, the end.
    const from = events.findIndex((event) => event.payload.type === 'action-start');
    expect(from).toBeGreaterThan(0);
    expect(recorded(events.slice(from))).not.toContain('sk-live-0123');
    expect(recorded(events.slice(from))).toContain('{{typed-secret-1}}');
    // The step text the operator reads after the typing names the placeholder, not the value.
    expect(JSON.stringify(engine.calls.operator[1]!.step)).toContain('{{typed-secret-1}}');
    expect(JSON.stringify(engine.calls.operator.slice(1))).not.toContain('sk-live-0123');
  });
});
