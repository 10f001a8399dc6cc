import type { ControllerMessageInput, ExecutorMessage, ExecutorRequest } from '@sandpiper/protocol';

export type RequestType = ExecutorRequest['type'];

/** Which answer each request expects. */
export interface ReplyTypes {
  'info-request': 'info-result';
  'observe-request': 'observe-result';
  'act-request': 'act-result';
  'shell-request': 'shell-result';
  'watch-start': 'watch-result';
  'watch-stop': 'watch-result';
}

export const replyTypes: ReplyTypes = {
  'info-request': 'info-result',
  'observe-request': 'observe-result',
  'act-request': 'act-result',
  'shell-request': 'shell-result',
  'watch-start': 'watch-result',
  'watch-stop': 'watch-result',
};

/**
 * Requests sent again after a reconnect when their answer was lost: asking twice changes nothing.
 * An action or a shell command may have happened already, so it is never repeated.
 */
export const idempotent: Readonly<Record<RequestType, boolean>> = {
  'info-request': true,
  'observe-request': true,
  'watch-start': true,
  'watch-stop': true,
  'act-request': false,
  'shell-request': false,
};

/** A request as its caller writes it: the connection adds the id and the timeout. */
export type RequestBody<T extends RequestType> = Omit<Extract<ControllerMessageInput, { type: T }>, 'id' | 'timeoutMs'>;

/** The answer to a request of type `T`. */
export interface Received<T extends RequestType> {
  readonly reply: Extract<ExecutorMessage, { type: ReplyTypes[T] }>;
  /** The binary frame the answer references (the screenshot of an `observe-result`). */
  readonly blob?: Uint8Array;
}
