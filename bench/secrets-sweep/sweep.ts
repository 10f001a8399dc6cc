import { countInOcr, type OcrReader } from './ocr.js';
import { PLACES, type Piece, type Place } from './pieces.js';
import { findHits, needlesFor, SHORT, type Hit, type Needle, type PlantedSecret } from './secrets.js';

/**
 * Counting one planted secret in everything a run left behind.
 *
 * A value written in the task is, by design, kept as written in the task and in the plan made
 * from it (README, "Secrets"); those occurrences are counted apart as `asWritten`. They are the
 * strings under an `instruction` key or inside a plan version, a step or a criterion, and any
 * text that quotes one of those strings whole (a step's text in a progress line, in a prompt or
 * in a step check's evidence). Every other occurrence is a leak. A bound secret has no such
 * exception: its value should appear nowhere.
 */

export interface PlaceTally {
  /** Occurrences found, in any encoded form. */
  hits: number;
  /** Of those, the task and plan as written (literal secrets only). */
  asWritten: number;
  /** The same count for the never-planted decoy: what the matcher finds by chance. */
  decoyHits: number;
}

export interface Finding {
  readonly place: Place;
  readonly where: string;
  readonly form: string;
  /** The text around it, the value shown as ⟨name⟩. */
  readonly excerpt: string;
  /** Whether the record was made before the value was typed, where the place says when. */
  readonly beforeTyping?: boolean;
}

export interface SecretSweep {
  readonly places: Record<Place, PlaceTally>;
  /** Occurrences in the database files' bytes, and how many of them no row accounts for. */
  readonly databaseBytes: { readonly hits: number; readonly outsideRows: number };
  /** Every leak, with where it is. */
  readonly findings: Finding[];
}

/** When the value went to the screen: the first logged typing of it, by event and time. */
export interface TypedAt {
  readonly seq: number;
  readonly at: number;
}

interface Target {
  readonly label: string;
  readonly value: string;
  readonly needles: Needle[];
  readonly standalone: boolean;
  /** Encoded forms of the task and plan texts holding the value. */
  readonly asWritten: Needle[];
}

/** An object of the plan: a version, a step or a criterion. */
function planLike(node: Record<string, unknown>): boolean {
  if ('analysis' in node && ('pending' in node || 'completed' in node || 'steps' in node)) return true;
  return 'text' in node && ('intent' in node || 'expectedOutcome' in node || 'check' in node);
}

/** Every string leaf of a JSON value, with whether the task or plan as written holds it. */
function* leaves(value: unknown, exempt = false, key = ''): Generator<{ text: string; exempt: boolean; key: string }> {
  if (typeof value === 'string') yield { text: value, exempt: exempt || key === 'instruction', key };
  else if (Array.isArray(value)) for (const item of value) yield* leaves(item, exempt, key);
  else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const inside = exempt || planLike(record);
    for (const [name, item] of Object.entries(record)) yield* leaves(item, inside, name);
  }
}

/** The texts of the task and plan that hold the value, from the run's events as stored. */
export function asWrittenTexts(pieces: readonly Piece[], value: string): string[] {
  const texts = new Set<string>();
  for (const piece of pieces) {
    if (piece.place !== 'db' || piece.type !== 'json') continue;
    for (const leaf of leaves(piece.json)) {
      if (leaf.exempt && leaf.text.length > value.length && leaf.text.includes(value)) texts.add(leaf.text);
    }
  }
  return [...texts];
}

/** The steps that type the secret: their intent or text names its value or its placeholder. */
function typingSteps(pieces: readonly Piece[], secret: PlantedSecret): Set<string> {
  const named = secret.binding === 'bound' ? `{{${secret.name}}}` : secret.value;
  const ids = new Set<string>();
  for (const piece of pieces) {
    if (piece.place !== 'db' || piece.type !== 'json') continue;
    const payload = piece.json as { type?: string; version?: { pending?: unknown[]; completed?: unknown[] } };
    if (payload.type !== 'plan-version-create') continue;
    for (const step of [...(payload.version?.pending ?? []), ...(payload.version?.completed ?? [])]) {
      const { id, text, intent } = step as { id?: string; text?: string; intent?: { text?: string } };
      if (id !== undefined && (intent?.text === named || text?.includes(`'${named}'`))) ids.add(id);
    }
  }
  return ids;
}

/** The first `type` action of a step that types the secret. */
export function typedAt(pieces: readonly Piece[], secret: PlantedSecret): TypedAt | undefined {
  const steps = typingSteps(pieces, secret);
  let first: TypedAt | undefined;
  for (const piece of pieces) {
    if (piece.place !== 'db' || piece.type !== 'json' || piece.seq === undefined || piece.at === undefined) continue;
    const payload = piece.json as { type?: string; stepId?: string; action?: { type?: string } };
    if (payload.type !== 'action-start' || payload.action?.type !== 'type' || !steps.has(payload.stepId ?? ''))
      continue;
    if (first === undefined || piece.seq < first.seq) first = { seq: piece.seq, at: piece.at };
  }
  return first;
}

function target(label: string, value: string, asWritten: readonly string[]): Target {
  const forms = asWritten.flatMap((text) => needlesFor(text).filter((needle) => needle.form !== 'base64'));
  return { label, value, needles: needlesFor(value), standalone: value.length < SHORT, asWritten: forms };
}

const ELLIPSIS = Buffer.from('…');

/**
 * Whether the hit sits inside a whole task or plan text (in the same encoding), or inside a quote
 * of one cut short with `…`, as progress lines and evidence clip long texts.
 */
