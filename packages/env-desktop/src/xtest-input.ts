import type { Handle } from '@sandpiper/core';
import type { InputDevice, InputOutcome, PointerButton } from './input-device.js';
import { KeyboardMap, type KeyStroke } from './keyboard-map.js';
import { cancellationOf } from './waiting.js';
import { request, syncWithServer, type XDisplay, type XTestExtension } from './x11-client.js';

const SHIFT_KEYSYM = 0xffe1;
const OK: InputOutcome = { ok: true };

/**
 * Input through XTEST `FakeInput` on this process's own X connection: no process per action, and
 * a move plus click costs one round trip (about 0.15 ms).
 */
export class XTestInput implements InputDevice {
  readonly backend = 'xtest' as const;
  /** Keys this device pressed Shift for, so their release lets go of it again. */
  private readonly shiftedDown = new Set<number>();

  private constructor(
    private readonly display: XDisplay,
    private readonly xtest: XTestExtension,
    private readonly keyboard: KeyboardMap,
    private readonly shift: KeyStroke,
  ) {}

  /** The device, or undefined when the server has no XTEST extension. */
  static async create(display: XDisplay): Promise<XTestInput | undefined> {
    const xtest = await request<XTestExtension>((callback) => display.client.require('xtest', callback)).catch(
      () => undefined,
    );
    if (xtest === undefined) return undefined;
    const keyboard = await KeyboardMap.load(display);
    const shift = await keyboard.resolve(SHIFT_KEYSYM);
    if (shift === undefined) return undefined;
    return new XTestInput(display, xtest, keyboard, shift);
  }

  move(x: number, y: number): void {
    this.xtest.FakeInput(this.xtest.MotionNotify, 0, 0, this.display.screen[0]!.root, Math.round(x), Math.round(y));
  }

  button(button: PointerButton, down: boolean): void {
    this.xtest.FakeInput(down ? this.xtest.ButtonPress : this.xtest.ButtonRelease, button, 0, 0, 0, 0);
  }

  async key(handle: Handle, keysym: number, down: boolean): Promise<InputOutcome> {
    if (handle.signal.aborted && down) throw cancellationOf(handle);
    if (down) await this.keyboard.refresh();
    const stroke = await this.keyboard.resolve(keysym);
    if (stroke === undefined) return { ok: false, error: noKeycode(keysym) };
    if (down) {
      if (stroke.shift) {
        this.sendKey(this.shift.keycode, true);
        this.shiftedDown.add(stroke.keycode);
      }
      this.sendKey(stroke.keycode, true);
    } else {
      this.sendKey(stroke.keycode, false);
      if (this.shiftedDown.delete(stroke.keycode)) this.sendKey(this.shift.keycode, false);
    }
    return OK;
  }

  /** Prepare the whole text first, so text that cannot be typed fails before any key is pressed. */
  async type(handle: Handle, text: string): Promise<InputOutcome> {
    const prepared = await this.keyboard.prepare(text);
    if (!prepared.ok) return prepared;
    for (const stroke of prepared.strokes) {
      if (handle.signal.aborted) throw cancellationOf(handle);
      if (stroke.shift) this.sendKey(this.shift.keycode, true);
      this.sendKey(stroke.keycode, true);
      this.sendKey(stroke.keycode, false);
      if (stroke.shift) this.sendKey(this.shift.keycode, false);
    }
    return OK;
  }

  async flush(handle: Handle): Promise<void> {
    if (handle.signal.aborted) throw cancellationOf(handle);
    await syncWithServer(this.display.client);
  }

  async close(): Promise<void> {
    for (const keycode of this.shiftedDown) this.sendKey(keycode, false);
    if (this.shiftedDown.size > 0) this.sendKey(this.shift.keycode, false);
    this.shiftedDown.clear();
    await this.keyboard.restore();
  }

  private sendKey(keycode: number, down: boolean): void {
    this.xtest.FakeInput(down ? this.xtest.KeyPress : this.xtest.KeyRelease, keycode, 0, 0, 0, 0);
  }
}

function noKeycode(keysym: number): string {
  return `No keycode is left to bind keysym 0x${keysym.toString(16)} to; every spare keycode is taken.`;
}
