import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createQueueChannel, type RunState } from '@sandpiper/core';
import { startDebuggableChromium, type DebuggableChromium } from '@sandpiper/env-browser';
import { createRuntime, type EngineSetup, type Runtime } from '@sandpiper/runtime';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * A bench for tasks on pages the bench opens itself: one Chromium in its own process (as a
 * person's browser), a Playwright connection the bench uses to load each page and read its state
 * afterwards, and a runtime whose runs attach to the page over CDP, as `sandpiper run --cdp` does.
 */
export interface AttachedBench {
  /**
   * Open `url` in a fresh tab of a fresh browser context, wait until `ready` holds on it, run `instruction` there to its end
   * (approved by policy), then hand the tab to `read` and close it.
   */
  run<T>(options: AttachedRunOptions<T>): Promise<AttachedRunResult<T>>;
  close(): Promise<void>;
}

export interface AttachedRunOptions<T> {
  readonly url: string;
  readonly instruction: string;
  /** Evaluated in the page until it yields true, before the run starts. */
  readonly ready?: string;
  /** Reads what the bench judges after the run: the page's own state. */
  readonly read: (page: Page) => Promise<T>;
  /** Time budget of the run; 90 s when absent. */
  readonly maxDurationMs?: number;
  /** Called on the run's fresh browser context before the page opens (routing, dialogs). */
  readonly prepareContext?: (context: BrowserContext) => Promise<void>;
  /** The page's viewport; 1280×800 when absent. */
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Return the run's log as lines (for reading why a dev task went wrong). */
  readonly trace?: boolean;
}

export interface AttachedRunResult<T> {
  readonly state: RunState;
  readonly read: T;
  readonly wallMs: number;
  /** The run's error when it stopped on one (it was ended as failed in its log). */
  readonly error?: unknown;
  /** The run's log, one line per event (step, action, judgment), when `trace` was asked for. */
  readonly trace?: readonly string[];
}

export async function openAttachedBench(options: { readonly engine?: EngineSetup } = {}): Promise<AttachedBench> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-attached-'));
  const browser: DebuggableChromium = await startDebuggableChromium('about:blank', {
    windowSize: { width: 1280, height: 800 },
  });
  const driver: Browser = await chromium.connectOverCDP(browser.endpoint);
  const runtime: Runtime = await createRuntime({
    config: {},
    dataDir,
    cwd: dataDir,
    env: {},
    ...(options.engine ? { engine: options.engine } : {}),
  });
  return {
    async run({ url, instruction, ready, read, maxDurationMs = 90_000, prepareContext, viewport, trace }) {
      // A fresh context per run: no cookies, storage or history carried from the previous task.
      const context = await driver.newContext({ viewport: viewport ?? { width: 1280, height: 800 } });
      try {
        await prepareContext?.(context);
        const page = await context.newPage();
        await page.goto(url);
        if (ready) await page.waitForFunction(ready, undefined, { timeout: 15_000 });
        const session = await context.newCDPSession(page);
        const { targetInfo } = (await session.send('Target.getTargetInfo')) as { targetInfo: { targetId: string } };
        await session.detach();
        const task = runtime.createTask({
          instruction,
          environment: { type: 'cdp', endpoint: browser.endpoint, targetId: targetInfo.targetId },
          approval: 'auto-all',
          budgets: { maxActions: 60, maxDurationMs },
        });
        const started = performance.now();
        const prepared = await runtime.prepare({ runId: runtime.newRunId(), task, mode: 'start' });
        try {
          const outcome = await prepared.drive({ channel: createQueueChannel({ interactive: false }) });
          const wallMs = performance.now() - started;
          const lines = trace === true ? traceLines(await runtime.store.read(prepared.runId)) : undefined;
          return {
            state: outcome.state,
            read: await read(page),
            wallMs,
            ...(outcome.error === undefined ? {} : { error: outcome.error }),
            ...(lines === undefined ? {} : { trace: lines }),
          };
        } finally {
          await prepared.close();
        }
      } finally {
        await context.close().catch(() => {});
      }
    },
    async close() {
      await runtime.close();
      await driver.close().catch(() => {});
      await browser.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The p-th percentile of some numbers (nearest rank); NaN for none. */
export function percentile(numbers: readonly number[], p: number): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One line per event: its type and what it says (summaries, reasons, verdicts), clipped. */
function traceLines(events: readonly { readonly payload: unknown }[]): string[] {
  return events.map((event) => {
    const payload = event.payload as Record<string, unknown>;
    const parts = [
      'text',
      'summary',
      'reason',
      'evidence',
      'keyEvidence',
      'question',
      'message',
      'verdict',
      'status',
      'detail',
    ]
      .map((key) => payload[key])
      .filter((value): value is string => typeof value === 'string');
    if (payload['type'] === 'completion-check') parts.push(JSON.stringify(payload).slice(0, 600));
    // What "done" was taken to mean, and how each criterion read on the screen.
    if (payload['type'] === 'criteria-update') parts.push(JSON.stringify(payload).slice(0, 600));
    const version = payload['version'] as { successCriteria?: unknown } | undefined;
    if (payload['type'] === 'plan-version-create' && version?.successCriteria !== undefined)
      parts.push(JSON.stringify(version.successCriteria).slice(0, 600));
    const extra =
      payload['step'] && typeof payload['step'] === 'object'
        ? ` ${JSON.stringify((payload['step'] as { text?: string }).text ?? '')}`
        : '';
    const action =
      payload['action'] && typeof payload['action'] === 'object' ? ` ${JSON.stringify(payload['action'])}` : '';
    return `${String(payload['type'])}${extra}${action} ${parts.join(' | ')}`.slice(0, 1400);
  });
}
