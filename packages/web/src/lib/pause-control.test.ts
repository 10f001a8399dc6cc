import type { RunPhase, UserPrompt } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { pauseControl } from './pause-control.js';

const planQuestion: UserPrompt = { type: 'plan-approval', versionId: 'v1', requestId: 'a1' };
const actionQuestion: UserPrompt = {
  type: 'action-approval',
  summary: 'Clicking',
  reason: 'it restarts',
  requestId: 'a2',
};

function control(
  phase: RunPhase,
  waitingFor: UserPrompt | undefined,
  options: { pauseRequested?: boolean; paused?: boolean } = {},
) {
  return pauseControl(
    { phase, paused: options.paused ?? false },
    { waitingFor, pauseRequested: options.pauseRequested ?? false },
  );
}

describe('the pause control offers the command that applies', () => {
  it.each([
    ['planning', undefined],
    ['awaiting-approval', planQuestion],
    ['executing', undefined],
    ['waiting-for-user', actionQuestion],
  ] as const)('offers Pause while the run is %s', (phase, waitingFor) => {
    expect(control(phase, waitingFor)).toMatchObject({ type: 'pause', command: 'pause' });
  });

  it('offers to withdraw a pause asked for while the plan awaits approval', () => {
    expect(control('awaiting-approval', planQuestion, { pauseRequested: true })).toMatchObject({
      type: 'withdraw',
      command: 'resume',
    });
  });

  it('offers to withdraw a pause asked for during execution, before the run takes it', () => {
    expect(control('executing', undefined, { pauseRequested: true })).toMatchObject({ type: 'withdraw' });
  });

  it('offers Resume once the run is paused, even before the control status says so', () => {
    expect(control('paused', undefined)).toMatchObject({ type: 'resume', command: 'resume' });
    expect(control('executing', { type: 'paused' })).toMatchObject({ type: 'resume' });
  });

  it('offers no command while a paused run asks about a proposal, and says why', () => {
    const held = control('awaiting-approval', planQuestion, { paused: true });
    expect(held).toMatchObject({ type: 'held' });
    expect(held.title).toMatch(/stays paused after your decision/);
  });

  it('points to the hand-back while the person has the screen', () => {
    expect(control('taken-over', { type: 'taken-over' })).toMatchObject({ type: 'taken-over' });
  });

  it('offers nothing once only the question whether the task is done is left', () => {
    const question: UserPrompt = { type: 'result-confirmation', summary: 'Every step ran.', reason: 'unclear' };
    expect(control('waiting-for-user', question)).toMatchObject({ type: 'none' });
    expect(control('waiting-for-user', actionQuestion)).toMatchObject({ type: 'pause' });
  });
});
