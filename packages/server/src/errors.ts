import { SandpiperError } from '@sandpiper/protocol';

/** The server could not start: a bad option, or the port is taken. The caller can fix it. */
export class ServerStartError extends SandpiperError {
  override readonly name: string = 'ServerStartError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('usage', message, options);
  }
}
