import type { WebSocket } from 'ws';

/** What a channel delivers to its listener, in the order the peer sent it. */
export interface ChannelListener {
  text(text: string): void;
  binary(bytes: Uint8Array): void;
  /** The channel is closed, by either side or by the network; nothing is delivered after it. */
  close(code: number, reason: string): void;
}

/**
 * One ordered, message-framed connection between a controller and an executor: a WebSocket or an
 * in-memory pair. Everything above it (handshake, dispatch, validation) is shared by both.
 */
export interface Channel {
  sendText(text: string): void;
  sendBinary(bytes: Uint8Array): void;
  /** Bytes handed to the channel but not yet to the network; a sender of live frames drops frames above a limit. */
  readonly bufferedBytes: number;
  /**
   * Set the one listener. Messages that arrive before it are kept and delivered to it; setting
   * another one later replaces it (a client switches from its handshake to its session).
   */
  listen(listener: ChannelListener): void;
  /** Close both directions; `code` and `reason` follow WebSocket close frames (reason ≤ 123 bytes). */
  close(code: number, reason: string): void;
}

/** Close codes of the executor protocol, in the range WebSocket leaves to applications. */
export const closeCodes = {
  normal: 1000,
  /** The handshake was refused; the `handshake-reject` message says why. */
  refused: 4001,
  /** The session ended for good (`session-end`); a controller must not reconnect. */
  sessionEnded: 4002,
  /** A resuming connection of the same session took this one's place. */
  replaced: 4003,
  /** No handshake arrived in time. */
  handshakeTimeout: 4004,
} as const;

type Delivery =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'binary'; readonly bytes: Uint8Array }
  | { readonly type: 'close'; readonly code: number; readonly reason: string };

/** Holds deliveries until a listener is set, then hands each over. */
class Inbox {
  private listener: ChannelListener | undefined;
  private readonly queue: Delivery[] = [];
  private ended = false;

  listen(listener: ChannelListener): void {
    this.listener = listener;
    while (this.queue.length > 0) this.deliver(this.queue.shift()!);
  }

  push(delivery: Delivery): void {
    if (this.ended) return;
    if (this.listener === undefined) this.queue.push(delivery);
    else this.deliver(delivery);
  }

  private deliver(delivery: Delivery): void {
    const listener = this.listener!;
    if (delivery.type === 'text') listener.text(delivery.text);
    else if (delivery.type === 'binary') listener.binary(delivery.bytes);
    else {
      this.ended = true;
      listener.close(delivery.code, delivery.reason);
    }
  }
}

/**
 * Two channels joined back to back in memory, for the in-process executor. Delivery is on a later
 * turn of the event loop (as Playwright's in-process connection does), so neither side runs inside
 * the other's send, and binary payloads are copied, as a socket would.
 */
export function createMemoryChannelPair(): [Channel, Channel] {
  const inboxes = [new Inbox(), new Inbox()] as const;
  let closed = false;
  const side = (self: 0 | 1): Channel => {
    const peer = inboxes[self === 0 ? 1 : 0];
    return {
      sendText(text) {
        if (!closed) setImmediate(() => peer.push({ type: 'text', text }));
      },
      sendBinary(bytes) {
        if (!closed) {
          const copy = bytes.slice();
          setImmediate(() => peer.push({ type: 'binary', bytes: copy }));
        }
      },
      bufferedBytes: 0,
      listen: (listener) => inboxes[self].listen(listener),
      close(code, reason) {
        if (closed) return;
        closed = true;
        setImmediate(() => {
          inboxes[0].push({ type: 'close', code, reason });
          inboxes[1].push({ type: 'close', code, reason });
        });
      },
    };
  };
  return [side(0), side(1)];
}

/** A `ws` WebSocket as a {@link Channel}. Listeners are attached at once, so no early message is lost. */
export function createWebSocketChannel(socket: WebSocket): Channel {
  const inbox = new Inbox();
  socket.on('message', (data, isBinary) => {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (isBinary)
      inbox.push({ type: 'binary', bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length) });
    else inbox.push({ type: 'text', text: buffer.toString('utf8') });
  });
  socket.on('close', (code, reason) => inbox.push({ type: 'close', code, reason: reason.toString('utf8') }));
  // An 'error' is always followed by 'close'; without a listener it would crash the process.
  socket.on('error', () => undefined);
  const open = (): boolean => socket.readyState === socket.OPEN;
  return {
    sendText(text) {
      if (open()) socket.send(text);
    },
    sendBinary(bytes) {
      if (open()) socket.send(bytes, { binary: true });
    },
    get bufferedBytes() {
      return socket.bufferedAmount;
    },
    listen: (listener) => inbox.listen(listener),
    close(code, reason) {
      if (socket.readyState === socket.CLOSED || socket.readyState === socket.CLOSING) return;
      // A close reason may hold at most 123 bytes of UTF-8.
      socket.close(code, Buffer.from(reason, 'utf8').subarray(0, 120).toString('utf8'));
    },
  };
}
