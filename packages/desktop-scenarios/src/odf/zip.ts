import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { DocumentFormatError } from '../errors.js';

/**
 * The little of the zip format an OpenDocument package needs. Node's zlib does the (de)compression;
 * this file only walks the directory records, so no archive library is needed for a format whose
 * producers (LibreOffice, and the writer below) stick to plain stored and deflated entries.
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** Every entry of a zip archive by name, decompressed. Throws {@link DocumentFormatError} for anything else. */
export function readZip(data: Buffer, source: string): Map<string, Buffer> {
  const fail = (what: string): never => {
    throw new DocumentFormatError(`${source} is not a readable zip package: ${what}.`);
  };
  // The end record sits in the last 22 bytes plus a comment of at most 64 KiB.
  let end = -1;
  for (let offset = data.length - 22; offset >= Math.max(0, data.length - 22 - 0xffff); offset--) {
    if (data.readUInt32LE(offset) === END_OF_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) fail('no end-of-directory record');
  const count = data.readUInt16LE(end + 10);
  let cursor = data.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index++) {
    if (cursor + 46 > data.length || data.readUInt32LE(cursor) !== DIRECTORY_ENTRY) fail('a damaged directory');
    const method = data.readUInt16LE(cursor + 10);
    const compressedSize = data.readUInt32LE(cursor + 20);
    const nameLength = data.readUInt16LE(cursor + 28);
    const extraLength = data.readUInt16LE(cursor + 30);
    const commentLength = data.readUInt16LE(cursor + 32);
    const localOffset = data.readUInt32LE(cursor + 42);
    const name = data.toString('utf8', cursor + 46, cursor + 46 + nameLength);
    cursor += 46 + nameLength + extraLength + commentLength;
    if (localOffset + 30 > data.length || data.readUInt32LE(localOffset) !== LOCAL_HEADER) {
      fail(`a damaged entry ${name}`);
    }
    // Sizes come from the directory: a local header written with a data descriptor holds zeros.
    const start = localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    const raw = data.subarray(start, start + compressedSize);
    if (method === STORED) entries.set(name, Buffer.from(raw));
    else if (method === DEFLATED) {
      try {
        entries.set(name, inflateRawSync(raw));
      } catch (error: unknown) {
        throw new DocumentFormatError(`${source}: entry ${name} does not inflate.`, { cause: error });
      }
    } else fail(`entry ${name} uses compression method ${method}`);
  }
  return entries;
}

/** One file to put in an archive. `store` keeps it uncompressed (OpenDocument's `mimetype` must be). */
export interface ZipInput {
  readonly name: string;
  readonly data: Buffer;
  readonly store?: boolean;
}

/** Build a zip archive from `files`, in order, with a fixed timestamp so the same input gives the same bytes. */
export function writeZip(files: readonly ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  // 2026-01-01 00:00 in DOS time and date: the output does not depend on when it was made.
  const dosTime = 0;
  const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const body = file.store === true ? file.data : deflateRawSync(file.data);
    const method = file.store === true ? STORED : DEFLATED;
    const checksum = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(DIRECTORY_ENTRY, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt16LE(dosTime, 12);
    entry.writeUInt16LE(dosDate, 14);
    entry.writeUInt32LE(checksum, 16);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(file.data.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    directory.push(entry, name);
    offset += local.length + name.length + body.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}
