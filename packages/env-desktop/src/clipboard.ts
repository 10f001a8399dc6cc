import type { Handle } from '@sandpiper/core';
import { SandpiperError } from '@sandpiper/protocol';
import { raceHandle } from './waiting.js';
import {
  ANY_PROPERTY_TYPE,
  AtomCache,
  EventMask,
  request,
  syncWithServer,
  type XDisplay,
  type XEvent,
  type XProperty,
} from './x11-client.js';

/** Longest text the clipboard takes from this side: one property write, no incremental transfer. */
export const MAX_CLIPBOARD_BYTES = 200_000;
/** Longest text read from another program, across incremental chunks. */
const MAX_READ_BYTES = 4 << 20;
const CONVERT_TIMEOUT_MS = 3_000;
const INPUT_ONLY = 2;

/**
 * The CLIPBOARD selection, spoken in process over this package's X connection (ICCCM §2): to
 * write, a hidden window of ours becomes the owner and answers other programs' requests; to read,
 * we ask the owner to convert to UTF-8 text and read the property it writes, following INCR
 * transfers for large contents. What is written stays on the clipboard while the environment is
 * open, as it would with any program that copied it.
 */
export class Clipboard {
  private readonly atoms: AtomCache;
  private window = 0;
  private owned: Buffer | undefined;
  private readonly listener = (event: XEvent): void => this.onEvent(event);

  constructor(private readonly display: XDisplay) {
    this.atoms = new AtomCache(display.client);
  }

