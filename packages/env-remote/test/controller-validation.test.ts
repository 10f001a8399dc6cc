import { CancelledError, createHandle } from '@sandpiper/core';
import { controllerMessageSchema, EXECUTOR_PROTOCOL_VERSION, type ControllerMessage } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { createMemoryChannelPair, type Channel } from '../src/channel.js';
import { ExecutorConnection } from '../src/executor-connection.js';
import { ExecutorProtocolError, RemoteEnvironment } from '../src/index.js';
import { encodeBlobFrame } from '../src/wire.js';
import { createTestEnvironment } from './support/test-environment.js';

const info = createTestEnvironment().environment.info;

/**
 * A scripted executor on the far end of an in-memory channel: it accepts the handshake and then
 * answers each request with whatever `answer` returns, so the controller can be fed messages no
 * real executor sends.
 */
async function connectToScriptedExecutor(answer: (request: ControllerMessage, executor: Channel) => void) {
  const log: string[] = [];
  const connection = await ExecutorConnection.open({
    open: async () => {
      const [controllerEnd, executorEnd] = createMemoryChannelPair();
      executorEnd.listen({
        text(text) {
          const request = controllerMessageSchema.parse(JSON.parse(text));
          if (request.type !== 'handshake-request') return answer(request, executorEnd);
          executorEnd.sendText(
            JSON.stringify({
              type: 'handshake-accept',
              protocolVersion: EXECUTOR_PROTOCOL_VERSION,
              sessionId: 's1',
              resumed: false,
              resumeWindowMs: 0,
              info,
              capabilities: { watch: false, shell: false },
            }),
          );
        },
        binary() {},
        close() {},
      });
      return controllerEnd;
    },
    token: 'any-token-will-do-here',
    reconnect: { attempts: 0, initialDelayMs: 0, maxDelayMs: 0 },
    handshakeTimeoutMs: 1000,
    log: (line) => log.push(line),
  });
  return { remote: new RemoteEnvironment(connection), log };
}

describe('the controller checks what the executor sends', () => {
  it('rejects an answer with a missing field, naming it', async () => {
    const { remote } = await connectToScriptedExecutor((request, executor) => {
      if (request.type !== 'observe-request') return;
      executor.sendBinary(encodeBlobFrame(0, new Uint8Array([1, 2, 3])));
      executor.sendText(
        JSON.stringify({
          type: 'observe-result',
          id: request.id,
          screenshot: { blobId: 0, byteLength: 3, mimeType: 'image/png' },
          height: 800,
        }),
      );
    });
    const error: unknown = await remote.observe(createHandle()).catch((caught: unknown) => caught);
    expect(ExecutorProtocolError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('width:');
    expect(error).toMatchObject({ kind: 'invariant' });
  });

  it('rejects a screenshot reference whose binary frame never came or has another length', async () => {
    const { remote } = await connectToScriptedExecutor((request, executor) => {
      if (request.type !== 'observe-request') return;
      if (request.id === 2) executor.sendBinary(encodeBlobFrame(7, new Uint8Array([1, 2])));
      executor.sendText(
        JSON.stringify({
          type: 'observe-result',
          id: request.id,
          screenshot: { blobId: 7, byteLength: 3, mimeType: 'image/png' },
          width: 1,
          height: 1,
        }),
      );
    });
    await expect(remote.observe(createHandle())).rejects.toThrow('no binary frame 7 arrived before its reference');
    await expect(remote.observe(createHandle())).rejects.toThrow('binary frame 7 holds 2 bytes, the reference says 3');
  });

  it('rejects an answer of the wrong type for the request', async () => {
    const { remote } = await connectToScriptedExecutor((request, executor) => {
      if (request.type === 'act-request')
        executor.sendText(JSON.stringify({ type: 'info-result', id: request.id, info }));
    });
    await expect(remote.act(createHandle(), { type: 'wait', ms: 0 })).rejects.toThrow(
      /The executor answered act-request \d+ with info-result/,
    );
  });

  it('logs unreadable messages without an id and goes on; the deadline still ends the call', async () => {
    const { remote, log } = await connectToScriptedExecutor((_request, executor) => {
      executor.sendText('not json at all');
      executor.sendText(JSON.stringify({ type: 'act-result', id: 'one', result: { ok: true, durationMs: 0 } }));
    });
    const error: unknown = await remote
      .act(createHandle({ deadline: Date.now() + 100 }), { type: 'wait', ms: 0 })
      .catch((caught: unknown) => caught);
    expect(CancelledError.isInstance(error)).toBe(true);
    expect(log).toEqual([
      'executor: The executor sent a message that does not fit the protocol: (root): not JSON',
      expect.stringMatching(/^executor: The executor sent a message that does not fit the protocol: id: /),
    ]);
    expect(remote.connectionState).toBe('connected');
  });

  it('passes the executor’s cancellation on as CancelledError', async () => {
    const { remote } = await connectToScriptedExecutor((request, executor) => {
      if (request.type !== 'act-request') return;
      executor.sendText(
        JSON.stringify({
          type: 'request-error',
          id: request.id,
          error: { kind: 'cancelled', message: "the request's 50 ms ran out", retryable: false },
        }),
      );
    });
    const error: unknown = await remote.act(createHandle(), { type: 'wait', ms: 0 }).catch((caught: unknown) => caught);
    expect(CancelledError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe("the request's 50 ms ran out");
  });
});
