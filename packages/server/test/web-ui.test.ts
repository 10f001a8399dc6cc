import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support.js';

let parent: string;
let webRoot: string;
let test: TestServer;
let unbuilt: TestServer;
beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'sandpiper-web-'));
  webRoot = join(parent, 'dist');
  await mkdir(join(webRoot, 'assets'), { recursive: true });
  await writeFile(
    join(webRoot, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app-1a2b.js"></script>',
  );
  await writeFile(join(webRoot, 'assets', 'app-1a2b.js'), 'console.log("ui")');
  await writeFile(join(parent, 'secret-next-to-the-ui.txt'), 'not for the web');
  test = await startTestServer({ webRoot });
  unbuilt = await startTestServer({ webRoot: join(webRoot, 'missing') });
});
afterAll(async () => {
  await test.close();
  await unbuilt.close();
  await rm(parent, { recursive: true, force: true });
});

describe('the web UI files', () => {
  it('serves the page without a token, with a policy that keeps it to this server', async () => {
    const page = await test.request('GET', '/', { token: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(new TextDecoder().decode(page.body)).toContain('/assets/app-1a2b.js');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain(`connect-src 'self' ws://127.0.0.1:${test.server.port}`);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const script = await test.request('GET', '/assets/app-1a2b.js', { token: null });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toContain('immutable');
  });

  it('serves nothing outside the build, and the API still needs the token', async () => {
    for (const path of [
      '/assets/../../secret-next-to-the-ui.txt',
      '/assets/%2e%2e/%2e%2e/secret-next-to-the-ui.txt',
      '/package.json',
    ]) {
      const response = await test.request('GET', path, { token: null });
      expect([401, 404]).toContain(response.status);
      expect(
        new TextDecoder().decode(response.body instanceof Uint8Array ? response.body : new Uint8Array()),
      ).not.toContain('not for the web');
    }
    expect((await test.request('GET', '/api/runs', { token: null })).status).toBe(401);
  });

  it('says how to build the UI when it is not built', async () => {
    const page = await unbuilt.request('GET', '/', { token: null });
    expect(page.status).toBe(503);
    expect(new TextDecoder().decode(page.body)).toContain('npm run build:web');
  });
});
