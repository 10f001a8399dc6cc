import type { LiveFrame } from '@sandpiper/core';
import type { Box } from '@sandpiper/protocol';
import { createImage, decodePng, encodeJpeg } from '@sandpiper/vision';
import { describe, expect, it } from 'vitest';
import { coveringLiveView, type WatchScreen } from '../src/live-mask.js';

/** A white 200 × 100 frame of a 400 × 200 point screen (frames are scaled down). */
async function whiteFrame(at: number): Promise<LiveFrame> {
  const image = createImage(200, 100);
  image.data.fill(255);
  return { jpeg: await encodeJpeg(image, { quality: 90 }), screen: { width: 400, height: 200 }, at };
}

async function pixel(jpeg: Uint8Array, x: number, y: number): Promise<number[]> {
  const image = await decodePng(jpeg);
  const start = (y * image.width + x) * 4;
  return [...image.data.subarray(start, start + 3)];
}

/** A watch that hands out the given frames one by one when told to. */
function scriptedWatch(): { watch: WatchScreen; emit: (frame: LiveFrame) => void; stopped: () => boolean } {
  let push: ((frame: LiveFrame) => void) | undefined;
  let stopped = false;
  return {
    watch: async (_options, onFrame) => {
      push = onFrame;
      return {
        async stop() {
          stopped = true;
        },
      };
    },
    emit: (frame) => push?.(frame),
    stopped: () => stopped,
  };
}

describe('the live view with secrets covered', () => {
  it('paints over the boxes of the last snapshot, scaled from screen points to the frame', async () => {
    const source = scriptedWatch();
    let boxes: readonly Box[] = [{ x: 100, y: 40, width: 80, height: 40 }];
    const frames: LiveFrame[] = [];
    const view = await coveringLiveView(source.watch, () => boxes)({ maxWidth: 200, quality: 80 }, (frame) =>
      frames.push(frame),
    );
    source.emit(await whiteFrame(1));
    await expect.poll(() => frames.length).toBe(1);
    // The box is 50..90 × 20..40 in the frame's pixels: covered there, white elsewhere.
    const inside = await pixel(frames[0]!.jpeg, 70, 30);
    for (const channel of inside) expect(channel).toBeLessThan(160);
    for (const channel of await pixel(frames[0]!.jpeg, 10, 10)) expect(channel).toBeGreaterThan(240);
    for (const channel of await pixel(frames[0]!.jpeg, 150, 30)) expect(channel).toBeGreaterThan(240);
    expect(frames[0]!.at).toBe(1);

    // With no secret on screen, a frame goes out as it came.
    boxes = [];
    const plain = await whiteFrame(2);
    source.emit(plain);
    await expect.poll(() => frames.length).toBe(2);
    expect(frames[1]!.jpeg).toBe(plain.jpeg);

    await view.stop();
    expect(source.stopped()).toBe(true);
  });

  it('keeps frames in order and drops the ones overtaken while a frame is being covered', async () => {
    const source = scriptedWatch();
    const frames: LiveFrame[] = [];
    await coveringLiveView(source.watch, () => [{ x: 0, y: 0, width: 10, height: 10 }])(
      { maxWidth: 200, quality: 80 },
      (frame) => frames.push(frame),
    );
    const [first, second, third] = await Promise.all([whiteFrame(1), whiteFrame(2), whiteFrame(3)]);
    source.emit(first!);
    source.emit(second!);
    source.emit(third!);
    await expect.poll(() => frames.map((frame) => frame.at)).toEqual([1, 3]);
  });

  it('sends nothing for a frame it cannot cover', async () => {
    const source = scriptedWatch();
    const frames: LiveFrame[] = [];
    const errors: unknown[] = [];
    await coveringLiveView(
      source.watch,
      () => [{ x: 0, y: 0, width: 10, height: 10 }],
      (error) => errors.push(error),
    )({ maxWidth: 200, quality: 80 }, (frame) => frames.push(frame));
    source.emit({ jpeg: new Uint8Array([0xff, 0xd8, 0xff, 0]), screen: { width: 400, height: 200 }, at: 1 });
    await expect.poll(() => errors.length).toBe(1);
    source.emit(await whiteFrame(2));
    await expect.poll(() => frames.map((frame) => frame.at)).toEqual([2]);
  });
});
