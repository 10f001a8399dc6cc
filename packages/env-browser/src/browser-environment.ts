import {
  CancelledError,
  throwIfCancelled,
  type CapturedObservation,
  type Environment,
  type Handle,
  type LiveFrame,
  type LiveView,
  type LiveViewOptions,
} from '@sandpiper/core';
import {
  actionSchema,
  actionTypes,
  type AccessibilityNode,
  type ActionInput,
  type ActionResult,
  type ActionType,
  type EnvironmentInfo,
} from '@sandpiper/protocol';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { captureAccessibilitySnapshot } from './accessibility-snapshot.js';
import { BrowserClosedError, describeError, firstLine } from './errors.js';
import { PageSettler } from './page-settler.js';
import { startScreencast } from './screencast.js';
import { performAction } from './perform-action.js';
import { readPngSize } from './png-size.js';
import { untilCancelled } from './waiting.js';

/** Actions that belong to the agent, not to the screen. */
const AGENT_ACTIONS: ReadonlySet<ActionType> = new Set(['tool-call', 'done', 'fail']);

/** Everything a {@link BrowserEnvironment} needs, assembled by the launch and attach functions. */
export interface BrowserEnvironmentParts {
  readonly browser: Browser;
  /** The one page this environment observes and acts on. */
  readonly page: Page;
  /** Viewport size in CSS pixels at start; re-measured from each screenshot afterwards. */
  readonly viewport: { readonly width: number; readonly height: number };
  /** Device pixels per CSS pixel of the page. */
  readonly devicePixelRatio: number;
  /** Human-readable description for {@link EnvironmentInfo.description}. */
  readonly description: string;
  /** Give back what the environment holds: close a launched browser, or only disconnect from an attached one. */
  readonly release: () => Promise<void>;
}

/** How far from 1 the pinch-zoom factor may be before it is set back (rounding, not a zoom). */
const PINCH_TOLERANCE = 0.01;

/**
 * A Chromium page as an {@link Environment}. Coordinates are CSS pixels of the viewport, which is
 * exactly the screenshot: one image pixel per action unit, whatever the device pixel ratio.
 *
 * Native `<select>` popups are drawn outside the page, so they never appear in a screenshot
 * (headless or headed) and cannot be clicked at screen coordinates: a click where an option seems
 * to be lands on the page underneath and closes the popup. Tested sequences that do pick an option:
 * - `click` the select (it gains focus and its popup opens, shown as `expanded: true` in the
 *   accessibility snapshot), then `type` the beginning of the option's text, then `key ['Enter']`.
 *   Typing alone only highlights the option; Enter commits it and fires `change`.
 * - `click` the select, then `key ['ArrowDown']` as many times as needed, then `key ['Enter']`.
 * - With the popup closed and the select focused (for example `click` then `key ['Escape']`),
 *   `type` or `ArrowDown` changes the value at once, without Enter.
 * The snapshot reports the select as role `combobox` with its `options` and current `value`, so
 * the result can be checked without seeing the popup.
 */
export class BrowserEnvironment implements Environment {
  private readonly settler: PageSettler;
  private viewport: { width: number; height: number };
  private session: Promise<CDPSession> | undefined;
  private closed = false;
  private readonly views = new Set<LiveView>();

  constructor(private readonly parts: BrowserEnvironmentParts) {
    this.viewport = { ...parts.viewport };
    this.settler = new PageSettler(parts.page);
  }

  get info(): EnvironmentInfo {
    return {
      kind: 'browser',
      description: this.parts.description,
      screen: { ...this.viewport },
      devicePixelRatio: this.parts.devicePixelRatio,
      coordinateSpace: 'screen-logical-pixels',
      actionSpace: actionTypes.filter((type) => !AGENT_ACTIONS.has(type)),
      accessibility: true,
      shell: false,
    };
  }

  /** The Playwright page under control, for tests and embedders that need more than the port offers. */
  get page(): Page {
    return this.parts.page;
  }

