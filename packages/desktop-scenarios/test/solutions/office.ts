import { stat } from 'node:fs/promises';
import { createHandle, type Handle } from '@sandpiper/core';
import {
  DEFAULT_ACCESSIBILITY_LIMITS,
  launchDesktopEnvironment,
  type DesktopEnvironment,
  type DesktopWindow,
} from '@sandpiper/env-desktop';
import type { AccessibilityNode, ActionInput } from '@sandpiper/protocol';
import type { PreparedDesktopScenario } from '../../src/index.js';

/**
 * LibreOffice on a private desktop, driven the way a person at the keyboard would drive it, for
 * the reference solutions. Every step that LibreOffice carries out asynchronously (a dialog
 * opening, the Name Box taking the focus, the sheet taking a click) is followed by a bounded poll
 * on what the screen shows through AT-SPI or the window list, never by a fixed sleep.
 */

/** Upper bound of every wait: LibreOffice on two loaded cores can take long, but never this long. */
export const LIBREOFFICE_MS = 60_000;
/** How long a click into a document may go unanswered before it is taken as lost and repeated. */
const RECLICK_MS = 5_000;
/** Title of the keeper document (see {@link Office.start}). */
const KEEPER = 'Untitled 1 - LibreOffice Writer';
/** The one word typed into the keeper, so that its paragraph is never taken for a document's. */
const KEEPER_TEXT = 'keeper';
/** A Name Box shows a cell or a range: `A1`, `E2:E12`. */
const CELL_REFERENCE = /^\$?[A-Z]+\$?\d+(?::\$?[A-Z]+\$?\d+)?$/;

/** Poll `probe` every 50 ms until it returns a value, for at most `timeoutMs`; throws naming `what` otherwise. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = LIBREOFFICE_MS,
): Promise<T> {
  const stopAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > stopAt) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Calc's Name Box: the field at the left end of the formula bar, which always shows a reference. */
function isNameBox(node: AccessibilityNode): boolean {
  return node.role === 'textbox' && CELL_REFERENCE.test(node.value ?? '') && node.box.x < 20;
}

function centre(node: AccessibilityNode): { x: number; y: number } {
  return { x: Math.round(node.box.x + node.box.width / 2), y: Math.round(node.box.y + node.box.height / 2) };
}

export class Office {
  private constructor(
    readonly env: DesktopEnvironment,
    readonly handle: Handle,
  ) {}

