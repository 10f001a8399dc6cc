import {
  ContractError,
  controllerMessageSchema,
  EXECUTOR_BLOB_HEADER_BYTES,
  executorLimits,
  executorMessageSchema,
  formatIssuePath,
  type BlobRef,
  type ControllerMessage,
  type ControllerMessageInput,
  type ExecutorMessage,
  type ExecutorMessageInput,
} from '@sandpiper/protocol';

/**
 * Serialization of the executor protocol, shared by both sides and both transports: every message
 * is checked against its schema on the way out (a mismatch is our own bug, kind `invariant`) and
 * on the way in (a mismatch is the peer's, answered with the failing fields).
 */

/** One failing field of a message. */
export interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

/** A received message, or why it could not be read. */
export type Decoded<M> =
  | { readonly ok: true; readonly message: M }
  | {
      readonly ok: false;
      /** The message's `id` when one could be read, so the answer can name the request; null otherwise. */
      readonly id: number | null;
      readonly issues: readonly FieldIssue[];
    };

interface Parser<M> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: M }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

function encode<M>(schema: Parser<M>, message: unknown, subject: string): string {
  const parsed = schema.safeParse(message);
  if (!parsed.success) throw new ContractError(subject, issuesOf(parsed.error.issues), 'invariant');
  return JSON.stringify(parsed.data);
}

function decode<M>(schema: Parser<M>, text: string): Decoded<M> {
  if (text.length > executorLimits.maxTextMessageChars) {
    return {
      ok: false,
      id: null,
      issues: [{ path: '', message: `longer than ${executorLimits.maxTextMessageChars}` }],
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, id: null, issues: [{ path: '', message: 'not JSON' }] };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, message: parsed.data };
  return { ok: false, id: readableId(value), issues: issuesOf(parsed.error.issues) };
}

function issuesOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldIssue[] {
  return issues.slice(0, 50).map((issue) => ({
    path: formatIssuePath(issue.path).slice(0, 500),
    message: issue.message.slice(0, 1000),
  }));
}

function readableId(value: unknown): number | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 1 ? id : null;
}

export const encodeControllerMessage = (message: ControllerMessageInput): string =>
  encode(controllerMessageSchema, message, 'message to the executor');
export const encodeExecutorMessage = (message: ExecutorMessageInput): string =>
  encode(executorMessageSchema, message, 'message to the controller');
export const decodeControllerMessage = (text: string): Decoded<ControllerMessage> =>
  decode(controllerMessageSchema, text);
export const decodeExecutorMessage = (text: string): Decoded<ExecutorMessage> => decode(executorMessageSchema, text);

/** One line naming every failing field, for error messages and logs. */
export function describeIssues(issues: readonly FieldIssue[]): string {
  return issues.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ');
}

/** A binary frame: the blob id in four big-endian bytes, then the blob. */
export function encodeBlobFrame(blobId: number, bytes: Uint8Array): Uint8Array {
  const frame = new Uint8Array(EXECUTOR_BLOB_HEADER_BYTES + bytes.byteLength);
  new DataView(frame.buffer).setUint32(0, blobId, false);
  frame.set(bytes, EXECUTOR_BLOB_HEADER_BYTES);
  return frame;
}

/** Blobs each side numbers as it sends them, wrapping at 2³². */
export class BlobCounter {
  private next = 0;
  take(): number {
    const id = this.next;
    this.next = (this.next + 1) % 0x1_0000_0000;
    return id;
  }
}

/**
 * Binary frames received and not yet claimed by the JSON message that references them. The
 * reference follows its frame at once, so only a few are ever held; older ones are dropped, which
 * bounds the memory a misbehaving peer can tie up.
 */
export class BlobInbox {
  private readonly blobs = new Map<number, Uint8Array>();
  private static readonly MAX_HELD = 4;

  /** Keep one frame; undefined when held, or why it was refused. */
  put(frame: Uint8Array): string | undefined {
    if (frame.byteLength <= EXECUTOR_BLOB_HEADER_BYTES) return 'a binary frame without a payload';
    const size = frame.byteLength - EXECUTOR_BLOB_HEADER_BYTES;
    if (size > executorLimits.maxBlobBytes)
      return `a binary frame of ${size} bytes, over ${executorLimits.maxBlobBytes}`;
    const blobId = new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0, false);
    this.blobs.delete(blobId);
    this.blobs.set(blobId, frame.subarray(EXECUTOR_BLOB_HEADER_BYTES));
    while (this.blobs.size > BlobInbox.MAX_HELD) this.blobs.delete(this.blobs.keys().next().value!);
    return undefined;
  }

  /** The bytes a reference names, removed from the inbox; a string saying what is wrong otherwise. */
  take(ref: BlobRef): Uint8Array | string {
    const bytes = this.blobs.get(ref.blobId);
    if (bytes === undefined) return `no binary frame ${ref.blobId} arrived before its reference`;
    this.blobs.delete(ref.blobId);
    if (bytes.byteLength !== ref.byteLength) {
      return `binary frame ${ref.blobId} holds ${bytes.byteLength} bytes, the reference says ${ref.byteLength}`;
    }
    return bytes;
  }

  clear(): void {
    this.blobs.clear();
  }
}
