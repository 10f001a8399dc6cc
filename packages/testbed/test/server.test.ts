import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestbedServer, testbedPageNames, type TestbedServer } from '../src/index.js';
import { assertBuildIsFresh } from './browser.js';

describe('the test bed server', () => {
  let server: TestbedServer;
  beforeAll(async () => {
    await assertBuildIsFresh();
    server = await startTestbedServer();
  });
  afterAll(() => server?.close());

  it('listens on 127.0.0.1 and serves every page as HTML', async () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const name of testbedPageNames) {
      const response = await fetch(server.urlFor(name));
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type'), name).toBe('text/html; charset=utf-8');
    }
  });

  it('serves bundled scripts and styles with their content types', async () => {
    const html = await (await fetch(server.urlFor('bootstrap-workspace'))).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const style = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect((await fetch(`${server.origin}${script ?? '/missing.js'}`)).headers.get('content-type')).toBe(
      'text/javascript; charset=utf-8',
    );
    expect((await fetch(`${server.origin}${style ?? '/missing.css'}`)).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
  });

  it('answers 404 for unknown paths and paths that leave the build folder', async () => {
    expect((await fetch(`${server.origin}/no-such-page/`)).status).toBe(404);
    expect((await fetch(`${server.origin}/assets/nothing.js`)).status).toBe(404);
    expect((await fetch(`${server.origin}/%2e%2e/package.json`)).status).toBe(404);
    expect((await fetch(`${server.origin}/.vite/manifest.json`)).status).toBe(404);
  });

  it('redirects a page path without its slash, refuses other methods, and builds addresses', async () => {
    const redirect = await fetch(`${server.origin}/login?next=1`, { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/login/?next=1');
    expect((await fetch(server.urlFor('login'), { method: 'POST' })).status).toBe(405);
    expect(server.urlFor('search', { q: 'tide' })).toBe(`${server.origin}/search/?q=tide`);
    expect(() => server.urlFor('nowhere')).toThrow(/Unknown test bed page/);
  });
});
