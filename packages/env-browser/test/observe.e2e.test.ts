import { createHandle } from '@sandpiper/core';
import { accessibilityNodeSchema, environmentInfoSchema, type AccessibilityNode } from '@sandpiper/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowserEnvironment, type BrowserEnvironment } from '../src/index.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { EXPENSE_FORM_PAGE } from './pages.js';
import { decodePng } from './png.js';

const handle = createHandle();
let server: FixtureServer;
let env: BrowserEnvironment;

beforeAll(async () => {
  server = await startFixtureServer({ '/form.html': EXPENSE_FORM_PAGE });
  env = await launchBrowserEnvironment({ url: server.url('/form.html'), viewport: { width: 900, height: 700 } });
});

afterAll(async () => {
  await env?.close();
  await server?.close();
});

function find(nodes: readonly AccessibilityNode[], role: string, name: string): AccessibilityNode {
  const node = nodes.find((candidate) => candidate.role === role && candidate.name === name);
  if (node === undefined) throw new Error(`no ${role} named "${name}" in ${JSON.stringify(nodes.map((n) => n.name))}`);
  return node;
}

describe('observe', () => {
  it('declares a valid browser environment whose screen is the viewport', () => {
    const info = environmentInfoSchema.parse(env.info);
    expect(info.kind).toBe('browser');
    expect(info.description).toMatch(/^Chromium \d+\.\S+ \(headless\)$/);
    expect(info.screen).toEqual({ width: 900, height: 700 });
    expect(info.actionSpace).not.toContain('tool-call');
    expect(info.actionSpace).not.toContain('done');
    expect(info.actionSpace).toContain('hold-and-press');
    expect(info.accessibility).toBe(true);
  });

  it('returns a decodable PNG of the viewport size with the page address and title', async () => {
    const observation = await env.observe(handle);
    expect(decodePng(observation.png)).toEqual({ width: 900, height: 700 });
    expect(observation.width).toBe(900);
    expect(observation.height).toBe(700);
    expect(observation.url).toBe(server.url('/form.html'));
    expect(observation.title).toBe('New expense');
    expect(observation.accessibility).toBeUndefined();
  });

  it('lists fields, selects, checkboxes and buttons with their browser-computed state', async () => {
    const { accessibility } = await env.observe(handle, { accessibility: true });
    const nodes = accessibility ?? [];
    for (const node of nodes) accessibilityNodeSchema.parse(node);
    expect(new Set(nodes.map((node) => node.ref)).size).toBe(nodes.length);

    expect(find(nodes, 'textbox', 'Title *').value).toBe('Conference trip');
    expect(find(nodes, 'textbox', 'Contact email').value).toBe('ada@example.com');
    expect(find(nodes, 'spinbutton', 'Amount').value).toBe('84.2');
    expect(find(nodes, 'textbox', 'Date').value).toBe('2024-03-01');
    expect(find(nodes, 'searchbox', 'Search merchants').value).toBe('');
    const category = find(nodes, 'combobox', 'Category');
    expect(category.value).toBe('Meals');
    expect(category.options).toEqual([
      'Travel',
      'Meals',
      'Lodging',
      'Office supplies',
      'Software',
      'Training',
      'Other',
    ]);
    expect(category.expanded).toBe(false);
    expect(find(nodes, 'checkbox', 'Billable to client').checked).toBe(true);
    expect(find(nodes, 'checkbox', 'Needs manager review').checked).toBe(false);
    expect(find(nodes, 'checkbox', 'Archived').disabled).toBe(true);
    expect(find(nodes, 'radio', 'Company card').checked).toBe(true);
    expect(find(nodes, 'button', 'Submit').disabled).toBe(true);
    expect(find(nodes, 'button', 'Save draft').disabled).toBeUndefined();
  });

  it('lists headings, links, tabs, menu items, sortable headers, messages and plain text', async () => {
    const nodes = (await env.observe(handle, { accessibility: true })).accessibility ?? [];
    find(nodes, 'heading', 'New expense');
    find(nodes, 'link', 'Expenses');
    find(nodes, 'tab', 'Receipts');
    find(nodes, 'menuitem', 'Export CSV');
    expect(find(nodes, 'columnheader', 'Date').value).toBe('ascending');
    expect(find(nodes, 'columnheader', 'Amount').value).toBeUndefined();
    find(nodes, 'status', 'Draft saved');
    find(nodes, 'alert', 'Receipt is missing');
    find(nodes, 'text', 'Fill in every field marked with a star.');
    find(nodes, 'text', 'Train to Leeds');
    expect(nodes.filter((node) => node.role === 'text' && node.name === 'New expense')).toHaveLength(0);
  });

  it('skips hidden nodes, keeps off-screen ones with their real box, and boxes what is on screen', async () => {
    const nodes = (await env.observe(handle, { accessibility: true })).accessibility ?? [];
    expect(nodes.some((node) => node.name === 'Hidden action' || node.name === 'Invisible action')).toBe(false);
    expect(find(nodes, 'link', 'Privacy policy').box.y).toBeGreaterThan(700);
    const saveDraft = find(nodes, 'button', 'Save draft').box;
    const hit = await env.page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? '', {
      x: saveDraft.x + saveDraft.width / 2,
      y: saveDraft.y + saveDraft.height / 2,
    });
    expect(hit).toBe('Save draft');
  });

  it('reports boxes relative to the scrolled viewport', async () => {
    const before = find(
      (await env.observe(handle, { accessibility: true })).accessibility ?? [],
      'link',
      'Privacy policy',
    );
    await env.page.evaluate(() => window.scrollTo(0, 500));
    const after = find(
      (await env.observe(handle, { accessibility: true })).accessibility ?? [],
      'link',
      'Privacy policy',
    );
    await env.page.evaluate(() => window.scrollTo(0, 0));
    expect(before.box.y - after.box.y).toBe(500);
  });
});

describe('a <details> section', () => {
  it('shows its summary as a button that says whether the section is expanded', async () => {
    const details = await startFixtureServer({
      '/details.html':
        '<!doctype html><main><details><summary>Security</summary><label>Session timeout <input type="number"></label></details></main>',
    });
    const page = await launchBrowserEnvironment({ url: details.url('/details.html') });
    try {
      const nodes = (await page.observe(handle, { accessibility: true })).accessibility ?? [];
      expect(find(nodes, 'button', 'Security').expanded).toBe(false);
    } finally {
      await page.close();
      await details.close();
    }
  });
});
