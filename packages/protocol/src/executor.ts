import { z } from 'zod';
import { actionResultSchema, actionSchema } from './action.js';
import { environmentInfoSchema } from './environment.js';
import { errorKinds } from './errors.js';
import { accessibilityNodeSchema } from './observation.js';

/**
 * The executor connection: a controller (the agent's side) drives one `Environment` in another
 * process or on another machine (the executor), or in memory (the in-process executor). Each
 * message is one JSON text frame checked by these schemas on both sides; images are binary frames
 * referenced by a {@link blobRefSchema}. After the handshake, every request is answered by exactly
 * one message with its `id` (its result or a `request-error`); `info-update`, `watch-frame`,
 * `watch-end` and `session-end` are pushed without one.
 */

/**
 * Version of these messages. Any change to them bumps it; both sides must speak the same version,
 * and an executor refuses a controller with another one (`handshake-reject`, reason `version`).
 */
export const EXECUTOR_PROTOCOL_VERSION = 1 as const;

/**
 * Layout of a binary frame: the blob id as an unsigned 32-bit big-endian integer in the first
 * four bytes, the blob's bytes after it. The executor sends the binary frame first and the JSON
 * message that references it right after, so a receiver holds the bytes before it reads the reference.
 */
export const EXECUTOR_BLOB_HEADER_BYTES = 4;

/** Bounds of the contract; the connection is a security boundary, so nothing on it is unbounded. */
export const executorLimits = {
  /** Longest JSON text frame either side accepts, in UTF-16 code units (an accessibility snapshot is the big one). */
  maxTextMessageChars: 8 * 1024 * 1024,
  /** Largest frame an executor accepts from a controller, in bytes; controllers send only small JSON. */
  maxControllerFrameBytes: 512 * 1024,
  /** Largest screenshot or live frame, in bytes (a 4K PNG of a busy screen fits). */
  maxBlobBytes: 32 * 1024 * 1024,
  /** Most accessibility nodes in one observation. */
  maxAccessibilityNodes: 20_000,
  /** Most characters of one shell command. */
  maxShellCommandChars: 100_000,
  /** Most characters of a command's stdout and of its stderr on the wire; executors cut the rest with a note. */
  maxShellOutputChars: 250_000,
  /** Longest timeout of any request, in milliseconds (one day). */
  maxTimeoutMs: 86_400_000,
  /** Largest coordinate or scroll distance in an action, in logical pixels. */
  maxCoordinate: 100_000,
  /** Longest serialized `input` of a `tool-call` action, in characters. */
  maxToolInputChars: 64 * 1024,
} as const;

// ----- Building blocks --------------------------------------------------------------------------

/** Id of a request, chosen by the controller: a positive integer, unique among its requests in flight. */
export const executorRequestIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Id of a live view, chosen by the controller when it starts one; unique within the session. */
export const watchIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Fields every request carries. */
const requestFields = {
  /** The request's id; its answer carries the same id. */
  id: executorRequestIdSchema,
  /**
   * Time the executor may spend on the request, in milliseconds from when it receives it (the
   * caller's deadline, made relative so the two machines' clocks need not agree); when it runs
   * out the executor aborts the work. Absent: no limit but `request-cancel`.
   */
  timeoutMs: z.number().int().min(1).max(executorLimits.maxTimeoutMs).optional(),
};

/** The field every answer to a request carries. */
const replyFields = {
  /** The request this answers. */
  id: executorRequestIdSchema,
};

/** Where the bytes of an image are: the binary frame with this blob id, sent just before the message. */
export const blobRefSchema = z.strictObject({
  /** The id in the binary frame's header. */
  blobId: z.number().int().min(0).max(0xffff_ffff),
  /** Number of bytes after the header; a frame of another length does not match. */
  byteLength: z.number().int().min(1).max(executorLimits.maxBlobBytes),
  /** What the bytes are: PNG for screenshots, JPEG for live frames. */
  mimeType: z.enum(['image/png', 'image/jpeg']),
});
export type BlobRef = z.infer<typeof blobRefSchema>;

