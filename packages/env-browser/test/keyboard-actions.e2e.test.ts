import { createHandle } from '@sandpiper/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowserEnvironment, normalizeKeyName, type BrowserEnvironment } from '../src/index.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { recordedEvents, resetLab, valueOf } from './lab.js';
import { LAB_PAGE } from './pages.js';

const handle = createHandle();
const FIELD = { x: 250, y: 365 };
const CATEGORY = { x: 200, y: 435 };
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
beforeEach(async () => {
  await resetLab(env);
  await env.page.evaluate(() => {
    (document.getElementById('field') as HTMLInputElement).value = '';
    (document.getElementById('category') as HTMLSelectElement).selectedIndex = 0;
  });
});

async function categoryState(): Promise<{ value: string | undefined; expanded: boolean | undefined }> {
  const nodes = (await env.observe(handle, { accessibility: true })).accessibility ?? [];
  const select = nodes.find((node) => node.role === 'combobox' && node.name === 'Category');
  return { value: select?.value, expanded: select?.expanded };
}

describe('keyboard actions', () => {
  it('type enters text into the focused field', async () => {
    await env.act(handle, { type: 'click', at: FIELD });
    const result = await env.act(handle, { type: 'type', text: 'Hello, wörld!' });
    expect(result.ok).toBe(true);
    expect(await valueOf(env, 'field')).toBe('Hello, wörld!');
  });

  it('key presses a chord, accepting common aliases, and releases every key', async () => {
    await env.act(handle, { type: 'click', at: FIELD });
    await env.act(handle, { type: 'type', text: 'draft text' });
    expect((await env.act(handle, { type: 'key', keys: ['Ctrl', 'a'] })).ok).toBe(true);
    await env.act(handle, { type: 'type', text: 'final' });
    expect(await valueOf(env, 'field')).toBe('final');
    await env.act(handle, { type: 'key', keys: ['Esc'] });
    await env.act(handle, { type: 'key', keys: ['return'] });
    const downs = (await recordedEvents(env)).filter((event) => event.type === 'keydown').map((event) => event.key);
    expect(downs).toEqual(expect.arrayContaining(['Control', 'Escape', 'Enter']));
    const lastDown = (await recordedEvents(env)).filter((event) => event.type === 'keydown').at(-1);
    expect(lastDown).toMatchObject({ key: 'Enter', ctrlKey: false });
  });

  it('hold-and-press keeps modifiers down across presses, and Shift shifts characters as a keyboard does', async () => {
    await env.act(handle, { type: 'click', at: FIELD });
    const result = await env.act(handle, { type: 'hold-and-press', hold: ['Shift'], press: ['a', 'b', 'c'] });
    expect(result.ok).toBe(true);
    await env.act(handle, { type: 'key', keys: ['Shift', '1'] });
    await env.act(handle, { type: 'type', text: 'd' });
    expect(await valueOf(env, 'field')).toBe('ABC!d');
  });

  it('an unknown key name is refused, not thrown, and leaves no key stuck', async () => {
    await env.act(handle, { type: 'click', at: FIELD });
    const result = await env.act(handle, { type: 'key', keys: ['Shift', 'NoSuchKey'] });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/NoSuchKey/);
    await env.act(handle, { type: 'type', text: 'x' });
    expect(await valueOf(env, 'field')).toBe('x');
  });

  it('normalises key names models commonly use', () => {
    expect(['Ctrl', 'cmd', 'Esc', 'Return', 'option', 'pgdn', 'f5', 'a', 'A'].map(normalizeKeyName)).toEqual([
      'Control',
      'Meta',
      'Escape',
      'Enter',
      'Alt',
      'PageDown',
      'F5',
      'a',
      'A',
    ]);
  });
});

describe('native select, driven only by input at screen coordinates', () => {
  it('click opens the popup, typing highlights an option and Enter commits it', async () => {
    await env.act(handle, { type: 'click', at: CATEGORY });
    expect(await categoryState()).toEqual({ value: 'Travel', expanded: true });
    await env.act(handle, { type: 'type', text: 'Off' });
    await env.act(handle, { type: 'key', keys: ['Enter'] });
    expect(await categoryState()).toEqual({ value: 'Office supplies', expanded: false });
    expect(await valueOf(env, 'category')).toBe('Office supplies');
    expect((await recordedEvents(env)).filter((event) => event.type === 'change')).toHaveLength(1);
  });

  it('click then ArrowDown and Enter picks the next option', async () => {
    await env.act(handle, { type: 'click', at: CATEGORY });
    await env.act(handle, { type: 'key', keys: ['ArrowDown'] });
    await env.act(handle, { type: 'key', keys: ['ArrowDown'] });
    await env.act(handle, { type: 'key', keys: ['Enter'] });
    expect(await valueOf(env, 'category')).toBe('Office supplies');
  });

  it('with the popup closed, typing on the focused select changes it at once', async () => {
    await env.act(handle, { type: 'click', at: CATEGORY });
    await env.act(handle, { type: 'key', keys: ['Escape'] });
    await env.act(handle, { type: 'type', text: 'Mea' });
    expect(await categoryState()).toEqual({ value: 'Meals', expanded: false });
  });

  it('clicking where an option would be drawn does not pick it', async () => {
    await env.act(handle, { type: 'click', at: CATEGORY });
    await env.act(handle, { type: 'click', at: { x: CATEGORY.x, y: CATEGORY.y + 40 } });
    expect(await valueOf(env, 'category')).toBe('Travel');
  });
});
