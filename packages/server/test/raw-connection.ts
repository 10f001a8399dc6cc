import { connect } from 'node:net';

/** What came back on a raw connection: the status, the headers (lower-case names) and the body text. */
export interface RawAnswer {
  readonly status: number | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Write `bytes` on a fresh TCP connection to `url`'s port and read until the server closes it,
 * for requests a client library would refuse to send. `hangUpAfterWrite` drops the connection
 * right after writing, as a client that breaks off mid-request does.
 */
export function sendRaw(url: string, bytes: string, options: { hangUpAfterWrite?: boolean } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.on('connect', () => {
      socket.write(bytes, 'latin1');
      if (options.hangUpAfterWrite) setTimeout(() => socket.destroy(), 50);
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // A kept-alive connection stays open after the answer: stop once its body has arrived.
      const answer = parseAnswer(Buffer.concat(chunks).toString('latin1'));
      const length = Number(answer.headers['content-length']);
      if (Number.isFinite(length) && Buffer.byteLength(answer.body, 'latin1') >= length) socket.destroy();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks).toString('latin1'))));
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
  });
}

function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return { status: undefined, headers: {}, body: text };
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
  return { status: Number.isFinite(status) ? status : undefined, headers, body: text.slice(end + 4) };
}
