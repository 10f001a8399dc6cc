import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clickRoles, type Directive } from './directive.js';
import { parseStep, renderDirective } from './index.js';
import { isQuotable, type TargetRef } from '@sandpiper/protocol';

/** Characters that stress quoting and clause splitting. */
const tricky = fc.constantFrom(
  "'",
  '"',
  '\u201c',
  '\u201d',
  '\u2018',
  '\u2019',
  ',',
  '.',
  ';',
  ' and ',
  ' then ',
  ' ',
  '\n',
  '+',
  '!',
  '?',
);
const textUnit = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }), weight: 3 },
  { arbitrary: tricky, weight: 2 },
  { arbitrary: fc.constantFrom('Next', 'Employee name', 'it', 'Save', 'O', 's', 'x1'), weight: 2 },
);
// A text that ends every kind of quote early cannot be written as a step (see isQuotable).
const anyText = fc
  .array(textUnit, { maxLength: 6 })
  .map((parts) => parts.join(''))
  .filter(isQuotable);
const nameText = anyText.filter((text) => text.trim() !== '');

const modifier = fc.constantFrom('Control', 'Shift', 'Alt', 'Meta');
const finalKey = fc.constantFrom(
  'Enter',
  'Tab',
  'Escape',
  'Space',
  'Backspace',
  'Delete',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'PageDown',
  'F5',
  'A',
  'K',
  '7',
  '/',
  '-',
);
const keys = fc.tuple(fc.uniqueArray(modifier, { maxLength: 3 }), finalKey).map(([held, last]) => [...held, last]);

const openTarget = fc.oneof(
  fc.constantFrom('https://example.com/form?x=1&y=2', '/expense', 'example.org', 'http://127.0.0.1:8080/a.b/c', '/'),
  nameText,
);

const role = fc.option(fc.constantFrom(...clickRoles), { nil: undefined });
const named = (name: string, hint?: string): TargetRef => (hint === undefined ? { name } : { name, role: hint });
const verbs = fc.constantFrom('remove', 'archive', 'delete', 'save', 'sign out', 'download', 'restore', 'duplicate');

