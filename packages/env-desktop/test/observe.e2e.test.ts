import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachDesktopEnvironment, launchDesktopEnvironment, type DesktopEnvironment } from '../src/index.js';
import { eventually, handle, startProbe, type Probe, type ProbeLayout } from './desktop-lab.js';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  expect(view.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

/** The RGBA pixel of a PNG at a point. */
async function pixelAt(png: Uint8Array, x: number, y: number): Promise<[number, number, number, number]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * 4;
  return [data[offset]!, data[offset + 1]!, data[offset + 2]!, data[offset + 3]!];
}

describe('observing a real X desktop', () => {
  let env: DesktopEnvironment;
  let probe: Probe;
  let layout: ProbeLayout;

  beforeAll(async () => {
    // A long settle bound: the late-paint test below relies on the wait, not on the machine's speed.
    env = await launchDesktopEnvironment(handle, {
      screen: { width: 1024, height: 640 },
      accessibility: false,
      settleMs: 10_000,
    });
    probe = await startProbe(env, 'Observe probe');
    layout = await probe.layout();
  });

  afterAll(async () => {
    await probe?.stop();
    await env?.close();
  });

  it('captures the whole screen at the size asked for, through shared memory', async () => {
    expect(env.info).toMatchObject({
      kind: 'desktop',
      screen: { width: 1024, height: 640 },
      devicePixelRatio: 1,
      coordinateSpace: 'screen-logical-pixels',
      accessibility: false,
      shell: false,
    });
    expect(env.info.actionSpace).toEqual(expect.arrayContaining(['click', 'type', 'key', 'open', 'scroll']));
    expect(env.info.actionSpace).not.toContain('done');
    expect(env.transports.capture).toBe('mit-shm');
    const observation = await env.observe(handle);
    expect({ width: observation.width, height: observation.height }).toEqual({ width: 1024, height: 640 });
    expect(pngSize(observation.png)).toEqual({ width: 1024, height: 640 });
    expect(observation.accessibility).toBeUndefined();
  });

  it('reports the title of the active window', async () => {
    const observation = await env.observe(handle);
    expect(observation.title).toBe('Observe probe');
  });

  it('shows the effect of input: a click paints a red mark where it landed', async () => {
    const at = { x: layout.canvas[0] + 120, y: layout.canvas[1] + 80 };
    const before = await env.observe(handle);
    expect(await pixelAt(before.png, at.x, at.y)).toEqual([255, 255, 255, 255]);
    const mark = probe.mark();
    await env.act(handle, { type: 'click', at });
    await probe.waitFor((event) => event.event === 'press', mark);
    const after = await eventually('the red mark on screen', async () => {
      const observation = await env.observe(handle);
      const [red, green, blue] = await pixelAt(observation.png, at.x, at.y);
      return red === 255 && green === 0 && blue === 0 ? observation : undefined;
    });
    expect(Buffer.compare(Buffer.from(before.png), Buffer.from(after.png))).not.toBe(0);
  });

  it('waits after an input for a program that paints its answer late, so the next observation shows it', async () => {
    const at = { x: layout.canvas[0] + 230, y: layout.canvas[1] + 170 };
    expect(await pixelAt((await env.observe(handle)).png, at.x, at.y)).toEqual([255, 255, 255, 255]);
    const result = await env.act(handle, { type: 'key', keys: ['F4'] });
    expect(result.ok).toBe(true);
    // No polling here: the action itself waited for the screen to answer.
    expect(await pixelAt((await env.observe(handle)).png, at.x, at.y)).toEqual([0, 0, 255, 255]);
  });

  it('declares no accessibility and leaves it out of observations when the AT-SPI helper cannot run', async () => {
    const withoutHelper = await attachDesktopEnvironment(handle, {
      display: env.display,
      python: '/nonexistent/python3',
    });
    try {
      expect(withoutHelper.info.accessibility).toBe(false);
      const observation = await withoutHelper.observe(handle, { accessibility: true });
      expect(observation.accessibility).toBeUndefined();
      expect(observation.width).toBe(1024);
    } finally {
      await withoutHelper.close();
    }
  });

  it('gives the same pixels over the X socket when shared memory is not used', async () => {
    const overSocket = await attachDesktopEnvironment(handle, {
      display: env.display,
      sharedMemory: false,
      accessibility: false,
    });
    try {
      expect(overSocket.transports.capture).toBe('core');
      const [shared, socket] = await Promise.all([env.observe(handle), overSocket.observe(handle)]);
      const decode = async (png: Uint8Array) => (await sharp(png).raw().toBuffer()).toString('base64');
      expect(await decode(socket.png)).toBe(await decode(shared.png));
    } finally {
      await overSocket.close();
    }
    // Closing the attached environment left the display and its windows alone.
    expect((await env.observe(handle)).title).toBe('Observe probe');
  });
});
