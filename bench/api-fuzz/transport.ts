/**
 * How the fuzzer talks to the server: plain HTTP through `node:http` (paths sent exactly as
 * written, never normalised), bare TCP for requests no client library would send, and a small
 * WebSocket client of its own so it can write broken frames. Every call has a bound; an answer
 * that is not complete in time comes back as `timedOut`.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Answer, SocketBehaviour } from './types.js';

export interface HttpCall {
  readonly host: string;
  readonly port: number;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer;
  readonly timeoutMs: number;
}

export function sendHttp(call: HttpCall): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<Answer, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, durationMs: Math.round(performance.now() - started) });
    };
    const chunks: Buffer[] = [];
    let status: number | undefined;
    let headers: Answer['headers'] = {};
    const outgoing = httpRequest({
      host: call.host,
      port: call.port,
      method: call.method,
      path: call.path,
      headers: { connection: 'close', ...call.headers },
      agent: false,
    });
    const timer = setTimeout(() => {
      finish({ status, headers, body: Buffer.concat(chunks), timedOut: true });
      outgoing.destroy();
    }, call.timeoutMs);
    outgoing.on('response', (response) => {
      status = response.statusCode;
      headers = response.headers;
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => finish({ status, headers, body: Buffer.concat(chunks), timedOut: false }));
      response.on('error', (error) =>
        finish({ status, headers, body: Buffer.concat(chunks), timedOut: false, transportError: error.message }),
      );
    });
    outgoing.on('error', (error) => {
      // A server that answers a huge upload early and closes makes the rest of the write fail;
      // the answer already read is what counts.
      if (status !== undefined) return;
      finish({ status, headers, body: Buffer.concat(chunks), timedOut: false, transportError: error.message });
    });
    outgoing.end(call.body);
  });
}

/** Write bytes on a fresh connection and read one HTTP answer (or whatever comes before it closes). */
export function sendRaw(host: string, port: number, bytes: Buffer, timeoutMs: number): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (extra: { timedOut: boolean; transportError?: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const parsed = parseHttpAnswer(received);
      resolve({ ...parsed, ...extra, durationMs: Math.round(performance.now() - started) });
    };
    const timer = setTimeout(() => finish({ timedOut: true }), timeoutMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (answerComplete(received)) finish({ timedOut: false });
    });
    socket.on('error', (error) => {
      if (received.length > 0) finish({ timedOut: false });
      else finish({ timedOut: false, transportError: error.message });
    });
    socket.on('close', () =>
      finish({ timedOut: false, ...(received.length === 0 ? { transportError: 'closed without an answer' } : {}) }),
    );
  });
}

export interface SocketCall {
  readonly host: string;
  readonly port: number;
  /** The whole upgrade request, headers included, as it is written. */
  readonly handshake: Buffer;
  readonly behaviour: SocketBehaviour;
  readonly timeoutMs: number;
  /** How long to read messages once the socket is open. */
  readonly listenMs: number;
}

/**
 * Open a WebSocket by hand, do what `behaviour` says, and report the status, the messages and
 * how the connection ended. A server that neither answers the handshake nor closes a socket it
 * was sent garbage on within the bound has hung.
 */
export function sendSocket(call: SocketCall): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host: call.host, port: call.port });
    let received = Buffer.alloc(0);
    let status: number | undefined;
    let headers: Answer['headers'] = {};
    let frames = Buffer.alloc(0);
    const messages: { binary: boolean; data: Buffer }[] = [];
    let closeCode: number | undefined;
    let closedByServer = false;
    let settled = false;
    let listenTimer: NodeJS.Timeout | undefined;
    const finish = (extra: { timedOut: boolean; transportError?: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(listenTimer);
      socket.destroy();
      const opened = status === 101;
      const answer = opened ? { body: Buffer.alloc(0) } : { body: parseHttpAnswer(received).body };
      resolve({
        status,
        headers,
        ...answer,
        ...extra,
        durationMs: Math.round(performance.now() - started),
        ...(opened ? { socket: { messages, closeCode, closedByServer } } : {}),
      });
    };
    const timer = setTimeout(() => finish({ timedOut: true }), call.timeoutMs);
    const readFrames = () => {
      for (;;) {
        const frame = takeFrame(frames);
        if (!frame) return;
        frames = frames.subarray(frame.size);
        if (frame.opcode === 0x8) {
          closeCode = frame.payload.length >= 2 ? frame.payload.readUInt16BE(0) : 1005;
          closedByServer = true;
          return finish({ timedOut: false });
        }
        if (frame.opcode === 0x1 || frame.opcode === 0x2) {
          messages.push({ binary: frame.opcode === 0x2, data: frame.payload });
        }
      }
    };
    socket.on('connect', () => socket.write(call.handshake));
    socket.on('data', (chunk: Buffer) => {
      if (status === 101) {
        frames = Buffer.concat([frames, chunk]);
        return readFrames();
      }
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const parsed = parseHttpAnswer(received);
      status = parsed.status;
      headers = parsed.headers;
      if (status !== 101) {
        if (answerComplete(received)) finish({ timedOut: false });
        return;
      }
      frames = received.subarray(end + 4);
      behave(socket, call.behaviour);
      readFrames();
      // Broken frames must make the server close; a listener, or a sender of binary messages the
      // server ignores, closes itself after a while.
      if (call.behaviour === 'listen' || call.behaviour === 'binary-garbage') {
        listenTimer = setTimeout(() => {
          socket.write(maskedFrame(0x8, Buffer.from([0x03, 0xe8])));
          setTimeout(() => finish({ timedOut: false }), 200);
        }, call.listenMs);
      }
    });
    socket.on('error', (error) => finish({ timedOut: false, transportError: error.message }));
    socket.on('close', () => {
      closedByServer ||= status === 101 && !settled;
      finish({
        timedOut: false,
        ...(status === undefined ? { transportError: 'closed without an answer' } : {}),
      });
    });
  });
}

