import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHandle } from '@sandpiper/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BrowserClosedError,
  BrowserEnvironmentError,
  BrowserNavigationError,
  BrowserUnavailableError,
  launchBrowserEnvironment,
} from '../src/index.js';
import { closedPort, startFixtureServer, type FixtureServer } from './fixture-server.js';
import { SECOND_PAGE } from './pages.js';

const handle = createHandle();
let server: FixtureServer;
let scratch: string;

beforeAll(async () => {
  server = await startFixtureServer({ '/second.html': SECOND_PAGE });
  scratch = await mkdtemp(join(tmpdir(), 'sandpiper-env-browser-'));
});
afterAll(async () => {
  await server?.close();
  await rm(scratch, { recursive: true, force: true });
});

async function failureOf(work: Promise<unknown>): Promise<Error> {
  const outcome: unknown = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error('expected a failure');
  return outcome;
}

describe('launch errors', () => {
  it('a missing Chromium says where it looked and how to install it', async () => {
    const error = await failureOf(launchBrowserEnvironment({ executablePath: join(scratch, 'no-chromium') }));
    expect(BrowserUnavailableError.isInstance(error)).toBe(true);
    expect(BrowserEnvironmentError.isInstance(error)).toBe(true);
    expect(error.message).toContain(join(scratch, 'no-chromium'));
    expect(error.message).toContain('npm run setup');
    expect(error.message).toContain('apt-get install chromium');
  });

  it('a file that is not executable is reported the same way', async () => {
    const path = join(scratch, 'not-executable');
    await writeFile(path, 'not a browser');
    await chmod(path, 0o644);
    const error = await failureOf(launchBrowserEnvironment({ executablePath: path }));
    expect(BrowserUnavailableError.isInstance(error)).toBe(true);
    expect(error.message).toContain('not executable');
  });

  it('headed mode without a display asks for one', async () => {
    const error = await failureOf(launchBrowserEnvironment({ headless: false, display: '' }));
    expect(BrowserUnavailableError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/X display/);
  });

  it('an unreachable start page names the address and the network error', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/start`;
    const error = await failureOf(launchBrowserEnvironment({ url }));
    expect(BrowserNavigationError.isInstance(error)).toBe(true);
    expect(BrowserUnavailableError.isInstance(error)).toBe(false);
    expect((error as BrowserNavigationError).url).toBe(url);
    expect(error.message).toContain(url);
    expect(error.message).toContain('net::ERR_CONNECTION_REFUSED');
  });
});

describe('a browser that is gone', () => {
  it('makes act and observe throw BrowserClosedError', async () => {
    const env = await launchBrowserEnvironment({ url: server.url('/second.html') });
    await env.page.context().browser()?.close();
    const acting = await failureOf(env.act(handle, { type: 'click', at: { x: 10, y: 10 } }));
    expect(BrowserClosedError.isInstance(acting)).toBe(true);
    const observing = await failureOf(env.observe(handle));
    expect(BrowserClosedError.isInstance(observing)).toBe(true);
    await env.close();
  });

  it('is what a closed environment reports, and closing twice is harmless', async () => {
    const env = await launchBrowserEnvironment();
    await env.close();
    await env.close();
    const acting = await failureOf(env.act(handle, { type: 'wait', ms: 0 }));
    expect(BrowserClosedError.isInstance(acting)).toBe(true);
    expect(acting.message).toContain('closed');
  });
});
