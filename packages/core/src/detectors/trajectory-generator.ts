import type { Action, Point } from '@sandpiper/protocol';
import { canonicalizeAction, type ActionTarget } from './canonical-action.js';
import { createSeededRandom, type SeededRandom } from './seeded-random.js';
import type { TrajectoryEntry } from './trajectory.js';

export type TrajectoryLabel = 'loop' | 'legitimate';

export type LoopScenario = 'dead-button' | 'tab-oscillation' | 'rejected-input';
export type LegitimateScenario = 'long-list-scroll' | 'slow-load' | 'similar-fields';

/** A synthetic trajectory with its ground truth, for measuring the detectors. */
export interface GeneratedTrajectory {
  readonly label: TrajectoryLabel;
  readonly scenario: LoopScenario | LegitimateScenario;
  /** Which form of the scenario was drawn ("unlabelled-clicks", "tab-order"...). */
  readonly variant: string;
  readonly entries: readonly TrajectoryEntry[];
  /** Index of the first looping entry; absent for legitimate trajectories. */
  readonly loopStart?: number;
  /** Index just past the last looping entry (the length when the loop lasts to the end); absent for legitimate ones. */
  readonly loopEnd?: number;
  /** True when the run ran out while still looping, with no recovery of its own. */
  readonly failed: boolean;
}

const loopScenarios: readonly LoopScenario[] = ['dead-button', 'tab-oscillation', 'rejected-input'];
const legitimateScenarios: readonly LegitimateScenario[] = ['long-list-scroll', 'slow-load', 'similar-fields'];

/**
 * Screen-change sizes in dHash bits, drawn from what 9×8 dHash measured on Chromium screenshots
 * (see the detector config): noise 0, typing 0–2, tabs and dialogs 3–8, one scroll 1–14 with most
 * below 9, a finished load or a navigation 16–30.
 */
const change = {
  noise: (random: SeededRandom) => (random.chance(0.8) ? 0 : 1),
  typing: (random: SeededRandom) => random.int(0, 2),
  panel: (random: SeededRandom) => random.int(3, 8),
  scroll: (random: SeededRandom) => (random.chance(0.75) ? random.int(1, 8) : random.int(9, 14)),
  navigation: (random: SeededRandom) => random.int(16, 30),
};

/** Flip `count` distinct random bits of a 64-bit hash: a screen `count` bits away. */
function flipBits(random: SeededRandom, hash: bigint, count: number): bigint {
  const positions = new Set<number>();
  while (positions.size < Math.min(count, 64)) positions.add(random.int(0, 63));
  let result = hash;
  for (const position of positions) result ^= 1n << BigInt(position);
  return result;
}

function takeDistinct<T>(random: SeededRandom, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const taken: T[] = [];
  while (taken.length < count && pool.length > 0) taken.push(...pool.splice(random.int(0, pool.length - 1), 1));
  return taken;
}

const click = (at: Point): Action => ({ type: 'click', at, button: 'left', count: 1, modifiers: [] });
const jitter = (random: SeededRandom, at: Point, by: number): Point => ({
  x: Math.max(0, at.x + random.int(-by, by)),
  y: Math.max(0, at.y + random.int(-by, by)),
});

/** Appends entries, keeping track of the current screen and numbering the plan steps. */
class TrajectoryBuilder {
  readonly entries: TrajectoryEntry[] = [];
  screen: bigint;
  private steps = 0;

  constructor(readonly random: SeededRandom) {
    this.screen = random.bits64();
  }

  newStep(): string {
    this.steps += 1;
    return `step-${this.steps}`;
  }

  add(stepId: string, action: Action, target: ActionTarget | undefined, screen: bigint, changed: boolean): void {
    this.screen = screen;
    this.entries.push({ action: canonicalizeAction(action, target), screenHash: screen, stepId, changed });
  }

  /** A healthy action that visibly moves the run forward. */
  progress(label: string): void {
    const screen = flipBits(this.random, this.screen, change.panel(this.random));
    this.add(
      this.newStep(),
      click({ x: this.random.int(20, 1200), y: this.random.int(20, 760) }),
      { label },
      screen,
      true,
    );
  }

