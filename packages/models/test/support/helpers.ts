import { createHandle, type Handle } from '@sandpiper/core';
import sharp from 'sharp';
import { z } from 'zod';
import type { ModelTool } from '../../src/index.js';

/** The fake keys the fixtures echo in their 401 bodies. */
export const ANTHROPIC_TEST_KEY = 'sk-ant-test-fixture-key-0123456789';
export const OPENAI_TEST_KEY = 'sk-test-fixture-key-0123456789';

/** A handle whose log lines are kept, so tests can check what was logged. */
export function recordingHandle(options: { signal?: AbortSignal; deadline?: number } = {}): {
  handle: Handle;
  logs: string[];
} {
  const logs: string[] = [];
  return { handle: createHandle({ ...options, log: (line) => logs.push(line) }), logs };
}

/** A sleep that returns at once and records what it was asked to wait. */
export function instantSleep(): { sleep: (handle: Handle, ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: (_handle, ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
}

/** The answer shape most tests ask for. */
export const actionSchema = z.object({
  summary: z.string(),
  target: z.object({ x: z.number(), y: z.number() }),
  note: z.string().optional(),
});

/** A click tool like the operator will offer. */
export const clickTool: ModelTool = {
  name: 'click',
  description: 'Click at a point of the screenshot.',
  inputSchema: z.object({ x: z.number(), y: z.number(), reason: z.string().optional() }),
};

/** A small real PNG (solid colour), as a screenshot stands in. */
export async function smallPng(width = 4, height = 3): Promise<Uint8Array> {
  const buffer = await sharp({
    create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
