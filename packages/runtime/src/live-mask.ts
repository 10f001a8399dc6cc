import type { LiveFrame, LiveView, LiveViewOptions } from '@sandpiper/core';
import { boxesInImage, type Box } from '@sandpiper/protocol';
import { coverRegions, decodePng, encodeJpeg } from '@sandpiper/vision';

/** A source of live frames: an environment's `watch`. */
export type WatchScreen = (options: LiveViewOptions, onFrame: (frame: LiveFrame) => void) => Promise<LiveView>;

/**
 * The environment's live view with the secrets of the last snapshot painted over in every frame
 * (`covered()` gives their boxes, in screen points). Frames are covered one at a time, in order; a
 * frame that arrives while another is being covered replaces any frame already waiting, so a slow
 * cover drops frames instead of queueing them. A frame that cannot be covered is not sent.
 */
export function coveringLiveView(
  watch: WatchScreen,
  covered: () => readonly Box[],
  onError: (error: unknown) => void = () => {},
): WatchScreen {
  return (options, onFrame) => {
    let busy = false;
    let waiting: LiveFrame | undefined;
    let stopped = false;
    const pass = async (frame: LiveFrame) => {
      busy = true;
      try {
        const boxes = covered();
        const sent = boxes.length === 0 ? frame : await coverFrame(frame, boxes, options.quality);
        if (!stopped) onFrame(sent);
      } catch (error: unknown) {
        onError(error);
      } finally {
        busy = false;
      }
      const next = waiting;
      waiting = undefined;
      if (next && !stopped) void pass(next);
    };
    return watch(options, (frame) => {
      if (busy) waiting = frame;
      else void pass(frame);
    }).then((view) => ({
      async stop() {
        stopped = true;
        await view.stop();
      },
    }));
  };
}

/** The frame with each box (screen points) covered, scaled to the frame's own pixels. */
export async function coverFrame(frame: LiveFrame, boxes: readonly Box[], quality: number): Promise<LiveFrame> {
  const image = await decodePng(frame.jpeg);
  coverRegions(image, boxesInImage(boxes, image.width, frame.screen.width));
  return { ...frame, jpeg: await encodeJpeg(image, { quality }) };
}
