import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiFailure } from './http-io.js';

/**
 * Answers written straight to a connection, for requests that never become a request object:
 * bytes the HTTP parser refuses, CONNECT, and refused WebSocket upgrades. They carry the same
 * `{ error, issues? }` body as every other API error, then the connection is closed.
 */

/** Write one JSON error answer on a raw connection and close it. */
export function answerOnSocket(
  socket: Duplex,
  refused: Omit<ApiFailure, 'ok'>,
  headers: Record<string, string> = {},
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: refused.error, ...(refused.issues ? { issues: refused.issues } : {}) });
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${refused.status} ${STATUS_CODES[refused.status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      extra.join('') +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/** What Node's HTTP parser reports when it gives up on a request. */
interface ParseError extends Error {
  readonly code?: string;
  /** The parser's own words: "Invalid method encountered". */
  readonly reason?: string;
}

/**
 * Answer a request the HTTP parser could not read, saying what was wrong with it. Node's own
 * answer is a bare status line with no body; a client deserves the reason.
 */
export function answerParseError(error: ParseError, socket: Duplex): void {
  // A client that is already gone needs no answer.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  answerOnSocket(socket, describeParseError(error));
}

export function describeParseError(error: ParseError): Omit<ApiFailure, 'ok'> {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        error:
          'The request line and headers are larger than the server reads (16 KB); send a shorter address or fewer headers.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'HPE_HEADER_TIMEOUT':
      return { status: 408, error: 'The request did not arrive in time; send it again in one go.' };
    case 'HPE_INVALID_METHOD':
      return { status: 400, error: 'The request method is not one HTTP defines; the API takes GET and POST.' };
    case 'HPE_INVALID_VERSION':
      return { status: 400, error: 'The request is not HTTP/1.0 or HTTP/1.1, the versions this server speaks.' };
    case 'HPE_PAUSED_H2_UPGRADE':
      return { status: 400, error: 'The request is HTTP/2; this server speaks HTTP/1.1.' };
    default: {
      const reason = (error.reason ?? error.message).replace(/^Parse Error: /, '');
      return { status: 400, error: `The request is not valid HTTP: ${reason}.` };
    }
  }
}

/** A CONNECT request: this server is no proxy, and says so instead of dropping the connection. */
export function refuseConnect(socket: Duplex): void {
  socket.on('error', () => socket.destroy());
  answerOnSocket(
    socket,
    { status: 405, error: 'This server is not a proxy: CONNECT is refused. The API takes GET and POST.' },
    {
      allow: 'GET, POST',
    },
  );
}

/** A handshake the WebSocket library refuses (no key, an unknown version, another protocol), answered in JSON. */
export function refuseHandshake(error: Error, socket: Duplex): void {
  const version = /Sec-WebSocket-Version/.test(error.message);
  answerOnSocket(
    socket,
    {
      status: /method/i.test(error.message) ? 405 : 400,
      error: `The WebSocket handshake is not valid: ${error.message}.`,
    },
    version ? { 'sec-websocket-version': '13, 8' } : {},
  );
}