/** The upgrade request for `path`, with a fresh key unless the case breaks the handshake. */
export function upgradeRequest(
  host: string,
  path: string,
  headers: Readonly<Record<string, string>>,
  broken?: 'no-key' | 'unknown-version' | 'not-websocket',
): Buffer {
  const lines = [
    `GET ${path} HTTP/1.1`,
    `Host: ${host}`,
    'Connection: Upgrade',
    `Upgrade: ${broken === 'not-websocket' ? 'h2c' : 'websocket'}`,
    `Sec-WebSocket-Version: ${broken === 'unknown-version' ? '99' : '13'}`,
    ...(broken === 'no-key' ? [] : [`Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`]),
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

function behave(socket: Socket, behaviour: SocketBehaviour): void {
  switch (behaviour) {
    case 'listen':
      return;
    case 'text-garbage':
      // Text frames must be UTF-8; these bytes are not.
      socket.write(maskedFrame(0x1, Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0x80])));
      return;
    case 'binary-garbage':
      for (let count = 0; count < 5; count += 1) socket.write(maskedFrame(0x2, randomBytes(512)));
      socket.write(maskedFrame(0x1, Buffer.from('{"type":"approve"}')));
      return;
    case 'oversized-frame':
      socket.write(maskedFrame(0x2, Buffer.alloc(200 * 1024, 0x61)));
      return;
    case 'bogus-frame-bytes':
      // Reserved bits set, an unknown opcode and no mask: three protocol errors in one header.
      socket.write(Buffer.concat([Buffer.from([0x7b, 0x05]), Buffer.from('hello')]));
      return;
    case 'huge-declared-length': {
      const header = Buffer.alloc(14);
      header[0] = 0x82;
      header[1] = 0x80 | 127;
      header.writeBigUInt64BE(2n ** 62n, 2);
      socket.write(header);
      return;
    }
  }
}

function maskedFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x80 | opcode, 0x80 | length])
      : length < 65536
        ? Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 0xff])
        : (() => {
            const long = Buffer.alloc(10);
            long[0] = 0x80 | opcode;
            long[1] = 0x80 | 127;
            long.writeBigUInt64BE(BigInt(length), 2);
            return long;
          })();
  const masked = Buffer.from(payload);
  for (let index = 0; index < masked.length; index += 1) masked[index] = masked[index]! ^ mask[index % 4]!;
  return Buffer.concat([header, mask, masked]);
}

/** One unmasked frame from the front of `bytes`, or undefined until it has all arrived. */
function takeFrame(bytes: Buffer): { opcode: number; payload: Buffer; size: number } | undefined {
  if (bytes.length < 2) return undefined;
  const opcode = bytes[0]! & 0x0f;
  let length = bytes[1]! & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (bytes.length < 4) return undefined;
    length = bytes.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (bytes.length < 10) return undefined;
    length = Number(bytes.readBigUInt64BE(2));
    offset = 10;
  }
  if (bytes.length < offset + length) return undefined;
  return { opcode, payload: bytes.subarray(offset, offset + length), size: offset + length };
}

function parseHttpAnswer(bytes: Buffer): Pick<Answer, 'status' | 'headers' | 'body'> {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return { status: undefined, headers: {}, body: bytes };
  const [statusLine = '', ...headerLines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length']);
  const rest = bytes.subarray(end + 4);
  return {
    status: Number.isFinite(status) ? status : undefined,
    headers,
    body: Number.isFinite(length) ? rest.subarray(0, length) : rest,
  };
}

function answerComplete(bytes: Buffer): boolean {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(bytes.subarray(0, end).toString('latin1'))?.[1];
  // Without a length the answer ends when the connection does.
  return length !== undefined && bytes.length >= end + 4 + Number(length);
}
