/**
 * The HTTP and WebSocket API over runs: create runs on the built-in scenarios, stream their
 * events, watch them live, and steer them (approve, reject, regenerate, edit, guidance, annotation,
 * pause, resume, cancel, takeover and hand-back), and serve the web UI. Listens on
 * 127.0.0.1 and requires a token on every request.
 */
export { startServer, type RunningServer, type ServerOptions } from './server.js';
export { ServerStartError } from './errors.js';
export { RUN_ENDED_CLOSE } from './event-stream.js';
export type { RunControl } from './run-manager.js';
export { MIN_TOKEN_LENGTH } from './security.js';
