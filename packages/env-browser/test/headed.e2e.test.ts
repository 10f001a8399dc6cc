import { spawn, type ChildProcess } from 'node:child_process';
import { createHandle } from '@sandpiper/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowserEnvironment } from '../src/index.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { recordedEvents, valueOf } from './lab.js';
import { LAB_PAGE } from './pages.js';
import { decodePng } from './png.js';

let server: FixtureServer;
let xvfb: ChildProcess;
let display: string;

/** Start Xvfb on a free display; `-displayfd` makes it pick one and write the number once it is ready. */
function startXvfb(): Promise<{ process: ChildProcess; display: string }> {
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let written = '';
    child.stdio[3]?.on('data', (chunk: Buffer) => {
      written += chunk.toString();
      if (written.includes('\n')) resolve({ process: child, display: `:${written.trim()}` });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited with code ${String(code)}`)));
  });
}

beforeAll(async () => {
  server = await startFixtureServer({ '/lab.html': LAB_PAGE });
  ({ process: xvfb, display } = await startXvfb());
});
afterAll(async () => {
  await server?.close();
  if (xvfb !== undefined && xvfb.exitCode === null) {
    const gone = new Promise((resolve) => xvfb.once('exit', resolve));
    xvfb.kill('SIGTERM');
    await gone;
  }
});

describe('headed mode on an X display', () => {
  it('shows a window on the display and works like headless', async () => {
    const env = await launchBrowserEnvironment({
      url: server.url('/lab.html'),
      headless: false,
      display,
      viewport: { width: 1024, height: 700 },
    });
    try {
      expect(env.info.description).toContain(`headed on ${display}`);
      const observation = await env.observe(createHandle());
      expect(decodePng(observation.png)).toEqual({ width: 1024, height: 700 });
      await env.act(createHandle(), { type: 'click', at: { x: 150, y: 120 } });
      const clicks = (await recordedEvents(env)).filter((event) => event.type === 'click');
      expect(clicks).toEqual([expect.objectContaining({ target: 'target', x: 150, y: 120 })]);

      // The native select popup is a separate window here; the keyboard sequence still picks an option.
      await env.act(createHandle(), { type: 'click', at: { x: 200, y: 435 } });
      await env.act(createHandle(), { type: 'type', text: 'Off' });
      await env.act(createHandle(), { type: 'key', keys: ['Enter'] });
      expect(await valueOf(env, 'category')).toBe('Office supplies');
    } finally {
      await env.close();
    }
  });
});
