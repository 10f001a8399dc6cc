import { legacyCriterion } from '@sandpiper/testing';
import { createHash } from 'node:crypto';
import { createHandle, type Handle, type ModelCallReport, type Screen } from '@sandpiper/core';
import { taskSchema, type AccessibilityNode, type PlanVersion, type Step, type Task } from '@sandpiper/protocol';
import { createImage, encodePng } from '@sandpiper/vision';

/** A distinct solid-colour screen with a small element list, as the browser would report it. */
export async function syntheticScreen(
  seed: number,
  options: { width?: number; height?: number; nodes?: readonly AccessibilityNode[] } = {},
): Promise<Screen> {
  const width = options.width ?? 1280;
  const height = options.height ?? 800;
  const png = await encodePng(
    createImage(width, height, [(seed * 37) % 256, (seed * 91) % 256, (seed * 13) % 256, 255]),
  );
  const hash = createHash('sha256').update(png).update(String(seed)).digest('hex');
  const accessibility = options.nodes ?? [
    {
      ref: 'e1',
      role: 'textbox',
      name: 'Employee name',
      value: '',
      box: { x: 53, y: 309.5, width: 440, height: 38.5 },
    },
    { ref: 'e2', role: 'button', name: 'Next', box: { x: 612.5, y: 695.5, width: 70.5, height: 38.5 } },
  ];
  return {
    observation: {
      id: `obs-${seed}`,
      takenAt: seed,
      screenshot: { hash, mimeType: 'image/png', width, height },
      accessibility: [...accessibility],
    },
    capture: { png, width, height, accessibility },
  };
}

export const sampleTask: Task = taskSchema.parse({
  instruction: "Type 'Ada' into the 'Employee name' field",
  environment: { type: 'url', url: 'http://127.0.0.1:1/' },
});

export function step(id: string, text = `Type 'Ada ${id}' into the 'Employee name' field`): Step {
  return { id, text, status: 'executing' };
}

export function plan(overrides: Partial<PlanVersion> = {}): PlanVersion {
  return {
    id: 'plan-1',
    number: 1,
    cause: 'initial',
    state: 'locked',
    analysis: 'Fill the name.',
    constraints: [],
    successCriteria: [
      { id: 'criterion-1', ...legacyCriterion("The 'Employee name' field shows 'Ada'", 'Ada'), status: 'unknown' },
    ],
    completed: [{ id: 'step-1', text: "Click the 'Employee name' field", status: 'completed' }],
    pending: [
      { id: 'step-2', text: "Type 'Ada' into the 'Employee name' field", status: 'pending' },
      { id: 'step-3', text: "Click 'Next'", status: 'pending' },
    ],
    ...overrides,
  };
}

/** A handle that keeps what the roles report. */
export function reportingHandle(signal?: AbortSignal): { handle: Handle; reports: ModelCallReport[] } {
  const reports: ModelCallReport[] = [];
  const base = createHandle(signal ? { signal } : {});
  return {
    reports,
    handle: {
      ...base,
      report: async (call) => {
        reports.push(call);
      },
    },
  };
}
