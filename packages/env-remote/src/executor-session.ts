import { randomBytes } from 'node:crypto';
import { CancelledError, type Environment, type Handle, type LiveFrame, type LiveView } from '@sandpiper/core';
import {
  ContractError,
  EXECUTOR_PROTOCOL_VERSION,
  UsageError,
  type ControllerMessage,
  type ExecutorRequest,
} from '@sandpiper/protocol';
import { closeCodes, type Channel } from './channel.js';
import { dispatchRequest, errorMessage, errorReply, type Reply } from './dispatch.js';
import { BlobCounter, decodeControllerMessage, encodeBlobFrame, encodeExecutorMessage } from './wire.js';

/** Live frames are dropped while more than this many bytes wait to go out: a slow viewer must not hold memory. */
const MAX_BUFFERED_FRAME_BYTES = 4 * 1024 * 1024;

/** One open channel on the executor's side, with the blob numbering of what it sends. */
export class HostPeer {
  private readonly blobIds = new BlobCounter();
  constructor(
    readonly channel: Channel,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * Send an answer, checked against the protocol first. An answer the contract cannot carry (the
   * environment handed over a field out of bounds) goes out as a `request-error` naming the field,
   * so the controller learns of it instead of waiting.
   */
  send(reply: Reply, id: number | null): void {
    try {
      if ('blob' in reply) {
        const blobId = this.blobIds.take();
        const text = encodeExecutorMessage(reply.message({ blobId, byteLength: reply.blob.byteLength }));
        this.channel.sendBinary(encodeBlobFrame(blobId, reply.blob));
        this.channel.sendText(text);
      } else {
        this.channel.sendText(encodeExecutorMessage(reply.message));
      }
    } catch (error: unknown) {
      this.log(`executor: an answer did not fit the protocol: ${String(error)}`);
      if (id !== null) this.channel.sendText(encodeExecutorMessage(errorMessage(id, error)));
    }
  }
}

export interface SessionOptions {
  readonly resumeWindowMs: number;
  readonly log: (message: string) => void;
  /** The resume window passed without a new connection. */
  readonly onExpired: (session: ExecutorSession) => void;
  /** The controller sent `session-close`. */
  readonly onCloseRequested: (session: ExecutorSession) => void;
}

/**
 * One controller's session: the requests it has in flight and the live views it started. It
 * outlives a dropped connection for the resume window; requests in flight when the connection
 * drops are aborted (nobody is left to hear their answers), live views keep running and their
 * frames are dropped until the controller is back.
 */
export class ExecutorSession {
  readonly id = randomBytes(18).toString('base64url');
  private peer: HostPeer | undefined;
  private readonly inFlight = new Map<number, AbortController>();
  private readonly watches = new Map<number, Promise<LiveView | undefined>>();
  private resumeTimer: NodeJS.Timeout | undefined;
  private lastInfo = '';
  private ended = false;

  constructor(
    private readonly environment: Environment,
    private readonly options: SessionOptions,
  ) {}

  /** Whether `peer` is the connection this session talks to now. */
  isAttached(peer: HostPeer): boolean {
    return this.peer === peer;
  }

  /** Take `peer` on as this session's connection (a new session, or a resume) and greet it. */
  attach(peer: HostPeer, resumed: boolean): void {
    const previous = this.peer;
    if (previous !== undefined && previous !== peer) {
      // The controller came back before this side noticed its old connection was gone.
      this.dropInFlight('the controller reconnected');
      previous.channel.close(closeCodes.replaced, 'replaced by a resumed connection');
    }
    clearTimeout(this.resumeTimer);
    this.peer = peer;
    const info = this.environment.info;
    this.lastInfo = JSON.stringify(info);
    peer.send(
      {
        message: {
          type: 'handshake-accept',
          protocolVersion: EXECUTOR_PROTOCOL_VERSION,
          sessionId: this.id,
          resumed,
          resumeWindowMs: this.options.resumeWindowMs,
          info,
          capabilities: { watch: this.environment.watch !== undefined, shell: this.environment.shell !== undefined },
        },
      },
      null,
    );
  }

  /** `peer`'s channel closed: abort what it asked for and wait for the controller to resume. */
  detach(peer: HostPeer): void {
    if (this.peer !== peer || this.ended) return;
    this.peer = undefined;
    this.dropInFlight('the connection to the controller dropped');
    this.resumeTimer = setTimeout(() => this.options.onExpired(this), this.options.resumeWindowMs);
  }

  /** One text frame from `peer`, after the handshake. */
  receive(peer: HostPeer, text: string): void {
    if (this.peer !== peer) return;
    const decoded = decodeControllerMessage(text);
    if (!decoded.ok) {
      peer.send(errorReply(decoded.id, new ContractError('message to the executor', decoded.issues)), decoded.id);
      return;
    }
    this.handle(peer, decoded.message);
  }

