import type { Action, RunEvent } from '@sandpiper/protocol';
import { createScriptedEnvironment } from '@sandpiper/testing';
import { describe, expect, it } from 'vitest';
import type { OperatorDecision, OperatorInput } from '../engine.js';
import { actOnceThenComplete, setup } from '../test-support/loop-harness.js';
import { startRun } from './agent-loop.js';
import { createQueueChannel } from './user-channel.js';

const openFile: Action = { type: 'open', target: 'file:///etc/passwd' };

/** Tries to open the local file on the step's first attempt, then does the step the ordinary way. */
function opensFileFirst(): (input: OperatorInput) => OperatorDecision {
  let tried = false;
  return (input) => {
    if (!tried) {
      tried = true;
      return { type: 'act', actions: [{ action: openFile, summary: 'Opening the password file' }] };
    }
    return actOnceThenComplete(input);
  };
}

const payloads = (log: ReturnType<typeof setup>['log']) => log.all('run-1').map((event) => event.payload);

describe('the navigation policy', () => {
  it('refuses a file: address the configuration does not allow, and the step tries another way', async () => {
    const environment = createScriptedEnvironment();
    const { deps, task, log } = setup({ environment, script: { operator: [opensFileFirst()] } });
    const state = await startRun(deps, 'run-1', task);

    expect(environment.performed).not.toContainEqual(openFile);
    const warnings = payloads(log).filter((payload) => payload.type === 'warning');
    expect(warnings.map((payload) => payload.message)).toContainEqual(
      expect.stringContaining("Opening 'file:///etc/passwd' is not allowed: file: addresses are not opened"),
    );
    expect(state.status).toBe('succeeded');
  });

  it('lets an allowed scheme through to the action guard, which asks the person first', async () => {
    const channel = createQueueChannel({ interactive: true });
    const environment = createScriptedEnvironment();
    const harness = setup({
      channel,
      environment,
      task: { approval: 'auto', navigation: { allowSchemes: ['file'] } },
      script: { operator: [opensFileFirst()] },
    });
    const deps = {
      ...harness.deps,
      // The plan is approved by policy; the person approves the action when asked.
      onEvent: (event: RunEvent) => {
        if (event.payload.type === 'approval-request' && event.payload.subject.type === 'action') {
          channel.push({ type: 'approve' });
        }
      },
    };
    const state = await startRun(deps, 'run-1', harness.task);

    const request = payloads(harness.log).find(
      (payload) => payload.type === 'approval-request' && payload.subject.type === 'action',
    );
    expect(request).toMatchObject({ subject: { reason: "opens the file: address 'file:///etc/passwd'" } });
    expect(environment.performed).toContainEqual(openFile);
    expect(state.status).toBe('succeeded');
  });

  it('keeps to the allowed hosts', async () => {
    const environment = createScriptedEnvironment();
    let step = 0;
    const operator = (input: OperatorInput): OperatorDecision => {
      step += 1;
      if (step === 1)
        return {
          type: 'act',
          actions: [{ action: { type: 'open', target: 'https://evil.test/' }, summary: 'Leaving' }],
        };
      return actOnceThenComplete(input);
    };
    const { deps, task, log } = setup({
      environment,
      task: { navigation: { allowHosts: ['example.org'] } },
      script: { operator: [operator] },
    });
    await startRun(deps, 'run-1', task);
    expect(environment.performed).not.toContainEqual({ type: 'open', target: 'https://evil.test/' });
    expect(
      payloads(log)
        .filter((payload) => payload.type === 'warning')
        .map((payload) => payload.message),
    ).toContainEqual(expect.stringContaining('evil.test is not among the allowed hosts (example.org)'));
  });

  it('applies the same rule to what the person sends during a takeover', async () => {
    const channel = createQueueChannel({ interactive: true });
    const environment = createScriptedEnvironment();
    const { deps, task, log } = setup({ channel, environment });
    channel.push({ type: 'takeover' });
    channel.push({ type: 'input', action: openFile });
    channel.push({ type: 'handback' });
    await startRun(deps, 'run-1', task);

    expect(environment.performed).not.toContainEqual(openFile);
    const manual = payloads(log).find((payload) => payload.type === 'manual-action');
    expect(manual).toMatchObject({ result: { ok: false, error: expect.stringContaining('navigation.allowSchemes') } });
  });
});