const coordinateSchema = z.number().finite().min(-executorLimits.maxCoordinate).max(executorLimits.maxCoordinate);
const screenSideSchema = z.number().int().positive().max(executorLimits.maxCoordinate);

/**
 * An action as it travels: the protocol's {@link actionSchema}, plus the bounds the wire needs
 * (coordinates and scroll distances within {@link executorLimits.maxCoordinate}, a tool call's
 * input no longer than {@link executorLimits.maxToolInputChars} once serialized).
 */
export const wireActionSchema = actionSchema.superRefine((action, context) => {
  const bound = executorLimits.maxCoordinate;
  for (const field of ['at', 'to', 'from', 'deltaX', 'deltaY']) {
    const value = (action as Readonly<Record<string, unknown>>)[field];
    const numbers: [string[], unknown][] =
      typeof value === 'object' && value !== null
        ? Object.entries(value).map(([axis, number]) => [[field, axis], number])
        : [[[field], value]];
    for (const [path, number] of numbers) {
      if (typeof number === 'number' && Math.abs(number) > bound) {
        context.addIssue({ code: 'custom', path, message: `must be within ±${bound}` });
      }
    }
  }
  const inputLimit = executorLimits.maxToolInputChars;
  if (action.type === 'tool-call' && serializedLength(action.input) > inputLimit) {
    context.addIssue({
      code: 'custom',
      path: ['input'],
      message: `must serialize to at most ${inputLimit} characters`,
    });
  }
});

function serializedLength(value: unknown): number {
  try {
    return JSON.stringify(value).length;
  } catch {
    // A cycle or a BigInt cannot travel at all.
    return Number.POSITIVE_INFINITY;
  }
}

/** The environment's self-description ({@link environmentInfoSchema}) with every field bounded. */
export const wireEnvironmentInfoSchema = z.strictObject({
  ...environmentInfoSchema.shape,
  /** Human-readable description, such as "Chromium 156 (headless)". */
  description: z.string().max(1000),
  /** Screen size in logical pixels, the space of every action coordinate. */
  screen: z.strictObject({ width: screenSideSchema, height: screenSideSchema }),
  /** Device pixels per logical pixel. */
  devicePixelRatio: z.number().positive().max(16),
  /** The action types this environment can perform. */
  actionSpace: environmentInfoSchema.shape.actionSpace.max(64),
});

/** One accessibility node ({@link accessibilityNodeSchema}) with its strings, lists and box bounded. */
export const wireAccessibilityNodeSchema = z.strictObject({
  ...accessibilityNodeSchema.shape,
  /** Stable within one snapshot only. */
  ref: z.string().min(1).max(256),
  /** ARIA role as the environment computes it. */
  role: z.string().min(1).max(64),
  /** Accessible name; empty when it has none. */
  name: z.string().max(10_000),
  /** Current value of a field; absent for non-fields. */
  value: z.string().max(100_000).optional(),
  /** Options of a select or listbox in document order. */
  options: z.array(z.string().max(1000)).max(5000).optional(),
  /** Where it is, in screen space. */
  box: z.strictObject({
    x: coordinateSchema,
    y: coordinateSchema,
    width: z.number().finite().nonnegative().max(executorLimits.maxCoordinate),
    height: z.number().finite().nonnegative().max(executorLimits.maxCoordinate),
  }),
});

/** What one action did ({@link actionResultSchema}) with its error text bounded. */
export const wireActionResultSchema = z.strictObject({
  ...actionResultSchema.shape,
  /** Why the action could not be performed; absent when `ok`. */
  error: z.string().max(10_000).optional(),
  /** Wall time the environment spent on the action, in milliseconds. */
  durationMs: z.number().finite().nonnegative().max(executorLimits.maxTimeoutMs),
});