  private handle(peer: HostPeer, message: ControllerMessage): void {
    switch (message.type) {
      case 'handshake-request':
        peer.send(errorReply(null, new UsageError('This connection has already completed its handshake.')), null);
        return;
      case 'request-cancel':
        this.inFlight.get(message.id)?.abort(new CancelledError(message.reason || 'cancelled by the controller'));
        return;
      case 'session-close':
        this.options.onCloseRequested(this);
        return;
      default:
        void this.run(peer, message);
    }
  }

  private async run(peer: HostPeer, request: ExecutorRequest): Promise<void> {
    if (this.inFlight.has(request.id)) {
      peer.send(errorReply(request.id, new UsageError(`Request ${request.id} is already in flight.`)), request.id);
      return;
    }
    const abort = new AbortController();
    const { timeoutMs } = request;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => abort.abort(new CancelledError(`the request's ${timeoutMs} ms ran out`)), timeoutMs);
    const handle: Handle = {
      signal: abort.signal,
      deadline: timeoutMs === undefined ? undefined : Date.now() + timeoutMs,
      log: this.options.log,
    };
    this.inFlight.set(request.id, abort);
    let reply: Reply;
    try {
      reply =
        request.type === 'watch-start' || request.type === 'watch-stop'
          ? await this.watch(request)
          : await dispatchRequest(this.environment, handle, request);
    } catch (error: unknown) {
      reply = errorReply(request.id, error);
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(request.id);
    }
    // A request aborted by a dropped connection has nobody to answer; the controller retries or gives up.
    if (this.peer !== peer) return;
    if (request.type === 'observe-request' || request.type === 'act-request') this.announceInfoChange(peer);
    peer.send(reply, request.id);
  }

  private async watch(request: Extract<ExecutorRequest, { type: 'watch-start' | 'watch-stop' }>): Promise<Reply> {
    const { id, watchId } = request;
    if (request.type === 'watch-stop') {
      const view = this.watches.get(watchId);
      this.watches.delete(watchId);
      await (await view)?.stop();
      return { message: { type: 'watch-result', id, watchId, watching: false } };
    }
    if (!this.watches.has(watchId)) {
      const { watch } = this.environment;
      if (watch === undefined) throw new UsageError('This environment cannot stream its screen.');
      const options = { maxWidth: request.maxWidth, quality: request.quality };
      const started = watch.call(this.environment, options, (frame) => this.sendFrame(watchId, frame));
      this.watches.set(
        watchId,
        started.catch(() => undefined),
      );
      try {
        await started;
      } catch (error: unknown) {
        this.watches.delete(watchId);
        throw error;
      }
    }
    return { message: { type: 'watch-result', id, watchId, watching: true } };
  }

  private sendFrame(watchId: number, frame: LiveFrame): void {
    const peer = this.peer;
    if (peer === undefined || this.ended || peer.channel.bufferedBytes > MAX_BUFFERED_FRAME_BYTES) return;
    try {
      const reply: Reply = {
        blob: frame.jpeg,
        message: (slot) => ({
          type: 'watch-frame',
          watchId,
          image: { ...slot, mimeType: 'image/jpeg' },
          screen: { width: frame.screen.width, height: frame.screen.height },
          at: Math.round(frame.at),
        }),
      };
      // Checked here rather than in `send`: a frame that does not fit ends its live view, said so.
      encodeExecutorMessage(reply.message({ blobId: 0, byteLength: frame.jpeg.byteLength }));
      peer.send(reply, null);
    } catch (error: unknown) {
      void this.endWatch(watchId, `a frame did not fit the protocol (${String(error)})`);
    }
  }

  private async endWatch(watchId: number, reason: string): Promise<void> {
    const view = this.watches.get(watchId);
    if (view === undefined) return;
    this.watches.delete(watchId);
    this.peer?.send({ message: { type: 'watch-end', watchId, reason: reason.slice(0, 1000) } }, null);
    await (await view)?.stop();
  }

  /** Answers after an action carry the environment's new self-description when it changed (a resized viewport). */
  private announceInfoChange(peer: HostPeer): void {
    const info = this.environment.info;
    const text = JSON.stringify(info);
    if (text === this.lastInfo) return;
    this.lastInfo = text;
    peer.send({ message: { type: 'info-update', info } }, null);
  }

  private dropInFlight(reason: string): void {
    for (const abort of this.inFlight.values()) abort.abort(new CancelledError(reason));
    this.inFlight.clear();
  }

  /**
   * End the session for good: abort its requests, stop its live views, run `release` (the
   * in-process executor closes its environment there), then say goodbye and close the channel,
   * so a controller that waits for the close knows everything is released.
   */
  async end(reason: string, release: () => Promise<void> = async () => {}): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.resumeTimer);
    this.dropInFlight(reason);
    const views = [...this.watches.values()];
    this.watches.clear();
    await Promise.all(views.map(async (view) => (await view)?.stop().catch(() => undefined)));
    try {
      await release();
    } finally {
      const peer = this.peer;
      this.peer = undefined;
      peer?.send({ message: { type: 'session-end', reason: reason.slice(0, 1000) } }, null);
      peer?.channel.close(closeCodes.sessionEnded, reason);
    }
  }
}
