import { EXECUTOR_PROTOCOL_VERSION, type ExecutorMessage } from '@sandpiper/protocol';
import { closeCodes, type Channel, type ChannelListener } from './channel.js';
import { ExecutorConnectionError, ExecutorProtocolError, ExecutorRefusedError } from './errors.js';
import { decodeExecutorMessage, describeIssues, encodeControllerMessage } from './wire.js';

export type HandshakeAccept = Extract<ExecutorMessage, { type: 'handshake-accept' }>;

export interface HandshakeOptions {
  readonly token: string;
  /** The session to take up again; absent for a new one. */
  readonly resumeSessionId: string | undefined;
  readonly client: string | undefined;
  readonly timeoutMs: number;
}

/**
 * Greet the executor on a fresh channel and wait for its answer. On acceptance `adopt` runs at
 * once, inside the delivery of the greeting, and `session` receives everything after it: a message
 * right behind the greeting (in the same TCP segment) must not slip past the session. Rejects with
 * {@link ExecutorRefusedError} on a refusal and closes the channel on any failure.
 */
export function shakeHands(
  channel: Channel,
  options: HandshakeOptions,
  adopt: (accept: HandshakeAccept) => void,
  session: ChannelListener,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let adopted = false;
    const fail = (error: Error): void => {
      clearTimeout(timer);
      channel.close(closeCodes.normal, 'handshake failed');
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new ExecutorConnectionError(`The executor did not answer the handshake in ${options.timeoutMs} ms.`)),
      options.timeoutMs,
    );
    const greeting = (text: string): void => {
      const decoded = decodeExecutorMessage(text);
      if (!decoded.ok) {
        return fail(new ExecutorProtocolError(`Unreadable handshake answer: ${describeIssues(decoded.issues)}`));
      }
      const answer = decoded.message;
      if (answer.type === 'handshake-reject') return fail(new ExecutorRefusedError(answer.reason, answer.message));
      if (answer.type !== 'handshake-accept') {
        return fail(new ExecutorProtocolError(`The executor greeted with ${answer.type}.`));
      }
      clearTimeout(timer);
      adopted = true;
      adopt(answer);
      resolve();
    };
    channel.listen({
      text: (text) => (adopted ? session.text(text) : greeting(text)),
      binary: (bytes) => {
        if (adopted) session.binary(bytes);
      },
      close: (code, reason) => {
        if (adopted) return session.close(code, reason);
        fail(
          new ExecutorConnectionError(
            `The executor closed the connection during the handshake (${code} ${reason}).`.trim(),
          ),
        );
      },
    });
    channel.sendText(
      encodeControllerMessage({
        type: 'handshake-request',
        protocolVersion: EXECUTOR_PROTOCOL_VERSION,
        token: options.token,
        ...(options.resumeSessionId === undefined ? {} : { resumeSessionId: options.resumeSessionId }),
        ...(options.client === undefined ? {} : { client: options.client }),
      }),
    );
  });
}
