import type { Environment, Handle } from '@sandpiper/core';
import {
  ContractError,
  errorKindOf,
  executorLimits,
  SandpiperError,
  UsageError,
  type ExecutorMessageInput,
  type ExecutorRequest,
  type WireError,
} from '@sandpiper/protocol';

/** Where a message's binary frame goes: its id and length, filled in by the sender. */
export interface BlobSlot {
  readonly blobId: number;
  readonly byteLength: number;
}

/** An answer to send: a JSON message alone, or one that references a binary frame sent just before it. */
export type Reply =
  | { readonly message: ExecutorMessageInput }
  | { readonly blob: Uint8Array; readonly message: (slot: BlobSlot) => ExecutorMessageInput };

/** The requests the environment itself answers; live views are the session's business. */
export type EnvironmentRequest = Exclude<ExecutorRequest, { type: 'watch-start' | 'watch-stop' }>;

/**
 * Perform one request on the environment and build its answer. Throws what the environment
 * throws; the session turns it into a `request-error`.
 */
export async function dispatchRequest(
  environment: Environment,
  handle: Handle,
  request: EnvironmentRequest,
): Promise<Reply> {
  const { id } = request;
  switch (request.type) {
    case 'info-request':
      return { message: { type: 'info-result', id, info: environment.info } };
    case 'observe-request': {
      const captured = await environment.observe(handle, { accessibility: request.accessibility });
      return {
        blob: captured.png,
        message: (slot) => ({
          type: 'observe-result',
          id,
          screenshot: { ...slot, mimeType: 'image/png' },
          width: captured.width,
          height: captured.height,
          ...(captured.url === undefined ? {} : { url: captured.url }),
          ...(captured.title === undefined ? {} : { title: captured.title }),
          ...(captured.accessibility === undefined ? {} : { accessibility: [...captured.accessibility] }),
        }),
      };
    }
    case 'act-request':
      return { message: { type: 'act-result', id, result: await environment.act(handle, request.action) } };
    case 'shell-request': {
      if (environment.shell === undefined) throw new UsageError('This environment offers no shell.');
      const result = await environment.shell(handle, request.command, { timeoutMs: request.commandTimeoutMs });
      return {
        message: {
          type: 'shell-result',
          id,
          exitCode: result.exitCode,
          stdout: clipOutput(result.stdout),
          stderr: clipOutput(result.stderr),
          timedOut: result.timedOut,
          durationMs: result.durationMs,
        },
      };
    }
  }
}

/** A command's output is unbounded by nature; the wire carries its beginning and says what was cut. */
function clipOutput(text: string): string {
  const limit = executorLimits.maxShellOutputChars;
  if (text.length <= limit) return text;
  // The note is shorter than 100 characters, so the result stays within the limit.
  const kept = limit - 100;
  return `${text.slice(0, kept)}\n[sandpiper: ${text.length - kept} more characters cut by the executor connection]\n`;
}

/** Any thrown value as a wire error: its kind (`invariant` for a bug), its message and its failing fields. */
export function toWireError(error: unknown): WireError {
  const message = error instanceof Error ? error.message : String(error);
  return {
    kind: errorKindOf(error),
    message: message.length > 4000 ? `${message.slice(0, 3990)} […]` : message,
    retryable: SandpiperError.isInstance(error) ? error.retryable : false,
    ...(ContractError.isInstance(error)
      ? {
          issues: error.issues
            .slice(0, 50)
            .map((issue) => ({ path: issue.path.slice(0, 500), message: issue.message.slice(0, 1000) })),
        }
      : {}),
  };
}

/** The `request-error` message for a thrown value. */
export function errorMessage(id: number | null, error: unknown): ExecutorMessageInput {
  return { type: 'request-error', id, error: toWireError(error) };
}

/** The same, as an answer to send. */
export function errorReply(id: number | null, error: unknown): Reply {
  return { message: errorMessage(id, error) };
}