/** Why an executor refuses a controller at the handshake. */
export const handshakeRefusalSchema = z.enum([
  /** The token is missing or wrong. */
  'token',
  /** The controller speaks another {@link EXECUTOR_PROTOCOL_VERSION}. */
  'version',
  /** Another controller holds the executor (connected, or reconnecting within its resume window). */
  'busy',
  /** The first message was not a valid `handshake-request`. */
  'malformed',
  /** The executor is shutting down. */
  'closing',
]);
export type HandshakeRefusal = z.infer<typeof handshakeRefusalSchema>;

/** An error as it travels: the Sandpiper error kind, the message and, for a bad message, the failing fields. */
export const wireErrorSchema = z.strictObject({
  /** The `ErrorKind` of the error; `cancelled` when the request was aborted (cancel or timeout). */
  kind: z.enum(errorKinds),
  /** One sentence for a person, with its context. */
  message: z.string().max(4000),
  /** Whether the same request may succeed if sent again later. */
  retryable: z.boolean(),
  /** For a message that did not fit this contract: each failing field's path and why. Absent otherwise. */
  issues: z
    .array(z.strictObject({ path: z.string().max(500), message: z.string().max(1000) }))
    .max(50)
    .optional(),
});
export type WireError = z.infer<typeof wireErrorSchema>;

// ----- Controller to executor -------------------------------------------------------------------

/** The controller's first message: who it is allowed to be and which protocol it speaks. */
export const handshakeRequestSchema = z.strictObject({
  type: z.literal('handshake-request'),
  /** The {@link EXECUTOR_PROTOCOL_VERSION} the controller speaks. */
  protocolVersion: z.number().int().min(0).max(65_535),
  /** The executor's access token; compared in constant time, never logged. */
  token: z.string().min(1).max(512),
  /** The session to take up again after a dropped connection; absent to start a new session. */
  resumeSessionId: z.string().min(1).max(64).optional(),
  /** A name for the controller in the executor's log ("sandpiper 0.1 on host-a"); absent when unnamed. */
  client: z.string().max(200).optional(),
});

/** Ask for the environment's current self-description. Idempotent. */
export const infoRequestSchema = z.strictObject({
  type: z.literal('info-request'),
  ...requestFields,
});

/** Take a screenshot (and an accessibility snapshot if asked). Idempotent. */
export const observeRequestSchema = z.strictObject({
  type: z.literal('observe-request'),
  ...requestFields,
  /** Whether to include the accessibility snapshot; ignored by environments without one. */
  accessibility: z.boolean(),
});

/** Perform one action. Not idempotent: never sent twice for one call. */
export const actRequestSchema = z.strictObject({
  type: z.literal('act-request'),
  ...requestFields,
  /** The action, in the environment's screen space. */
  action: wireActionSchema,
});

/** Run one shell command on the executor's machine (only when `info.shell`). Not idempotent. */
export const shellRequestSchema = z.strictObject({
  type: z.literal('shell-request'),
  ...requestFields,
  /** The command line for `/bin/sh -c` (or the machine's shell). */
  command: z.string().min(1).max(executorLimits.maxShellCommandChars),
  /** The command's own time limit in milliseconds; past it the command is killed and `timedOut` is set. */
  commandTimeoutMs: z.number().int().min(1).max(executorLimits.maxTimeoutMs),
});

/** Start streaming the screen as JPEG frames (`watch-frame`). Starting a running watch again changes nothing. */
export const watchStartSchema = z.strictObject({
  type: z.literal('watch-start'),
  ...requestFields,
  /** The live view's id, chosen by the controller; every frame carries it. */
  watchId: watchIdSchema,
  /** Widest frame to send, in pixels; larger screens are scaled down. */
  maxWidth: z.number().int().min(1).max(8192),
  /** JPEG quality from 1 to 100. */
  quality: z.number().int().min(1).max(100),
});

/** Stop a live view. Stopping one that is not running changes nothing. */
export const watchStopSchema = z.strictObject({
  type: z.literal('watch-stop'),
  ...requestFields,
  /** The live view to stop. */
  watchId: watchIdSchema,
});

