import { describeCharacter } from './input-device.js';
import { charactersOf, keysymOfCharacter } from './key-symbols.js';
import { request, syncWithServer, type XDisplay } from './x11-client.js';

/** A key to press: its keycode, and whether Shift must be held for it to produce the keysym. */
export interface KeyStroke {
  readonly keycode: number;
  readonly shift: boolean;
}

/** Keysyms of multimedia keys (XF86AudioMute, XF86Launch1, ...): keys an Xvfb keyboard has but nobody presses. */
const XF86_KEYSYMS = { first: 0x1008_ff00, last: 0x1008_ffff };

interface BorrowedKeycode {
  readonly keycode: number;
  /** The row the keycode had before it was borrowed, written back by {@link KeyboardMap.restore}. */
  readonly original: readonly number[];
  /** The keysym it was bound to; 0 while it is still free. */
  keysym: number;
}

/**
 * The server's keyboard mapping as keysym → keycode, read with `GetKeyboardMapping`. Characters
 * with no keycode get a keycode of their own with `ChangeKeyboardMapping`, as xdotool does, but
 * a borrowed keycode is never bound to a second character: X clients (Xlib with XKB, measured
 * with Tk) sometimes keep the previous symbol of a rebound keycode and type the wrong character,
 * while a first binding is always seen. Keycodes without symbols and those of multimedia keys
 * are borrowed, a text's characters together in as few runs of adjacent keycodes as possible
 * (see {@link KeyboardMap.prepare}); {@link restore} gives every one back its original row.
 */
export class KeyboardMap {
  private strokes = new Map<number, KeyStroke>();
  /** The rows as last read, to see whether another client has taken a keycode meanwhile. */
  private rows: readonly number[][] = [];
  private keysymsPerKeycode = 0;
  private readonly borrowable: BorrowedKeycode[] = [];

  private constructor(private readonly display: XDisplay) {}

  static async load(display: XDisplay): Promise<KeyboardMap> {
    const map = new KeyboardMap(display);
    const rows = await map.readRows();
    const modifiers = await request<number[][]>((callback) => display.client.GetModifierMapping(callback));
    const modifierKeycodes = new Set(modifiers.flat());
    const empty: BorrowedKeycode[] = [];
    const multimedia: BorrowedKeycode[] = [];
    rows.forEach((row, index) => {
      const keycode = display.min_keycode + index;
      if (keycode === display.min_keycode || modifierKeycodes.has(keycode)) return;
      const symbols = row.filter((keysym) => keysym !== 0);
      const entry = { keycode, original: [...row], keysym: 0 };
      if (symbols.length === 0) empty.push(entry);
      else if (symbols.every((keysym) => keysym >= XF86_KEYSYMS.first && keysym <= XF86_KEYSYMS.last)) {
        multimedia.push(entry);
      }
    });
    map.borrowable.push(...empty, ...multimedia);
    map.index(rows);
    return map;
  }

  /** Re-read the mapping, in case another client (setxkbmap, an input method) changed it. */
  async refresh(): Promise<void> {
    this.index(await this.readRows());
  }

  /** Keycodes still free for characters the keymap lacks. */
  get freeKeycodes(): number {
    return this.borrowable.filter((entry) => this.isFree(entry)).length;
  }

  /** Whether `keysym` can be typed without borrowing a keycode. */
  has(keysym: number): boolean {
    return this.strokes.has(keysym) || this.borrowable.some((entry) => entry.keysym === keysym);
  }

  /**
   * The stroke that produces `keysym`: level 1 or the Shift level of a keycode that has it, else
   * a newly borrowed keycode bound to it. Undefined when every borrowable keycode is taken.
   */
  async resolve(keysym: number): Promise<KeyStroke | undefined> {
    const borrowed = this.borrowable.find((entry) => entry.keysym === keysym);
    if (borrowed !== undefined) return { keycode: borrowed.keycode, shift: false };
    const existing = this.strokes.get(keysym);
    if (existing !== undefined) return existing;
    const free = this.borrowable.find((entry) => this.isFree(entry));
    if (free === undefined) return undefined;
    // Every level gets the keysym, so the key types the same character whatever modifiers are down.
    this.display.client.ChangeKeyboardMapping(free.keycode, this.keysymsPerKeycode, this.row(keysym));
    await syncWithServer(this.display.client);
    free.keysym = keysym;
    return { keycode: free.keycode, shift: false };
  }

  /**
   * The strokes that type `text`, borrowing keycodes for the characters the keymap lacks. Text
   * that cannot be typed (a control character, more missing characters than free keycodes) is
   * refused as a whole, before anything is bound.
   */
  async prepare(text: string): Promise<{ ok: true; strokes: KeyStroke[] } | { ok: false; error: string }> {
    await this.refresh();
    const keysyms: number[] = [];
    for (const character of charactersOf(text)) {
      const keysym = keysymOfCharacter(character);
      if (keysym === undefined)
        return { ok: false, error: `No key types the character ${describeCharacter(character)}.` };
      keysyms.push(keysym);
    }
    const missing = new Set(keysyms.filter((keysym) => !this.has(keysym)));
    if (missing.size > this.freeKeycodes) {
      return {
        ok: false,
        error:
          `The text needs ${missing.size} characters the keyboard map lacks, and only ${this.freeKeycodes} ` +
          'keycodes are left to bind them to; paste it from the clipboard instead.',
      };
    }
    await this.bindAll([...missing]);
    const strokes: KeyStroke[] = [];
    for (const keysym of keysyms) strokes.push((await this.resolve(keysym))!);
    return { ok: true, strokes };
  }

