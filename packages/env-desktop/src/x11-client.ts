import { createRequire } from 'node:module';
import { DesktopEnvironmentError, describeError } from './errors.js';

/** An X protocol error as the x11 package reports it. */
export interface XProtocolError extends Error {
  readonly error?: number;
  readonly badParam?: number;
}

/**
 * Reply callbacks of the x11 package return true when they dealt with an error themselves;
 * otherwise the client emits it as an `'error'` event.
 */
type Reply<T> = (error: XProtocolError | null, result: T) => boolean | void;

/** An event the server sent, as the x11 package decodes it; fields depend on `name`. */
export interface XEvent {
  readonly name: string;
  readonly [field: string]: unknown;
}

export interface XProperty {
  readonly type: number;
  readonly format: number;
  readonly bytesAfter: number;
  readonly data: Buffer;
}

export interface ShmSegment {
  readonly buffer: Buffer;
  getImage(
    drawable: number,
    x: number,
    y: number,
    width: number,
    height: number,
    planeMask: number,
    format: number | undefined,
    offset: number,
    callback: Reply<{ readonly depth: number; readonly size: number }>,
  ): void;
  detach(callback?: () => void): void;
}

export interface ShmExtension {
  usable(callback: Reply<boolean>): void;
  createSegment(size: number, callback: Reply<ShmSegment>): void;
}

export interface XTestExtension {
  readonly KeyPress: number;
  readonly KeyRelease: number;
  readonly ButtonPress: number;
  readonly ButtonRelease: number;
  readonly MotionNotify: number;
  FakeInput(type: number, detail: number, time: number, window: number, x: number, y: number): void;
}

export interface ResExtension {
  readonly major: number;
  readonly minor: number;
  readonly ClientIdMask: { readonly LocalClientPID: number };
  QueryClientIds(
    specs: readonly { readonly client: number; readonly mask: number }[],
    callback: Reply<{ readonly mask: number; readonly value: readonly number[] }[]>,
  ): void;
}

/** The part of the x11 package's client this package uses (see the package's docs/core-requests.md). */
export interface XClient {
  readonly atoms: Readonly<Record<string, number>>;
  AllocID(): number;
  require(name: 'shm', callback: Reply<ShmExtension>): void;
  require(name: 'xtest', callback: Reply<XTestExtension>): void;
  require(name: 'res', callback: Reply<ResExtension>): void;
  GetImage(
    format: number,
    drawable: number,
    x: number,
    y: number,
    width: number,
    height: number,
    planeMask: number,
    callback: Reply<{ readonly depth: number; readonly data: Buffer }>,
  ): void;
  InternAtom(onlyIfExists: boolean, name: string, callback: Reply<number>): void;
  GetProperty(
    remove: number,
    window: number,
    property: number,
    type: number,
    longOffset: number,
    longLength: number,
    callback: Reply<XProperty>,
  ): void;
  ChangeProperty(mode: number, window: number, property: number, type: number, format: number, data: Buffer): void;
  DeleteProperty(window: number, property: number): void;
  GetGeometry(drawable: number, callback: Reply<{ readonly width: number; readonly height: number }>): void;
  TranslateCoordinates(
    source: number,
    target: number,
    x: number,
    y: number,
    callback: Reply<{ readonly destX: number; readonly destY: number }>,
  ): void;
  QueryPointer(window: number, callback: Reply<{ readonly rootX: number; readonly rootY: number }>): void;
  GetInputFocus(callback: Reply<{ readonly focus: number }>): void;
  SetInputFocus(window: number, revertTo: number): void;
  RaiseWindow(window: number): void;
  GetKeyboardMapping(first: number, count: number, callback: Reply<number[][]>): void;
  ChangeKeyboardMapping(first: number, keysymsPerKeycode: number, keysyms: number[]): void;
  /** The connection's socket; `cork`/`uncork` make the requests issued between them one write. */
  readonly stream?: { cork?(): void; uncork?(): void };
  GetModifierMapping(callback: Reply<number[][]>): void;
  CreateWindow(
    window: number,
    parent: number,
    x: number,
    y: number,
    width: number,
    height: number,
    borderWidth: number,
    depth: number,
    windowClass: number,
    visual: number,
    values: { readonly eventMask?: number },
  ): void;
  DestroyWindow(window: number): void;
  SetSelectionOwner(owner: number, selection: number, time?: number): void;
  GetSelectionOwner(selection: number, callback: Reply<number>): void;
  ConvertSelection(requestor: number, selection: number, target: number, property: number, time?: number): void;
  SendEvent(destination: number, propagate: number, eventMask: number, event: Record<string, unknown>): void;
  SendClientMessage(
    destination: number,
    window: number,
    messageType: number,
    format: number,
    data: number[],
    eventMask?: number,
  ): void;
  on(event: 'event', listener: (event: XEvent) => void): this;
  on(event: 'error', listener: (error: XProtocolError) => void): this;
  on(event: 'end', listener: () => void): this;
  removeListener(event: 'event', listener: (event: XEvent) => void): this;
  terminate(): void;
}

