import { PassThrough } from 'node:stream';
import { createHandle } from '@sandpiper/core';
import { describe, expect, it } from 'vitest';
import { createPromptChannel } from '../src/prompt-channel.js';

/** The terminal's channel, fed one line, asked one question. */
async function answerTo(line: string) {
  const input = new PassThrough();
  const output = new PassThrough();
  const channel = createPromptChannel({ input, output, state: () => undefined });
  const handle = createHandle();
  const answer = channel.wait(handle, { type: 'question', question: 'Which Save?' });
  input.write(`${line}\n`);
  try {
    return await answer;
  } finally {
    channel.close();
  }
}

describe("the terminal's answers to a run's question", () => {
  it('takes words as guidance and an empty line as no answer', async () => {
    expect(await answerTo('the one in the dialog')).toEqual({ type: 'guidance', text: 'the one in the dialog' });
    expect(await answerTo('Try again')).toEqual({ type: 'guidance', text: 'Try again' });
    expect(await answerTo('')).toEqual({ type: 'reject', reason: 'no answer at the prompt' });
  });
});
