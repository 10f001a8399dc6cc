import type { LiveFrame } from '@sandpiper/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchDesktopEnvironment, type DesktopEnvironment } from '../src/index.js';
import { eventually, handle, startProbe, type Probe, type ProbeLayout } from './desktop-lab.js';

describe('live view of a real X desktop', () => {
  let env: DesktopEnvironment;
  let probe: Probe;
  let layout: ProbeLayout;

  beforeAll(async () => {
    env = await launchDesktopEnvironment(handle, { accessibility: false });
    probe = await startProbe(env, 'Watch probe');
    layout = await probe.layout();
  });

  afterAll(async () => {
    await probe?.stop();
    await env?.close();
  });

  it('sends JPEG frames scaled to the width asked for, a new one when the screen changes', async () => {
    const frames: LiveFrame[] = [];
    const view = await env.watch({ maxWidth: 640, quality: 60 }, (frame) => frames.push(frame));
    try {
      const first = await eventually('a first frame', () => frames[0]);
      expect(Buffer.from(first.jpeg.subarray(0, 2)).toString('hex')).toBe('ffd8');
      expect(first.screen).toEqual({ width: 1280, height: 800 });
      const size = await sharp(first.jpeg).metadata();
      expect({ width: size.width, height: size.height }).toEqual({ width: 640, height: 400 });

      const seen = frames.length;
      await env.act(handle, { type: 'click', at: { x: layout.canvas[0] + 50, y: layout.canvas[1] + 50 } });
      const changed = await eventually('a frame after the click', () =>
        frames.slice(seen).find((frame) => Buffer.compare(Buffer.from(frame.jpeg), Buffer.from(first.jpeg)) !== 0),
      );
      expect(changed.at).toBeGreaterThanOrEqual(first.at);
    } finally {
      await view.stop();
    }
  });

  it('sends the last frame again once the screen has been still for a moment', async () => {
    const frames: LiveFrame[] = [];
    const view = await env.watch({ maxWidth: 320, quality: 50 }, (frame) => frames.push(frame));
    try {
      const repeated = await eventually('the same picture twice', () => {
        const last = frames.at(-1);
        const previous = frames.at(-2);
        return last !== undefined && previous !== undefined && Buffer.compare(last.jpeg, previous.jpeg) === 0
          ? { previous, last }
          : undefined;
      });
      expect(repeated.last.at).toBeGreaterThan(repeated.previous.at);
    } finally {
      await view.stop();
    }
  });

  it('sends nothing after stop has resolved', async () => {
    const frames: LiveFrame[] = [];
    const view = await env.watch({ maxWidth: 320, quality: 50 }, (frame) => frames.push(frame));
    await eventually('a first frame', () => frames[0]);
    await view.stop();
    const count = frames.length;
    await env.act(handle, { type: 'click', at: { x: layout.canvas[0] + 70, y: layout.canvas[1] + 90 } });
    await env.observe(handle);
    // Longer than a poll interval and the stillness resend together: anything still scheduled would have run.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(frames.length).toBe(count);
  });
});