export interface XScreen {
  readonly root: number;
  readonly pixel_width: number;
  readonly pixel_height: number;
  readonly root_depth: number;
}

/** The connection setup block: the client plus what the server said about itself. */
export interface XDisplay {
  readonly client: XClient;
  readonly screen: readonly XScreen[];
  readonly min_keycode: number;
  readonly max_keycode: number;
  /** 0 when pixels arrive least significant byte first (BGRX at depth 24). */
  readonly image_byte_order: number;
  readonly format: Readonly<Record<string, { readonly bits_per_pixel: number }>>;
}

interface X11Module {
  createClient(
    options: { readonly display: string },
    callback: (error: Error | null, display: XDisplay) => void,
  ): XClient & { on(event: 'error', listener: (error: Error) => void): unknown };
}

const x11 = createRequire(import.meta.url)('x11') as X11Module;

/** X event mask bits this package selects. */
export const EventMask = { PropertyChange: 0x0040_0000 } as const;
/** `AnyPropertyType` for GetProperty. */
export const ANY_PROPERTY_TYPE = 0;

/** Issue one request with a reply and resolve with it; X errors reject. */
export function request<T>(issue: (callback: Reply<T>) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    issue((error, result) => {
      if (error) reject(error);
      else resolve(result);
      return true;
    });
  });
}

/** Round trip to the server: every request sent so far has been processed when this resolves. */
export async function syncWithServer(client: XClient): Promise<void> {
  await request<{ focus: number }>((callback) => client.GetInputFocus(callback));
}

/**
 * Open a connection to `display` (`:3`). Connection failures become
 * {@link DesktopEnvironmentError} `display-connect`; later protocol errors that no request
 * claimed go to `onError` instead of crashing the process.
 */
export function connectDisplay(
  display: string,
  onError: (error: XProtocolError) => void,
  timeoutMs = 10_000,
): Promise<XDisplay> {
  return new Promise<XDisplay>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(
        new DesktopEnvironmentError(
          'display-connect',
          `Cannot connect to the X display ${display}: ${describeError(error)}`,
          { cause: error },
        ),
      );
    };
    const timer = setTimeout(() => fail(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const client = x11.createClient({ display }, (error, connected) => {
      if (error) return fail(error);
      if (settled) return connected.client.terminate();
      settled = true;
      clearTimeout(timer);
      isolateAtomCache(connected.client);
      resolve(connected);
    });
    client.on('error', (error: XProtocolError) => (settled ? onError(error) : fail(error)));
  });
}

/** The highest predefined atom (`WM_TRANSIENT_FOR`); ids up to it mean the same on every server. */
const LAST_PREDEFINED_ATOM = 68;

/**
 * x11@4.2.2 starts every client with the same module-level atom table and writes interned atoms
 * into it, so a second connection to another server would reuse the first server's ids ("Bad
 * atom"). Give each client a table of its own holding only the predefined atoms.
 */
function isolateAtomCache(client: XClient): void {
  const own = client as unknown as { atoms: Record<string, number>; atom_names: Record<number, string> };
  const predefined = Object.entries(own.atoms).filter(([, id]) => id <= LAST_PREDEFINED_ATOM);
  own.atoms = Object.fromEntries(predefined);
  own.atom_names = Object.fromEntries(predefined.map(([name, id]) => [id, name]));
}

/** Close a connection without waiting for the server. */
export function disconnectDisplay(display: XDisplay): void {
  try {
    display.client.terminate();
  } catch {
    // The socket is already gone; nothing is left to release.
  }
}

/** Atom ids by name, interned once per connection. */
export class AtomCache {
  private readonly atoms = new Map<string, Promise<number>>();

  constructor(private readonly client: XClient) {}

  get(name: string): Promise<number> {
    let atom = this.atoms.get(name);
    if (atom === undefined) {
      atom = request<number>((callback) => this.client.InternAtom(false, name, callback));
      this.atoms.set(name, atom);
    }
    return atom;
  }
}

/** A whole property (up to `maxBytes`), or undefined when the window does not have it. */
export async function readProperty(
  client: XClient,
  window: number,
  property: number,
  type = ANY_PROPERTY_TYPE,
  maxBytes = 1 << 20,
): Promise<XProperty | undefined> {
  const value = await request<XProperty>((callback) =>
    client.GetProperty(0, window, property, type, 0, Math.ceil(maxBytes / 4), callback),
  );
  return value.type === 0 ? undefined : value;
}

/** The 32-bit items of a property (window lists, pids, atoms). */
export function readCardinals(property: XProperty | undefined): number[] {
  if (property === undefined || property.format !== 32) return [];
  const items: number[] = [];
  for (let offset = 0; offset + 4 <= property.data.length; offset += 4) items.push(property.data.readUInt32LE(offset));
  return items;
}