/** Abort a request in flight because the caller's handle aborted. It is answered by its own `request-error`, or not at all if it already finished. */
export const requestCancelSchema = z.strictObject({
  type: z.literal('request-cancel'),
  /** The request to abort. */
  id: executorRequestIdSchema,
  /** Why, for the executor's log. */
  reason: z.string().max(500),
});

/** The controller is done: stop its live views, abort its requests and end the session (no resume). */
export const sessionCloseSchema = z.strictObject({ type: z.literal('session-close') });

/** Every message a controller sends. */
export const controllerMessageSchema = z.discriminatedUnion('type', [
  handshakeRequestSchema,
  infoRequestSchema,
  observeRequestSchema,
  actRequestSchema,
  shellRequestSchema,
  watchStartSchema,
  watchStopSchema,
  requestCancelSchema,
  sessionCloseSchema,
]);
export type ControllerMessage = z.infer<typeof controllerMessageSchema>;
/** What a controller may write before parsing (action defaults unfilled). */
export type ControllerMessageInput = z.input<typeof controllerMessageSchema>;

// ----- Executor to controller -------------------------------------------------------------------

/** The executor takes the controller on. */
export const handshakeAcceptSchema = z.strictObject({
  type: z.literal('handshake-accept'),
  /** The executor's {@link EXECUTOR_PROTOCOL_VERSION}, equal to the controller's. */
  protocolVersion: z.number().int().min(0).max(65_535),
  /** The session's id, to send as `resumeSessionId` after a dropped connection; keep it secret like the token. */
  sessionId: z.string().min(1).max(64),
  /** True when an earlier session was taken up again (its live views kept running); false for a new one. */
  resumed: z.boolean(),
  /** How long the executor keeps a session whose connection dropped, in milliseconds. */
  resumeWindowMs: z.number().int().nonnegative().max(executorLimits.maxTimeoutMs),
  /** The environment's self-description at the time of the handshake. */
  info: wireEnvironmentInfoSchema,
  /** Optional parts of the port this environment offers. */
  capabilities: z.strictObject({
    /** Whether `watch-start` can stream the screen. */
    watch: z.boolean(),
    /** Whether `shell-request` is available (also `info.shell`). */
    shell: z.boolean(),
  }),
});

/** The executor refuses the controller and closes the connection. */
export const handshakeRejectSchema = z.strictObject({
  type: z.literal('handshake-reject'),
  /** Why, as a kind to act on. */
  reason: handshakeRefusalSchema,
  /** The same for a person, saying what to change. */
  message: z.string().max(1000),
  /** The executor's {@link EXECUTOR_PROTOCOL_VERSION}, so a controller can tell which to upgrade. */
  protocolVersion: z.number().int().min(0).max(65_535),
});

/** Answer to `info-request`. */
export const infoResultSchema = z.strictObject({
  type: z.literal('info-result'),
  ...replyFields,
  /** The environment's current self-description. */
  info: wireEnvironmentInfoSchema,
});

/** Answer to `observe-request`; the PNG is the binary frame `screenshot` names. */
export const observeResultSchema = z.strictObject({
  type: z.literal('observe-result'),
  ...replyFields,
  /** The screenshot's bytes: a PNG in logical pixels. */
  screenshot: blobRefSchema.extend({ mimeType: z.literal('image/png') }),
  /** Screenshot width in logical pixels. */
  width: screenSideSchema,
  /** Screenshot height in logical pixels. */
  height: screenSideSchema,
  /** Address of the page; absent outside browsers. */
  url: z.string().max(8192).optional(),
  /** Window or page title; absent when there is none. */
  title: z.string().max(2000).optional(),
  /** The accessibility snapshot; absent when not asked for or not offered. */
  accessibility: z.array(wireAccessibilityNodeSchema).max(executorLimits.maxAccessibilityNodes).optional(),
});

/** Answer to `act-request`: what the environment reports (`ok: false` when it could not perform the action). */
export const actResultSchema = z.strictObject({
  type: z.literal('act-result'),
  ...replyFields,
  /** The environment's report. */
  result: wireActionResultSchema,
});

