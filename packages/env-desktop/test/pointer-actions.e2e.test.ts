import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachDesktopEnvironment, launchDesktopEnvironment, type DesktopEnvironment } from '../src/index.js';
import { centreOf, focusEntry, handle, startProbe, type Probe, type ProbeLayout } from './desktop-lab.js';

describe('pointer actions on a real X desktop (XTEST)', () => {
  let env: DesktopEnvironment;
  let probe: Probe;
  let layout: ProbeLayout;

  beforeAll(async () => {
    env = await launchDesktopEnvironment(handle, { accessibility: false });
    probe = await startProbe(env, 'Pointer probe');
    layout = await probe.layout();
  });

  afterAll(async () => {
    await probe?.stop();
    await env?.close();
  });

  const inCanvas = (dx: number, dy: number) => ({ x: layout.canvas[0] + dx, y: layout.canvas[1] + dy });

  it('uses XTEST in process', () => {
    expect(env.transports.input).toBe('xtest');
  });

  it('clicks exactly at the point, with the button asked for', async () => {
    for (const [button, number] of [
      ['left', 1],
      ['middle', 2],
      ['right', 3],
    ] as const) {
      const at = inCanvas(40 + number * 30, 50 + number * 10);
      const from = probe.mark();
      const result = await env.act(handle, { type: 'click', at, button });
      expect(result.ok).toBe(true);
      const press = await probe.waitFor((event) => event.event === 'press', from);
      expect(press).toMatchObject({ button: number, x: at.x, y: at.y });
      await probe.waitFor((event) => event.event === 'release' && event['button'] === number, from);
    }
  });

  it('double-clicks so the application sees a double click', async () => {
    const at = inCanvas(200, 120);
    const from = probe.mark();
    expect((await env.act(handle, { type: 'double-click', at })).ok).toBe(true);
    expect(await probe.waitFor((event) => event.event === 'double', from)).toMatchObject({ x: at.x, y: at.y });
  });

  it('holds modifiers during a click, Alt included (the window manager leaves Alt+click alone)', async () => {
    const from = probe.mark();
    await env.act(handle, { type: 'click', at: inCanvas(90, 90), modifiers: ['Control', 'Shift', 'Alt'] });
    const press = await probe.waitFor((event) => event.event === 'press', from);
    // X state bits: 1 Shift, 4 Control, 8 Mod1 (Alt).
    expect(Number(press['state']) & 0b1101).toBe(0b1101);
    const later = probe.mark();
    await env.act(handle, { type: 'click', at: inCanvas(95, 95) });
    const plain = await probe.waitFor((event) => event.event === 'press', later);
    expect(Number(plain['state']) & 0b1101).toBe(0);
  });

  it('drags from one point to another with motion in between', async () => {
    const from = inCanvas(60, 200);
    const to = inCanvas(300, 260);
    const mark = probe.mark();
    expect((await env.act(handle, { type: 'drag', from, to })).ok).toBe(true);
    expect(await probe.waitFor((event) => event.event === 'press', mark)).toMatchObject({ x: from.x, y: from.y });
    expect(await probe.waitFor((event) => event.event === 'release', mark)).toMatchObject({
      x: to.x,
      y: to.y,
      moved: true,
    });
  });

  it('scrolls with wheel buttons, one click per 100 pixels', async () => {
    const at = inCanvas(150, 150);
    const mark = probe.mark();
    expect((await env.act(handle, { type: 'scroll', at, deltaY: 300 })).ok).toBe(true);
    expect((await env.act(handle, { type: 'scroll', at, deltaY: -100 })).ok).toBe(true);
    await probe.waitFor((event) => event.event === 'release' && event['button'] === 4, mark);
    const wheel = probe.events.slice(mark).filter((event) => event.event === 'press');
    expect(wheel.map((event) => event['button'])).toEqual([5, 5, 5, 4]);
    expect(wheel.every((event) => event['x'] === at.x && event['y'] === at.y)).toBe(true);
  });

  it('moves the pointer without pressing anything', async () => {
    const to = inCanvas(333, 77);
    const mark = probe.mark();
    expect((await env.act(handle, { type: 'move', to })).ok).toBe(true);
    probe.send('pointer');
    expect(await probe.waitFor((event) => event.event === 'pointer', mark)).toMatchObject({ x: to.x, y: to.y });
    expect(probe.events.slice(mark).some((event) => event.event === 'press')).toBe(false);
  });

  it('falls back to xdotool with the same effects when asked to', async () => {
    const viaXdotool = await attachDesktopEnvironment(handle, {
      display: env.display,
      accessibility: false,
      input: 'xdotool',
    });
    try {
      expect(viaXdotool.transports.input).toBe('xdotool');
      const at = inCanvas(250, 180);
      const mark = probe.mark();
      expect((await viaXdotool.act(handle, { type: 'click', at, button: 'right', modifiers: ['Control'] })).ok).toBe(
        true,
      );
      const press = await probe.waitFor((event) => event.event === 'press', mark);
      expect(press).toMatchObject({ button: 3, x: at.x, y: at.y });
      expect(Number(press['state']) & 4).toBe(4);
      await focusEntry(viaXdotool, probe);
      const entry = probe.mark();
      expect((await viaXdotool.act(handle, { type: 'type', text: '-Hé!' })).ok).toBe(true);
      await probe.waitFor((event) => event.event === 'text' && String(event['value']).endsWith('-Hé!'), entry);
    } finally {
      await viaXdotool.close();
    }
  });

  it('refuses a point outside the screen without sending anything', async () => {
    const mark = probe.mark();
    const result = await env.act(handle, { type: 'click', at: { x: 5000, y: 10 } });
    expect(result).toMatchObject({ ok: false });
    expect(result.error).toMatch(/outside the 1280x800 screen/);
    const target = centreOf(layout.canvas);
    await env.act(handle, { type: 'click', at: target });
    const press = await probe.waitFor((event) => event.event === 'press', mark);
    expect(press).toMatchObject({ x: target.x, y: target.y });
  });
});
