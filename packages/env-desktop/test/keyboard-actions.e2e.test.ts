import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attachDesktopEnvironment, launchDesktopEnvironment, type DesktopEnvironment } from '../src/index.js';
import { keysymOfCharacter } from '../src/key-symbols.js';
import { connectDisplay, disconnectDisplay, request } from '../src/x11-client.js';
import { focusEntry, handle, startProbe, type Probe, type ProbeEvent } from './desktop-lab.js';

describe('keyboard actions on a real X desktop (XTEST)', () => {
  let env: DesktopEnvironment;
  let probe: Probe;

  beforeAll(async () => {
    env = await launchDesktopEnvironment(handle, { accessibility: false });
    probe = await startProbe(env, 'Keyboard probe');
    await focusEntry(env, probe);
  });

  afterAll(async () => {
    await probe?.stop();
    await env?.close();
  });

  /** Empty the entry through the keyboard (Control+/ selects all in Tk), and wait until the probe reports it empty. */
  beforeEach(async () => {
    const mark = probe.mark();
    await env.act(handle, { type: 'key', keys: ['Control', '/'] });
    await env.act(handle, { type: 'key', keys: ['Delete'] });
    if ((entryText(probe) ?? '') !== '')
      await probe.waitFor((event) => event.event === 'text' && event['value'] === '', mark);
  });

  function entryText(from: Probe): string | undefined {
    const last = from.events.filter((event) => event.event === 'text').at(-1);
    return last === undefined ? undefined : String(last['value']);
  }

  const textBecomes = (expected: string, from: number): Promise<ProbeEvent> =>
    probe.waitFor((event) => event.event === 'text' && event['value'] === expected, from);

  it('types text exactly, shifted punctuation and characters missing from the keymap included', async () => {
    const text = 'Hello, World! ~`@#$%^&*()_+{}|:"<>? 0-9 [x]=\\/ é€✓ß ünïcødé';
    const mark = probe.mark();
    expect((await env.act(handle, { type: 'type', text })).ok).toBe(true);
    await textBecomes(text, mark);
    // The seven characters the keymap lacks were bound side by side, in one mapping change: a
    // busy client sent one change per character was seen to miss the later ones.
    const borrowed = await keycodesOf(
      env.display,
      [...'é€✓ßüïø'].map((character) => keysymOfCharacter(character)!),
    );
    expect(Math.max(...borrowed) - Math.min(...borrowed)).toBe(6);
  });

  it('types more keymap-less characters than there are empty keycodes, each the same on every repeat', async () => {
    // Greek and Russian need about 90 borrowed keycodes: more than the 18 empty ones, so the
    // multimedia keys' keycodes are borrowed too. Typing it twice shows no binding went stale.
    const text = 'αβγδεζηθικλμνξοπρστυφχψω ΑΒΓΔ Съешь же ещё этих мягких французских булок, да выпей чаю. ЁЖЗИЙ';
    for (let round = 0; round < 2; round++) {
      const mark = probe.mark();
      await env.act(handle, { type: 'key', keys: ['Control', '/'] });
      expect((await env.act(handle, { type: 'type', text })).error).toBeUndefined();
      await textBecomes(text, mark);
    }
  });

  it('refuses text with more missing characters than keycodes left, before typing any of it', async () => {
    const ideographs = Array.from({ length: 300 }, (_, index) => String.fromCodePoint(0x4e00 + index)).join('');
    const result = await env.act(handle, { type: 'type', text: `abc${ideographs}` });
    expect(result).toMatchObject({ ok: false });
    expect(result.error).toMatch(/needs 300 characters the keyboard map lacks/);
    const mark = probe.mark();
    await env.act(handle, { type: 'type', text: 'ok' });
    await textBecomes('ok', mark);
  });

  it('presses chords: Control+a goes to the line start in Tk, Control+/ selects all', async () => {
    let mark = probe.mark();
    await env.act(handle, { type: 'type', text: 'replace me' });
    await textBecomes('replace me', mark);
    mark = probe.mark();
    expect((await env.act(handle, { type: 'key', keys: ['ctrl', 'a'] })).ok).toBe(true);
    const chord = await probe.waitFor((event) => event.event === 'key' && event['keysym'] === 'a', mark);
    expect(Number(chord['state']) & 4).toBe(4);
    await env.act(handle, { type: 'type', text: '>' });
    await textBecomes('>replace me', mark);
    mark = probe.mark();
    expect((await env.act(handle, { type: 'key', keys: ['Control', '/'] })).ok).toBe(true);
    await env.act(handle, { type: 'type', text: 'Z' });
    await textBecomes('Z', mark);
  });

  it('holds Shift while pressing keys in turn', async () => {
    const mark = probe.mark();
    expect((await env.act(handle, { type: 'hold-and-press', hold: ['Shift'], press: ['a', 'b', '1'] })).ok).toBe(true);
    await textBecomes('AB!', mark);
  });

  it('maps canonical key names to the keys X applications know', async () => {
    const expected: [string, string][] = [
      ['Enter', 'Return'],
      ['Escape', 'Escape'],
      ['F5', 'F5'],
      ['PageDown', 'Next'],
      ['ArrowUp', 'Up'],
      ['Home', 'Home'],
      ['End', 'End'],
      ['Insert', 'Insert'],
      ['Meta', 'Super_L'],
      ['ContextMenu', 'Menu'],
    ];
    for (const [name, keysym] of expected) {
      const mark = probe.mark();
      expect((await env.act(handle, { type: 'key', keys: [name] })).ok).toBe(true);
      await probe.waitFor((event) => event.event === 'key' && event['keysym'] === keysym, mark);
    }
  });

  it('edits with Backspace and the arrow keys', async () => {
    const mark = probe.mark();
    await env.act(handle, { type: 'type', text: 'abcd' });
    await env.act(handle, { type: 'key', keys: ['Backspace'] });
    await env.act(handle, { type: 'key', keys: ['ArrowLeft'] });
    await env.act(handle, { type: 'type', text: 'X' });
    await textBecomes('abXc', mark);
  });

  it('reports an unknown key name as a failed action and presses nothing', async () => {
    const result = await env.act(handle, { type: 'key', keys: ['Control', 'NoSuchKey'] });
    expect(result).toMatchObject({ ok: false });
    expect(result.error).toContain("'NoSuchKey'");
    // Control was never pressed: a plain letter afterwards arrives without the Control bit.
    const mark = probe.mark();
    await env.act(handle, { type: 'type', text: 'q' });
    const key = await probe.waitFor((event) => event.event === 'key' && event['keysym'] === 'q', mark);
    expect(Number(key['state']) & 4).toBe(0);
  });

  it('gives back borrowed keycodes when it closes, and closing an attached desktop leaves the display running', async () => {
    // A display of its own: the environment above has borrowed every spare keycode by now.
    const owner = await launchDesktopEnvironment(handle, { accessibility: false });
    const ownerProbe = await startProbe(owner, 'Keymap probe');
    try {
      await focusEntry(owner, ownerProbe);
      const omegaKeysym = 0x0100_03a9;
      expect(await keymapHas(owner.display, omegaKeysym)).toBe(false);
      const attached = await attachDesktopEnvironment(handle, { display: owner.display, accessibility: false });
      let mark = ownerProbe.mark();
      expect((await attached.act(handle, { type: 'type', text: 'Ω' })).ok).toBe(true);
      await ownerProbe.waitFor((event) => event.event === 'text' && event['value'] === 'Ω', mark);
      expect(await keymapHas(owner.display, omegaKeysym)).toBe(true);
      await attached.close();
      expect(await keymapHas(owner.display, omegaKeysym)).toBe(false);
      mark = ownerProbe.mark();
      expect((await owner.act(handle, { type: 'type', text: 'x' })).ok).toBe(true);
      await ownerProbe.waitFor((event) => event.event === 'text' && event['value'] === 'Ωx', mark);
    } finally {
      await ownerProbe.stop();
      await owner.close();
    }
  });
});

/** Whether any keycode of the display's keyboard mapping produces `keysym`, read over a connection of our own. */
async function keymapHas(display: string, keysym: number): Promise<boolean> {
  const connection = await connectDisplay(display, () => undefined);
  try {
    const { min_keycode: first, max_keycode: last } = connection;
    const rows = await request<number[][]>((callback) =>
      connection.client.GetKeyboardMapping(first, last - first + 1, callback),
    );
    return rows.some((row) => row.includes(keysym));
  } finally {
    disconnectDisplay(connection);
  }
}

/** The keycode producing each keysym at its first level, read over a connection of our own. */
async function keycodesOf(display: string, keysyms: readonly number[]): Promise<number[]> {
  const connection = await connectDisplay(display, () => undefined);
  try {
    const { min_keycode: first, max_keycode: last } = connection;
    const rows = await request<number[][]>((callback) =>
      connection.client.GetKeyboardMapping(first, last - first + 1, callback),
    );
    return keysyms.map((keysym) => {
      const index = rows.findIndex((row) => row[0] === keysym);
      if (index < 0) throw new Error(`No keycode produces keysym 0x${keysym.toString(16)}`);
      return first + index;
    });
  } finally {
    disconnectDisplay(connection);
  }
}
