import { EXECUTOR_PROTOCOL_VERSION, UsageError } from '@sandpiper/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { closeCodes } from '../src/channel.js';
import { connectExecutor, ExecutorRefusedError, serveExecutor, type ExecutorServer } from '../src/index.js';
import { TOKEN, transports } from './support/executor-harness.js';
import { startRawExecutor, type RawExecutor } from './support/raw-controller.js';
import { createTestEnvironment } from './support/test-environment.js';

describe.each(transports)('the handshake (%s)', (transport) => {
  let executor: RawExecutor | undefined;
  afterEach(async () => {
    await executor?.close();
    executor = undefined;
  });

  it('accepts the right token and version with the environment’s info and capabilities', async () => {
    const test = createTestEnvironment({ shell: true });
    executor = await startRawExecutor(transport, test.environment);
    const accept = await (await executor.connect()).handshake();
    expect(accept).toMatchObject({
      protocolVersion: EXECUTOR_PROTOCOL_VERSION,
      resumed: false,
      info: test.environment.info,
      capabilities: { watch: true, shell: true },
    });
  });

  it('refuses a wrong token and closes, leaving the executor free', async () => {
    executor = await startRawExecutor(transport, createTestEnvironment().environment);
    const intruder = await executor.connect();
    intruder.sendJson({ type: 'handshake-request', protocolVersion: EXECUTOR_PROTOCOL_VERSION, token: `${TOKEN}x` });
    await expect(intruder.next('handshake-reject')).resolves.toMatchObject({ reason: 'token' });
    await expect(intruder.closed).resolves.toMatchObject({ code: closeCodes.refused });
    await expect((await executor.connect()).handshake()).resolves.toMatchObject({ resumed: false });
  });

  it('refuses another protocol version, naming both, whatever the rest of the message looks like', async () => {
    executor = await startRawExecutor(transport, createTestEnvironment().environment);
    const future = await executor.connect();
    future.sendJson({ type: 'handshake-request', protocolVersion: 99, credentials: { bearer: TOKEN } });
    const refusal = await future.next('handshake-reject');
    expect(refusal.reason).toBe('version');
    expect(refusal.protocolVersion).toBe(EXECUTOR_PROTOCOL_VERSION);
    expect(refusal.message).toContain(`protocol version ${EXECUTOR_PROTOCOL_VERSION} and the controller 99`);
    await expect(future.closed).resolves.toMatchObject({ code: closeCodes.refused });
  });

  it('refuses a first message that is not a handshake, naming what is wrong', async () => {
    executor = await startRawExecutor(transport, createTestEnvironment().environment);
    const rude = await executor.connect();
    rude.sendJson({ type: 'handshake-request', protocolVersion: EXECUTOR_PROTOCOL_VERSION });
    const refusal = await rude.next('handshake-reject');
    expect(refusal.reason).toBe('malformed');
    expect(refusal.message).toContain('token');
  });

  it('refuses a second controller while the first holds the session', async () => {
    executor = await startRawExecutor(transport, createTestEnvironment().environment);
    const first = await executor.connect();
    await first.handshake();
    const second = await executor.connect();
    second.sendJson({ type: 'handshake-request', protocolVersion: EXECUTOR_PROTOCOL_VERSION, token: TOKEN });
    const refusal = await second.next('handshake-reject');
    expect(refusal.reason).toBe('busy');
    expect(refusal.message).toContain('Another controller holds this executor');
    // Guessing the session id does not help without it; a resume needs the exact id.
    const guesser = await executor.connect();
    guesser.sendJson({ type: 'handshake-request', protocolVersion: 1, token: TOKEN, resumeSessionId: 'guess' });
    await expect(guesser.next('handshake-reject')).resolves.toMatchObject({ reason: 'busy' });
  });

  it('takes a new controller once the previous one closed its session', async () => {
    executor = await startRawExecutor(transport, createTestEnvironment().environment);
    const first = await executor.connect();
    await first.handshake();
    first.sendJson({ type: 'session-close' });
    await expect(first.next('session-end')).resolves.toMatchObject({ reason: 'closed by the controller' });
    await expect(first.closed).resolves.toMatchObject({ code: closeCodes.sessionEnded });
    await expect((await executor.connect()).handshake()).resolves.toMatchObject({ resumed: false });
  });
});

describe('the handshake over the in-memory transport', () => {
  it('closes a connection that never shakes hands', async () => {
    const executor = await startRawExecutor('in-process', createTestEnvironment().environment);
    const silent = await executor.connect();
    await expect(silent.closed).resolves.toMatchObject({ code: closeCodes.handshakeTimeout });
    await executor.close();
  });
});

describe('serving over WebSocket', () => {
  let server: ExecutorServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('listens on loopback by default', async () => {
    server = await serveExecutor(createTestEnvironment().environment, { token: TOKEN });
    expect(server.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/executor$/);
  });

  it('turns a wrong token into ExecutorRefusedError for the controller', async () => {
    server = await serveExecutor(createTestEnvironment().environment, { token: TOKEN });
    const error: unknown = await connectExecutor(server.url, { token: 'not-the-token-at-all' }).catch(
      (caught) => caught,
    );
    expect(ExecutorRefusedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'token', kind: 'usage', message: 'The executor token is wrong.' });
  });

  it('turns a busy executor into a retryable conflict for the second controller', async () => {
    server = await serveExecutor(createTestEnvironment().environment, { token: TOKEN });
    const first = await connectExecutor(server.url, { token: TOKEN });
    const error: unknown = await connectExecutor(server.url, { token: TOKEN }).catch((caught) => caught);
    expect(error).toMatchObject({ reason: 'busy', kind: 'conflict', retryable: true });
    await first.close();
    const third = await connectExecutor(server.url, { token: TOKEN });
    expect(third.connectionState).toBe('connected');
    await third.close();
  });

  it('refuses upgrades from web pages, other paths and plain HTTP', async () => {
    const executor = await startRawExecutor('websocket', createTestEnvironment().environment);
    server = executor.server;
    await expect(executor.connect({ Origin: 'http://127.0.0.1:8080' })).rejects.toThrow('HTTP 403');
    const elsewhere = new WebSocket(server!.url.replace('/executor', '/other'));
    elsewhere.on('error', () => {});
    const status = await new Promise((resolve) => {
      elsewhere.once('unexpected-response', (_request, response) => resolve(response.statusCode));
      elsewhere.once('open', () => resolve('open'));
    });
    elsewhere.terminate();
    expect(status).toBe(404);
    const plain = await fetch(server!.url.replace('ws:', 'http:'));
    expect(plain.status).toBe(426);
  });

  it('needs a token of at least 16 characters', async () => {
    const error: unknown = await serveExecutor(createTestEnvironment().environment, { token: 'short' }).catch(
      (caught) => caught,
    );
    expect(UsageError.isInstance(error)).toBe(true);
  });
});
