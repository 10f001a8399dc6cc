import { CancelledError, createHandle, throwIfCancelled, type Handle, type LiveFrame } from '@sandpiper/core';
import {
  executorLimits,
  type ControllerMessageInput,
  type EnvironmentInfo,
  type ExecutorMessage,
  type ExecutorReply,
} from '@sandpiper/protocol';
import { closeCodes, type Channel } from './channel.js';
import { shakeHands, type HandshakeAccept } from './controller-handshake.js';
import {
  ExecutorConnectionError,
  ExecutorProtocolError,
  ExecutorRefusedError,
  OutcomeUnknownError,
  RemoteEnvironmentError,
} from './errors.js';
import { idempotent, replyTypes, type Received, type RequestBody, type RequestType } from './request-kinds.js';
import { BlobInbox, decodeExecutorMessage, describeIssues, encodeControllerMessage } from './wire.js';

/** How a controller tries again after its connection drops. */
export interface ReconnectPolicy {
  /** Attempts before giving up; 0 turns reconnecting off. */
  readonly attempts: number;
  /** Wait before the first attempt, in milliseconds; each further wait doubles, up to `maxDelayMs`. */
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
}

export interface ExecutorConnectionOptions {
  /** Open a fresh channel to the executor (a WebSocket, or one end of an in-memory pair). */
  readonly open: () => Promise<Channel>;
  readonly token: string;
  readonly reconnect: ReconnectPolicy;
  /** Longest wait for the executor's handshake answer, in milliseconds. */
  readonly handshakeTimeoutMs: number;
  /** A name for this controller in the executor's log. */
  readonly client?: string;
  readonly log: (message: string) => void;
}

/** Where the connection stands: usable, trying to get back, given up, or closed by its owner. */
export type ConnectionState = 'connected' | 'reconnecting' | 'lost' | 'closed';

interface Pending {
  readonly type: RequestType;
  readonly text: string;
  /** Whether it went out on the current channel; unsent requests go out once a channel is up. */
  sent: boolean;
  settle(outcome: { readonly reply: ExecutorMessage; readonly blob?: Uint8Array } | { readonly error: unknown }): void;
}

interface Watch {
  readonly maxWidth: number;
  readonly quality: number;
  readonly onFrame: (frame: LiveFrame) => void;
}

/** Live-view requests carry no caller's handle; this bounds how long they may take. */
const WATCH_REQUEST_TIMEOUT_MS = 30_000;
/** How long `close` waits for the executor to release everything before it drops the channel. */
const CLOSE_TIMEOUT_MS = 30_000;

/**
 * The controller's side of the protocol: one channel at a time, the requests in flight on it, and
 * the live views it runs. When the channel drops it reconnects and resumes the session; requests
 * in flight are sent again only when idempotent (`info`, `observe`, live views), while an `act` or
 * `shell` in flight fails with {@link OutcomeUnknownError} instead of being repeated.
 */
export class ExecutorConnection {
  private channel: Channel | undefined;
  private connectionState: ConnectionState = 'reconnecting';
  private failure: Error | undefined;
  private sessionId: string | undefined;
  private accepted: HandshakeAccept | undefined;
  private currentInfo: EnvironmentInfo | undefined;
  private nextId = 1;
  private nextWatchId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly watches = new Map<number, Watch>();
  private readonly blobs = new BlobInbox();
  private closing: Promise<void> | undefined;
  private onClosed: (() => void) | undefined;

  private constructor(private readonly options: ExecutorConnectionOptions) {}

  /** Connect and complete the handshake; throws {@link ExecutorRefusedError} or {@link ExecutorConnectionError}. */
  static async open(options: ExecutorConnectionOptions): Promise<ExecutorConnection> {
    const connection = new ExecutorConnection(options);
    await connection.connectOnce();
    return connection;
  }

  get state(): ConnectionState {
    return this.connectionState;
  }

  /** The environment's self-description, as of the handshake or its latest `info-update`. */
  get info(): EnvironmentInfo {
    return this.currentInfo!;
  }

  get capabilities(): HandshakeAccept['capabilities'] {
    return this.accepted!.capabilities;
  }

