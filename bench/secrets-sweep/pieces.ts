import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CliResult } from './cli-run.js';
import type { RecordedRequest } from './model-server.js';

/** Where a run can leave a secret. */
export const PLACES = [
  'stdout',
  'db',
  'blobs',
  'reports',
  'report-images',
  'prompts',
  'prompt-images',
  'screens',
] as const;
export type Place = (typeof PLACES)[number];

/** What the places mean, for the table's legend. */
export const PLACE_LEGEND: Readonly<Record<Place, string>> = {
  stdout: 'stdout and stderr of `run` and `show`',
  db: 'every row of sandpiper.db, and its files (-wal, -shm) as bytes',
  blobs: 'the files under blobs/ as bytes',
  reports: 'report.json and report.html as text',
  'report-images': 'OCR of the images embedded in report.html',
  prompts: 'the text of every request body the model server received',
  'prompt-images': 'OCR of the images sent to the model',
  screens: 'OCR of every stored PNG under blobs/',
};

/**
 * One piece of what a run left behind, searched as bytes, as parsed JSON (leaf by leaf, so it is
 * known what each string belongs to) or as an image (by OCR).
 */
export type Piece = {
  readonly place: Place;
  /** A file under the data directory, a stream, a table row or a request. */
  readonly where: string;
  /** The event's sequence number, for pieces that are one event. */
  readonly seq?: number;
  /** When it was sent, for requests to the model. */
  readonly at?: number;
  /**
   * A database file read as bytes, as the run left it or compacted (`VACUUM INTO`, live rows
   * only): the difference is what lies outside the rows. Not counted as a place of its own.
   */
  readonly databaseFile?: 'as-left' | 'compacted';
} & (
  | { readonly type: 'bytes'; readonly bytes: Buffer }
  | { readonly type: 'json'; readonly json: unknown }
  | { readonly type: 'image'; readonly image: Buffer }
);

function jsonOrUndefined(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/** The streams of the CLI runs: JSON lines as events, anything else as text. */
export function streamPieces(results: readonly CliResult[]): Piece[] {
  return results.flatMap((result, index) => {
    const label = `${result.args.slice(0, 2).join(' ')} #${index + 1}`;
    const pieces: Piece[] = [];
    const whole = jsonOrUndefined(result.stdout);
    if (whole !== undefined) pieces.push({ place: 'stdout', where: `${label} stdout`, type: 'json', json: whole });
    else {
      for (const [line, text] of result.stdout.split('\n').entries()) {
        const event = jsonOrUndefined(text) as { seq?: unknown } | undefined;
        const where = `${label} stdout line ${line + 1}`;
        if (event !== undefined) {
          const seq = typeof event.seq === 'number' ? { seq: event.seq } : {};
          pieces.push({ place: 'stdout', where, type: 'json', json: event, ...seq });
        } else if (text !== '') pieces.push({ place: 'stdout', where, type: 'bytes', bytes: Buffer.from(text) });
      }
    }
    if (result.stderr !== '') {
      pieces.push({ place: 'stdout', where: `${label} stderr`, type: 'bytes', bytes: Buffer.from(result.stderr) });
    }
    return pieces;
  });
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const DATA_URI = /data:image\/(?:png|jpeg|webp);base64,([A-Za-z0-9+/=]+)/g;

/** Every file of the data directory, and every row of its database. */
export function dataDirPieces(dataDir: string): Piece[] {
  const pieces: Piece[] = [];
  for (const file of filesUnder(dataDir)) {
    const where = path.relative(dataDir, file);
    const bytes = readFileSync(file);
    if (where.startsWith(`blobs${path.sep}`)) {
      pieces.push({ place: 'blobs', where, type: 'bytes', bytes });
      if (/\.(png|jpe?g)$/i.test(file)) pieces.push({ place: 'screens', where, type: 'image', image: bytes });
    } else if (where.startsWith(`reports${path.sep}`)) {
      const text = bytes.toString('utf8');
      const json = file.endsWith('.json') ? jsonOrUndefined(text) : undefined;
      pieces.push(
        json === undefined
          ? { place: 'reports', where, type: 'bytes', bytes }
          : { place: 'reports', where, type: 'json', json },
      );
      for (const [index, match] of [...text.matchAll(DATA_URI)].entries()) {
        const image = Buffer.from(match[1]!, 'base64');
        pieces.push({ place: 'report-images', where: `${where} image ${index + 1}`, type: 'image', image });
      }
    } else {
      const databaseFile = /sandpiper\.db(-wal|-shm)?$/.test(where) ? { databaseFile: 'as-left' as const } : {};
      pieces.push({ place: 'db', where: `${where} (bytes)`, type: 'bytes', bytes, ...databaseFile });
    }
  }
  return [...pieces, ...databaseRows(dataDir)];
}

/** Every cell of every table, read from a copy so the swept files stay as the run left them. */
function databaseRows(dataDir: string): Piece[] {
  const file = path.join(dataDir, 'sandpiper.db');
  if (!existsSync(file)) return [];
  const scratch = mkdtempSync(path.join(tmpdir(), 'sandpiper-sweep-db-'));
  try {
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(file + suffix)) copyFileSync(file + suffix, path.join(scratch, `sandpiper.db${suffix}`));
    }
    const db = new Database(path.join(scratch, 'sandpiper.db'));
    try {
      const compacted = path.join(scratch, 'compacted.db');
      db.prepare('VACUUM INTO ?').run(compacted);
      const file: Piece = {
        place: 'db',
        where: 'sandpiper.db compacted (bytes)',
        type: 'bytes',
        bytes: readFileSync(compacted),
        databaseFile: 'compacted',
      };
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
      const rows = tables.flatMap(({ name }) =>
        (db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]).flatMap((row, index) =>
          Object.entries(row).flatMap(([column, value]): Piece[] => {
            const where = `table ${name} row ${index + 1} column ${column}`;
            const seq =
              name === 'events' && typeof row['seq'] === 'number' && typeof row['at'] === 'number'
                ? { seq: row['seq'], at: row['at'] }
                : {};
            if (Buffer.isBuffer(value)) return [{ place: 'db', where, type: 'bytes', bytes: value, ...seq }];
            if (typeof value !== 'string') return [];
            const json = jsonOrUndefined(value);
            return json === undefined
              ? [{ place: 'db', where, type: 'bytes', bytes: Buffer.from(value), ...seq }]
              : [{ place: 'db', where, type: 'json', json, ...seq }];
          }),
        ),
      );
      return [file, ...rows];
    } finally {
      db.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Every request body as JSON, and every image in it for OCR. */
export function promptPieces(requests: readonly RecordedRequest[]): Piece[] {
  return requests.flatMap((request, index) => {
    const where = `request ${index + 1} (${request.outputName || 'unnamed'})`;
    const text = request.body.toString('utf8');
    const json = jsonOrUndefined(text);
    const pieces: Piece[] = [
      json === undefined
        ? { place: 'prompts', where, at: request.at, type: 'bytes', bytes: request.body }
        : { place: 'prompts', where, at: request.at, type: 'json', json },
    ];
    for (const [image, match] of [...text.matchAll(DATA_URI)].entries()) {
      pieces.push({
        place: 'prompt-images',
        where: `${where} image ${image + 1}`,
        at: request.at,
        type: 'image',
        image: Buffer.from(match[1]!, 'base64'),
      });
    }
    return pieces;
  });
}
