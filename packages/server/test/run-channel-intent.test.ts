import { createHandle, type UserCommand } from '@sandpiper/core';
import type { UserPrompt } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { createServerChannel } from '../src/run-channel.js';

const planQuestion: UserPrompt = { type: 'plan-approval', versionId: 'v-2', requestId: 'approval-2' };
const actionQuestion: UserPrompt = {
  type: 'action-approval',
  summary: "Clicking 'Restart selected'",
  reason: "clicks 'Restart selected'",
  requestId: 'approval-3',
};

/** A channel whose run waits on `prompt`, with what the run was handed. */
function waitingOn(prompt: UserPrompt) {
  const channel = createServerChannel();
  const delivered: (UserCommand | undefined)[] = [];
  void channel.wait(createHandle(), prompt).then((command) => delivered.push(command));
  return { channel, delivered };
}

describe('an answer names the question it answers', () => {
  it.each([
    [{ type: 'approve', requestId: 'approval-1' }],
    [{ type: 'reject', reason: 'not this one', requestId: 'approval-1' }],
  ] satisfies [UserCommand][])('refuses %j meant for an earlier question, and the run still waits', (command) => {
    const { channel } = waitingOn(actionQuestion);
    expect(channel.offer(command)).toEqual({
      ok: false,
      reason:
        `That answer was for a question the run no longer asks: it now asks whether it may do "Clicking 'Restart selected'". ` +
        'Read that question and answer it.',
    });
    expect(channel.status().waitingFor).toEqual(actionQuestion);
  });

  it('delivers an answer that names the waiting question', async () => {
    const { channel, delivered } = waitingOn(planQuestion);
    expect(channel.offer({ type: 'approve', requestId: 'approval-2' })).toEqual({ ok: true });
    await Promise.resolve();
    expect(delivered).toEqual([{ type: 'approve', requestId: 'approval-2' }]);
    expect(channel.status().waitingFor).toBeUndefined();
  });

  it('delivers an answer that names no question, as older clients send', async () => {
    const { channel, delivered } = waitingOn(planQuestion);
    expect(channel.offer({ type: 'approve' })).toEqual({ ok: true });
    await Promise.resolve();
    expect(delivered).toEqual([{ type: 'approve' }]);
  });

  it('refuses a second answer to a question already answered', () => {
    const { channel } = waitingOn(planQuestion);
    expect(channel.offer({ type: 'approve', requestId: 'approval-2' })).toEqual({ ok: true });
    expect(channel.offer({ type: 'approve', requestId: 'approval-2' })).toEqual({
      ok: false,
      reason: 'That question is no longer open: the run is working on its own.',
    });
  });
});

describe('changes accepted while the run works are listed until it takes them', () => {
  it('lists the queued edit, guidance, annotation and takeover, oldest first', () => {
    const { channel } = waitingOn(actionQuestion);
    const edit: UserCommand = { type: 'edit', edits: [{ type: 'add', index: 4, text: 'scroll to the top' }] };
    expect(channel.offer(edit)).toEqual({ ok: true });
    expect(channel.offer({ type: 'guidance', text: 'use the second field' })).toEqual({ ok: true });
    const box = { x: 1, y: 1, width: 2, height: 2 };
    const annotation = { screenshotHash: 'c'.repeat(64), marks: [{ kind: 'rect' as const, box }], box };
    expect(channel.offer({ type: 'annotation', annotation: { ...annotation, sentence: 'this one' } })).toEqual({
      ok: true,
    });
    expect(channel.offer({ type: 'annotation', annotation })).toEqual({ ok: true });
    expect(channel.status()).toMatchObject({
      queued: 4,
      queuedChanges: [
        { type: 'edit', edits: [{ type: 'add', index: 4, text: 'scroll to the top' }] },
        { type: 'guidance', text: 'use the second field' },
        { type: 'annotation', sentence: 'this one' },
        { type: 'annotation' },
      ],
    });
  });

  it('drops a change from the list once the run has taken it', () => {
    const channel = createServerChannel();
    expect(channel.offer({ type: 'takeover' })).toEqual({ ok: true });
    expect(channel.status().queuedChanges).toEqual([{ type: 'takeover' }]);
    expect(channel.take()).toEqual({ type: 'takeover' });
    expect(channel.status()).toMatchObject({ queued: 0, queuedChanges: [] });
  });
});

describe('pause and resume while the run holds or ends', () => {
  it('refuses a pause while a paused run asks about a proposal, and says when resuming is possible', () => {
    const channel = createServerChannel();
    void channel.wait(createHandle(), { type: 'paused' });
    expect(channel.offer({ type: 'guidance', text: 'finally press Tab' })).toEqual({ ok: true });
    void channel.wait(createHandle(), planQuestion);
    expect(channel.offer({ type: 'pause' })).toEqual({ ok: false, reason: 'The run is already paused.' });
    expect(channel.offer({ type: 'resume' })).toEqual({
      ok: false,
      reason: 'Decide on the proposal first: the run stays paused after your decision, and you can resume it then.',
    });
    expect(channel.status().pauseRequested).toBe(false);
  });

  it('takes a pause while an action waits for approval, and a resume withdraws it', () => {
    const { channel } = waitingOn(actionQuestion);
    expect(channel.offer({ type: 'pause' })).toEqual({ ok: true });
    expect(channel.status().pauseRequested).toBe(true);
    expect(channel.offer({ type: 'resume' })).toEqual({ ok: true });
    expect(channel.status().pauseRequested).toBe(false);
  });

  it('refuses a pause when only the question whether the task is done is left', () => {
    const { channel } = waitingOn({ type: 'result-confirmation', summary: 'Every step ran.', reason: 'no message' });
    expect(channel.offer({ type: 'pause' })).toEqual({
      ok: false,
      reason:
        'There is nothing left to pause: every step ran, and the run asks whether the task is done (approve: yes; reject: no).',
    });
  });
});

describe('a question the run asks in words', () => {
  const question: UserPrompt = { type: 'question', question: "Two 'Save' buttons — which one?" };

  it('takes guidance as the answer at once, instead of queueing it for later', async () => {
    const { channel, delivered } = waitingOn(question);
    expect(channel.status().waitingFor).toEqual(question);
    expect(channel.offer({ type: 'guidance', text: 'the one in the dialog' })).toEqual({ ok: true });
    await Promise.resolve();
    expect(delivered).toEqual([{ type: 'guidance', text: 'the one in the dialog' }]);
    expect(channel.status().queued).toBe(0);
  });

  it('takes "try again" (approve) and "no" (reject), but not an answer naming some approval request', async () => {
    const stale = waitingOn(question);
    expect(stale.channel.offer({ type: 'approve', requestId: 'approval-9' }).ok).toBe(false);
    const retry = waitingOn(question);
    expect(retry.channel.offer({ type: 'approve' })).toEqual({ ok: true });
    await Promise.resolve();
    expect(retry.delivered).toEqual([{ type: 'approve' }]);
  });
});