/** Answer to `shell-request`. */
export const shellResultSchema = z.strictObject({
  type: z.literal('shell-result'),
  ...replyFields,
  /** The exit code; null when the command was killed (timeout, signal). */
  exitCode: z.number().int().min(-1024).max(1024).nullable(),
  /** Standard output, cut to {@link executorLimits.maxShellOutputChars} with a note. */
  stdout: z.string().max(executorLimits.maxShellOutputChars),
  /** Standard error, cut the same way. */
  stderr: z.string().max(executorLimits.maxShellOutputChars),
  /** Whether the command ran out of `commandTimeoutMs` and was killed. */
  timedOut: z.boolean(),
  /** Wall time of the command, in milliseconds. */
  durationMs: z.number().finite().nonnegative().max(executorLimits.maxTimeoutMs),
});

/** Answer to `watch-start` and `watch-stop`. */
export const watchResultSchema = z.strictObject({
  type: z.literal('watch-result'),
  ...replyFields,
  /** The live view asked about. */
  watchId: watchIdSchema,
  /** Whether it is running now: true after a start, false after a stop. */
  watching: z.boolean(),
});

/** A request failed, or a message could not be read. */
export const requestErrorSchema = z.strictObject({
  type: z.literal('request-error'),
  /** The request this answers; null when the message was so malformed that it had no readable id. */
  id: executorRequestIdSchema.nullable(),
  /** What went wrong. */
  error: wireErrorSchema,
});

/** The environment's self-description changed (the viewport was resized); sent before the answer that noticed it. */
export const infoUpdateSchema = z.strictObject({
  type: z.literal('info-update'),
  /** The new self-description. */
  info: wireEnvironmentInfoSchema,
});

/** One frame of a live view; the JPEG is the binary frame `image` names. */
export const watchFrameSchema = z.strictObject({
  type: z.literal('watch-frame'),
  /** The live view it belongs to. */
  watchId: watchIdSchema,
  /** The frame's bytes: a JPEG, possibly scaled down. */
  image: blobRefSchema.extend({ mimeType: z.literal('image/jpeg') }),
  /** Size of the screen the frame shows, in logical pixels (not of the image). */
  screen: z.strictObject({ width: screenSideSchema, height: screenSideSchema }),
  /** When the frame was drawn, in milliseconds since the Unix epoch (the executor's clock). */
  at: z.number().int().nonnegative().max(8_640_000_000_000_000),
});

/** A live view ended on the executor's side (a frame it produced did not fit this contract); no more frames follow. */
export const watchEndSchema = z.strictObject({
  type: z.literal('watch-end'),
  /** The live view that ended. */
  watchId: watchIdSchema,
  /** Why, for a person. */
  reason: z.string().max(1000),
});

/** The executor ends the session for good (it shuts down, or the controller closed it); no resume follows. */
export const sessionEndSchema = z.strictObject({
  type: z.literal('session-end'),
  /** Why, for a person. */
  reason: z.string().max(1000),
});

/** Every message an executor sends. */
export const executorMessageSchema = z.discriminatedUnion('type', [
  handshakeAcceptSchema,
  handshakeRejectSchema,
  infoResultSchema,
  observeResultSchema,
  actResultSchema,
  shellResultSchema,
  watchResultSchema,
  requestErrorSchema,
  infoUpdateSchema,
  watchFrameSchema,
  watchEndSchema,
  sessionEndSchema,
]);
export type ExecutorMessage = z.infer<typeof executorMessageSchema>;
export type ExecutorMessageInput = z.input<typeof executorMessageSchema>;

/** The messages that answer a request, each carrying its `id`. */
export type ExecutorReply = Extract<ExecutorMessage, { id: unknown }>;
/** The messages that ask for an answer, each carrying its `id`. */
export type ExecutorRequest = Extract<
  ControllerMessage,
  { type: 'info-request' | 'observe-request' | 'act-request' | 'shell-request' | 'watch-start' | 'watch-stop' }
>;
