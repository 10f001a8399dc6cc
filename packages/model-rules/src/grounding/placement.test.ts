import { createHandle } from '@sandpiper/core';
import type { TargetRef } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { parsePhrase } from '../language/phrases.js';
import { tokenize } from '../language/tokens.js';
import { createScreenReader } from '../screen/screen-reader.js';
import { node, screenOf } from '../test-support/screens.js';
import { locateTarget, queryFor } from './grounder.js';

const reader = createScreenReader(undefined);

/** A sign-up form: labels above fields, one under the other, and a row with its own button. */
const form = [
  node('text', 'Full name', [40, 20, 120, 18], { ref: 'l1' }),
  node('textbox', 'Full name', [40, 40, 300, 30], { ref: 'f1' }),
  node('text', 'Password', [40, 90, 120, 18], { ref: 'l2' }),
  node('textbox', 'Password', [40, 110, 300, 30], { ref: 'f2', inputType: 'password' }),
  node('text', 'Confirm password', [40, 160, 160, 18], { ref: 'l3' }),
  node('textbox', 'Confirm password', [40, 180, 300, 30], { ref: 'f3', inputType: 'password' }),
  node('checkbox', 'Remember me', [40, 230, 20, 20], { ref: 'c1' }),
  node('text', 'Remember me', [70, 230, 120, 20], { ref: 't1' }),
  node('row', 'Boiler-02 Running', [40, 300, 600, 30], { ref: 'r1' }),
  node('cell', 'Boiler-02', [40, 300, 200, 30], { ref: 'c2', parent: 'r1' }),
  node('button', 'Delete', [500, 300, 80, 30], { ref: 'b1', parent: 'r1' }),
  node('row', 'Boiler-03 Idle', [40, 340, 600, 30], { ref: 'r2' }),
  node('cell', 'Boiler-03', [40, 340, 200, 30], { ref: 'c3', parent: 'r2' }),
  node('button', 'Delete', [500, 340, 80, 30], { ref: 'b2', parent: 'r2' }),
];

function target(phrase: string): TargetRef {
  const read = parsePhrase(phrase, tokenize(phrase));
  if (read?.type !== 'target') throw new Error(`"${phrase}" is no target`);
  return read.target;
}

async function found(phrase: string, role?: string) {
  const match = await locateTarget(createHandle(), reader, screenOf({ nodes: form }), queryFor(target(phrase), role));
  return match.best?.node?.ref;
}

describe('targets placed by another element', () => {
  it.each([
    ['the field that comes right after the Password field', 'f3'],
    ['the box under “Password”', 'f3'],
    ['the field below Full name', 'f2'],
    ['the field above Confirm password', 'f2'],
    ['the field before Password', 'f1'],
  ])('finds %s', async (phrase, ref) => {
    expect(await found(phrase, 'field')).toBe(ref);
  });

  it('finds the checkbox beside its text', async () => {
    expect(await found('the checkbox next to Remember me')).toBe('c1');
  });

  it('keeps reading "next to" a row’s text as the row that holds the target', async () => {
    expect(await found('the Delete button next to Boiler-03')).toBe('b2');
  });

  it('finds nothing after the last field', async () => {
    expect(await found('the checkbox after Remember me')).toBeUndefined();
  });
});
