/**
 * Pair generation: drives a scenario app in real headless Chromium to a spec's state, takes the
 * screens around the real actions, and measures the ground truth on the page.
 */
import { createHandle, type CapturedObservation, type PerformedAction, type Screen } from '@sandpiper/core';
import { launchBrowserEnvironment } from '@sandpiper/env-browser';
import type { Box } from '@sandpiper/protocol';
import { startScenarioServer, type ScenarioName, type ScenarioServer } from '@sandpiper/scenarios';
import type { Page } from 'playwright-core';
import type { DistractorKind, PairSpec } from './spec-support.js';

/** A browser viewport, in CSS pixels. */
export interface Viewport {
  readonly width: number;
  readonly height: number;
}

async function clippedBox(page: Page, selector: string, viewport: Viewport): Promise<Box | undefined> {
  const box = await page.locator(selector).first().boundingBox();
  if (box === null) return undefined;
  const left = Math.max(0, box.x);
  const top = Math.max(0, box.y);
  const right = Math.min(viewport.width, box.x + box.width);
  const bottom = Math.min(viewport.height, box.y + box.height);
  return right > left && bottom > top ? { x: left, y: top, width: right - left, height: bottom - top } : undefined;
}

/** Distractors: page elements that change on their own, advanced by one tick between screenshots. */
const DISTRACTOR_SCRIPT = `(() => {
  const [kind, x, y] = arguments[0];
  const el = document.createElement('div');
  el.id = 'bench-distractor';
  el.style.cssText = 'position:fixed;z-index:50;left:' + x + 'px;top:' + y + 'px;';
  if (kind === 'clock') { el.style.cssText += 'font:14px sans-serif;color:#222;background:#fff;padding:2px 4px;'; el.textContent = '10:41:07'; }
  if (kind === 'caret') { el.style.cssText += 'width:2px;height:18px;background:#111;'; }
  if (kind.startsWith('spinner')) {
    el.style.cssText += 'width:22px;height:22px;border:3px solid #ccd;border-top-color:#1a5fd0;border-radius:50%;';
    if (kind === 'spinner') { el.setAttribute('role', 'status'); el.setAttribute('aria-label', 'Loading'); }
    else el.setAttribute('aria-hidden', 'true');
  }
  document.body.append(el);
})`;
const TICK_SCRIPT = `(() => {
  const el = document.getElementById('bench-distractor');
  if (!el) return;
  el.dataset.tick = String(Number(el.dataset.tick || 0) + 1);
  const tick = Number(el.dataset.tick);
  if (el.textContent) { const seconds = 7 + 13 * tick; el.textContent = '10:' + (41 + Math.floor(seconds / 60)) + ':' + String(seconds % 60).padStart(2, '0'); }
  else if (el.style.borderRadius) el.style.transform = 'rotate(' + tick * 45 + 'deg)';
  else el.style.visibility = tick % 2 ? 'hidden' : 'visible';
})()`;

const addDistractor = (page: Page, kind: DistractorKind, at: { x: number; y: number }) =>
  page.evaluate(`${DISTRACTOR_SCRIPT.replace('arguments[0]', JSON.stringify([kind, at.x, at.y]))}()`);
const tick = (page: Page) => page.evaluate(TICK_SCRIPT);

/** An element each app renders last, so its presence means the app is ready. */
const READY: Record<ScenarioName, string> = {
  'expense-report': '.stepper li[aria-current]',
  'machine-status': '#machine-rows tr',
  'sales-charts': '#detail-body tr',
};

function screenOf(capture: CapturedObservation, id: number): Screen {
  return {
    observation: {
      id: `obs-${id}`,
      takenAt: Date.now(),
      screenshot: { hash: '0'.repeat(64), mimeType: 'image/png', width: capture.width, height: capture.height },
      ...(capture.url === undefined ? {} : { url: capture.url }),
      ...(capture.accessibility === undefined ? {} : { accessibility: [...capture.accessibility] }),
    },
    capture,
  };
}

/** One generated pair: the screens, what was done, and the truth. */
export interface GeneratedPair {
  readonly spec: PairSpec;
  readonly step: string;
  readonly idle: Screen;
  readonly before: Screen;
  readonly after: Screen;
  readonly performed: readonly PerformedAction[];
  readonly truth: readonly Box[];
}

type Environment = Awaited<ReturnType<typeof launchBrowserEnvironment>>;
const handle = createHandle();
let screens = 0;
const observe = async (environment: Environment) =>
  screenOf(await environment.observe(handle, { accessibility: true }), (screens += 1));

/** Drive the app to the spec's state, take the screens around the real actions, and measure the truth. */
async function generate(
  environment: Environment,
  server: ScenarioServer,
  viewport: Viewport,
  spec: PairSpec,
  index: number,
): Promise<GeneratedPair> {
  const page = environment.page;
  await page.goto(server.urlFor(spec.scenario, { session: `bench-${index}`, surprise: spec.surprise === true }));
  await page.waitForSelector(READY[spec.scenario]);
  await spec.setup?.(page);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(4, 796);
  if (spec.distractor !== undefined) await addDistractor(page, spec.distractor.kind, spec.distractor.at);
  const step = typeof spec.step === 'string' ? spec.step : await spec.step(page);
  const measure = async (before: boolean) => {
    const selectors = spec.truth.filter((selector) => selector.startsWith('before:') === before);
    const boxes = await Promise.all(
      selectors.map((selector) => clippedBox(page, selector.replace(/^before:/, ''), viewport)),
    );
    return boxes.filter((box): box is Box => box !== undefined);
  };
  const truthBefore = await measure(true);
  // The screen a moment before: only distractors change in between, so without one it is the same screen.
  const idle = spec.distractor === undefined ? undefined : await observe(environment);
  if (spec.distractor !== undefined) await tick(page);
  const before = await observe(environment);
  const performed: PerformedAction[] = [];
  for (const action of await spec.actions(page)) {
    const result = await environment.act(handle, action);
    performed.push({ action, summary: action.type, ok: result.ok });
  }
  await spec.sideEffect?.(page);
  if (spec.distractor !== undefined) await tick(page);
  const after = await observe(environment);
  return {
    spec,
    step,
    idle: idle ?? before,
    before,
    after,
    performed,
    truth: [...truthBefore, ...(await measure(false))],
  };
}

/**
 * Generate the pairs of `specs`, in order, with two browsers side by side. Reflection should run
 * afterwards, alone, so its timings are not disturbed by a browser working at the same time.
 */
export async function generatePairs(specs: readonly PairSpec[], viewport: Viewport): Promise<GeneratedPair[]> {
  const server = await startScenarioServer();
  const generated: GeneratedPair[] = [];
  const environments = await Promise.all([0, 1].map(() => launchBrowserEnvironment({ viewport })));
  try {
    let nextIndex = 0;
    await Promise.all(
      environments.map(async (environment) => {
        while (nextIndex < specs.length) {
          const index = nextIndex;
          nextIndex += 1;
          generated[index] = await generate(environment, server, viewport, specs[index]!, index);
        }
      }),
    );
  } finally {
    await Promise.all(environments.map((environment) => environment.close()));
    await server.close();
  }
  return generated;
}
