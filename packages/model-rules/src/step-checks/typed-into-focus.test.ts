import { createHandle } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import { createScreenReader } from '../screen/screen-reader.js';
import { node, screenOf, stepOf } from '../test-support/screens.js';
import { checkTyped } from './field-checks.js';

const reader = createScreenReader(undefined);

function check(after: ReturnType<typeof screenOf>) {
  return checkTyped(
    {
      handle: createHandle(),
      reader,
      input: { step: stepOf("Type '42'"), performed: [], before: screenOf({ nodes: [] }), after },
    },
    { kind: 'type', text: '42' },
  );
}

describe('typing into whatever has the focus', () => {
  it('reads a state only from the focused element holding the text', async () => {
    const editing = [node('paragraph', '', [630, 250, 100, 17], { value: '42', focused: true })];
    expect(await check(screenOf({ nodes: editing }))).toMatchObject({ passed: true });
    expect((await check(screenOf({ nodes: editing }))).basis).toBeUndefined();
  });

  it('reads a sentence added to the focused paragraph as typed there', async () => {
    const paragraph = (value: string) => [node('paragraph', '', [40, 300, 600, 17], { value, focused: true })];
    const typed = (text: string, value: string) =>
      checkTyped(
        {
          handle: createHandle(),
          reader,
          input: {
            step: stepOf('Type'),
            performed: [],
            before: screenOf({ nodes: [] }),
            after: screenOf({ nodes: paragraph(value) }),
          },
        },
        { kind: 'type', text },
      );
    const added = await typed(' Revised figures.', 'Prepared in October. Revised figures.');
    expect(added).toMatchObject({ passed: true });
    expect(added.basis).toBeUndefined();
  });

  it('counts the text seen anywhere else as a change only: it may have been there all along', async () => {
    const elsewhere = [
      node('cell', 'A1', [41, 182, 88, 17], { value: 'ID', focused: true }),
      node('text', '42', [129, 284, 95, 17]),
    ];
    expect(await check(screenOf({ nodes: elsewhere }))).toMatchObject({ passed: true, basis: 'change' });
  });
});
