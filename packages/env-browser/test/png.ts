import { crc32, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/**
 * Decode a PNG far enough to prove it is whole: signature, IHDR, every chunk's CRC, and the
 * inflated image data having exactly one filtered row per line. Returns the declared size.
 */
export function decodePng(bytes: Uint8Array): { width: number; height: number } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!buffer.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG signature');
  let offset = 8;
  let header: { width: number; height: number; bitDepth: number; colorType: number } | undefined;
  const data: Buffer[] = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    const crc = buffer.readUInt32BE(offset + 8 + length);
    if (crc32(buffer.subarray(offset + 4, offset + 8 + length)) !== crc) throw new Error(`bad CRC in ${type}`);
    if (type === 'IHDR') {
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), bitDepth: body[8]!, colorType: body[9]! };
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  if (header === undefined) throw new Error('no IHDR chunk');
  const channels = CHANNELS[header.colorType];
  if (channels === undefined || header.bitDepth !== 8)
    throw new Error(`unexpected pixel format ${header.colorType}/${header.bitDepth}`);
  const pixels = inflateSync(Buffer.concat(data));
  if (pixels.length !== header.height * (1 + header.width * channels)) throw new Error('image data has the wrong size');
  return { width: header.width, height: header.height };
}
