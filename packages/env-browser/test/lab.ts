import type { BrowserEnvironment } from '../src/index.js';
import type { RecordedEvent } from './pages.js';

/** The input events the lab page recorded, read back through the page. */
export function recordedEvents(env: BrowserEnvironment): Promise<RecordedEvent[]> {
  return env.page.evaluate(() => (window as unknown as { __events: RecordedEvent[] }).__events);
}

/** Forget recorded events and reset focus and scrolling, so each test starts from the same page state. */
export async function resetLab(env: BrowserEnvironment): Promise<void> {
  await env.page.evaluate(() => {
    (window as unknown as { __events: unknown[] }).__events = [];
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    const scroller = document.getElementById('scroller');
    if (scroller !== null) scroller.scrollTop = 0;
    document.title = 'Input lab';
  });
}

/** Value of a form control of the lab page. */
export function valueOf(env: BrowserEnvironment, id: string): Promise<string> {
  return env.page.evaluate((elementId) => (document.getElementById(elementId) as HTMLInputElement).value, id);
}
