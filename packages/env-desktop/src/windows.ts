import type { Handle } from '@sandpiper/core';
import type { Box } from '@sandpiper/protocol';
import { pollUntil } from './waiting.js';
import {
  AtomCache,
  readCardinals,
  readProperty,
  request,
  syncWithServer,
  type ResExtension,
  type XDisplay,
} from './x11-client.js';

/** A top-level window the window manager lists (`_NET_CLIENT_LIST`). */
export interface DesktopWindow {
  /** The X window id; valid until the window closes. */
  readonly id: number;
  /** `_NET_WM_NAME` (UTF-8), or `WM_NAME` when the program sets only that; empty when it has neither. */
  readonly title: string;
  /**
   * The process that owns the window: `_NET_WM_PID`, or the X server's own record of the local
   * client (X-Resource 1.2) for programs that do not set it (Tk). Absent for remote clients.
   */
  readonly pid?: number;
  /** The class part of `WM_CLASS` (`libreoffice-calc`, `Tk`); absent when unset. */
  readonly className?: string;
  /** Where the window's content is, in screen pixels (without the frame the window manager draws). */
  readonly box: Box;
  /** Whether it is the active window (`_NET_ACTIVE_WINDOW`). */
  readonly active: boolean;
}

/** Which windows a wait or a search accepts: a substring of the title, or a pattern tested on it. */
export type WindowMatch = string | RegExp;

const FOCUS_TIMEOUT_MS = 3_000;
const POLL_INTERVAL_MS = 50;
/** Source indication 2 in `_NET_ACTIVE_WINDOW`: a pager, which window managers obey without focus-stealing checks. */
const SOURCE_PAGER = 2;

/** Reads and changes the window list over EWMH properties of the root window. */
export class WindowManagerClient {
  private readonly atoms: AtomCache;
  private res: Promise<ResExtension | undefined> | undefined;

  constructor(private readonly display: XDisplay) {
    this.atoms = new AtomCache(display.client);
  }

  private get root(): number {
    return this.display.screen[0]!.root;
  }

  /** Whether an EWMH window manager runs (`_NET_SUPPORTING_WM_CHECK` on the root). */
  async hasWindowManager(): Promise<boolean> {
    const check = await readProperty(this.display.client, this.root, await this.atoms.get('_NET_SUPPORTING_WM_CHECK'));
    return readCardinals(check).length > 0;
  }

  /** The active window's id, or undefined when none is active. */
  async activeWindowId(): Promise<number | undefined> {
    const active = readCardinals(
      await readProperty(this.display.client, this.root, await this.atoms.get('_NET_ACTIVE_WINDOW')),
    )[0];
    return active === undefined || active === 0 ? undefined : active;
  }

  /** The title of the active window; undefined when no window is active. */
  async activeTitle(): Promise<string | undefined> {
    const id = await this.activeWindowId();
    return id === undefined ? undefined : this.titleOf(id).catch(() => undefined);
  }

  /** Every managed window, in the window manager's order (oldest first). Windows that close meanwhile are left out. */
  async list(): Promise<DesktopWindow[]> {
    const ids = readCardinals(
      await readProperty(this.display.client, this.root, await this.atoms.get('_NET_CLIENT_LIST')),
    );
    const active = await this.activeWindowId();
    const windows = await Promise.all(ids.map((id) => this.describe(id, id === active).catch(() => undefined)));
    return windows.filter((window): window is DesktopWindow => window !== undefined);
  }

  /** The first window whose title matches, or undefined. */
  async find(match: WindowMatch): Promise<DesktopWindow | undefined> {
    return (await this.list()).find((window) => titleMatches(window.title, match));
  }

  /** Wait until a window whose title matches exists; undefined when `timeoutMs` passes first. */
  waitFor(handle: Handle, match: WindowMatch, timeoutMs: number): Promise<DesktopWindow | undefined> {
    return pollUntil(handle, () => this.find(match), { timeoutMs, intervalMs: POLL_INTERVAL_MS });
  }

  /**
   * Ask the window manager to activate a window (raise it and give it the keyboard), then wait
   * until it reports that it did. Without a window manager the focus is set directly.
   */
  async focus(handle: Handle, id: number): Promise<{ ok: true } | { ok: false; error: string }> {
    const { client } = this.display;
    if (await this.hasWindowManager()) {
      const current = (await this.activeWindowId()) ?? 0;
      client.SendClientMessage(this.root, id, await this.atoms.get('_NET_ACTIVE_WINDOW'), 32, [
        SOURCE_PAGER,
        0,
        current,
      ]);
      const activated = await pollUntil(handle, async () => ((await this.activeWindowId()) === id ? true : undefined), {
        timeoutMs: FOCUS_TIMEOUT_MS,
        intervalMs: POLL_INTERVAL_MS,
      });
      if (activated) return { ok: true };
      return { ok: false, error: `The window manager did not activate window 0x${id.toString(16)}.` };
    }
    client.RaiseWindow(id);
    client.SetInputFocus(id, 1);
    try {
      await syncWithServer(client);
      return { ok: true };
    } catch (error: unknown) {
      return { ok: false, error: `Window 0x${id.toString(16)} cannot take the focus (${String(error)}).` };
    }
  }

  private async describe(id: number, active: boolean): Promise<DesktopWindow> {
    const { client } = this.display;
    const [title, pidProperty, classProperty, geometry, origin] = await Promise.all([
      this.titleOf(id),
      readProperty(client, id, await this.atoms.get('_NET_WM_PID')),
      readProperty(client, id, await this.atoms.get('WM_CLASS')),
      request<{ width: number; height: number }>((callback) => client.GetGeometry(id, callback)),
      request<{ destX: number; destY: number }>((callback) =>
        client.TranslateCoordinates(id, this.root, 0, 0, callback),
      ),
    ]);
    const pid = readCardinals(pidProperty)[0] ?? (await this.clientPid(id));
    const className = classProperty?.data.toString('latin1').split('\0')[1];
    return {
      id,
      title,
      ...(pid === undefined ? {} : { pid }),
      ...(className ? { className } : {}),
      box: { x: origin.destX, y: origin.destY, width: geometry.width, height: geometry.height },
      active,
    };
  }

  /** The pid of the local client that created `id`, from X-Resource 1.2; undefined when unknown. */
  private async clientPid(id: number): Promise<number | undefined> {
    this.res ??= request<ResExtension>((callback) => this.display.client.require('res', callback)).then(
      (res) => (res.major > 1 || res.minor >= 2 ? res : undefined),
      () => undefined,
    );
    const res = await this.res;
    if (res === undefined) return undefined;
    const ids = await request<{ mask: number; value: readonly number[] }[]>((callback) =>
      res.QueryClientIds([{ client: id, mask: res.ClientIdMask.LocalClientPID }], callback),
    ).catch(() => []);
    return ids.find((entry) => entry.mask === res.ClientIdMask.LocalClientPID)?.value[0];
  }

  private async titleOf(id: number): Promise<string> {
    const { client } = this.display;
    const utf8 = await readProperty(
      client,
      id,
      await this.atoms.get('_NET_WM_NAME'),
      await this.atoms.get('UTF8_STRING'),
    );
    if (utf8 !== undefined && utf8.data.length > 0) return utf8.data.toString('utf8');
    const legacy = await readProperty(client, id, await this.atoms.get('WM_NAME'));
    return legacy === undefined ? '' : legacy.data.toString('latin1');
  }
}

/** Whether a title matches: substring for a string (case-sensitive), `test` for a pattern. */
export function titleMatches(title: string, match: WindowMatch): boolean {
  return typeof match === 'string' ? title.includes(match) : match.test(title);
}
