import type { Handle } from '@sandpiper/core';
import type { Page, Request, Response } from 'playwright-core';
import { waitAtMost } from './waiting.js';

/** Longest wait for a navigation the action started to reach DOMContentLoaded. */
const NAVIGATION_CAP_MS = 15_000;
/** Longest wait for two animation frames; hidden tabs may never paint, so the wait must end. */
const FRAME_CAP_MS = 500;
/** Longest wait for transitions to end and the document to stop changing after an action. */
const QUIET_CAP_MS = 1_500;
/** How long the document must go without changes (and without finite animations) to count as settled. */
const QUIET_MS = 120;

type NavigationState = 'idle' | 'requested' | 'committed';

/**
 * Waits, after an input action, until its effect can be seen: a navigation the action started has
 * reached DOMContentLoaded, the page has painted twice, and finite CSS transitions and animations
 * have ended with the document quiet for a moment (a dialog that fades in after its backdrop, a
 * menu that slides open). Endless animations (spinners) and a clock ticking elsewhere do not hold
 * it up for long: the caps bound every wait, and nothing here sleeps for a fixed time.
 */
export class PageSettler {
  private state: NavigationState = 'idle';
  private readonly listeners = new Set<() => void>();
  private readonly detach: () => void;

  constructor(private readonly page: Page) {
    const isMainNavigation = (request: Request): boolean =>
      request.isNavigationRequest() && request.frame() === page.mainFrame();
    const onRequest = (request: Request): void => {
      if (isMainNavigation(request)) this.move('requested');
    };
    // A failed navigation still commits Chromium's error page, unless it was aborted outright; moving
    // on before that commit would let the error page interrupt whatever navigates next.
    const onRequestFailed = (request: Request): void => {
      if (isMainNavigation(request) && request.failure()?.errorText === 'net::ERR_ABORTED') this.move('idle');
    };
    // A 204/205 answer or a download never replaces the document, so no DOMContentLoaded follows.
    const onResponse = (response: Response): void => {
      if (isMainNavigation(response.request()) && (response.status() === 204 || response.status() === 205)) {
        this.move('idle');
      }
    };
    const onFrameNavigated = (frame: unknown): void => {
      if (frame === page.mainFrame() && this.state === 'requested') this.move('committed');
    };
    const onLoaded = (): void => this.move('idle');
    page.on('request', onRequest);
    page.on('requestfailed', onRequestFailed);
    page.on('response', onResponse);
    page.on('framenavigated', onFrameNavigated);
    page.on('domcontentloaded', onLoaded);
    page.on('download', onLoaded);
    this.detach = () => {
      page.off('request', onRequest);
      page.off('requestfailed', onRequestFailed);
      page.off('response', onResponse);
      page.off('framenavigated', onFrameNavigated);
      page.off('domcontentloaded', onLoaded);
      page.off('download', onLoaded);
    };
  }

  /** Wait until the page shows the effect of the action just performed. */
  async settle(handle: Handle): Promise<void> {
    // The navigation request of a click may be reported just after the click itself returns, so
    // look for it only after a frame has passed.
    await this.nextFrames(handle);
    if (this.state !== 'idle') {
      await waitAtMost(handle, this.untilIdle(), this.navigationCap(handle));
      await this.nextFrames(handle);
    }
    await this.quiet(handle);
  }

  /** Until no finite animation runs and the document has not changed for {@link QUIET_MS}. */
  private quiet(handle: Handle): Promise<void> {
    const settled = this.page.evaluate(quietScript(QUIET_MS, QUIET_CAP_MS)).catch(() => undefined);
    return waitAtMost(handle, settled, QUIET_CAP_MS + 500);
  }

  dispose(): void {
    this.detach();
    this.listeners.clear();
  }

  private nextFrames(handle: Handle): Promise<void> {
    const frames = this.page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        }),
    );
    return waitAtMost(handle, frames, FRAME_CAP_MS);
  }

  private untilIdle(): Promise<void> {
    if (this.state === 'idle') return Promise.resolve();
    return new Promise<void>((resolve) => {
      const listener = (): void => {
        if (this.state !== 'idle') return;
        this.listeners.delete(listener);
        resolve();
      };
      this.listeners.add(listener);
    });
  }

  private move(state: NavigationState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }

  private navigationCap(handle: Handle): number {
    if (handle.deadline === undefined) return NAVIGATION_CAP_MS;
    return Math.max(0, Math.min(NAVIGATION_CAP_MS, handle.deadline - Date.now()));
  }
}

/**
 * The page-side wait, as source text: a function passed to `evaluate` would be rewritten by the
 * TypeScript loader with helpers that do not exist in the page.
 */
function quietScript(quietMs: number, capMs: number): string {
  return `new Promise((resolve) => {
    const start = performance.now();
    let changed = start;
    const observer = new MutationObserver(() => { changed = performance.now(); });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const tick = () => {
      const now = performance.now();
      const animating = document.getAnimations().some((animation) => {
        if (animation.playState !== 'running') return false;
        const end = animation.effect ? animation.effect.getComputedTiming().endTime : Infinity;
        return typeof end === 'number' && Number.isFinite(end);
      });
      if (now - start >= ${capMs} || (!animating && now - changed >= ${quietMs})) {
        observer.disconnect();
        resolve(undefined);
      } else {
        setTimeout(tick, 40);
      }
    };
    setTimeout(tick, 40);
  })`;
}