  /** Screen near `base`, differing only by noise (a clock, a caret, a spinner frame). */
  noisy(base: bigint): bigint {
    return flipBits(this.random, base, change.noise(this.random));
  }
}

const menuLabels = ['Reports', 'New expense', 'Settings', 'Filters', 'Profile', 'Inbox', 'Team', 'Archive'];

function prefix(builder: TrajectoryBuilder): void {
  const { random } = builder;
  builder.add(
    builder.newStep(),
    { type: 'open', target: 'http://localhost:4000/app' },
    undefined,
    random.bits64(),
    true,
  );
  for (const label of takeDistinct(random, menuLabels, random.int(0, 3))) builder.progress(label);
}

function suffix(builder: TrajectoryBuilder, count: number): void {
  for (const label of takeDistinct(builder.random, ['Done', 'Close', 'Home', 'Print', 'Share'], count)) {
    builder.progress(label);
  }
}

function deadButton(builder: TrajectoryBuilder): string {
  const { random } = builder;
  const label = random.pick(['Save', 'Submit', 'Next', 'Apply', 'Continue']);
  const at = { x: random.int(100, 1100), y: random.int(100, 700) };
  const base = builder.screen;
  const stepId = builder.newStep();
  const variant = random.pick(['labelled-clicks', 'unlabelled-clicks', 'click-and-enter']);
  const count = random.int(4, 10);
  for (let index = 0; index < count; index += 1) {
    const target = variant === 'unlabelled-clicks' ? undefined : { label, role: 'button' };
    const action: Action =
      variant === 'click-and-enter' && index % 2 === 1
        ? { type: 'key', keys: ['Enter'] }
        : click(jitter(random, at, 8));
    builder.add(stepId, action, target, builder.noisy(base), false);
  }
  return variant;
}

function tabOscillation(builder: TrajectoryBuilder): string {
  const { random } = builder;
  const tabs = takeDistinct(random, ['Summary', 'Details', 'History', 'Notes'], random.chance(0.7) ? 2 : 3);
  const screens = tabs.map(() => flipBits(random, builder.screen, random.int(3, 7)));
  const stepId = builder.newStep();
  const cycles = random.int(3, 5);
  for (let index = 0; index < cycles * tabs.length; index += 1) {
    const tab = index % tabs.length;
    builder.add(
      stepId,
      click({ x: 200 + 120 * tab, y: 90 }),
      { label: tabs[tab], role: 'tab' },
      builder.noisy(screens[tab]!),
      true,
    );
  }
  return `${tabs.length}-tabs`;
}

function rejectedInput(builder: TrajectoryBuilder): string {
  const { random } = builder;
  const field = random.pick(['Email', 'Phone', 'Postcode', 'Date']);
  const base = builder.screen;
  const stepId = builder.newStep();
  const variant = random.pick(['retype', 'unlabelled-retype', 'type-and-submit']);
  const text = (): Action => ({ type: 'type', text: `value-${random.int(1, 999)}` });
  if (variant === 'type-and-submit') {
    for (let cycle = random.int(3, 5); cycle > 0; cycle -= 1) {
      builder.add(stepId, text(), { label: field }, flipBits(random, base, random.int(1, 2)), true);
      builder.add(stepId, { type: 'key', keys: ['Enter'] }, undefined, builder.noisy(base), true);
    }
    return variant;
  }
  for (let index = random.int(4, 8); index > 0; index -= 1) {
    builder.add(stepId, text(), variant === 'retype' ? { label: field } : undefined, builder.noisy(base), false);
  }
  return variant;
}

function longListScroll(builder: TrajectoryBuilder): string {
  const { random } = builder;
  const stepId = builder.newStep();
  const variant = random.pick(['wheel', 'page']);
  for (let index = random.int(4, 12); index > 0; index -= 1) {
    const deltaY = variant === 'wheel' ? 120 : random.int(500, 700);
    const screen = flipBits(random, builder.screen, change.scroll(random));
    builder.add(stepId, { type: 'scroll', deltaX: 0, deltaY }, undefined, screen, true);
  }
  builder.add(
    stepId,
    click({ x: 400, y: random.int(100, 700) }),
    { label: `Row ${random.int(1, 400)}` },
    flipBits(random, builder.screen, change.panel(random)),
    true,
  );
  return variant;
}

