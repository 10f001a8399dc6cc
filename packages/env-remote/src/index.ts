export {
  serveExecutor,
  generateExecutorToken,
  EXECUTOR_PATH,
  type ServeExecutorOptions,
  type ExecutorServer,
} from './serve-executor.js';
export { connectExecutor, DEFAULT_RECONNECT, type ConnectExecutorOptions } from './connect-executor.js';
export { createInProcessExecutor } from './in-process.js';
export { RemoteEnvironment } from './remote-environment.js';
export type { ConnectionState, ReconnectPolicy } from './executor-connection.js';
export { MIN_TOKEN_LENGTH } from './executor-host.js';
export {
  ExecutorError,
  ExecutorRefusedError,
  ExecutorConnectionError,
  OutcomeUnknownError,
  RemoteEnvironmentError,
  ExecutorProtocolError,
} from './errors.js';