  async observe(handle: Handle, options: { accessibility?: boolean } = {}): Promise<CapturedObservation> {
    throwIfCancelled(handle);
    this.assertOpen();
    const { page } = this.parts;
    try {
      await untilCancelled(handle, this.undoPinchZoom(handle));
      const [screenshot, title, accessibility] = await untilCancelled(
        handle,
        Promise.all([
          page.screenshot({ type: 'png', caret: 'hide', scale: 'css' }),
          page.title(),
          options.accessibility === true ? this.snapshot() : Promise.resolve(undefined),
        ]),
      );
      const png = new Uint8Array(screenshot.buffer, screenshot.byteOffset, screenshot.byteLength);
      const size = readPngSize(png) ?? this.viewport;
      this.viewport = { ...size };
      return {
        png,
        width: size.width,
        height: size.height,
        url: page.url(),
        title,
        ...(accessibility === undefined ? {} : { accessibility }),
      };
    } catch (error: unknown) {
      throw this.classify(error);
    }
  }

  /** Accepts actions with defaults still unfilled (`ActionInput`); they are parsed before anything happens. */
  async act(handle: Handle, action: ActionInput): Promise<ActionResult> {
    throwIfCancelled(handle);
    this.assertOpen();
    const started = performance.now();
    const finish = (outcome: { ok: boolean; error?: string }): ActionResult => ({
      ...outcome,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
    const parsed = actionSchema.safeParse(action);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      return finish({ ok: false, error: `Invalid action: ${issues.join('; ')}` });
    }
    try {
      const outcome = await performAction(handle, this.parts.page, this.viewport, parsed.data);
      if (outcome.ok || parsed.data.type === 'open') await this.settler.settle(handle);
      return finish(outcome);
    } catch (error: unknown) {
      const classified = this.classify(error);
      if (classified !== error || CancelledError.isInstance(error)) throw classified;
      return finish({ ok: false, error: firstLine(describeError(error)) });
    }
  }

  /** Stream the page's screen for a live view (DevTools screencast); stopped by `close` at the latest. */
  async watch(options: LiveViewOptions, onFrame: (frame: LiveFrame) => void): Promise<LiveView> {
    this.assertOpen();
    const view = await startScreencast(this.parts.page, options, onFrame);
    this.views.add(view);
    return {
      stop: async () => {
        this.views.delete(view);
        await view.stop();
      },
    };
  }

  /** Stop using the browser: a launched one is closed, an attached one is only disconnected. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.views].map((view) => view.stop()));
    this.views.clear();
    this.settler.dispose();
    await this.dropSession();
    await this.parts.release();
  }

  private async snapshot(): Promise<AccessibilityNode[]> {
    try {
      return await captureAccessibilitySnapshot(await this.cdpSession());
    } catch (error: unknown) {
      if (this.isGone()) throw error;
      // A navigation during the capture, or a session detached by a crash, spoils one attempt;
      // a fresh session sees the new document.
      await this.dropSession();
      return captureAccessibilitySnapshot(await this.cdpSession());
    }
  }

  /**
   * A pinch-zoomed page (someone zoomed in with a touchpad on an attached browser) shows the
   * magnified part in its screenshots while input and element boxes stay in the page's own layout,
   * so a point read off the image would land elsewhere. The zoom is set back to 1 before each
   * capture, and the log says so.
   */
  private async undoPinchZoom(handle: Handle): Promise<void> {
    const scale = await this.parts.page.evaluate(() => window.visualViewport?.scale ?? 1);
    if (Math.abs(scale - 1) < PINCH_TOLERANCE) return;
    handle.log(`browser: the page was pinch-zoomed ×${scale.toFixed(2)}; zoom set back to 1 so points map to input`);
    await (await this.cdpSession()).send('Emulation.setPageScaleFactor', { pageScaleFactor: 1 });
  }

  private cdpSession(): Promise<CDPSession> {
    this.session ??= this.parts.page.context().newCDPSession(this.parts.page);
    return this.session;
  }

  private async dropSession(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (session !== undefined) await session.then((opened) => opened.detach()).catch(() => undefined);
  }

  private isGone(): boolean {
    return this.parts.page.isClosed() || !this.parts.browser.isConnected();
  }

  private assertOpen(): void {
    if (this.closed) throw new BrowserClosedError('the environment was closed');
  }

  /** A failure caused by the browser going away becomes {@link BrowserClosedError}; others pass through. */
  private classify(error: unknown): unknown {
    if (CancelledError.isInstance(error) || BrowserClosedError.isInstance(error)) return error;
    if (this.isGone()) {
      return new BrowserClosedError(firstLine(describeError(error)), { cause: error });
    }
    return error;
  }
}