  /**
   * Bind each of `keysyms` to a free keycode before any of them is typed, in one request when a
   * run of adjacent free keycodes is long enough, else in as few as the runs allow. Each request
   * is one mapping notification, and a client sent several while it is busy has been seen (Tk
   * under load) to lose those that arrive during its own refresh of the first, and type the later
   * characters as NoSymbol. (Keycodes in between are never rewritten to join runs: the server's
   * XKB layer can read such rows back changed.)
   */
  private async bindAll(keysyms: readonly number[]): Promise<void> {
    if (keysyms.length === 0) return;
    const chosen = fewestRuns(
      this.borrowable.filter((entry) => this.isFree(entry)),
      keysyms.length,
    );
    chosen.flat().forEach((entry, index) => (entry.keysym = keysyms[index]!));
    // Several requests leave in one write, so the server handles them in one go and the client
    // is most likely to read every notification before it refreshes for the first.
    const socket = this.display.client.stream;
    socket?.cork?.();
    try {
      for (const run of chosen) {
        const rows = run.flatMap((entry) => this.row(entry.keysym));
        this.display.client.ChangeKeyboardMapping(run[0]!.keycode, this.keysymsPerKeycode, rows);
      }
    } finally {
      socket?.uncork?.();
    }
    await syncWithServer(this.display.client);
  }

  /** Give every borrowed keycode back the row it had. */
  async restore(): Promise<void> {
    const bound = this.borrowable.filter((entry) => entry.keysym !== 0);
    for (const entry of bound) {
      const row = [...entry.original];
      while (row.length < this.keysymsPerKeycode) row.push(0);
      this.display.client.ChangeKeyboardMapping(entry.keycode, this.keysymsPerKeycode, row);
      entry.keysym = 0;
    }
    if (bound.length > 0) await syncWithServer(this.display.client);
  }

  /** Not bound by us, and still as it was: another environment on the display may have borrowed it. */
  private isFree(entry: BorrowedKeycode): boolean {
    if (entry.keysym !== 0) return false;
    const current = this.rows[entry.keycode - this.display.min_keycode] ?? [];
    return entry.original.every((keysym, index) => (current[index] ?? 0) === keysym);
  }

  private row(keysym: number): number[] {
    return new Array<number>(this.keysymsPerKeycode).fill(keysym);
  }

  private async readRows(): Promise<number[][]> {
    const { min_keycode: first, max_keycode: last } = this.display;
    const rows = await request<number[][]>((callback) =>
      this.display.client.GetKeyboardMapping(first, last - first + 1, callback),
    );
    this.keysymsPerKeycode = rows[0]?.length ?? 2;
    return rows;
  }

  private index(rows: readonly number[][]): void {
    const strokes = new Map<number, KeyStroke>();
    const borrowed = new Set(this.borrowable.filter((entry) => entry.keysym !== 0).map((entry) => entry.keycode));
    const add = (keysym: number, stroke: KeyStroke): void => {
      if (keysym !== 0 && !strokes.has(keysym)) strokes.set(keysym, stroke);
    };
    // Unshifted levels first, so a keysym on two keycodes resolves to the one without Shift.
    for (const shift of [false, true]) {
      rows.forEach((row, index) => {
        const keycode = this.display.min_keycode + index;
        if (borrowed.has(keycode)) return;
        const lower = row[0] ?? 0;
        const upper = row[1] ?? 0;
        if (!shift) add(lower, { keycode, shift: false });
        else if (upper !== 0) add(upper, { keycode, shift: true });
        else if (lower >= 0x61 && lower <= 0x7a) add(lower - 0x20, { keycode, shift: true });
      });
    }
    this.strokes = strokes;
    this.rows = rows;
  }
}

/**
 * `count` of `entries` in runs of adjacent keycodes, as few runs as possible: the shortest run
 * that holds them all, else the longest runs first (the last one trimmed to what is left).
 */
function fewestRuns(entries: readonly BorrowedKeycode[], count: number): BorrowedKeycode[][] {
  const runs: BorrowedKeycode[][] = [];
  for (const entry of [...entries].sort((a, b) => a.keycode - b.keycode)) {
    const run = runs.at(-1);
    if (run !== undefined && run.at(-1)!.keycode + 1 === entry.keycode) run.push(entry);
    else runs.push([entry]);
  }
  const fits = runs.filter((run) => run.length >= count).sort((a, b) => a.length - b.length)[0];
  if (fits !== undefined) return [fits.slice(0, count)];
  const chosen: BorrowedKeycode[][] = [];
  let left = count;
  for (const run of [...runs].sort((a, b) => b.length - a.length)) {
    if (left === 0) break;
    chosen.push(run.slice(0, left));
    left -= chosen.at(-1)!.length;
  }
  return chosen;
}
