import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '@sandpiper/protocol';
import { classifyAction } from './sensitive-action.js';
import {
  button,
  field,
  form,
  heading,
  nodeNamed,
  reading,
  screenOf,
  search,
  verdictOn,
} from './sensitive-test-support.js';

const enter: Action = { type: 'key', keys: ['Enter'] };
const typing = (value: string): Action => ({ type: 'type', text: value });

describe('typing', () => {
  const todo = screenOf([heading('Errands'), field('Add a task', '', true)]);
  const login = screenOf([heading('Sign in'), field('Password', '', true), button('Sign in')]);

  it('never reads the typed value as a verb', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Buy milk', 'Pay rent', 'Delete all', 'rm -rf /', 'Send flowers', 'Sign out'),
        fc.string(),
        (verb, rest) => {
          const target = nodeNamed(todo, 'textbox', 'Add a task');
          const verdict = classifyAction({
            action: typing(`${verb} ${rest}`),
            target,
            nodes: todo,
            step: `Type '${verb} ${rest}' into the task field`,
          });
          expect(verdict).toEqual({ sensitive: false });
        },
      ),
    );
  });

  it('is sensitive only for a credential field, and never quotes what was typed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (secret) => {
        const target = nodeNamed(login, 'textbox', 'Password');
        const verdict = classifyAction({ action: typing(secret), target, nodes: login });
        expect(verdict).toEqual({
          sensitive: true,
          category: 'credentials',
          reason: "types into the credential field 'Password'",
        });
      }),
    );
  });

  it.each([
    ['Card number', 'credentials'],
    ['Security code (CVC)', 'credentials'],
    ['API key', 'credentials'],
    ['6-digit code', 'credentials'],
    ['Key name', 'harmless'],
    ['Password hint', 'harmless'],
    ['Amount (USD)', 'harmless'],
  ])('typing into %s is %s', (name, expected) => {
    expect(reading(classifyAction({ action: typing('x'), target: { role: 'textbox', name } }))).toBe(expected);
  });

  it('finds the field in the step, never the typed text, when the screen does not show it', () => {
    expect(reading(classifyAction({ action: typing('hunter2'), step: "Type 'hunter2' into the Password field" }))).toBe(
      'credentials',
    );
    expect(reading(classifyAction({ action: typing('password'), step: "Type 'password' into the search box" }))).toBe(
      'harmless',
    );
  });
});

describe('pressing Enter', () => {
  it('commits what the form it submits would commit', () => {
    const bill = screenOf([
      heading('Pay a bill'),
      form('Pay Lumen Energy', [field('Amount', '182.40', true), button('Pay now')]),
    ]);
    expect(verdictOn(bill, 'textbox', 'Amount', enter)).toMatchObject({
      category: 'money',
      reason: "presses Enter in 'Amount' to submit like 'Pay now', which spends or moves money",
    });
  });

  it('skips buttons that only sit in the form to reach the one that submits it', () => {
    const issue = screenOf([
      heading('Add a comment'),
      field('Comment body', 'Fixed on main.'),
      button('Close issue'),
      button('Comment'),
    ]);
    const chord: Action = { type: 'key', keys: ['Control', 'Enter'] };
    expect(reading(verdictOn(issue, 'textbox', 'Comment body', chord))).toBe('publishing');
  });

  it('sends a written message, and adds a task or searches harmlessly', () => {
    const chat = screenOf([heading('#general'), field('Message #general', 'Lunch at noon?')]);
    expect(reading(verdictOn(chat, 'textbox', 'Message #general', enter))).toBe('publishing');
    const todo = screenOf([heading('Today'), field('Add a task', 'Transfer savings to ISA')]);
    expect(reading(verdictOn(todo, 'textbox', 'Add a task', enter))).toBe('harmless');
    const help = screenOf([heading('Help'), search('Search help articles'), button('Search')]);
    expect(reading(verdictOn(help, 'searchbox', 'Search help articles', enter))).toBe('harmless');
  });

  it('recalculates harmlessly in a form whose only button recalculates', () => {
    const calculator = screenOf([
      heading('How much can I borrow?'),
      form('Affordability calculator', [
        field('Annual income', '148,000', true),
        field('Down payment', '$80,000'),
        button('Recalculate'),
      ]),
    ]);
    expect(reading(verdictOn(calculator, 'textbox', 'Annual income', enter))).toBe('harmless');
  });

  it('submits a secret from a credential field', () => {
    const vault = screenOf([heading('Unlock Vaultkeeper'), field('Passphrase', '•••••••', true), button('Unlock')]);
    expect(reading(verdictOn(vault, 'textbox', 'Passphrase', enter))).toBe('credentials');
  });

  it('lets other keys through', () => {
    const vault = screenOf([heading('Unlock'), field('Passphrase', '•••', true)]);
    expect(reading(verdictOn(vault, 'textbox', 'Passphrase', { type: 'key', keys: ['Tab'] }))).toBe('harmless');
  });
});

describe('commands, addresses and unreadable screens', () => {
  it('treats every shell command as sensitive, quoting it', () => {
    const verdict = classifyAction({ action: { type: 'tool-call', tool: 'code', input: { command: 'ls -la' } } });
    expect(verdict).toEqual({ sensitive: true, category: 'shell', reason: 'runs the shell command `ls -la`' });
    expect(classifyAction({ action: { type: 'tool-call', tool: 'search', input: { query: 'rm -rf' } } })).toEqual({
      sensitive: false,
    });
  });

  it.each([
    ['file:///etc/passwd', 'local-file'],
    ['javascript:alert(1)', 'local-file'],
    ['chrome://settings/passwords', 'local-file'],
    ['data:text/html,hi', 'local-file'],
    ['https://example.com/delete-account', 'harmless'],
    ['about:blank', 'harmless'],
  ])('opening %s is %s', (address, expected) => {
    expect(reading(classifyAction({ action: { type: 'open', target: address } }))).toBe(expected);
  });

  it.each([
    ['localc --norestore /etc/passwd', 'desktop', 'program'],
    ['/home/ada/notes.txt', 'remote', 'program'],
    ['/form', 'browser', 'harmless'],
  ] as const)('opening %s on a %s is %s', (target, environment, expected) => {
    expect(reading(classifyAction({ action: { type: 'open', target }, environment }))).toBe(expected);
  });

  it('is uncertain about a generic answer when nothing shows what it answers', () => {
    const blind: Action = { type: 'click', at: { x: 5, y: 5 }, button: 'left', count: 1, modifiers: [] };
    expect(reading(classifyAction({ action: blind, step: "Click the 'OK' button" }))).toBe('uncertain');
    expect(reading(classifyAction({ action: blind, target: { role: 'button', name: 'Delete' } }))).toBe('destructive');
    expect(reading(classifyAction({ action: blind, target: { role: 'button', name: 'Next page' } }))).toBe('harmless');
    expect(reading(classifyAction({ action: blind, step: 'Press Enter' }))).toBe('harmless');
  });

  it('reads the step last, for a generic answer whose screen is silent', () => {
    const page = screenOf([heading('Settings'), button('Continue')]);
    expect(reading(verdictOn(page, 'button', 'Continue', undefined, "Click 'Continue' to delete the workspace"))).toBe(
      'destructive',
    );
    expect(reading(verdictOn(page, 'button', 'Continue', undefined, "Click 'Continue' to go on"))).toBe('harmless');
  });
});
