import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchDesktopEnvironment, MAX_CLIPBOARD_BYTES, type DesktopEnvironment } from '../src/index.js';
import { eventually, handle, startProbe, type Probe } from './desktop-lab.js';

describe('windows and the clipboard on a real X desktop', () => {
  let env: DesktopEnvironment;
  let alpha: Probe;
  let beta: Probe;

  beforeAll(async () => {
    env = await launchDesktopEnvironment(handle, { accessibility: false });
    alpha = await startProbe(env, 'Probe Alpha');
    beta = await startProbe(env, 'Probe Beta');
  });

  afterAll(async () => {
    await alpha?.stop();
    await beta?.stop();
    await env?.close();
  });

  it('lists windows with their title, process, class and place, the newest one active', async () => {
    const windows = await env.listWindows(handle);
    const listed = windows.filter((window) => window.title.startsWith('Probe '));
    expect(listed.map((window) => window.title)).toEqual(['Probe Alpha', 'Probe Beta']);
    expect(listed.map((window) => window.pid)).toEqual([alpha.pid, beta.pid]);
    expect(listed.map((window) => window.active)).toEqual([false, true]);
    for (const window of listed) {
      expect(window.className).toBe('Tk');
      expect(window.box.width).toBe(640);
      expect(window.box.height).toBe(420);
    }
  });

  it('focuses a window by title, so keys go to it', async () => {
    expect(await env.focusWindow(handle, 'Alpha')).toEqual({ ok: true });
    expect((await env.observe(handle)).title).toBe('Probe Alpha');
    const alphaMark = alpha.mark();
    const betaMark = beta.mark();
    await env.act(handle, { type: 'key', keys: ['F7'] });
    await alpha.waitFor((event) => event.event === 'key' && event['keysym'] === 'F7', alphaMark);
    expect(beta.events.slice(betaMark).some((event) => event.event === 'key')).toBe(false);

    const beta2 = (await env.listWindows(handle)).find((window) => window.title === 'Probe Beta')!;
    expect(await env.focusWindow(handle, beta2.id)).toEqual({ ok: true });
    const betaKeys = beta.mark();
    await env.act(handle, { type: 'key', keys: ['F8'] });
    await beta.waitFor((event) => event.event === 'key' && event['keysym'] === 'F8', betaKeys);
  });

  it('says so when no window matches', async () => {
    const result = await env.focusWindow(handle, /^No such window$/);
    expect(result.ok).toBe(false);
  });

  it('waits for a window that appears later, and gives up on one that never does', async () => {
    const waiting = env.waitForWindow(handle, /^Probe Gamma$/, { timeoutMs: 20_000 });
    const gamma = await startProbe(env, 'Probe Gamma');
    try {
      const window = await waiting;
      expect(window).toMatchObject({ title: 'Probe Gamma', pid: gamma.pid });
    } finally {
      await gamma.stop();
    }
    expect(await env.waitForWindow(handle, 'Never shown', { timeoutMs: 200 })).toBeUndefined();
  });

  it('puts text on the clipboard that another program pastes exactly', async () => {
    const text = 'Clipboard ✓ — naïve café, 日本語, line two\nand three';
    await env.writeClipboard(handle, text);
    expect(await env.readClipboard(handle)).toBe(text);
    await env.focusWindow(handle, 'Probe Alpha');
    const mark = alpha.mark();
    await env.act(handle, { type: 'key', keys: ['F2'] });
    const reported = await alpha.waitFor((event) => event.event === 'clipboard', mark);
    expect(reported['value']).toBe(text);
  });

  it('reads what another program copied', async () => {
    await env.focusWindow(handle, 'Probe Beta');
    const mark = beta.mark();
    await env.act(handle, { type: 'key', keys: ['F3'] });
    await beta.waitFor((event) => event.event === 'clipboard-set', mark);
    await eventually('the copied text', async () =>
      (await env.readClipboard(handle)) === 'from tk ✓' ? true : undefined,
    );
  });

  it('refuses clipboard text over its limit', async () => {
    await expect(env.writeClipboard(handle, 'x'.repeat(MAX_CLIPBOARD_BYTES + 1))).rejects.toMatchObject({
      kind: 'usage',
    });
  });
});
