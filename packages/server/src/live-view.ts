import type { Environment, LiveFrame, LiveView } from '@sandpiper/core';
import { WebSocket } from 'ws';

/** Frame size and quality of the live view: readable text at a fraction of a PNG's bytes. */
export const LIVE_VIEW_OPTIONS = { maxWidth: 1280, quality: 60 } as const;

/**
 * The longest a viewer goes without a frame. A still page paints nothing, so the screencast sends
 * nothing; the latest frame, which is still the screen as it is, goes out again instead, so the
 * view keeps at least this pace (2.5 frames a second) and a stall is visible as a stall.
 */
export const MAX_FRAME_INTERVAL_MS = 400;

/** A socket with more than this many bytes still unsent gets no new frames until it drains. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Close code sent to live viewers when their run stops being driven. */
export const LIVE_ENDED_CLOSE = { code: 1000, reason: 'run no longer live' } as const;

/**
 * The live view of one run's environment, shared by every socket watching it: the environment
 * streams only while someone watches, and a newcomer gets the latest frame at once (a still
 * screen sends no new ones).
 */
export interface LiveChannel {
  /** Send frames to this socket until it closes or the run ends. */
  attach(socket: WebSocket): Promise<void>;
  /** Close every viewer and stop the environment's stream. */
  end(): Promise<void>;
}

export function createLiveChannel(
  environment: Pick<Environment, 'watch'>,
  onError: (message: string) => void,
): LiveChannel {
  const viewers = new Set<WebSocket>();
  let latest: LiveFrame | undefined;
  let view: Promise<LiveView | undefined> | undefined;
  let ended = false;
  let lastSentAt = 0;
  let repeater: NodeJS.Timeout | undefined;

  const broadcast = (frame: LiveFrame) => {
    latest = frame;
    lastSentAt = Date.now();
    for (const socket of viewers) send(socket, frame);
  };

  const repeatWhenStill = () => {
    repeater ??= setInterval(() => {
      if (latest && Date.now() - lastSentAt >= MAX_FRAME_INTERVAL_MS) broadcast(latest);
    }, MAX_FRAME_INTERVAL_MS / 4);
    repeater.unref();
  };

  const start = () =>
    (view ??= environment.watch
      ? environment.watch(LIVE_VIEW_OPTIONS, broadcast).catch((error: unknown) => {
          onError(`The live view could not start: ${String(error)}`);
          return undefined;
        })
      : Promise.resolve(undefined));

  const stopIfUnwatched = async () => {
    if (viewers.size > 0) return;
    clearInterval(repeater);
    repeater = undefined;
    if (view === undefined) return;
    const running = view;
    view = undefined;
    await (await running)?.stop();
  };

  return {
    async attach(socket) {
      // A viewer that sends a broken frame makes the socket emit 'error' (it then closes); with no
      // listener, that error would be thrown out of the socket and take the whole process down.
      socket.on('error', () => {});
      if (ended) {
        socket.close(LIVE_ENDED_CLOSE.code, LIVE_ENDED_CLOSE.reason);
        return;
      }
      viewers.add(socket);
      socket.on('close', () => {
        viewers.delete(socket);
        void stopIfUnwatched();
      });
      if (latest) send(socket, latest);
      repeatWhenStill();
      await start();
    },
    async end() {
      ended = true;
      for (const socket of viewers) {
        if (socket.readyState === WebSocket.OPEN) socket.close(LIVE_ENDED_CLOSE.code, LIVE_ENDED_CLOSE.reason);
      }
      viewers.clear();
      await stopIfUnwatched();
    },
  };
}

/** One binary message per frame; a viewer that cannot keep up skips frames instead of queueing them. */
function send(socket: WebSocket, frame: LiveFrame): void {
  if (socket.readyState !== WebSocket.OPEN || socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
  socket.send(frame.jpeg, { binary: true });
}
