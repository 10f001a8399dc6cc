import { describe, expect, it } from 'vitest';
import * as environmentRemote from '../src/index.js';

describe('public API of @sandpiper/env-remote', () => {
  it('exports exactly these runtime names', () => {
    expect(Object.keys(environmentRemote).sort()).toEqual([
      'DEFAULT_RECONNECT',
      'EXECUTOR_PATH',
      'ExecutorConnectionError',
      'ExecutorError',
      'ExecutorProtocolError',
      'ExecutorRefusedError',
      'MIN_TOKEN_LENGTH',
      'OutcomeUnknownError',
      'RemoteEnvironment',
      'RemoteEnvironmentError',
      'connectExecutor',
      'createInProcessExecutor',
      'generateExecutorToken',
      'serveExecutor',
    ]);
  });
});
