import { emptyRunState, type RunState } from '@sandpiper/core/projection';
import { streamMessageSchema, type RunEvent } from '@sandpiper/protocol';
import { z } from 'zod';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import { emptyFold, foldEvents } from '../lib/event-fold.js';

/** `open`: connected and receiving; `ended`: the run ended and every event arrived. */
export type StreamStatus = 'connecting' | 'open' | 'reconnecting' | 'ended' | 'failed';

export interface RunStream {
  /** Every event received so far, in sequence order without gaps. */
  readonly events: readonly RunEvent[];
  /** The run's state folded from `events` with the same projection the server uses. */
  readonly state: RunState;
  readonly status: StreamStatus;
  /** The stored backlog has arrived; later events are live. */
  readonly caughtUp: boolean;
  /** Why the stream is not working, for the person; absent when it is. */
  readonly problem?: string;
}

const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000];

/**
 * Follow a run's events over the stream WebSocket and fold them into its state. A lost
 * connection is reopened from the last sequence number received, so no event is missed or
 * applied twice; when the socket cannot open, the events are fetched over HTTP instead and any
 * refusal (unknown run, wrong token) is reported.
 */
export function useRunStream(api: ApiClient, runId: string): RunStream {
  const [stream, setStream] = useState<RunStream>(() => initial(runId));

  useEffect(() => {
    let disposed = false;
    let socket: WebSocket | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let fold = emptyFold(runId);
    let status: StreamStatus = 'connecting';
    let caughtUp = false;
    let problem: string | undefined;
    const inbox: unknown[] = [];

    setStream(initial(runId));

    const publish = () => {
      if (disposed) return;
      const problemNow = problem ?? fold.problem;
      setStream({
        events: fold.events,
        state: fold.state,
        status,
        caughtUp,
        ...(problemNow ? { problem: problemNow } : {}),
      });
    };

    // Events are applied in batches so a long backlog renders once, not once per event.
    const flush = () => {
      flushTimer = undefined;
      fold = foldEvents(fold, inbox.splice(0));
      publish();
    };

    const receive = (raw: unknown) => {
      inbox.push(raw);
      flushTimer ??= setTimeout(flush, 16);
    };

    const connect = () => {
      if (disposed) return;
      let opened = false;
      socket = new WebSocket(api.streamUrl(runId, fold.state.lastSeq));
      socket.onopen = () => {
        opened = true;
        failures = 0;
        status = 'open';
        problem = undefined;
        publish();
      };
      socket.onmessage = (message) => {
        const parsed = readStreamMessage(message.data);
        if (parsed.type === 'event') receive(parsed.event);
        else if (parsed.type === 'caught-up') {
          caughtUp = true;
          flushTimer ??= setTimeout(flush, 16);
        } else {
          problem = parsed.problem;
          publish();
        }
      };
      socket.onclose = (close) => {
        socket = undefined;
        if (disposed) return;
        if (close.code === 1000 && close.reason === 'run ended') {
          // The server closes right after `run-end`, without a caught-up marker: everything has arrived.
          status = 'ended';
          caughtUp = true;
          flushTimer ??= setTimeout(flush, 16);
          return;
        }
        void recover(opened);
      };
    };

    const recover = async (wasOpen: boolean) => {
      failures += 1;
      status = 'reconnecting';
      if (!wasOpen) {
        // The upgrade was refused or never reached the server: ask over HTTP, which says why.
        const fetched = await api.listEvents(runId, fold.state.lastSeq);
        if (disposed) return;
        if (fetched.ok) {
          for (const raw of fetched.value.events) receive(raw);
        } else if (fetched.status === 401 || fetched.status === 403 || fetched.status === 404) {
          status = 'failed';
          problem = fetched.error;
          publish();
          return;
        } else {
          problem = fetched.error;
        }
      }
      publish();
      const delay = RECONNECT_DELAYS_MS[Math.min(failures - 1, RECONNECT_DELAYS_MS.length - 1)]!;
      retryTimer = setTimeout(connect, delay);
    };

    connect();
    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      clearTimeout(flushTimer);
      socket?.close(1000, 'page left the run');
    };
  }, [api, runId]);

  return stream;
}

/**
 * One stream message, checked against the contract's envelope. The event inside is checked when
 * it is folded, so one event that does not fit is skipped without losing the rest.
 */
export function readStreamMessage(
  data: unknown,
):
  | { readonly type: 'event'; readonly event: unknown }
  | { readonly type: 'caught-up' }
  | { readonly type: 'mismatch'; readonly problem: string } {
  let parsed: unknown;
  try {
    parsed = typeof data === 'string' ? (JSON.parse(data) as unknown) : undefined;
  } catch {
    parsed = undefined;
  }
  const envelope = streamEnvelopeSchema.safeParse(parsed);
  if (!envelope.success) {
    return { type: 'mismatch', problem: "A message on the event stream does not match this page's contract." };
  }
  return envelope.data.type === 'event' ? { type: 'event', event: envelope.data.event } : { type: 'caught-up' };
}

/** The stream message's envelope: the contract's shape with the event left for the fold to check. */
const streamEnvelopeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('event'), event: z.object({ seq: z.number() }).loose() }),
  streamMessageSchema.options[1],
]);

function initial(runId: string): RunStream {
  return { events: [], state: emptyRunState(runId), status: 'connecting', caughtUp: false };
}