function slowLoad(builder: TrajectoryBuilder): string {
  const { random } = builder;
  const stepId = builder.newStep();
  const spinner = flipBits(random, builder.screen, random.int(3, 6));
  builder.add(
    stepId,
    click({ x: 600, y: 300 }),
    { label: random.pick(['Load report', 'Run', 'Refresh data']), role: 'button' },
    spinner,
    true,
  );
  const waits = random.int(1, 6);
  for (let index = 0; index < waits; index += 1) {
    builder.add(stepId, { type: 'wait', ms: 1000 }, undefined, builder.noisy(spinner), false);
  }
  builder.add(
    stepId,
    { type: 'wait', ms: 1000 },
    undefined,
    flipBits(random, spinner, change.navigation(random)),
    true,
  );
  return `${waits + 1}-waits`;
}

function similarFields(builder: TrajectoryBuilder): string {
  const { random } = builder;
  const fields = takeDistinct(
    random,
    ['First name', 'Last name', 'Email', 'Phone', 'Street', 'City', 'Postcode', 'Country'],
    random.int(3, 6),
  );
  const variant = random.pick(['labelled', 'click-then-type', 'tab-order']);
  for (const field of fields) {
    const stepId = builder.newStep();
    const typed = (): bigint => flipBits(random, builder.screen, change.typing(random));
    if (variant === 'click-then-type') {
      builder.add(stepId, click({ x: 300, y: random.int(100, 700) }), { label: field, role: 'field' }, typed(), true);
    }
    const target = variant === 'tab-order' ? undefined : { label: field };
    builder.add(stepId, { type: 'type', text: `${field} value` }, target, typed(), true);
    if (variant === 'tab-order')
      builder.add(stepId, { type: 'key', keys: ['Tab'] }, undefined, builder.noisy(builder.screen), true);
  }
  return variant;
}

const loopBuilders: Record<LoopScenario, (builder: TrajectoryBuilder) => string> = {
  'dead-button': deadButton,
  'tab-oscillation': tabOscillation,
  'rejected-input': rejectedInput,
};
const legitimateBuilders: Record<LegitimateScenario, (builder: TrajectoryBuilder) => string> = {
  'long-list-scroll': longListScroll,
  'slow-load': slowLoad,
  'similar-fields': similarFields,
};

function generateOne(seed: number, index: number): GeneratedTrajectory {
  const random = createSeededRandom((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const builder = new TrajectoryBuilder(random);
  prefix(builder);
  const round = Math.floor(index / 2);
  if (index % 2 === 1) {
    const scenario = legitimateScenarios[round % legitimateScenarios.length]!;
    const variant = legitimateBuilders[scenario](builder);
    suffix(builder, random.int(0, 2));
    return { label: 'legitimate', scenario, variant, entries: builder.entries, failed: false };
  }
  const scenario = loopScenarios[round % loopScenarios.length]!;
  const loopStart = builder.entries.length;
  const variant = loopBuilders[scenario](builder);
  const loopEnd = builder.entries.length;
  const failed = random.chance(0.3);
  if (!failed) suffix(builder, random.int(1, 3));
  return { label: 'loop', scenario, variant, entries: builder.entries, loopStart, loopEnd, failed };
}

/**
 * `count` labelled trajectories, deterministic from `seed`: even positions loop (a dead button
 * clicked again and again, two or three tabs visited in turn, input a field keeps refusing), odd
 * positions repeat legitimately (scrolling a long list while it moves, waiting out a slow load
 * that finally arrives, filling several similar fields). Each starts with a few healthy steps;
 * most loops end with the agent escaping on its own, the rest run out while looping.
 */
export function generateTrajectories(seed: number, count: number): GeneratedTrajectory[] {
  return Array.from({ length: Math.max(0, Math.floor(count)) }, (_, index) => generateOne(seed, index));
}