  /** Put `text` on the clipboard. Texts over {@link MAX_CLIPBOARD_BYTES} of UTF-8 are refused (usage error). */
  async write(handle: Handle, text: string): Promise<void> {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length > MAX_CLIPBOARD_BYTES) {
      throw new SandpiperError(
        'usage',
        `Clipboard text is limited to ${MAX_CLIPBOARD_BYTES} bytes; got ${bytes.length}.`,
      );
    }
    const window = await this.ensureWindow();
    const clipboard = await this.atoms.get('CLIPBOARD');
    this.owned = bytes;
    this.display.client.SetSelectionOwner(window, clipboard, 0);
    const owner = await raceHandle(
      handle,
      request<number>((callback) => this.display.client.GetSelectionOwner(clipboard, callback)),
      CONVERT_TIMEOUT_MS,
      () => 0,
    );
    if (owner !== window) throw new SandpiperError('environment', 'Another program took the clipboard at once.');
  }

  /** The clipboard's text; empty when it is empty or holds nothing that converts to text. */
  async read(handle: Handle): Promise<string> {
    const window = await this.ensureWindow();
    const { client } = this.display;
    const clipboard = await this.atoms.get('CLIPBOARD');
    const owner = await request<number>((callback) => client.GetSelectionOwner(clipboard, callback));
    if (owner === 0) return '';
    if (owner === window && this.owned !== undefined) return this.owned.toString('utf8');
    for (const target of ['UTF8_STRING', 'STRING']) {
      const property = await this.convert(handle, clipboard, await this.atoms.get(target));
      if (property === undefined) continue;
      const bytes = await this.readTransfer(handle, property);
      return target === 'STRING' ? bytes.toString('latin1') : bytes.toString('utf8');
    }
    return '';
  }

  /** Stop answering for the clipboard and destroy the hidden window. */
  dispose(): void {
    this.display.client.removeListener('event', this.listener);
    if (this.window !== 0) this.display.client.DestroyWindow(this.window);
    this.window = 0;
    this.owned = undefined;
  }

  private async ensureWindow(): Promise<number> {
    if (this.window !== 0) return this.window;
    const { client } = this.display;
    const window = client.AllocID();
    const root = this.display.screen[0]!.root;
    client.CreateWindow(window, root, -10, -10, 1, 1, 0, 0, INPUT_ONLY, 0, { eventMask: EventMask.PropertyChange });
    client.on('event', this.listener);
    await syncWithServer(client);
    this.window = window;
    return window;
  }

  /** Ask the owner for `target`; resolves with the property it wrote on our window, or undefined when refused. */
  private async convert(handle: Handle, selection: number, target: number): Promise<number | undefined> {
    const { client } = this.display;
    const property = await this.atoms.get('SANDPIPER_CLIPBOARD');
    const notified = this.nextEvent(
      (event) => event.name === 'SelectionNotify' && event['requestor'] === this.window && event['target'] === target,
    );
    client.ConvertSelection(this.window, selection, target, property, 0);
    const event = await raceHandle(handle, notified.promise, CONVERT_TIMEOUT_MS, () => undefined).finally(
      notified.cancel,
    );
    if (event === undefined || event['property'] === 0) return undefined;
    return property;
  }

  /** Read and delete the property; an INCR answer is collected chunk by chunk until the empty one. */
  private async readTransfer(handle: Handle, property: number): Promise<Buffer> {
    const first = await this.takeProperty(property);
    if (first.type !== (await this.atoms.get('INCR'))) return first.data;
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const next = this.nextEvent(
        (event) =>
          event.name === 'PropertyNotify' &&
          event['wid'] === this.window &&
          event['atom'] === property &&
          event['state'] === 0,
      );
      const arrived = await raceHandle(handle, next.promise, CONVERT_TIMEOUT_MS, () => undefined).finally(next.cancel);
      if (arrived === undefined) break;
      const chunk = await this.takeProperty(property);
      if (chunk.data.length === 0) break;
      chunks.push(chunk.data);
      total += chunk.data.length;
      if (total > MAX_READ_BYTES) break;
    }
    return Buffer.concat(chunks);
  }

  private takeProperty(property: number): Promise<XProperty> {
    return request<XProperty>((callback) =>
      this.display.client.GetProperty(1, this.window, property, ANY_PROPERTY_TYPE, 0, MAX_READ_BYTES / 4, callback),
    );
  }

  private nextEvent(accept: (event: XEvent) => boolean): { promise: Promise<XEvent>; cancel: () => void } {
    const { client } = this.display;
    let listener: ((event: XEvent) => void) | undefined;
    const promise = new Promise<XEvent>((resolve) => {
      listener = (event: XEvent): void => {
        if (accept(event)) resolve(event);
      };
      client.on('event', listener);
    });
    return { promise, cancel: () => listener !== undefined && void client.removeListener('event', listener) };
  }

  private onEvent(event: XEvent): void {
    if (event.name === 'SelectionClear' && event['owner'] === this.window) this.owned = undefined;
    if (event.name === 'SelectionRequest' && event['owner'] === this.window) void this.answer(event);
  }

  /** Answer another program's request for our clipboard: TARGETS, or the text as UTF-8 or Latin-1. */
  private async answer(event: XEvent): Promise<void> {
    const { client } = this.display;
    const requestor = event['requestor'] as number;
    const target = event['target'] as number;
    // ICCCM: a requestor that names no property is an old client; the target then names it.
    const property = (event['property'] as number) || target;
    const [targets, utf8, string, text, atom, plain] = await Promise.all(
      ['TARGETS', 'UTF8_STRING', 'STRING', 'TEXT', 'ATOM', 'text/plain;charset=utf-8'].map((name) =>
        this.atoms.get(name),
      ),
    );
    let answered = property;
    if (this.owned === undefined) answered = 0;
    else if (target === targets) {
      const list = Buffer.alloc(20);
      [targets, utf8, string, text, plain].forEach((value, index) => list.writeUInt32LE(value!, index * 4));
      client.ChangeProperty(0, requestor, property, atom!, 32, list);
    } else if (target === utf8 || target === plain || target === text) {
      client.ChangeProperty(0, requestor, property, target === text ? utf8! : target, 8, this.owned);
    } else if (target === string) {
      client.ChangeProperty(0, requestor, property, string, 8, Buffer.from(this.owned.toString('utf8'), 'latin1'));
    } else answered = 0;
    client.SendEvent(requestor, 0, 0, {
      name: 'SelectionNotify',
      time: event['time'],
      requestor,
      selection: event['selection'],
      target,
      property: answered,
    });
  }
}
