import { EXECUTOR_BLOB_HEADER_BYTES, executorLimits, wireActionSchema } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { BlobInbox, decodeControllerMessage, encodeBlobFrame, encodeExecutorMessage } from '../src/wire.js';

describe('the wire format', () => {
  it('frames a blob behind a four-byte big-endian id and gives it back once', () => {
    const frame = encodeBlobFrame(0x01020304, new Uint8Array([9, 8, 7]));
    expect([...frame]).toEqual([1, 2, 3, 4, 9, 8, 7]);
    const inbox = new BlobInbox();
    expect(inbox.put(frame)).toBeUndefined();
    const ref = { blobId: 0x01020304, byteLength: 3, mimeType: 'image/png' } as const;
    expect(inbox.take(ref)).toEqual(new Uint8Array([9, 8, 7]));
    expect(inbox.take(ref)).toBe('no binary frame 16909060 arrived before its reference');
  });

  it('holds only a few unclaimed blobs, dropping the oldest', () => {
    const inbox = new BlobInbox();
    for (let blobId = 0; blobId < 10; blobId += 1) inbox.put(encodeBlobFrame(blobId, new Uint8Array([blobId])));
    expect(typeof inbox.take({ blobId: 0, byteLength: 1, mimeType: 'image/png' })).toBe('string');
    expect(inbox.take({ blobId: 9, byteLength: 1, mimeType: 'image/png' })).toEqual(new Uint8Array([9]));
    expect(inbox.put(new Uint8Array(EXECUTOR_BLOB_HEADER_BYTES))).toBe('a binary frame without a payload');
  });

  it('refuses text longer than the bound before parsing it', () => {
    const decoded = decodeControllerMessage(' '.repeat(executorLimits.maxTextMessageChars + 1));
    expect(decoded).toEqual({
      ok: false,
      id: null,
      issues: [{ path: '', message: `longer than ${executorLimits.maxTextMessageChars}` }],
    });
  });

  it('refuses to send a message that breaks the contract, naming the field', () => {
    expect(() => encodeExecutorMessage({ type: 'watch-end', watchId: 1, reason: 'x'.repeat(1001) })).toThrow(
      'Invalid message to the controller: reason:',
    );
  });

  it('bounds a tool call’s input and every coordinate of an action', () => {
    const huge = wireActionSchema.safeParse({
      type: 'tool-call',
      tool: 'code',
      input: { command: 'x'.repeat(70_000) },
    });
    expect(huge.success).toBe(false);
    expect(huge.error?.issues[0]?.path).toEqual(['input']);
    const drag = wireActionSchema.safeParse({ type: 'drag', from: { x: 1, y: 1 }, to: { x: 1, y: 100_001 } });
    expect(drag.error?.issues.map((issue) => issue.path)).toEqual([['to', 'y']]);
    expect(wireActionSchema.safeParse({ type: 'scroll', deltaY: -100_000 }).success).toBe(true);
  });
});
