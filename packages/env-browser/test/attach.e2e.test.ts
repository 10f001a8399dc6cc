import { createHandle } from '@sandpiper/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachBrowserEnvironment, CdpAttachError } from '../src/index.js';
import { startDebuggableChromium, type DebuggableChromium } from '../src/index.js';
import { closedPort, startFixtureServer, type FixtureServer } from './fixture-server.js';
import { LAB_PAGE, SECOND_PAGE } from './pages.js';
import { decodePng } from './png.js';

const handle = createHandle();
let server: FixtureServer;
let chromium: DebuggableChromium;
let labTarget: string;

beforeAll(async () => {
  server = await startFixtureServer({ '/lab.html': LAB_PAGE, '/second.html': SECOND_PAGE });
  chromium = await startDebuggableChromium(server.url('/second.html'));
  labTarget = await chromium.openTab(server.url('/lab.html'));
});
afterAll(async () => {
  await chromium?.stop();
  await server?.close();
});

describe('attach over CDP', () => {
  it('drives the page with the given target id and leaves the browser running on close', async () => {
    const env = await attachBrowserEnvironment({ endpoint: chromium.endpoint, targetId: labTarget });
    try {
      expect(env.info.description).toContain(`attached to ${chromium.endpoint}, target ${labTarget}`);
      const observation = await env.observe(handle, { accessibility: true });
      expect(observation.title).toBe('Input lab');
      expect(decodePng(observation.png)).toEqual({ width: env.info.screen.width, height: env.info.screen.height });
      expect(observation.accessibility).toContainEqual(expect.objectContaining({ role: 'link', name: 'Next page' }));

      expect((await env.act(handle, { type: 'click', at: { x: 130, y: 490 } })).ok).toBe(true);
    } finally {
      await env.close();
    }

    expect(chromium.process.exitCode).toBeNull();
    const pages = await chromium.listPages();
    expect(pages.find((page) => page.id === labTarget)?.url).toBe(server.url('/second.html'));
    expect(pages).toHaveLength(2);
    expect(server.requests.filter((request) => request.path === '/second.html')).toHaveLength(2);
  });

  it('sets a pinch zoom back to 1 before it captures, so image points and input agree again', async () => {
    const env = await attachBrowserEnvironment({ endpoint: chromium.endpoint, targetId: labTarget });
    const logged: string[] = [];
    const logging = { ...handle, log: (line: string) => logged.push(line) };
    const session = await env.page.context().newCDPSession(env.page);
    try {
      // What a touchpad pinch leaves behind: the page magnified twice in the visual viewport.
      await session.send('Emulation.setPageScaleFactor', { pageScaleFactor: 2 });
      await expect.poll(() => env.page.evaluate(() => window.visualViewport?.scale)).toBe(2);
      await env.observe(logging);
      expect(await env.page.evaluate(() => window.visualViewport?.scale)).toBe(1);
      expect(logged.join('\n')).toContain('pinch-zoomed ×2.00');
      // An unzoomed page is left alone, and nothing is logged.
      logged.length = 0;
      await env.observe(logging);
      expect(logged.filter((line) => line.includes('pinch'))).toEqual([]);
    } finally {
      await session.detach().catch(() => undefined);
      await env.close();
    }
  });

  it('can attach again after a close, to the first page when no target is named', async () => {
    const env = await attachBrowserEnvironment({ endpoint: chromium.endpoint });
    try {
      const ids = (await chromium.listPages()).map((page) => page.id);
      expect(ids.some((id) => env.info.description.includes(id))).toBe(true);
      expect((await env.observe(handle)).png.length).toBeGreaterThan(0);
    } finally {
      await env.close();
    }
    expect(chromium.process.exitCode).toBeNull();
  });

  it('names the available targets when the target id is unknown', async () => {
    const error: unknown = await attachBrowserEnvironment({
      endpoint: chromium.endpoint,
      targetId: 'NO-SUCH-TARGET',
    }).catch((caught: unknown) => caught);
    expect(CdpAttachError.isInstance(error)).toBe(true);
    const attachError = error as CdpAttachError;
    expect(attachError.message).toContain('NO-SUCH-TARGET');
    expect(attachError.message).toContain(labTarget);
    expect(attachError.message).toContain('"Second"');
    expect(attachError.targets.map((target) => target.id)).toContain(labTarget);
    expect(chromium.process.exitCode).toBeNull();
  });

  it('explains an endpoint nobody listens on', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const error: unknown = await attachBrowserEnvironment({ endpoint }).catch((caught: unknown) => caught);
    expect(CdpAttachError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(`Could not reach the DevTools endpoint ${endpoint}`);
    expect((error as Error).message).toContain('--remote-debugging-port');
  });
});
