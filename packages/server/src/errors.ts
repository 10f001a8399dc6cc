/** Base of the errors the server throws; check with `ServerError.isInstance`, never by message. */
export class ServerError extends Error {
  override readonly name: string = 'ServerError';
  private readonly serverErrorMarker = SERVER_ERROR_MARKER;
  static isInstance(error: unknown): error is ServerError {
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as { serverErrorMarker?: unknown }).serverErrorMarker === SERVER_ERROR_MARKER
    );
  }
}
const SERVER_ERROR_MARKER = Symbol.for('sandpiper.server-error');

/** The server could not start: a bad option, or the port is taken. */
export class ServerStartError extends ServerError {
  override readonly name = 'ServerStartError';
}
