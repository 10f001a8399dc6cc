import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clickRoles, type Directive } from './directive.js';
import { parseStep, renderDirective } from './index.js';
import { isQuotable } from '@sandpiper/protocol';

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

const directive: fc.Arbitrary<Directive> = fc.oneof(
  openTarget.map((target): Directive => ({ kind: 'open', target })),
  fc
    .tuple(fc.constantFrom('click', 'double-click', 'hover' as const), nameText, role)
    .map(([kind, target, hint]): Directive => (hint === undefined ? { kind, target } : { kind, target, role: hint })),
  fc
    .tuple(anyText, fc.option(nameText, { nil: undefined }))
    .map(([text, field]): Directive => (field === undefined ? { kind: 'type', text } : { kind: 'type', text, field })),
  nameText.map((field): Directive => ({ kind: 'clear', field })),
  fc.tuple(nameText, nameText).map(([option, field]): Directive => ({ kind: 'select', option, field })),
  fc
    .tuple(nameText, fc.option(nameText, { nil: undefined }))
    .map(([option, group]): Directive =>
      group === undefined ? { kind: 'choose', option } : { kind: 'choose', option, group },
    ),
  fc
    .tuple(fc.constantFrom('check', 'uncheck' as const), nameText)
    .map(([kind, target]): Directive => ({ kind, target })),
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
    expect(renderDirective({ kind: 'type', text: 'Ada Lovelace', field: 'Employee name' })).toBe(
      "Type 'Ada Lovelace' into the 'Employee name' field",
    );
    expect(renderDirective({ kind: 'click', target: 'Next', role: 'button' })).toBe("Click the 'Next' button");
    expect(renderDirective({ kind: 'select', option: 'Engineering', field: 'Department' })).toBe(
      "Select 'Engineering' from the 'Department' dropdown",
    );
    expect(renderDirective({ kind: 'check', target: 'Receipt attached' })).toBe(
      "Check the 'Receipt attached' checkbox",
    );
    expect(renderDirective({ kind: 'press', keys: ['Enter'] })).toBe('Press Enter');
    expect(renderDirective({ kind: 'scroll', direction: 'down' })).toBe('Scroll down');
    expect(renderDirective({ kind: 'wait-for', text: 'Report submitted' })).toBe(
      "Wait for 'Report submitted' to appear",
    );
  });
});
