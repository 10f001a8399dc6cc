import { CancelledError, type CapturedObservation, type Environment } from '@sandpiper/core';
import { actionTypes, type AccessibilityNode, type Action, type ActionResult } from '@sandpiper/protocol';

/** A valid 1×1 white PNG: enough for code that stores and hashes screenshots. */
const WHITE_PIXEL_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC'),
  (char) => char.charCodeAt(0),
);

export interface ScriptedEnvironmentOptions {
  /** Accessibility nodes returned by each observation; a function sees the actions performed so far. */
  readonly accessibility?: (performed: readonly Action[]) => AccessibilityNode[];
  /** The result of each action; defaults to success. */
  readonly result?: (action: Action, index: number) => ActionResult;
  /** Called before each action returns, e.g. to cancel a run mid-step. */
  readonly onAct?: (action: Action, index: number) => void;
}

/**
 * An environment for core tests of the loop's control flow (pause, budgets, approvals) where no
 * real screen matters. It records every action. Tests of perception and grounding use a real browser.
 */
export function createScriptedEnvironment(options: ScriptedEnvironmentOptions = {}): Environment & {
  readonly performed: Action[];
  readonly observations: number;
} {
  const performed: Action[] = [];
  let observations = 0;
  return {
    info: {
      kind: 'browser',
      description: 'scripted environment',
      screen: { width: 1280, height: 800 },
      devicePixelRatio: 1,
      coordinateSpace: 'screen-logical-pixels',
      actionSpace: actionTypes.filter((type) => type !== 'tool-call'),
      accessibility: options.accessibility !== undefined,
      shell: false,
    },
    get performed() {
      return performed;
    },
    get observations() {
      return observations;
    },
    async observe(handle): Promise<CapturedObservation> {
      if (handle.signal.aborted) throw new CancelledError();
      observations += 1;
      return {
        png: WHITE_PIXEL_PNG,
        width: 1,
        height: 1,
        url: 'about:blank',
        title: 'scripted',
        ...(options.accessibility ? { accessibility: options.accessibility(performed) } : {}),
      };
    },
    async act(handle, action) {
      if (handle.signal.aborted) throw new CancelledError();
      const index = performed.length;
      performed.push(action);
      options.onAct?.(action, index);
      return options.result?.(action, index) ?? { ok: true, durationMs: 0 };
    },
    async close() {},
  };
}
