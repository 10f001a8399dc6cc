import type { Action, RunEvent } from '@sandpiper/protocol';
import { createScriptedEnvironment } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import type { OperatorDecision } from '../engine.js';
import { setup, twoStepPlan } from '../test-support/loop-harness.js';
import { startRun } from './agent-loop.js';
import { createSecretBook, isSecretField, SECRET_MASK } from './secrets.js';

describe('the secret book', () => {
  const book = createSecretBook(new Map([['Password', 'hunter2-long']]));

  it('fills placeholders in any case for the environment, and leaves unknown ones alone', () => {
    expect(book.fill('{{password}} and {{ PASSWORD }} but {{other}}')).toBe(
      'hunter2-long and hunter2-long but {{other}}',
    );
    expect(book.holdsPlaceholder('{{password}}')).toBe(true);
    expect(book.holdsPlaceholder('{{other}}')).toBe(false);
  });

  it('hides bound values behind their placeholder and learnt ones behind a mask, deep inside a record', () => {
    book.learn('4111 1111 1111 1111');
    const record = { a: ['typed hunter2-long'], b: { c: 'card 4111 1111 1111 1111' }, n: 3 };
    expect(book.redact(record)).toEqual({ a: ['typed {{password}}'], b: { c: `card ${SECRET_MASK}` }, n: 3 });
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
    expect(recorded(events.slice(from))).toContain(SECRET_MASK);
  });
});