function covered(bytes: Buffer, hit: Hit, asWritten: readonly Needle[]): boolean {
  const found = bytes.subarray(hit.start, hit.end);
  for (const { bytes: text } of asWritten) {
    for (let at = text.indexOf(found); at !== -1; at = text.indexOf(found, at + 1)) {
      const start = hit.start - at;
      if (start < 0 || !bytes.subarray(start, hit.start).equals(text.subarray(0, at))) continue;
      const rest = text.subarray(at + found.length);
      let same = 0;
      while (same < rest.length && bytes[hit.end + same] === rest[same]) same += 1;
      if (same === rest.length) return true;
      if (bytes.subarray(hit.end + same, hit.end + same + ELLIPSIS.length).equals(ELLIPSIS)) return true;
    }
  }
  return false;
}

function excerpt(bytes: Buffer, hit: Hit, label: string): string {
  const before = bytes.subarray(Math.max(0, hit.start - 60), hit.start).toString('utf8');
  const after = bytes.subarray(hit.end, hit.end + 60).toString('utf8');
  return `${before}⟨${label}⟩${after}`.replace(/\s+/g, ' ');
}

interface PieceCount {
  hits: number;
  asWritten: number;
  findings: Omit<Finding, 'place' | 'where' | 'beforeTyping'>[];
}

function countBytes(bytes: Buffer, aim: Target, exempt: boolean): PieceCount {
  const count: PieceCount = { hits: 0, asWritten: 0, findings: [] };
  for (const hit of findHits(bytes, aim.needles, aim.standalone)) {
    count.hits += 1;
    if (exempt || covered(bytes, hit, aim.asWritten)) count.asWritten += 1;
    else count.findings.push({ form: hit.form, excerpt: excerpt(bytes, hit, aim.label) });
  }
  return count;
}

async function countPiece(piece: Piece, aim: Target, ocr: OcrReader): Promise<PieceCount> {
  if (piece.type === 'bytes') return countBytes(piece.bytes, aim, false);
  if (piece.type === 'image') {
    const hits = countInOcr(await ocr.read(piece.image), aim.value);
    const findings = Array.from({ length: hits }, () => ({ form: 'ocr', excerpt: `OCR of ${piece.where}` }));
    return { hits, asWritten: 0, findings };
  }
  const total: PieceCount = { hits: 0, asWritten: 0, findings: [] };
  for (const leaf of leaves(piece.json)) {
    const count = countBytes(Buffer.from(leaf.text), aim, leaf.exempt);
    total.hits += count.hits;
    total.asWritten += count.asWritten;
    total.findings.push(...count.findings.map((finding) => ({ ...finding, form: `${finding.form} in "${leaf.key}"` })));
  }
  return total;
}

function emptyPlaces(): Record<Place, PlaceTally> {
  return Object.fromEntries(PLACES.map((place) => [place, { hits: 0, asWritten: 0, decoyHits: 0 }])) as Record<
    Place,
    PlaceTally
  >;
}

/** Sweep every piece for one planted secret (and its decoy). */
export async function sweepSecret(
  pieces: readonly Piece[],
  secret: PlantedSecret,
  ocr: OcrReader,
): Promise<SecretSweep> {
  const asWritten = secret.binding === 'literal' ? asWrittenTexts(pieces, secret.value) : [];
  const aim = target(secret.name, secret.value, asWritten);
  const decoy = target(`decoy ${secret.name}`, secret.decoy, []);
  const typed = typedAt(pieces, secret);
  const places = emptyPlaces();
  const findings: Finding[] = [];
  const databaseBytes = { hits: 0, compacted: 0 };
  for (const piece of pieces) {
    const [count, chance] = [await countPiece(piece, aim, ocr), await countPiece(piece, decoy, ocr)];
    if (piece.databaseFile !== undefined) {
      databaseBytes[piece.databaseFile === 'as-left' ? 'hits' : 'compacted'] += count.hits;
      if (piece.databaseFile === 'as-left') places.db.decoyHits += chance.hits;
      continue;
    }
    const tally = places[piece.place];
    tally.hits += count.hits;
    tally.asWritten += count.asWritten;
    tally.decoyHits += chance.hits;
    const when =
      typed === undefined
        ? undefined
        : piece.seq !== undefined
          ? piece.seq < typed.seq
          : piece.at !== undefined
            ? piece.at < typed.at
            : undefined;
    for (const finding of count.findings) {
      findings.push({
        place: piece.place,
        where: piece.where,
        ...finding,
        ...(when === undefined ? {} : { beforeTyping: when }),
      });
    }
  }
  // Copies in the database files that no live row holds (freed pages, the write-ahead log): what
  // the files hold beyond a compacted copy. Any copy of a bound secret is a leak; for a literal
  // one they are stale copies of rows already counted (the task, each time its run row is
  // rewritten), so they are counted as written.
  const outsideRows = Math.max(0, databaseBytes.hits - databaseBytes.compacted);
  places.db.hits += outsideRows;
  if (secret.binding === 'literal') places.db.asWritten += outsideRows;
  else if (outsideRows > 0) {
    findings.push({ place: 'db', where: 'database files', form: 'bytes', excerpt: `${outsideRows} outside any row` });
  }
  return { places, databaseBytes: { hits: databaseBytes.hits, outsideRows }, findings };
}

/** Leaks in a place: what was found, less the task and plan as written. */
export function leaksIn(tally: PlaceTally): number {
  return tally.hits - tally.asWritten;
}
