import { CancelledError, createHandle } from '@sandpiper/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowserEnvironment, type BrowserEnvironment } from '../src/index.js';
import { closedPort, startFixtureServer, type FixtureServer } from './fixture-server.js';
import { LAB_PAGE, SECOND_PAGE, SUBMITTED_PAGE } from './pages.js';

const handle = createHandle();
let server: FixtureServer;
let env: BrowserEnvironment;

beforeAll(async () => {
  server = await startFixtureServer({ '/lab.html': LAB_PAGE, '/second.html': SECOND_PAGE, '/submit': SUBMITTED_PAGE });
  env = await launchBrowserEnvironment({ url: server.url('/lab.html') });
});
afterAll(async () => {
  await env?.close();
  await server?.close();
});
beforeEach(async () => {
  if (env.page.url() !== server.url('/lab.html')) await env.page.goto(server.url('/lab.html'));
});

describe('open', () => {
  it('resolves a relative path against the current page and waits for the load', async () => {
    const result = await env.act(handle, { type: 'open', target: 'second.html' });
    expect(result).toMatchObject({ ok: true });
    const observation = await env.observe(handle);
    expect(observation.url).toBe(server.url('/second.html'));
    expect(observation.title).toBe('Second');
    expect(server.requests.some((request) => request.path === '/second.html')).toBe(true);
  });

  it('opens an absolute address', async () => {
    await env.act(handle, { type: 'open', target: server.url('/second.html?from=test') });
    expect(env.page.url()).toBe(server.url('/second.html?from=test'));
  });

  it('reports an unreachable address as a failed action naming the network error', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/nothing`;
    const result = await env.act(handle, { type: 'open', target: url });
    expect(result.ok).toBe(false);
    expect(result.error).toContain(url);
    expect(result.error).toContain('ERR_CONNECTION_REFUSED');
  });
});

describe('actions that navigate', () => {
  it('a click on a link returns once the next page is shown', async () => {
    await env.act(handle, { type: 'click', at: { x: 130, y: 490 } });
    expect(env.page.url()).toBe(server.url('/second.html'));
    const observation = await env.observe(handle);
    expect(observation.title).toBe('Second');
    expect(observation.url).toBe(server.url('/second.html'));
  });

  it('Enter in a form submits it to the server and shows the answer', async () => {
    await env.act(handle, { type: 'click', at: { x: 600, y: 365 } });
    await env.act(handle, { type: 'type', text: 'Ada Lovelace' });
    await env.act(handle, { type: 'key', keys: ['Enter'] });
    expect(env.page.url()).toBe(server.url('/submit?name=Ada+Lovelace'));
    expect(server.requests.at(-1)).toMatchObject({ path: '/submit', search: '?name=Ada+Lovelace' });
    const observation = await env.observe(handle, { accessibility: true });
    expect(observation.title).toBe('Submitted');
    expect(observation.accessibility).toContainEqual(
      expect.objectContaining({ role: 'status', name: 'Thanks, your form was sent.' }),
    );
  });
});

describe('wait and cancellation', () => {
  it('wait lasts at least the requested time', async () => {
    const result = await env.act(handle, { type: 'wait', ms: 50 });
    expect(result.ok).toBe(true);
    expect(result.durationMs).toBeGreaterThanOrEqual(49);
  });

  it('an aborted handle cancels a long wait', async () => {
    const controller = new AbortController();
    const pending = env.act(createHandle({ signal: controller.signal }), { type: 'wait', ms: 60_000 });
    controller.abort(new Error('run stopped'));
    await expect(pending).rejects.toSatisfy((error: unknown) => CancelledError.isInstance(error));
  });

  it('an already aborted handle performs nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const cancelled = createHandle({ signal: controller.signal });
    await expect(env.act(cancelled, { type: 'open', target: 'second.html' })).rejects.toSatisfy((error: unknown) =>
      CancelledError.isInstance(error),
    );
    await expect(env.observe(cancelled)).rejects.toSatisfy((error: unknown) => CancelledError.isInstance(error));
    expect(env.page.url()).toBe(server.url('/lab.html'));
  });
});

describe('actions the agent handles', () => {
  it.each([
    { type: 'done', summary: 'finished' },
    { type: 'fail', reason: 'stuck' },
    { type: 'tool-call', tool: 'search', input: {} },
  ] as const)('$type is refused with a reason', async (action) => {
    const result = await env.act(handle, action);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/the agent handles it/);
  });
});

describe('a navigation policy with allowed hosts', () => {
  // The fixture server answers on 127.0.0.1; "localhost" reaches the same server under another host name.
  const elsewhere = () => server.url('/second.html').replace('127.0.0.1', 'localhost');
  const confinedEnvironment = () =>
    launchBrowserEnvironment({ url: server.url('/lab.html'), navigation: { allowHosts: ['example.org'] } });
  /** Put a link to another host at the top of the page, for the policy to block. */
  const addLeavingLink = (confined: BrowserEnvironment) =>
    confined.page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = 'Leave';
      link.id = 'leave';
      document.body.prepend(link);
    }, elsewhere());

  it('blocks a link to another host, and lets the start host and listed hosts load', async () => {
    const confined = await confinedEnvironment();
    try {
      await addLeavingLink(confined);
      const before = server.requests.length;
      const blocked = confined.page.waitForEvent('requestfailed');
      await confined.page.click('#leave');
      await blocked;
      expect(server.requests.slice(before).some((request) => request.path === '/second.html')).toBe(false);
      // An open of the start host still loads.
      const result = await confined.act(handle, { type: 'open', target: server.url('/second.html') });
      expect(result).toMatchObject({ ok: true });
      expect(confined.page.url()).toBe(server.url('/second.html'));
    } finally {
      await confined.close();
    }
  });

  it('an open just after a blocked link still loads, however the two overlap', async () => {
    // Chromium shows its error page for the blocked link some time after the click; an open that
    // starts meanwhile is cut off by it, which says nothing about the open's own address.
    const confined = await confinedEnvironment();
    try {
      for (const pauseMs of [0, 10, 20, 40, 80]) {
        await confined.page.goto(server.url('/lab.html'));
        await addLeavingLink(confined);
        await confined.page.click('#leave', { noWaitAfter: true });
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
        const result = await confined.act(handle, { type: 'open', target: server.url('/second.html') });
        expect({ pauseMs, result }).toMatchObject({ pauseMs, result: { ok: true } });
        expect(confined.page.url()).toBe(server.url('/second.html'));
      }
    } finally {
      await confined.close();
    }
  });
});