  /**
   * Send one request and wait for its answer. The handle's abort sends `request-cancel` and rejects
   * with core's `CancelledError` at once; its deadline becomes the request's `timeoutMs` and, when it
   * passes first, does the same.
   */
  async request<T extends RequestType>(
    handle: Handle,
    body: RequestBody<T> & { readonly type: T },
  ): Promise<Received<T>> {
    this.assertUsable();
    throwIfCancelled(handle);
    const now = Date.now();
    if (handle.deadline !== undefined && handle.deadline <= now) {
      throw new CancelledError('the deadline passed before the request was sent');
    }
    const id = this.nextId++;
    const timeoutMs =
      handle.deadline === undefined
        ? undefined
        : Math.min(executorLimits.maxTimeoutMs, Math.max(1, Math.ceil(handle.deadline - now)));
    const text = encodeControllerMessage({
      ...body,
      id,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    } as ControllerMessageInput);
    const type = body.type;
    return new Promise<Received<T>>((resolve, reject) => {
      const pending: Pending = {
        type,
        text,
        sent: false,
        settle: (outcome) => {
          handle.signal.removeEventListener('abort', onAbort);
          clearTimeout(timer);
          this.pending.delete(id);
          if ('error' in outcome) return reject(outcome.error);
          if (outcome.reply.type !== replyTypes[type]) {
            return reject(new ExecutorProtocolError(`The executor answered ${type} ${id} with ${outcome.reply.type}.`));
          }
          resolve(outcome as Received<T>);
        },
      };
      const stop = (reason: string): void => {
        if (pending.sent) this.send({ type: 'request-cancel', id, reason: reason.slice(0, 500) });
        pending.settle({ error: new CancelledError(reason) });
      };
      const onAbort = (): void => stop(describeReason(handle.signal.reason));
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => stop(`the deadline passed after ${timeoutMs} ms`), timeoutMs);
      handle.signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, pending);
      if (this.connectionState === 'connected') this.transmit(pending);
    });
  }

  /** Start a live view; frames go to `onFrame` until the returned `stop` resolves. */
  async watch(options: { maxWidth: number; quality: number }, onFrame: (frame: LiveFrame) => void) {
    const watchId = this.nextWatchId++;
    const watch: Watch = { maxWidth: Math.round(options.maxWidth), quality: Math.round(options.quality), onFrame };
    this.watches.set(watchId, watch);
    try {
      await this.request(watchHandle(), {
        type: 'watch-start',
        watchId,
        maxWidth: watch.maxWidth,
        quality: watch.quality,
      });
    } catch (error: unknown) {
      this.watches.delete(watchId);
      throw error;
    }
    return {
      stop: async (): Promise<void> => {
        if (!this.watches.delete(watchId) || this.connectionState === 'lost' || this.connectionState === 'closed')
          return;
        await this.request(watchHandle(), { type: 'watch-stop', watchId }).catch((error: unknown) => {
          this.options.log(`executor: stopping live view ${watchId} failed: ${String(error)}`);
        });
      },
    };
  }

  /** End the session: the executor stops its live views and releases what it holds; later calls fail. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const channel = this.channel;
      const wasUsable = this.connectionState === 'connected';
      this.connectionState = 'closed';
      this.failAll(new ExecutorConnectionError('The remote environment was closed.'));
      this.watches.clear();
      if (channel === undefined || !wasUsable) return channel?.close(closeCodes.normal, 'closed by the controller');
      const closed = new Promise<void>((resolve) => (this.onClosed = resolve));
      channel.sendText(encodeControllerMessage({ type: 'session-close' }));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)))]);
      clearTimeout(timer);
      channel.close(closeCodes.normal, 'closed by the controller');
    })();
    return this.closing;
  }

  private assertUsable(): void {
    if (this.connectionState === 'closed') throw new ExecutorConnectionError('The remote environment was closed.');
    if (this.connectionState === 'lost') throw this.failure!;
  }

  private send(message: ControllerMessageInput): void {
    this.channel?.sendText(encodeControllerMessage(message));
  }

  private transmit(pending: Pending): void {
    pending.sent = true;
    this.channel!.sendText(pending.text);
  }

  /** Open a channel and shake hands, resuming the session when there is one. */
  private async connectOnce(): Promise<void> {
    let channel: Channel;
    try {
      channel = await this.options.open();
    } catch (error: unknown) {
      throw ExecutorConnectionError.isInstance(error)
        ? error
        : new ExecutorConnectionError(`Could not reach the executor: ${describeReason(error)}`, { cause: error });
    }
    await shakeHands(
      channel,
      {
        token: this.options.token,
        resumeSessionId: this.sessionId,
        client: this.options.client,
        timeoutMs: this.options.handshakeTimeoutMs,
      },
      (accept) => this.adopt(channel, accept),
      {
        text: (text) => this.onText(channel, text),
        binary: (bytes) => this.onBinary(channel, bytes),
        close: (code, reason) => this.onClose(channel, code, reason),
      },
    );
  }

  private adopt(channel: Channel, accept: HandshakeAccept): void {
    if (this.connectionState === 'closed' || this.connectionState === 'lost') {
      channel.close(closeCodes.normal, 'closed by the controller');
      return;
    }
    this.channel = channel;
    this.accepted = accept;
    this.sessionId = accept.sessionId;
    this.currentInfo = accept.info;
    this.connectionState = 'connected';
    if (!accept.resumed) {
      // A new session has none of the old live views; start them again under the same ids.
      for (const [watchId, watch] of this.watches) {
        this.request(watchHandle(), {
          type: 'watch-start',
          watchId,
          maxWidth: watch.maxWidth,
          quality: watch.quality,
        }).catch((error: unknown) =>
          this.options.log(`executor: live view ${watchId} could not be restarted: ${String(error)}`),
        );
      }
    }
    for (const pending of [...this.pending.values()]) if (!pending.sent) this.transmit(pending);
  }

  private onText(channel: Channel, text: string): void {
    if (channel !== this.channel) return;
    const decoded = decodeExecutorMessage(text);
    if (!decoded.ok) {
      const error = new ExecutorProtocolError(
        `The executor sent a message that does not fit the protocol: ${describeIssues(decoded.issues)}`,
      );
      const pending = decoded.id === null ? undefined : this.pending.get(decoded.id);
      if (pending !== undefined) pending.settle({ error });
      else this.options.log(`executor: ${error.message}`);
      return;
    }
    const message = decoded.message;
    switch (message.type) {
      case 'info-update':
        this.currentInfo = message.info;
        return;
      case 'watch-frame': {
        const watch = this.watches.get(message.watchId);
        const jpeg = this.blobs.take(message.image);
        if (watch === undefined || typeof jpeg === 'string') return;
        try {
          watch.onFrame({ jpeg, screen: message.screen, at: message.at });
        } catch (error: unknown) {
          this.options.log(`executor: a live-view listener threw: ${String(error)}`);
        }
        return;
      }
      case 'watch-end':
        this.watches.delete(message.watchId);
        this.options.log(`executor: live view ${message.watchId} ended: ${message.reason}`);
        return;
      case 'session-end':
        this.lose(new ExecutorConnectionError(`The executor ended the session: ${message.reason}`));
        return;
      case 'handshake-accept':
      case 'handshake-reject':
        this.options.log(`executor: unexpected ${message.type} after the handshake`);
        return;
      default:
        this.settleReply(message);
    }
  }

  private settleReply(message: ExecutorReply): void {
    // An answer nobody waits for any more (cancelled, timed out) is dropped.
    const pending = message.id === null ? undefined : this.pending.get(message.id);
    if (pending === undefined) {
      if (message.type === 'request-error') this.options.log(`executor: ${message.error.message}`);
      return;
    }
    if (message.type === 'request-error') {
      const { error } = message;
      pending.settle({
        error: error.kind === 'cancelled' ? new CancelledError(error.message) : new RemoteEnvironmentError(error),
      });
      return;
    }
    if (message.type === 'info-result') this.currentInfo = message.info;
    if (message.type !== 'observe-result') return pending.settle({ reply: message });
    const png = this.blobs.take(message.screenshot);
    if (typeof png === 'string')
      pending.settle({ error: new ExecutorProtocolError(`The screenshot is missing: ${png}.`) });
    else pending.settle({ reply: message, blob: png });
  }

  private onBinary(channel: Channel, bytes: Uint8Array): void {
    if (channel !== this.channel) return;
    const refused = this.blobs.put(bytes);
    if (refused !== undefined) this.options.log(`executor: dropped ${refused}`);
  }

  private onClose(channel: Channel, code: number, reason: string): void {
    if (channel !== this.channel) return;
    this.channel = undefined;
    this.blobs.clear();
    if (this.connectionState === 'closed') return this.onClosed?.();
    if (this.connectionState === 'lost') return;
    const cause = `closed with ${code}${reason ? ` (${reason})` : ''}`;
    if (code === closeCodes.sessionEnded || code === closeCodes.refused) {
      return this.lose(new ExecutorConnectionError(`The executor ended the session: ${cause}.`));
    }
    void this.reconnect(cause);
  }

  private async reconnect(cause: string): Promise<void> {
    this.connectionState = 'reconnecting';
    this.options.log(`executor: connection lost (${cause}); reconnecting`);
    for (const pending of [...this.pending.values()]) {
      if (!pending.sent) continue;
      if (idempotent[pending.type]) pending.sent = false;
      else pending.settle({ error: new OutcomeUnknownError(pending.type === 'act-request' ? 'act' : 'shell', cause) });
    }
    const policy = this.options.reconnect;
    let delay = policy.initialDelayMs;
    let lastError: unknown = new Error(cause);
    for (let attempt = 1; attempt <= policy.attempts; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(policy.maxDelayMs, delay * 2);
      if (this.connectionState !== 'reconnecting') return;
      try {
        await this.connectOnce();
        this.options.log(`executor: reconnected after ${attempt} attempt(s)`);
        return;
      } catch (error: unknown) {
        if (ExecutorRefusedError.isInstance(error)) return this.lose(error);
        lastError = error;
      }
    }
    this.lose(
      new ExecutorConnectionError(
        `The connection to the executor dropped (${cause}) and ${policy.attempts} attempts to reconnect failed; ` +
          `the last: ${describeReason(lastError)}`,
        { cause: lastError },
      ),
    );
  }

  private lose(error: Error): void {
    if (this.connectionState === 'closed' || this.connectionState === 'lost') return;
    this.connectionState = 'lost';
    this.failure = error;
    this.options.log(`executor: ${error.message}`);
    this.failAll(error);
    this.watches.clear();
    this.channel?.close(closeCodes.normal, 'connection lost');
    this.channel = undefined;
  }

  private failAll(error: Error): void {
    for (const pending of [...this.pending.values()]) pending.settle({ error });
  }
}

function watchHandle(): Handle {
  return createHandle({ deadline: Date.now() + WATCH_REQUEST_TIMEOUT_MS });
}

function describeReason(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  return reason === undefined ? 'cancelled' : String(reason);
}