const directive: fc.Arbitrary<Directive> = fc.oneof(
  openTarget.map((target): Directive => ({ kind: 'open', target })),
  fc
    .tuple(fc.constantFrom('click', 'double-click', 'hover' as const), nameText, role)
    .map(([kind, target, hint]): Directive => ({ kind, target: named(target, hint) })),
  fc
    .tuple(anyText, fc.option(nameText, { nil: undefined }))
    .map(([text, field]): Directive =>
      field === undefined ? { kind: 'type', text } : { kind: 'type', text, field: named(field, 'field') },
    ),
  nameText.map((field): Directive => ({ kind: 'clear', field: named(field, 'field') })),
  fc
    .tuple(nameText, nameText)
    .map(([option, field]): Directive => ({ kind: 'select', option, field: named(field, 'dropdown') })),
  fc
    .tuple(nameText, fc.option(nameText, { nil: undefined }))
    .map(([option, group]): Directive =>
      group === undefined ? { kind: 'choose', option } : { kind: 'choose', option, group },
    ),
  fc
    .tuple(fc.constantFrom('check', 'uncheck' as const), nameText)
    .map(([kind, target]): Directive => ({ kind, target: named(target, 'checkbox') })),
  keys.map((chord): Directive => ({ kind: 'press', keys: chord })),
  fc
    .tuple(fc.constantFrom('up', 'down' as const), fc.oneof(fc.constant(undefined), fc.integer({ min: 2, max: 50 })))
    .map(([direction, times]): Directive =>
      times === undefined ? { kind: 'scroll', direction } : { kind: 'scroll', direction, times },
    ),
  fc
    .tuple(fc.constantFrom('up', 'down' as const), fc.integer({ min: 1, max: 100_000 }))
    .map(([direction, pixels]): Directive => ({ kind: 'scroll', direction, pixels })),
  fc.constantFrom('top', 'bottom' as const).map((edge): Directive => ({ kind: 'scroll-to', edge })),
  fc.integer({ min: 1, max: 600_000 }).map((ms): Directive => ({ kind: 'wait', ms })),
  nameText.map((text): Directive => ({ kind: 'wait-for', text })),
  fc
    .tuple(nameText, fc.option(nameText, { nil: undefined }))
    .map(([option, within]): Directive =>
      within === undefined ? { kind: 'pick', option } : { kind: 'pick', option, within: named(within) },
    ),
  fc.tuple(nameText, fc.boolean()).map(([name, on]): Directive => ({ kind: 'toggle', target: named(name), on })),
  fc.tuple(nameText, anyText).map(([name, value]): Directive => ({ kind: 'set', target: named(name), value })),
  fc
    .tuple(fc.constantFrom('expand', 'collapse' as const), nameText)
    .map(([kind, name]): Directive => ({ kind, target: named(name) })),
  fc
    .option(nameText, { nil: undefined })
    .map((name): Directive => (name === undefined ? { kind: 'dismiss' } : { kind: 'dismiss', target: named(name) })),
  fc
    .option(nameText, { nil: undefined })
    .map((name): Directive => (name === undefined ? { kind: 'confirm' } : { kind: 'confirm', target: named(name) })),
  fc
    .tuple(nameText, fc.option(nameText, { nil: undefined }))
    .map(([text, field]): Directive =>
      field === undefined ? { kind: 'search', text } : { kind: 'search', text, field: named(field, 'field') },
    ),
  nameText.map((name): Directive => ({ kind: 'find', target: named(name) })),
  nameText.map((name): Directive => ({ kind: 'go-to', target: named(name) })),
  fc
    .tuple(
      verbs,
      fc.option(nameText, { nil: undefined }),
      fc.option(fc.constantFrom('card', 'row'), { nil: undefined }),
    )
    .map(([verb, object, holder]): Directive =>
      object === undefined ? { kind: 'command', verb } : { kind: 'command', verb, object: named(object, holder) },
    ),
);

describe('step text round trip', () => {
  it('parseStep(renderDirective(d)) equals d for every directive', () => {
    fc.assert(
      fc.property(directive, (generated) => {
        expect(parseStep(renderDirective(generated))).toStrictEqual(generated);
      }),
      { numRuns: 3000 },
    );
  });

  it('renders the canonical step texts', () => {
    expect(renderDirective({ kind: 'type', text: 'Ada Lovelace', field: named('Employee name', 'field') })).toBe(
      "Type 'Ada Lovelace' into the 'Employee name' field",
    );
    expect(renderDirective({ kind: 'click', target: named('Next', 'button') })).toBe("Click the 'Next' button");
    expect(renderDirective({ kind: 'select', option: 'Engineering', field: named('Department', 'dropdown') })).toBe(
      "Select 'Engineering' from the 'Department' dropdown",
    );
    expect(renderDirective({ kind: 'check', target: named('Receipt attached', 'checkbox') })).toBe(
      "Check the 'Receipt attached' checkbox",
    );
    expect(
      renderDirective({
        kind: 'click',
        target: { name: 'Delete', role: 'button', within: { name: 'Boiler-02', role: 'row' } },
      }),
    ).toBe("Click the 'Delete' button in the row of 'Boiler-02'");
    expect(renderDirective({ kind: 'command', verb: 'remove', object: named('Jonas Berg') })).toBe(
      "Remove 'Jonas Berg'",
    );
    expect(renderDirective({ kind: 'press', keys: ['Enter'] })).toBe('Press Enter');
    expect(renderDirective({ kind: 'scroll', direction: 'down' })).toBe('Scroll down');
    expect(renderDirective({ kind: 'wait-for', text: 'Report submitted' })).toBe(
      "Wait for 'Report submitted' to appear",
    );
  });
});
