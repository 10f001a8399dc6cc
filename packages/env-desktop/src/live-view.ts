import type { LiveFrame, LiveView, LiveViewOptions } from '@sandpiper/core';
import sharp from 'sharp';
import { convertBgrxToRgba, fingerprintFrame, type RawFrame, type ScreenCapturer } from './screen-capture.js';

/** How often the screen is looked at; a changed screen is sent at most this often. */
const POLL_INTERVAL_MS = 100;
/** After this long without a change the last frame is sent once more, so a viewer that missed it catches up. */
const STILL_RESEND_MS = 400;

/**
 * Stream the screen as JPEG frames: poll captures (about 1 ms each over MIT-SHM), compare a
 * sampled fingerprint, and encode only frames that differ from the last one sent. After
 * {@link STILL_RESEND_MS} of stillness the latest frame is sent again, once. `onFrame` errors
 * and capture failures stop nothing: the next tick tries again.
 */
export function startLiveView(
  capturer: ScreenCapturer,
  options: LiveViewOptions,
  onFrame: (frame: LiveFrame) => void,
): LiveView {
  const quality = Math.round(Math.min(100, Math.max(1, options.quality)));
  const maxWidth = Math.max(1, Math.round(options.maxWidth));
  let stopped = false;
  let lastFingerprint: number | undefined;
  let lastFrame: LiveFrame | undefined;
  let lastChangeAt = 0;
  let resent = false;
  let timer: NodeJS.Timeout | undefined;
  let tickDone: Promise<void> = Promise.resolve();

  const emit = (frame: LiveFrame): void => {
    if (stopped) return;
    try {
      onFrame(frame);
    } catch {
      // A failing viewer must not stop the stream for the others.
    }
  };

  const tick = async (): Promise<void> => {
    const frame = await capturer.capture();
    const fingerprint = fingerprintFrame(frame);
    const now = Date.now();
    if (fingerprint !== lastFingerprint) {
      lastFingerprint = fingerprint;
      lastChangeAt = now;
      resent = false;
      lastFrame = { jpeg: await encodeJpeg(frame, maxWidth, quality), screen: sizeOf(frame), at: now };
      emit(lastFrame);
    } else if (!resent && lastFrame !== undefined && now - lastChangeAt >= STILL_RESEND_MS) {
      resent = true;
      emit({ ...lastFrame, at: now });
    }
  };

  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      tickDone = tick()
        .catch(() => undefined)
        .finally(schedule);
    }, POLL_INTERVAL_MS);
  };
  tickDone = tick()
    .catch(() => undefined)
    .finally(schedule);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await tickDone.catch(() => undefined);
    },
  };
}

function sizeOf(frame: RawFrame): { width: number; height: number } {
  return { width: frame.width, height: frame.height };
}

async function encodeJpeg(frame: RawFrame, maxWidth: number, quality: number): Promise<Uint8Array> {
  const rgba = convertBgrxToRgba(frame.bgrx);
  let image = sharp(rgba, { raw: { width: frame.width, height: frame.height, channels: 4 } });
  if (frame.width > maxWidth) image = image.resize({ width: maxWidth });
  const jpeg = await image.removeAlpha().jpeg({ quality }).toBuffer();
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
}
