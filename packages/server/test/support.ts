import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunEvent } from '@sandpiper/protocol';
import { WebSocket } from 'ws';
import type { StreamMessage } from '@sandpiper/protocol';
import { startServer, type RunningServer, type ServerOptions } from '../src/index.js';

/** A server on a fresh data directory, with an HTTP client that sends the token unless told not to. */
export interface TestServer {
  readonly server: RunningServer;
  readonly dataDir: string;
  request(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
  post(path: string, body?: unknown): Promise<ApiResponse>;
  get(path: string): Promise<ApiResponse>;
  /** Open `/api/runs/:id/stream?after=N` with the token in the query. */
  stream(runId: string, after?: number): Promise<EventStream>;
  close(): Promise<void>;
}

export interface RequestOptions {
  /** JSON body; sent with `Content-Type: application/json`. */
  readonly body?: unknown;
  /** Raw body and its content type, for malformed-body tests. */
  readonly raw?: { readonly text: string; readonly contentType: string };
  /** The token to send as a bearer token; the server's own when absent, none when null. */
  readonly token?: string | null;
  readonly headers?: Record<string, string>;
}

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  // The tests read whatever the endpoint answers; each test checks the fields it relies on.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
}

export async function startTestServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sandpiper-server-'));
  const server = await startServer({ dataDir, onError: (message) => console.error(message), ...options });
  const request = async (method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> => {
    const token = options.token === undefined ? server.token : options.token;
    const headers: Record<string, string> = { ...(token === null ? {} : { authorization: `Bearer ${token}` }) };
    let body: string | undefined;
    if (options.raw) {
      headers['content-type'] = options.raw.contentType;
      body = options.raw.text;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { ...headers, ...options.headers },
      ...(body === undefined ? {} : { body }),
    });
    const type = response.headers.get('content-type') ?? '';
    const parsed: unknown = type.startsWith('application/json')
      ? await response.json()
      : new Uint8Array(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body: parsed };
  };
  return {
    server,
    dataDir,
    request,
    post: (path, body = {}) => request('POST', path, { body }),
    get: (path) => request('GET', path),
    stream: (runId, after = 0) =>
      openStream(`${server.url.replace('http', 'ws')}/api/runs/${runId}/stream?after=${after}&token=${server.token}`),
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The events of one WebSocket connection, read in arrival order. */
export interface EventStream {
  /** Every event received so far, in arrival order. */
  readonly received: readonly RunEvent[];
  /** The next event not yet returned by `next`, waiting for it if needed. */
  next(): Promise<RunEvent>;
  /** Read events until one satisfies `predicate`, and return it. */
  until(predicate: (event: RunEvent) => boolean): Promise<RunEvent>;
  /** Resolves when the `caught-up` message arrives, with its `lastSeq`. */
  readonly caughtUp: Promise<number>;
  /** Resolves when the server or the client closes the connection. */
  readonly closed: Promise<{ readonly code: number; readonly reason: string }>;
  close(): Promise<void>;
}

export function openStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const socket = new WebSocket(url, { headers });
  const received: RunEvent[] = [];
  const waiting: ((event: RunEvent) => void)[] = [];
  let cursor = 0;
  let markCaughtUp: (lastSeq: number) => void = () => {};
  const caughtUp = new Promise<number>((resolve) => (markCaughtUp = resolve));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  // Errors after the handshake also end in 'close', which `closed` reports.
  socket.on('error', () => {});
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as StreamMessage;
    if (message.type === 'caught-up') return markCaughtUp(message.lastSeq);
    received.push(message.event);
    waiting.shift()?.(message.event);
  });
  const next = (): Promise<RunEvent> => {
    const ready = received[cursor];
    if (ready) {
      cursor += 1;
      return Promise.resolve(ready);
    }
    return new Promise((resolve, reject) => {
      waiting.push((event) => {
        cursor += 1;
        resolve(event);
      });
      void closed.then(({ code, reason }) =>
        reject(new Error(`the stream closed (${code} ${reason}) before the event`)),
      );
    });
  };
  const stream: EventStream = {
    received,
    next,
    async until(predicate) {
      for (;;) {
        const event = await next();
        if (predicate(event)) return event;
      }
    },
    caughtUp,
    closed,
    async close() {
      if (socket.readyState !== WebSocket.CLOSED) socket.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(stream));
    socket.once('unexpected-response', (_request, response) =>
      reject(new StreamRefused(response.statusCode ?? 0, `the upgrade was refused with ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

/** The server answered the WebSocket upgrade with an HTTP status instead of switching protocols. */
export class StreamRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Approve every approval request the stream shows until the run ends; returns the `run-end` event. */
export async function approveUntilEnd(test: TestServer, runId: string, stream: EventStream): Promise<RunEvent> {
  for (;;) {
    const event = await stream.next();
    if (event.payload.type === 'approval-request') {
      const answer = await test.post(`/api/runs/${runId}/approve`);
      if (answer.status !== 202) throw new Error(`approve answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    if (event.payload.type === 'run-end') return event;
  }
}

/** Two short steps on the expense form, each quick for the built-in engine. */
export const TWO_STEP_TASK =
  "fill in the Employee name field with 'Dana Lee', then fill in the Email field with 'dana@example.com'";
export const ONE_STEP_TASK = "fill in the Employee name field with 'Dana Lee'";

/** Sequence numbers of `events`, to compare streams with the log. */
export function seqs(events: readonly RunEvent[]): number[] {
  return events.map((event) => event.seq);
}

export function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}
