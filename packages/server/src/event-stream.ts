import type { RunEvent, StreamMessage } from '@sandpiper/protocol';
import type { Store } from '@sandpiper/runtime';
import { WebSocket } from 'ws';

/*
 * What the server sends on `/api/runs/:id/stream` is `streamMessageSchema` in the protocol: the
 * run's events in order, each exactly once, then `caught-up` once the stored backlog is out. After
 * the `run-end` event the server closes the socket with code 1000. A client that lost the
 * connection reconnects with `?after=<last seq it saw>` and gets exactly what it missed.
 */

/** Close code and reason sent once the run has ended and its last event was delivered. */
export const RUN_ENDED_CLOSE = { code: 1000, reason: 'run ended' } as const;

/**
 * Send a run's events after `after` and then its live events to one socket.
 *
 * The subscription starts before the stored events are read, and every event is sent only when
 * its number is exactly one past the last one sent, so an event appended while the backlog is read
 * is neither lost nor sent twice. Whenever something arrives out of turn (or while the backlog is
 * still being read), the store is read again from the last sent number: the log, not the
 * notifications, decides what the client gets.
 */
export function streamRunEvents(socket: WebSocket, store: Store, runId: string, after: number): void {
  let lastSent = after;
  let reading = false;
  let readAgain = false;
  let done = false;

  const finish = (code: number, reason: string) => {
    if (done) return;
    done = true;
    unsubscribe();
    if (socket.readyState === WebSocket.OPEN) socket.close(code, reason);
  };

  const send = (message: StreamMessage) => socket.send(JSON.stringify(message));

  const deliver = (event: RunEvent) => {
    if (done || event.seq !== lastSent + 1) return;
    send({ type: 'event', event });
    lastSent = event.seq;
    if (event.payload.type === 'run-end') finish(RUN_ENDED_CLOSE.code, RUN_ENDED_CLOSE.reason);
  };

  const catchUp = async () => {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        for (const event of await store.read(runId, lastSent)) deliver(event);
      } while (readAgain && !done);
    } finally {
      reading = false;
    }
  };

  const unsubscribe = store.subscribe(runId, (event) => {
    if (done || event.seq <= lastSent) return;
    if (!reading && event.seq === lastSent + 1) deliver(event);
    else void catchUp().catch(fail);
  });

  const fail = (error: unknown) =>
    finish(1011, `could not read the run's events: ${(error as Error).message}`.slice(0, 120));

  socket.on('close', () => {
    done = true;
    unsubscribe();
  });
  // A broken connection ends in 'close' as well; without a listener, 'error' would crash the process.
  socket.on('error', () => {});
  // The stream only talks; anything the client sends is ignored.
  socket.on('message', () => {});

  catchUp()
    .then(() => {
      if (done) return;
      send({ type: 'caught-up', lastSeq: lastSent });
      // Reconnecting after the end: nothing more will come, so say so instead of leaving it open.
      const summary = store.getRun(runId);
      if (summary?.endedAt !== undefined && lastSent >= summary.eventCount) {
        finish(RUN_ENDED_CLOSE.code, RUN_ENDED_CLOSE.reason);
      }
    })
    .catch(fail);
}
