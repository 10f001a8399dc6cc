import { createHandle, type UserCommand } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import { createServerChannel } from '../src/run-channel.js';

describe('commands refused while the person has the screen', () => {
  it.each([
    [{ type: 'edit', edits: [{ type: 'remove', stepId: 'step-1' }] }, 'hand it back before editing the plan.'],
    [{ type: 'guidance', text: 'use the second field' }, 'hand it back before giving guidance.'],
    [
      {
        type: 'annotation',
        annotation: {
          screenshotHash: 'c'.repeat(64),
          marks: [{ kind: 'rect', box: { x: 1, y: 1, width: 2, height: 2 } }],
          box: { x: 1, y: 1, width: 2, height: 2 },
        },
      },
      'hand it back before annotating the screen.',
    ],
    [{ type: 'takeover' }, 'hand it back before taking it over again.'],
  ] satisfies [UserCommand, string][])('refuses %j in a sentence that reads', (command, ending) => {
    const channel = createServerChannel();
    void channel.wait(createHandle(), { type: 'taken-over' });
    const refused = channel.offer(command);
    expect(refused).toEqual({ ok: false, reason: `The person has control of the screen: ${ending}` });
  });
});
