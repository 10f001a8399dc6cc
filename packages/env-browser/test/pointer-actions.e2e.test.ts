import { createHandle } from '@sandpiper/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowserEnvironment, type BrowserEnvironment } from '../src/index.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { recordedEvents, resetLab } from './lab.js';
import { LAB_PAGE } from './pages.js';

const handle = createHandle();
let server: FixtureServer;
let env: BrowserEnvironment;

beforeAll(async () => {
  server = await startFixtureServer({ '/lab.html': LAB_PAGE });
  env = await launchBrowserEnvironment({ url: server.url('/lab.html') });
});
afterAll(async () => {
  await env?.close();
  await server?.close();
});
beforeEach(() => resetLab(env));

describe('pointer actions', () => {
  it('click presses the left button once at the point', async () => {
    const result = await env.act(handle, { type: 'click', at: { x: 150, y: 120 } });
    expect(result.ok).toBe(true);
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const clicks = (await recordedEvents(env)).filter((event) => event.type === 'click');
    expect(clicks).toEqual([expect.objectContaining({ target: 'target', x: 150, y: 120, button: 0, detail: 1 })]);
    expect((await env.observe(handle)).title).toBe('Clicked');
  });

  it('click holds the requested modifiers and releases them afterwards', async () => {
    await env.act(handle, { type: 'click', at: { x: 150, y: 120 }, modifiers: ['Shift', 'Alt'] });
    await env.act(handle, { type: 'click', at: { x: 160, y: 120 } });
    const clicks = (await recordedEvents(env)).filter((event) => event.type === 'click');
    expect(clicks.map((event) => [event.shiftKey, event.altKey, event.ctrlKey])).toEqual([
      [true, true, false],
      [false, false, false],
    ]);
  });

  it('click with the right button opens the context menu; count 3 clicks three times', async () => {
    await env.act(handle, { type: 'click', at: { x: 150, y: 120 }, button: 'right' });
    await env.act(handle, { type: 'click', at: { x: 150, y: 120 }, count: 3 });
    const events = await recordedEvents(env);
    expect(events.filter((event) => event.type === 'contextmenu')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'click').map((event) => event.detail)).toEqual([1, 2, 3]);
  });

  it('double-click fires dblclick at the point', async () => {
    const result = await env.act(handle, { type: 'double-click', at: { x: 200, y: 130 } });
    expect(result.ok).toBe(true);
    const doubles = (await recordedEvents(env)).filter((event) => event.type === 'dblclick');
    expect(doubles).toEqual([expect.objectContaining({ target: 'target', x: 200, y: 130, detail: 2 })]);
  });

  it('move hovers without pressing anything', async () => {
    await env.act(handle, { type: 'move', to: { x: 450, y: 120 } });
    const hovered = await env.page.evaluate(() => document.getElementById('hover')?.matches(':hover'));
    expect(hovered).toBe(true);
    expect((await recordedEvents(env)).filter((event) => event.type === 'mousedown')).toHaveLength(0);
  });

  it('drag presses at the start, moves along a path and releases at the end', async () => {
    const result = await env.act(handle, { type: 'drag', from: { x: 120, y: 250 }, to: { x: 420, y: 280 } });
    expect(result.ok).toBe(true);
    const events = (await recordedEvents(env)).filter((event) => event.target === 'pad');
    const down = events.findIndex((event) => event.type === 'mousedown');
    const up = events.findIndex((event) => event.type === 'mouseup');
    expect(events[down]).toMatchObject({ x: 120, y: 250 });
    expect(events[up]).toMatchObject({ x: 420, y: 280 });
    const moves = events.slice(down, up).filter((event) => event.type === 'mousemove');
    expect(moves.length).toBeGreaterThanOrEqual(5);
  });

  it('scroll turns the wheel at the centre, and inside a nested scroller at a point', async () => {
    await env.act(handle, { type: 'scroll', deltaY: 400 });
    expect(await env.page.evaluate(() => window.scrollY)).toBe(400);
    await env.page.evaluate(() => window.scrollTo(0, 0));
    await env.act(handle, { type: 'scroll', at: { x: 700, y: 200 }, deltaY: 300 });
    const scrolled = await env.page.evaluate(() => [window.scrollY, document.getElementById('scroller')?.scrollTop]);
    expect(scrolled).toEqual([0, 300]);
  });

  it('refuses points outside the viewport without touching the page', async () => {
    const result = await env.act(handle, { type: 'click', at: { x: 1280, y: 10 } });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/outside the 1280x800 viewport/);
    const drag = await env.act(handle, { type: 'drag', from: { x: 10, y: 10 }, to: { x: 10, y: 900 } });
    expect(drag.ok).toBe(false);
    expect(await recordedEvents(env)).toEqual([]);
  });

  it('refuses malformed actions with the failing field named', async () => {
    const result = await env.act(handle, { type: 'click', at: { x: -5, y: 10 } });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/^Invalid action: at\.x/);
  });
});
