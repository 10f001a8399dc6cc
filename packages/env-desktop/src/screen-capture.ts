import sharp from 'sharp';
import { DesktopEnvironmentError } from './errors.js';
import { request, type ShmExtension, type ShmSegment, type XDisplay } from './x11-client.js';

const Z_PIXMAP = 2;
const ALL_PLANES = 0xffff_ffff;

/** One capture of the whole screen in the server's own layout: 32 bits a pixel, BGRX in memory. */
export interface RawFrame {
  /** Width in pixels. */
  readonly width: number;
  /** Height in pixels. */
  readonly height: number;
  /** BGRX pixels, `width * height * 4` bytes; only valid until the next capture. */
  readonly bgrx: Buffer;
}

/** How captures reach this process: shared memory when the server accepts a segment, the socket otherwise. */
export type CaptureTransport = 'mit-shm' | 'core';

/**
 * Reads the root window of screen 0. With MIT-SHM the server writes pixels into a segment shared
 * with this process (about 1 ms for 1280×800); without it the same `GetImage` travels over the
 * socket (about 5 ms). Captures are serialized because they share one segment and one buffer.
 */
export class ScreenCapturer {
  private queue: Promise<unknown> = Promise.resolve();
  private segment: ShmSegment | undefined;

  private constructor(
    private readonly display: XDisplay,
    readonly transport: CaptureTransport,
    private readonly shm: ShmExtension | undefined,
  ) {}

  /** Check the pixel format and pick the transport. `preferShm: false` forces the socket path. */
  static async create(display: XDisplay, options: { readonly preferShm?: boolean } = {}): Promise<ScreenCapturer> {
    const screen = display.screen[0];
    const bitsPerPixel = display.format[String(screen?.root_depth)]?.bits_per_pixel;
    if (screen === undefined || screen.root_depth !== 24 || bitsPerPixel !== 32 || display.image_byte_order !== 0) {
      throw new DesktopEnvironmentError(
        'unsupported-display',
        `The screen has depth ${screen?.root_depth} at ${bitsPerPixel} bits a pixel ` +
          `(byte order ${display.image_byte_order}); only depth 24 in 32-bit little-endian pixels is supported.`,
      );
    }
    if (options.preferShm === false) return new ScreenCapturer(display, 'core', undefined);
    const shm = await request<ShmExtension>((callback) => display.client.require('shm', callback)).catch(
      () => undefined,
    );
    const usable = shm === undefined ? false : await request<boolean>((callback) => shm.usable(callback));
    return new ScreenCapturer(display, usable ? 'mit-shm' : 'core', usable ? shm : undefined);
  }

  /** Screen size in pixels, as the server reported it at connection time. */
  get size(): { width: number; height: number } {
    const screen = this.display.screen[0]!;
    return { width: screen.pixel_width, height: screen.pixel_height };
  }

  /** Capture the whole screen. The returned buffer is reused by the next capture on the SHM path. */
  capture(): Promise<RawFrame> {
    const next = this.queue.then(() => this.captureNow());
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Capture and convert to RGBA in a buffer of its own. */
  async captureRgba(): Promise<{ width: number; height: number; rgba: Buffer }> {
    const next = this.queue.then(async () => {
      const frame = await this.captureNow();
      return { width: frame.width, height: frame.height, rgba: convertBgrxToRgba(frame.bgrx) };
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Release the shared segment; the connection itself belongs to the caller. */
  dispose(): void {
    this.segment?.detach();
    this.segment = undefined;
  }

  private async captureNow(): Promise<RawFrame> {
    const { width, height } = this.size;
    const root = this.display.screen[0]!.root;
    if (this.shm !== undefined) {
      const segment = await this.ensureSegment(this.shm, width * height * 4);
      const reply = await request<{ depth: number; size: number }>((callback) =>
        segment.getImage(root, 0, 0, width, height, ALL_PLANES, Z_PIXMAP, 0, callback),
      );
      return { width, height, bgrx: segment.buffer.subarray(0, reply.size) };
    }
    const image = await request<{ depth: number; data: Buffer }>((callback) =>
      this.display.client.GetImage(Z_PIXMAP, root, 0, 0, width, height, ALL_PLANES, callback),
    );
    return { width, height, bgrx: image.data };
  }

  private async ensureSegment(shm: ShmExtension, size: number): Promise<ShmSegment> {
    this.segment ??= await request<ShmSegment>((callback) => shm.createSegment(size, callback));
    return this.segment;
  }
}

/**
 * BGRX to RGBA with an opaque alpha, one 32-bit word at a time: read as a little-endian word a
 * BGRX pixel is 0xXXRRGGBB, and RGBA bytes are the word 0xAABBGGRR.
 */
export function convertBgrxToRgba(bgrx: Buffer): Buffer {
  const output = Buffer.allocUnsafe(bgrx.length - (bgrx.length % 4));
  const source = new Uint32Array(bgrx.buffer, bgrx.byteOffset, output.length / 4);
  const target = new Uint32Array(output.buffer, output.byteOffset, output.length / 4);
  for (let index = 0; index < source.length; index++) {
    const pixel = source[index]!;
    target[index] = 0xff00_0000 | ((pixel & 0xff) << 16) | (pixel & 0xff00) | ((pixel >>> 16) & 0xff);
  }
  return output;
}

/** PNG bytes of an RGBA image at zlib level 1, which encodes a screen in about half the time of level 6 for about 1.7 times the bytes. */
export async function encodePng(image: { width: number; height: number; rgba: Buffer }): Promise<Uint8Array> {
  const png = await sharp(image.rgba, { raw: { width: image.width, height: image.height, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/**
 * A cheap fingerprint of a frame for "did the screen change": FNV-1a over every pixel of every
 * second row. A typed character is taller than two rows, so no visible change slips between them.
 */
export function fingerprintFrame(frame: RawFrame): number {
  const words = new Uint32Array(frame.bgrx.buffer, frame.bgrx.byteOffset, Math.floor(frame.bgrx.length / 4));
  let hash = 0x811c_9dc5;
  for (let row = 0; row < frame.height; row += 2) {
    const start = row * frame.width;
    const end = Math.min(words.length, start + frame.width);
    for (let index = start; index < end; index++) {
      hash = Math.imul(hash ^ (words[index]! & 0x00ff_ffff), 0x0100_0193);
    }
  }
  return hash >>> 0;
}
