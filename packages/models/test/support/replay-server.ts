import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A recorded vendor response, as stored under `test/fixtures/`. One of `body` (a JSON response),
 * `events` (a server-sent event stream), `lines` (newline-delimited JSON, as Ollama streams) or
 * `raw` (bytes sent exactly as given, for bodies no vendor documents) is present.
 */
export interface Fixture {
  /** What the fixture shows and which vendor page its format follows. */
  readonly description: string;
  /** HTTP status to answer with. */
  readonly status: number;
  /** Response headers, besides `content-type`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** JSON body. */
  readonly body?: unknown;
  /** SSE events in order: `event` is the optional event name, `data` a JSON value or a raw string (`[DONE]`). */
  readonly events?: readonly { readonly event?: string; readonly data: unknown }[];
  /** NDJSON: each value written as one line of JSON. */
  readonly lines?: readonly unknown[];
  /** A body sent as is: a string as UTF-8, or bytes. */
  readonly raw?: string | Uint8Array;
  /** `content-type` of a `raw` body; absent: `application/json`. */
  readonly contentType?: string;
}

/** A request the server received. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query, e.g. `/v1/messages`. */
  readonly path: string;
  /** Lower-cased header names, as Node reports them. */
  readonly headers: IncomingHttpHeaders;
  /** The decoded JSON body; undefined when the body was empty or not JSON. */
  readonly body: unknown;
}

/** A reply the server sends: a fixture, or `hold` to keep the request open until the client gives up. */
export type Reply = Fixture | 'hold';

export interface ReplayServer {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[];
  /** Queue replies; each request takes the next one. A request with nothing queued gets a 599. */
  enqueue(...replies: Reply[]): void;
  /** Resolves when the server has received `count` requests in total. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

const FIXTURES = new URL('../fixtures/', import.meta.url);

/** Load `test/fixtures/<vendor>/<name>.json`. */
export function loadFixture(vendor: 'anthropic' | 'openai' | 'openai-compatible' | 'ollama', name: string): Fixture {
  return JSON.parse(readFileSync(new URL(`${vendor}/${name}.json`, FIXTURES), 'utf8')) as Fixture;
}

/** Start a replay server on an ephemeral port of 127.0.0.1. */
export async function startReplayServer(): Promise<ReplayServer> {
  const queue: Reply[] = [];
  const requests: RecordedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: decode(text),
      });
      for (const waiter of waiters.filter((each) => requests.length >= each.count)) waiter.resolve();
      const reply = queue.shift();
      if (reply === 'hold') {
        held.push(response);
        return;
      }
      send(response, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    received: (count) =>
      requests.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(response: ServerResponse, fixture: Fixture | undefined): void {
  if (fixture === undefined) {
    response.writeHead(599, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message: 'replay server: no reply queued' } }));
    return;
  }
  if (fixture.events !== undefined) {
    response.writeHead(fixture.status, { 'content-type': 'text/event-stream', ...fixture.headers });
    for (const event of fixture.events) {
      const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
      response.write(`${event.event === undefined ? '' : `event: ${event.event}\n`}data: ${data}\n\n`);
    }
    response.end();
    return;
  }
  if (fixture.lines !== undefined) {
    response.writeHead(fixture.status, { 'content-type': 'application/x-ndjson', ...fixture.headers });
    for (const line of fixture.lines) response.write(`${JSON.stringify(line)}\n`);
    response.end();
    return;
  }
  if (fixture.raw !== undefined) {
    response.writeHead(fixture.status, {
      'content-type': fixture.contentType ?? 'application/json',
      ...fixture.headers,
    });
    response.end(fixture.raw);
    return;
  }
  response.writeHead(fixture.status, { 'content-type': 'application/json', ...fixture.headers });
  response.end(JSON.stringify(fixture.body));
}

function decode(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