  /**
   * Start a desktop and open the keeper: an untitled Writer document with one word typed in it.
   * LibreOffice puts the next document into the window of its Start Center, or of an untouched
   * untitled document, instead of a new one; `launch` then sees no new window and waits out its
   * whole timeout. With a modified document always open, every document gets a window of its own.
   */
  static async start(workingDirectory: string): Promise<Office> {
    const handle = createHandle();
    const env = await launchDesktopEnvironment(handle, {
      workingDirectory,
      // Small snapshots: the waits below read focus, dialogs and toolbars of the active window,
      // which come first; the rest of a sheet and the keeper's window only cost time on a loaded
      // machine. The budget is generous because a cut snapshot would hide what a wait looks for.
      accessibilityLimits: { ...DEFAULT_ACCESSIBILITY_LIMITS, maxCells: 40, maxNodes: 300, budgetMs: 20_000 },
    });
    const office = new Office(env, handle);
    try {
      const started = await env.launch(handle, ['lowriter', '--norestore', '--nologo']);
      if (!started.ok) throw new Error(`Writer did not start: ${started.error}`);
      await office.window(KEEPER);
      await eventually('the keeper document to hold a word', async () => {
        const paragraph = (await office.nodes()).find((node) => node.role === 'paragraph');
        if (paragraph?.value === KEEPER_TEXT) return true;
        if (paragraph !== undefined && (paragraph.value ?? '') === '') {
          await office.act({ type: 'click', at: centre(paragraph) });
          await office.act({ type: 'type', text: KEEPER_TEXT });
        }
        return undefined;
      });
      return office;
    } catch (error: unknown) {
      await env.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.env.close();
  }

  /** Perform one action; a refused action is a bug in the solution, so it throws. */
  async act(action: ActionInput): Promise<void> {
    const result = await this.env.act(this.handle, action);
    if (!result.ok) throw new Error(`${action.type} failed: ${result.error ?? 'no reason given'}`);
  }

  /** Press one chord after another: `keys(['Control', 'Home'], ['Down'])`. */
  async keys(...chords: readonly (readonly [string, ...string[]])[]): Promise<void> {
    for (const chord of chords) await this.act({ type: 'key', keys: [...chord] });
  }

  async type(text: string): Promise<void> {
    await this.act({ type: 'type', text });
  }

  /** The accessibility snapshot: the active window's nodes first. */
  async nodes(): Promise<readonly AccessibilityNode[]> {
    return (await this.env.observe(this.handle, { accessibility: true })).accessibility ?? [];
  }

  /** The first node, active window first, that `accept` picks. */
  async find(what: string, accept: (node: AccessibilityNode) => boolean): Promise<AccessibilityNode> {
    return eventually(what, async () => (await this.nodes()).find(accept));
  }

  async click(node: AccessibilityNode): Promise<void> {
    await this.act({ type: 'click', at: centre(node) });
  }

  /** Click the button named `name` (in the active window, which the snapshot lists first). */
  async clickButton(name: string | RegExp): Promise<void> {
    const matches = (node: AccessibilityNode): boolean =>
      node.role === 'button' && (typeof name === 'string' ? node.name === name : name.test(node.name));
    await this.click(await this.find(`a button named ${String(name)}`, matches));
  }

  /** Wait for a window with exactly this title to exist and be active. */
  async window(title: string): Promise<DesktopWindow> {
    return eventually(`the window '${title}' to be active`, async () => {
      const window = (await this.env.listWindows(this.handle)).find((candidate) => candidate.title === title);
      if (window !== undefined && !window.active) await this.env.focusWindow(this.handle, window.id);
      return window?.active === true ? window : undefined;
    });
  }

  /** Whether no window has this title now. */
  async isClosed(title: string): Promise<boolean> {
    return (await this.env.listWindows(this.handle)).every((window) => window.title !== title);
  }

  async windowGone(title: string): Promise<void> {
    await eventually(`the window '${title}' to close`, async () =>
      (await this.env.listWindows(this.handle)).every((window) => window.title !== title),
    );
  }

  /**
   * Open a prepared document, answer LibreOffice's import dialog if the format has one (Enter
   * keeps the Text Import defaults, which read our CSV as written), and click into the document
   * so it has the keyboard: until it is clicked, Calc types into cells but ignores shortcuts such
   * as the Name Box's.
   */
  async open(prepared: PreparedDesktopScenario): Promise<void> {
    const launched = await this.env.launch(this.handle, prepared.argv);
    if (!launched.ok) throw new Error(`Could not open ${prepared.document}: ${launched.error}`);
    if (prepared.openingDialog !== undefined) {
      await this.window(prepared.openingDialog);
      await this.keys(['Enter']);
    }
    await this.window(prepared.windowTitle);
    // A node that is not focused yet, so that its taking the focus shows the click arrived. The
    // keeper's paragraph is listed first until the new window is the active one: never that one.
    const role = prepared.scenario === 'site-report' ? 'paragraph' : 'cell';
    const target = await this.find(
      `an unfocused ${role} in ${prepared.windowTitle}`,
      (node) =>
        node.role === role &&
        node.focused !== true &&
        (role === 'cell' || ((node.value ?? '') !== '' && node.value !== KEEPER_TEXT)),
    );
    const same = (node: AccessibilityNode): boolean =>
      node.role === role && node.name === target.name && node.value === target.value;
    // Clicked where it is now (Writer can still be laying the page out), and again only when a
    // click got no answer for a while: a second click arriving after the keys that follow would
    // put the caret back where it landed.
    let clickedAt = 0;
    await eventually(`the ${role} '${target.name || target.value}' to take the focus`, async () => {
      const now = (await this.nodes()).find(same);
      if (now?.focused === true) return true;
      if (now !== undefined && Date.now() - clickedAt > RECLICK_MS) {
        await this.click(now);
        clickedAt = Date.now();
      }
      return undefined;
    });
  }

  /** Jump to a cell or select a range through the Name Box (Control+Shift+F5), as typed there. */
  async goTo(reference: string): Promise<void> {
    await this.keys(['Control', 'Shift', 'F5']);
    await this.find('the Name Box to take the focus', (node) => isNameBox(node) && node.focused === true);
    await this.type(reference);
    await this.keys(['Enter']);
    await this.at(reference);
  }

  /**
   * Wait until the cell cursor is on `reference`, as the Name Box shows it. Moving on with Tab
   * right after typing into a cell can outrun Calc, which then drops a Tab.
   */
  async at(reference: string): Promise<void> {
    await this.find(
      `the Name Box to show ${reference}`,
      (node) => isNameBox(node) && node.focused !== true && node.value === reference,
    );
  }

  /** Alt+`menu`, then `item` (both mnemonics), and wait for the dialog the item opens. */
  async menu(menu: string, item: string, dialog: string): Promise<void> {
    await this.keys(['Alt', menu], [item]);
    await this.window(dialog);
  }

  /**
   * Find & Replace (Control+H): search text, replacement, Replace All. Writer reports the count in
   * the dialog; Calc opens a Search Results window, which is closed here too.
   */
  async replaceAll(search: string, replacement: string, documentTitle: string): Promise<void> {
    await this.keys(['Control', 'h']);
    await this.window('Find and Replace');
    const fields = async (): Promise<readonly AccessibilityNode[]> =>
      (await this.nodes()).filter((node) => node.role === 'textbox');
    await eventually('the Find field to take the focus', async () => (await fields())[0]?.focused === true);
    await this.keys(['Control', 'a']);
    await this.type(search);
    const replace = (await fields())[1];
    if (replace === undefined) throw new Error('The Find and Replace dialog has no Replace field.');
    await this.click(replace);
    await eventually('the Replace field to take the focus', async () => (await fields())[1]?.focused === true);
    await this.keys(['Control', 'a']);
    await this.type(replacement);
    await this.clickButton('Replace All');
    await eventually('Replace All to finish', async () => {
      const windows = await this.env.listWindows(this.handle);
      const results = windows.find((window) => window.title === 'Search Results');
      if (results !== undefined) {
        await this.env.focusWindow(this.handle, results.id);
        await this.keys(['Escape']);
        return true;
      }
      const report = (await this.nodes()).find((node) => node.role === 'text' && /replaced|not found/.test(node.name));
      if (report !== undefined && !/replaced \d+ times/.test(report.name)) throw new Error(report.name);
      return report !== undefined;
    });
    await this.window('Find and Replace');
    await this.keys(['Escape']);
    await this.windowGone('Find and Replace');
    await this.window(documentTitle);
  }

  /**
   * Save with Control+S and wait until the file on disk is newer. When the format is not
   * OpenDocument, LibreOffice asks whether to keep it; the button that keeps it is clicked.
   */
  async save(file: string, keepFormat: boolean): Promise<void> {
    const before = (await stat(file)).mtimeMs;
    await this.keys(['Control', 's']);
    if (keepFormat) {
      await this.window('Confirm File Format');
      await this.clickButton(/^Use (?!ODF).* Format!?$/);
    }
    await eventually(`${file} to be written`, async () => (await stat(file)).mtimeMs > before);
  }

  /**
   * Close every window but the keeper: documents with Control+W, anything else (a dialog a failed
   * solution left open) with Escape. A "Save Document?" question means the solution left unsaved
   * changes: it is answered with Don't Save and reported as an error.
   */
  async closeDocuments(): Promise<void> {
    let unsaved = false;
    for (let attempt = 0; attempt < 10; attempt++) {
      const window = (await this.env.listWindows(this.handle)).find((candidate) => candidate.title !== KEEPER);
      if (window === undefined) break;
      await this.env.focusWindow(this.handle, window.id);
      await this.keys(/ - LibreOffice (Calc|Writer)$/.test(window.title) ? ['Control', 'w'] : ['Escape']);
      await eventually(`'${window.title}' to close`, async () => {
        const windows = await this.env.listWindows(this.handle);
        const question = windows.find((candidate) => candidate.title === 'Save Document?');
        if (question !== undefined) {
          unsaved = true;
          await this.env.focusWindow(this.handle, question.id);
          await this.clickButton(/^Don.t Save$/);
        }
        return windows.every((candidate) => candidate.id !== window.id);
      });
    }
    if (unsaved) throw new Error('A document had unsaved changes when it was closed.');
  }
}
