import type { Handle, PerformedAction, Screen } from '@sandpiper/core';
import { createHandle } from '@sandpiper/core';
import type { AccessibilityNode, Action, Step, Task } from '@sandpiper/protocol';

/**
 * Test support, not part of the public API: screens, steps and tasks built from plain data so
 * that role tests can state exactly what is on screen.
 */

let screenCount = 0;

/** A node with defaults: `ref` numbered, box given as [x, y, width, height]. */
export function node(
  role: string,
  name: string,
  box: readonly [number, number, number, number],
  extra: Partial<Omit<AccessibilityNode, 'role' | 'name' | 'box'>> = {},
): AccessibilityNode {
  return {
    ref: extra.ref ?? `n-${role}-${name}-${box.join('-')}`,
    role,
    name,
    box: { x: box[0], y: box[1], width: box[2], height: box[3] },
    ...extra,
  };
}

export interface ScreenOptions {
  readonly nodes?: readonly AccessibilityNode[];
  readonly png?: Uint8Array;
  readonly width?: number;
  readonly height?: number;
  readonly url?: string;
  readonly title?: string;
}

/** A screen of the given size (1280×800 by default) with these nodes; PNG bytes are a placeholder unless given. */
export function screenOf(options: ScreenOptions = {}): Screen {
  screenCount += 1;
  const width = options.width ?? 1280;
  const height = options.height ?? 800;
  const png = options.png ?? new Uint8Array([screenCount]);
  return {
    observation: {
      id: `obs-${screenCount}`,
      takenAt: 0,
      screenshot: { hash: '0'.repeat(64), mimeType: 'image/png', width, height },
      ...(options.url === undefined ? {} : { url: options.url }),
      ...(options.title === undefined ? {} : { title: options.title }),
      ...(options.nodes === undefined ? {} : { accessibility: [...options.nodes] }),
    },
    capture: {
      png,
      width,
      height,
      ...(options.url === undefined ? {} : { url: options.url }),
      ...(options.title === undefined ? {} : { title: options.title }),
      ...(options.nodes === undefined ? {} : { accessibility: options.nodes }),
    },
  };
}

export function stepOf(text: string): Step {
  return { id: 'step-1', text, status: 'executing' };
}

export const testTask: Task = {
  instruction: 'test',
  environment: { type: 'scenario', name: 'test' },
  budgets: { maxActions: 200, maxAttemptsPerStep: 3, maxDurationMs: 600_000 },
  approval: 'auto-all',
};

export function performedOf(...actions: Action[]): PerformedAction[] {
  return actions.map((action) => ({ action, summary: action.type, ok: true }));
}

/** A handle that records what the roles log. */
export function recordingHandle(): Handle & { readonly messages: string[] } {
  const messages: string[] = [];
  return { ...createHandle({ log: (message) => messages.push(message) }), messages };
}
