import { createHash, timingSafeEqual } from 'node:crypto';
import type { Environment } from '@sandpiper/core';
import { EXECUTOR_PROTOCOL_VERSION, UsageError, type HandshakeRefusal } from '@sandpiper/protocol';
import { closeCodes, type Channel } from './channel.js';
import { errorReply } from './dispatch.js';
import { ExecutorSession, HostPeer } from './executor-session.js';
import { decodeControllerMessage, describeIssues } from './wire.js';

/** Shortest token an executor accepts; `generateExecutorToken` makes 43-character ones. */
export const MIN_TOKEN_LENGTH = 16;

export interface ExecutorHostOptions {
  /** The token a controller must present in its handshake. */
  readonly token: string;
  /** Close the environment when the session ends; the in-process executor owns its environment, a served one does not. */
  readonly ownsEnvironment: boolean;
  /** How long a session whose connection dropped waits for its controller to resume, in milliseconds. */
  readonly resumeWindowMs: number;
  /** How long a new connection has to send its handshake, in milliseconds. */
  readonly handshakeTimeoutMs: number;
  readonly log: (message: string) => void;
}

/**
 * The executor's side of the protocol, whatever the transport: it takes channels, checks each
 * handshake (version, then token in constant time, then whether the one session is free) and hands
 * the session's messages to it. One controller at a time: a second one is refused as `busy` while
 * the session is connected or waiting to be resumed.
 */
export class ExecutorHost {
  private session: ExecutorSession | undefined;
  private readonly expectedToken: Buffer;
  private readonly peers = new Set<HostPeer>();
  private closing: Promise<void> | undefined;
  /** Set once an owned environment is closed: nobody can be served any more. */
  private finished = false;

  constructor(
    private readonly environment: Environment,
    private readonly options: ExecutorHostOptions,
  ) {
    if (options.token.length < MIN_TOKEN_LENGTH) {
      throw new UsageError(`The executor token must have at least ${MIN_TOKEN_LENGTH} characters.`);
    }
    this.expectedToken = digest(options.token);
  }

  /** Serve one new channel: it must open with a `handshake-request`. */
  accept(channel: Channel): void {
    const peer = new HostPeer(channel, this.options.log);
    this.peers.add(peer);
    let session: ExecutorSession | undefined;
    const timer = setTimeout(
      () => channel.close(closeCodes.handshakeTimeout, 'no handshake in time'),
      this.options.handshakeTimeoutMs,
    );
    channel.listen({
      text: (text) => {
        if (session !== undefined) return session.receive(peer, text);
        clearTimeout(timer);
        session = this.handshake(peer, text);
      },
      binary: () => {
        const problem = new UsageError('A controller sends no binary frames; every request is a JSON text frame.');
        peer.send(errorReply(null, problem), null);
      },
      close: () => {
        clearTimeout(timer);
        this.peers.delete(peer);
        session?.detach(peer);
      },
    });
  }

  /** Stop serving: end the session (closing an owned environment), refuse new handshakes, close every channel. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const session = this.session;
      if (session !== undefined) await this.endSession(session, 'the executor is shutting down');
      for (const peer of this.peers) peer.channel.close(closeCodes.sessionEnded, 'the executor is shutting down');
      this.peers.clear();
    })();
    return this.closing;
  }

  private handshake(peer: HostPeer, text: string): ExecutorSession | undefined {
    const refuse = (reason: HandshakeRefusal, message: string): undefined => {
      this.options.log(`executor: refused a controller (${reason})`);
      peer.send(
        { message: { type: 'handshake-reject', reason, message, protocolVersion: EXECUTOR_PROTOCOL_VERSION } },
        null,
      );
      peer.channel.close(closeCodes.refused, reason);
      return undefined;
    };
    if (this.closing !== undefined || this.finished) return refuse('closing', 'The executor is shutting down.');
    // Read the version before the rest: another version may shape its handshake differently.
    const version = versionOf(text);
    if (version !== undefined && version !== EXECUTOR_PROTOCOL_VERSION) {
      return refuse(
        'version',
        `This executor speaks protocol version ${EXECUTOR_PROTOCOL_VERSION} and the controller ${version}; ` +
          'run the same Sandpiper release on both sides.',
      );
    }
    const decoded = decodeControllerMessage(text);
    if (!decoded.ok || decoded.message.type !== 'handshake-request') {
      const detail = decoded.ok ? `got ${decoded.message.type}` : describeIssues(decoded.issues);
      return refuse('malformed', `The first message must be a handshake-request (${detail}).`.slice(0, 1000));
    }
    const request = decoded.message;
    if (!timingSafeEqual(digest(request.token), this.expectedToken)) {
      return refuse('token', 'The executor token is wrong.');
    }
    const current = this.session;
    if (current !== undefined && request.resumeSessionId === current.id) {
      current.attach(peer, true);
      return current;
    }
    if (current !== undefined) {
      return refuse(
        'busy',
        'Another controller holds this executor (connected, or within its resume window); try again once it is done.',
      );
    }
    const session = new ExecutorSession(this.environment, {
      resumeWindowMs: this.options.resumeWindowMs,
      log: this.options.log,
      onExpired: (expired) => void this.endSession(expired, 'the controller did not come back in time'),
      onCloseRequested: (closed) => void this.endSession(closed, 'closed by the controller'),
    });
    this.session = session;
    this.options.log(`executor: controller ${JSON.stringify(request.client ?? 'unnamed')} connected`);
    session.attach(peer, false);
    return session;
  }

  private async endSession(session: ExecutorSession, reason: string): Promise<void> {
    if (this.session === session) this.session = undefined;
    await session.end(reason, async () => {
      if (!this.options.ownsEnvironment) return;
      this.finished = true;
      await this.environment.close().catch((error: unknown) => {
        this.options.log(`executor: closing the environment failed: ${String(error)}`);
      });
    });
  }
}

function versionOf(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null
      ? (value as { protocolVersion?: unknown }).protocolVersion
      : undefined;
  } catch {
    return undefined;
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
