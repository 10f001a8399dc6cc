import { createHandle, type Environment, type Handle, type LiveFrame } from '@sandpiper/core';
import { launchBrowserEnvironment, type BrowserEnvironment } from '@sandpiper/env-browser';
import { boxCenter, type AccessibilityNode, type ActionInput, type ActionResult } from '@sandpiper/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectExecutor,
  createInProcessExecutor,
  serveExecutor,
  type ExecutorServer,
  type RemoteEnvironment,
} from '../src/index.js';
import { TOKEN } from './support/executor-harness.js';
import { FORM_PAGE, startPageServer } from './support/page-server.js';
import { until } from './support/test-environment.js';

const handle = createHandle();
const viewport = { width: 800, height: 600 };
let page: Awaited<ReturnType<typeof startPageServer>>;
let local: BrowserEnvironment;
let served: BrowserEnvironment;
let server: ExecutorServer;
let remote: RemoteEnvironment;

beforeAll(async () => {
  page = await startPageServer(FORM_PAGE);
  [local, served] = await Promise.all([
    launchBrowserEnvironment({ url: page.url, viewport }),
    launchBrowserEnvironment({ url: page.url, viewport }),
  ]);
  server = await serveExecutor(served, { token: TOKEN });
  remote = await connectExecutor(server.url, { token: TOKEN });
});

afterAll(async () => {
  await remote?.close();
  await server?.close();
  await Promise.all([local?.close(), served?.close()]);
  await page?.close();
});

/** Accessibility nodes without their refs, which are only stable within one snapshot. */
function withoutRefs(nodes: readonly AccessibilityNode[] | undefined) {
  return (nodes ?? []).map(({ ref: _ref, ...node }) => node);
}

function find(nodes: readonly AccessibilityNode[] | undefined, role: string, name: string): AccessibilityNode {
  const node = nodes?.find((candidate) => candidate.role === role && candidate.name === name);
  if (node === undefined) throw new Error(`no ${role} "${name}" in ${JSON.stringify(withoutRefs(nodes))}`);
  return node;
}

/** Both environments take actions with their defaults unfilled, as the agent writes them. */
type ActingEnvironment = Pick<Environment, 'observe'> & {
  act(handle: Handle, action: ActionInput): Promise<ActionResult>;
};

/** Fill the form the way the agent would: from what the screen shows, one action at a time. */
async function fillForm(environment: ActingEnvironment): Promise<ActionResult[]> {
  const before = await environment.observe(handle, { accessibility: true });
  const field = find(before.accessibility, 'textbox', 'Name');
  const save = find(before.accessibility, 'button', 'Save');
  return [
    await environment.act(handle, { type: 'click', at: boxCenter(field.box) }),
    await environment.act(handle, { type: 'type', text: 'Dana Whitfield' }),
    await environment.act(handle, { type: 'click', at: boxCenter(save.box) }),
  ];
}

describe('a real Chromium served over the executor protocol', () => {
  it('declares the same environment as the local one', () => {
    expect(remote.info).toEqual(served.info);
    expect(remote.info.screen).toEqual(viewport);
    expect(remote.watch).toBeDefined();
    expect(remote.shell).toBeUndefined();
  });

  it('clicks and types with the same results as the local environment', async () => {
    const localResults = await fillForm(local);
    const remoteResults = await fillForm(remote);
    expect(remoteResults.map((result) => result.ok)).toEqual([true, true, true]);
    expect(remoteResults.map(({ ok, error }) => ({ ok, error }))).toEqual(
      localResults.map(({ ok, error }) => ({ ok, error })),
    );
    const [localAfter, remoteAfter] = await Promise.all([
      local.observe(handle, { accessibility: true }),
      remote.observe(handle, { accessibility: true }),
    ]);
    expect(find(remoteAfter.accessibility, 'textbox', 'Name').value).toBe('Dana Whitfield');
    expect(await served.page.textContent('#status')).toBe('Saved Dana Whitfield');
    expect(await local.page.textContent('#status')).toBe('Saved Dana Whitfield');
    expect(withoutRefs(remoteAfter.accessibility)).toEqual(withoutRefs(localAfter.accessibility));
    expect({
      width: remoteAfter.width,
      height: remoteAfter.height,
      url: remoteAfter.url,
      title: remoteAfter.title,
    }).toEqual({ width: localAfter.width, height: localAfter.height, url: localAfter.url, title: localAfter.title });
  });

  it('delivers exactly the PNG the served browser takes', async () => {
    const [viaWire, direct] = [await remote.observe(handle), await served.observe(handle)];
    expect(viaWire.png.byteLength).toBeGreaterThan(1000);
    expect(Buffer.from(viaWire.png).equals(Buffer.from(direct.png))).toBe(true);
  });

  it('streams the screencast while the page changes', async () => {
    const frames: LiveFrame[] = [];
    const view = await remote.watch!({ maxWidth: 400, quality: 50 }, (frame) => frames.push(frame));
    try {
      const field = find((await remote.observe(handle, { accessibility: true })).accessibility, 'textbox', 'Name');
      await remote.act(handle, { type: 'click', at: boxCenter(field.box) });
      await remote.act(handle, { type: 'type', text: ' Jr.' });
      await until(() => frames.length > 0, 10_000);
    } finally {
      await view.stop();
    }
    expect([...frames[0]!.jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(frames[0]!.screen).toEqual(viewport);
  });

  it('runs the same form through the in-process executor, which closes its browser', async () => {
    const owned = await launchBrowserEnvironment({ url: page.url, viewport });
    const inProcess = await createInProcessExecutor(owned);
    try {
      expect((await fillForm(inProcess)).map((result) => result.ok)).toEqual([true, true, true]);
      expect(await owned.page.textContent('#status')).toBe('Saved Dana Whitfield');
    } finally {
      await inProcess.close();
    }
    expect(owned.page.isClosed()).toBe(true);
  });
});
