/**
 * Benchmark: change evidence. Generates pre/post screenshot pairs with known ground truth by
 * driving the built-in scenario apps in real headless Chromium (1280×800): typed text, selects,
 * toggles, opened dialogs and menus, navigation, no-op clicks, distractors that change on their
 * own (a ticking clock, a blinking caret bar, a spinner), alone and beside real actions, and
 * harmful side effects (the real change plus an unrelated one injected elsewhere). Scores the
 * evidence-first reflector against the one-shot baseline.
 *
 *   node --import tsx bench/change-evidence.ts            all pairs
 *   node --import tsx bench/change-evidence.ts --verbose  also print every wrong verdict
 *   node --import tsx bench/change-evidence.ts --only typed   pairs whose "category/name" contains "typed"
 *
 * Ground truth comes from the page, never from a reflector: the boxes of the elements the action
 * changes (Playwright bounding boxes, clipped to the viewport) and whether the action succeeded.
 * A predicted action-relevant region matches a true box at IoU >= 0.5. Results go to
 * bench/results/change-evidence.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createHandle,
  type CapturedObservation,
  type PerformedAction,
  type Reflector,
  type Screen,
  type StepCheck,
} from '@sandpiper/core';
import { launchBrowserEnvironment } from '@sandpiper/env-browser';
import { createEvidenceReflector, createOneShotReflector } from '@sandpiper/model-rules';
import type { Action, Box } from '@sandpiper/protocol';
import { startScenarioServer, type ScenarioName } from '@sandpiper/scenarios';
import type { Page } from 'playwright-core';

const { values } = parseArgs({ options: { verbose: { type: 'boolean' }, only: { type: 'string' } }, strict: true });
const VIEWPORT = { width: 1280, height: 800 };
const IOU_MATCH = 0.5;

type Category =
  | 'typed'
  | 'select'
  | 'toggle'
  | 'dialog-menu'
  | 'navigation'
  | 'no-op'
  | 'distractor-only'
  | 'distractor+action'
  | 'side-effect';
type DistractorKind = 'clock' | 'caret' | 'spinner' | 'spinner-silent';

/** One pair to generate: how to reach the state, what to do, and what truly changes. */
interface PairSpec {
  readonly category: Category;
  readonly name: string;
  readonly scenario: ScenarioName;
  /** The step text, or a function that reads names off the page (a machine's row). */
  readonly step: string | ((page: Page) => Promise<string>);
  /** Open the app with its surprise dialog showing. */
  readonly surprise?: boolean;
  readonly setup?: (page: Page) => Promise<void>;
  /** The actions, with points measured on the live page. */
  readonly actions: (page: Page) => Promise<Action[]>;
  /** Selectors of elements the action changes, measured after it (`before:` prefix: measured before). */
  readonly truth: readonly string[];
  readonly succeeds: boolean;
  readonly distractor?: { readonly kind: DistractorKind; readonly at: { x: number; y: number } };
  /** Injected after the action: an unrelated change elsewhere. */
  readonly sideEffect?: (page: Page) => Promise<void>;
}

const click = (x: number, y: number): Action => ({
  type: 'click',
  at: { x, y },
  button: 'left',
  count: 1,
  modifiers: [],
});

async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (box === null) throw new Error(`${selector} is not rendered`);
  return { x: Math.round(box.x + Math.min(box.width / 2, 40)), y: Math.round(box.y + box.height / 2) };
}

const clickOn = (selector: string) => async (page: Page) => {
  const at = await centre(page, selector);
  return [click(at.x, at.y)];
};
const typeInto = (selector: string, text: string) => async (page: Page) => {
  const at = await centre(page, selector);
  return [click(at.x, at.y), { type: 'key', keys: ['Control', 'a'] } as Action, { type: 'type', text } as Action];
};
const selectIn = (selector: string, option: string) => async (page: Page) => {
  const at = await centre(page, selector);
  return [click(at.x, at.y), { type: 'type', text: option } as Action, { type: 'key', keys: ['Enter'] } as Action];
};

async function clippedBox(page: Page, selector: string): Promise<Box | undefined> {
  const box = await page.locator(selector).first().boundingBox();
  if (box === null) return undefined;
  const left = Math.max(0, box.x);
  const top = Math.max(0, box.y);
  const right = Math.min(VIEWPORT.width, box.x + box.width);
  const bottom = Math.min(VIEWPORT.height, box.y + box.height);
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

// Scenario set-ups, through the page (they are not what is measured).
async function fillDetails(page: Page, name = 'Dana Whitfield') {
  await page.fill('#employee-name', name);
  await page.fill('#email', 'dana@example.com');
  await page.selectOption('#department', 'Finance');
  await page.fill('#trip-date', '2026-03-14');
}
/** To the expense step, scrolled so the amount, the categories, the receipt box and the notes all show. */
async function toExpense(page: Page) {
  await fillDetails(page);
  await page.click('#details-next');
  await page.evaluate(() => window.scrollTo(0, 300));
}
async function toReview(page: Page, certify = false) {
  await toExpense(page);
  await page.fill('#amount', '64.00');
  await page.check('#category-travel');
  await page.click('#expense-next');
  if (certify) await page.check('#certify');
  await page.locator('#submit').scrollIntoViewIfNeeded();
}
const script = (code: string) => async (page: Page) => void (await page.evaluate(code));
const setValue = (selector: string, value: string) =>
  script(`(() => { const el = document.querySelector('${selector}'); el.value = '${value}'; })()`);
type Extra = Partial<Pick<PairSpec, 'distractor' | 'sideEffect' | 'surprise'>>;
type Setup = (page: Page) => Promise<void>;
/** One pair in a line: name, scenario, step, actions, truth selectors, set-up. */
type Row = readonly [string, ScenarioName, PairSpec['step'], PairSpec['actions'], readonly string[], Setup?];

function rows(category: Category, succeeds: boolean, list: readonly Row[], extra: Extra = {}): PairSpec[] {
  return list.map(([name, scenario, step, actions, truth, setup]) => ({
    ...{ category, name, scenario, step, actions, truth, succeeds, ...extra },
    ...(setup === undefined ? {} : { setup }),
  }));
}

const ER = 'expense-report' as const;
const MS = 'machine-status' as const;
const SC = 'sales-charts' as const;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const typed = (
  name: string,
  scenario: ScenarioName,
  selector: string,
  label: string,
  text: string,
  setup?: Setup,
): Row => [name, scenario, `Type '${text}' into the '${label}' field`, typeInto(selector, text), [selector], setup];
const selected = (scenario: ScenarioName, selector: string, label: string, option: string): Row => [
  `${label}-${option}`,
  scenario,
  `Select '${option}' from the '${label}' dropdown`,
  selectIn(selector, option),
  [selector],
];
const clicked = (
  name: string,
  scenario: ScenarioName,
  step: PairSpec['step'],
  selector: string,
  truth: readonly string[],
  setup?: Setup,
): Row => [name, scenario, step, clickOn(selector), truth, setup];
const machineName = (row: number) => async (page: Page) =>
  (await page.locator(`#machine-rows tr:nth-child(${row}) .link-button`).textContent())?.trim() ?? '';
const prefilled: Setup = (page) => page.fill('#employee-name', 'Someone');
const withReceipt: Setup = async (page) => {
  await toExpense(page);
  await page.check('#receipt-attached');
};
const reviewed: Setup = (page) => toReview(page);
const certified: Setup = (page) => toReview(page, true);
const afterSetup =
  (first: Setup, then: Setup): Setup =>
  async (page) => {
    await first(page);
    await then(page);
  };
const RADIOS = ['travel', 'meals', 'lodging', 'supplies'];
const SERIES = ['hardware', 'software', 'services', 'support'];

/** Real actions that succeed and change only their target (and what it drives). */
function actionSpecs(): PairSpec[] {
  const names = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson'];
  const emails = ['ada@example.com', 'grace@example.org', 'alan@example.net', 'kj@example.com'];
  const typedRows: Row[] = [
    ...names.map((text, index) => typed(`name-${index}`, ER, '#employee-name', 'Employee name', text)),
    ...names.map((text, index) => typed(`replace-${index}`, ER, '#employee-name', 'Employee name', text, prefilled)),
    ...emails.map((text, index) => typed(`email-${index}`, ER, '#email', 'Email', text)),
    ...['125.50', '80.00', '42.10', '999.99'].map((text, index) =>
      typed(`amount-${index}`, ER, '#amount', 'Amount', text, toExpense),
    ),
    ...['Client dinner', 'Taxi', 'Hotel, 2 nights', 'Fees'].map((text, index) =>
      typed(`notes-${index}`, ER, '#notes', 'Notes', text, toExpense),
    ),
    ...['03/14/2026', '11/02/2025'].map((text, index) =>
      typed(`trip-date-${index}`, ER, '#trip-date', 'Trip date', text),
    ),
  ];
  const selectRows: Row[] = [
    ...['Engineering', 'Marketing', 'Sales', 'Operations'].map((option) =>
      selected(ER, '#department', 'Department', option),
    ),
    ...['Units', 'Profit'].map((option) => selected(SC, '#metric', 'Metric', option)),
    ...['North', 'West'].map((option) => selected(SC, '#region', 'Region', option)),
  ];
  const toggleRows: Row[] = [
    ...RADIOS.map((kind): Row =>
      clicked(`radio-${kind}`, ER, `Choose '${capital(kind)}'`, `#category-${kind}`, [`#category-${kind}`], toExpense),
    ),
    ...RADIOS.map((kind, index): Row => {
      const previous = `#category-${RADIOS[(index + 1) % RADIOS.length]!}`;
      const setup = afterSetup(toExpense, (page) => page.check(previous));
      return clicked(
        `radio-switch-${kind}`,
        ER,
        `Choose '${capital(kind)}'`,
        `#category-${kind}`,
        [`#category-${kind}`, previous],
        setup,
      );
    }),
    clicked(
      'receipt-check',
      ER,
      "Check the 'Receipt attached' checkbox",
      '#receipt-attached',
      ['#receipt-attached'],
      toExpense,
    ),
    clicked(
      'receipt-uncheck',
      ER,
      "Uncheck the 'Receipt attached' checkbox",
      '#receipt-attached',
      ['#receipt-attached'],
      withReceipt,
    ),
    clicked(
      'certify',
      ER,
      "Check the 'I certify these expenses are accurate' checkbox",
      '#certify',
      ['#certify', '#submit', 'before:#submit-hint'],
      reviewed,
    ),
    ...SERIES.map((name) =>
      clicked(`series-${name}`, SC, `Uncheck the '${capital(name)}' checkbox`, `#series-${name}`, [`#series-${name}`]),
    ),
    ...[1, 2, 4, 6].map((row): Row => {
      const box = `#machine-rows tr:nth-child(${row}) input`;
      const step = async (page: Page) => `Check the 'Select ${await machineName(row)(page)}' checkbox`;
      return clicked(`machine-row-${row}`, MS, step, box, [
        box,
        '#selection-count',
        '#restart-selected',
        '#select-all',
      ]);
    }),
  ];
  return [...rows('typed', true, typedRows), ...rows('select', true, selectRows), ...rows('toggle', true, toggleRows)];
}

/** A "More actions" button with a menu under it, added to the page; the click that opens it is real. */
const MENU_SCRIPT = (x: number, y: number) => `(() => {
  const button = document.createElement('button');
  button.id = 'bench-menu-button'; button.textContent = 'More actions'; button.setAttribute('aria-expanded', 'false');
  button.style.cssText = 'position:fixed;z-index:40;left:${x}px;top:${y}px;';
  const menu = document.createElement('ul');
  menu.id = 'bench-menu'; menu.setAttribute('role', 'menu'); menu.hidden = true;
  menu.style.cssText = 'position:fixed;z-index:40;left:${x}px;top:${y + 44}px;margin:0;padding:6px 0;list-style:none;background:#fff;border:1px solid #889;box-shadow:0 2px 8px #0003;';
  for (const label of ['Duplicate', 'Export', 'Archive']) {
    const item = document.createElement('li'); item.setAttribute('role', 'menuitem'); item.textContent = label;
    item.style.cssText = 'padding:6px 24px;font:15px sans-serif;'; menu.append(item);
  }
  button.addEventListener('click', () => { menu.hidden = false; button.setAttribute('aria-expanded', 'true'); });
  document.body.append(button, menu);
})()`;

function dialogAndNavigationSpecs(): PairSpec[] {
  const confirmOpen = afterSetup(certified, (page) => page.click('#submit'));
  const rowChecked =
    (row: number): Setup =>
    (page) =>
      page.check(`#machine-rows tr:nth-child(${row}) input`);
  const dialogRows: Row[] = [
    clicked('submit-confirm', ER, "Click the 'Submit' button", '#submit', ['#confirm-dialog'], certified),
    clicked(
      'cancel-confirm',
      ER,
      "Click the 'Cancel' button",
      '#confirm-dialog [data-close=cancel]',
      ['before:#confirm-dialog'],
      confirmOpen,
    ),
    ...[1, 3, 5].map((row) =>
      clicked(
        `restart-${row}`,
        MS,
        "Click the 'Restart selected' button",
        '#restart-selected',
        ['#confirm-dialog'],
        rowChecked(row),
      ),
    ),
    ...[ER, MS, SC].flatMap((scenario) =>
      [
        [1080, 600],
        [760, 660],
        [1100, 120],
      ].map(([x = 0, y = 0]) =>
        clicked(
          `menu-${scenario}-${x}`,
          scenario,
          "Click the 'More actions' button",
          '#bench-menu-button',
          ['#bench-menu'],
          script(MENU_SCRIPT(x, y)),
        ),
      ),
    ),
  ];
  const dismissRows = [ER, MS, SC].map((scenario) =>
    clicked(`dismiss-${scenario}`, scenario, "Click the 'Dismiss' button", '#surprise-dialog [data-close=dismiss]', [
      'before:#surprise-dialog',
    ]),
  );
  const stepper = (...steps: string[]) => [...steps.map((step) => `.stepper li[data-step=${step}]`), '#report-form'];
  const expenseFilled = afterSetup(toExpense, async (page) => {
    await page.fill('#amount', '64.00');
    await page.check('#category-meals');
    await page.locator('#expense-next').scrollIntoViewIfNeeded();
  });
  const expenseBottom = afterSetup(toExpense, (page) => page.locator('#expense-back').scrollIntoViewIfNeeded());
  const charts = ['.figures', '.chart-card >> nth=0', '.chart-card >> nth=1', '.detail-card', '#apply'];
  const navigationRows: Row[] = [
    ...['Dana Whitfield', 'Ravi Patel', 'Mei Chen'].map((name, index) =>
      clicked(
        `details-next-${index}`,
        ER,
        "Click the 'Next' button",
        '#details-next',
        stepper('details', 'expense'),
        (page) => fillDetails(page, name),
      ),
    ),
    clicked(
      'expense-next',
      ER,
      "Click the 'Next' button",
      '#expense-next',
      stepper('expense', 'review'),
      expenseFilled,
    ),
    clicked(
      'expense-back',
      ER,
      "Click the 'Back' button",
      '#expense-back',
      stepper('details', 'expense'),
      expenseBottom,
    ),
    clicked('review-back', ER, "Click the 'Back' button", '#review-back', stepper('expense', 'review'), reviewed),
    ...[1, 3, 5, 7].map((row) => {
      const step = async (page: Page) => `Click '${await machineName(row)(page)}'`;
      const link = `#machine-rows tr:nth-child(${row}) .link-button`;
      return clicked(`machine-details-${row}`, MS, step, link, ['.details-card', `#machine-rows tr:nth-child(${row})`]);
    }),
    ...['name', 'temperature', 'location'].map((column) => {
      const header = `th[data-column=${column}]`;
      return clicked(`sort-${column}`, MS, `Click the '${capital(column)}' column header`, `${header} button`, [
        header,
        '#machine-rows',
      ]);
    }),
    ...['Units', 'Profit'].map((metric) =>
      clicked(`apply-${metric}`, SC, "Click the 'Apply' button", '#apply', charts, (page) =>
        page.selectOption('#metric', metric).then(() => undefined),
      ),
    ),
  ];
  return [
    ...rows('dialog-menu', true, dialogRows),
    ...rows('dialog-menu', true, dismissRows, { surprise: true }),
    ...rows('navigation', true, navigationRows),
  ];
}

/** Clicks that change nothing: empty space (the operator missed) and disabled buttons. */
function noOpSpecs(): PairSpec[] {
  const blanks: [ScenarioName, number, number][] = [
    [ER, 1150, 700],
    [ER, 900, 620],
    [ER, 1000, 110],
    [ER, 1200, 300],
    [ER, 1150, 180],
    [MS, 1150, 110],
    [MS, 900, 95],
    [MS, 1100, 600],
    [MS, 1100, 450],
    [SC, 1150, 110],
    [SC, 1000, 95],
    [SC, 1266, 500],
  ];
  const allUnchecked: Setup = async (page) => {
    for (const series of SERIES) await page.uncheck(`#series-${series}`);
  };
  return rows('no-op', false, [
    ...blanks.map(([scenario, x, y]): Row => [
      `blank-${scenario}-${x}-${y}`,
      scenario,
      "Click the 'Continue' button",
      async () => [click(x, y)],
      [],
    ]),
    clicked('disabled-submit', ER, "Click the 'Submit' button", '#submit', [], reviewed),
    clicked('disabled-restart', MS, "Click the 'Restart selected' button", '#restart-selected', []),
    clicked('disabled-apply', SC, "Click the 'Apply' button", '#apply', [], allUnchecked),
  ]);
}

/** An element each app renders last, so its presence means the app is ready. */
const READY: Record<ScenarioName, string> = {
  'expense-report': '.stepper li[aria-current]',
  'machine-status': '#machine-rows tr',
  'sales-charts': '#detail-body tr',
};

const DISTRACTOR_KINDS: readonly DistractorKind[] = ['clock', 'caret', 'spinner', 'spinner-silent'];
const SPOTS = [
  { x: 1180, y: 762 },
  { x: 1210, y: 84 },
  { x: 14, y: 770 },
  { x: 1220, y: 420 },
];

/** Distractors alone (beside a no-op click) and beside real actions. */
function distractorSpecs(noOps: readonly PairSpec[], actions: readonly PairSpec[]): PairSpec[] {
  let turn = 0;
  const next = () => {
    const kind = DISTRACTOR_KINDS[turn % DISTRACTOR_KINDS.length]!;
    const at = SPOTS[Math.floor(turn / DISTRACTOR_KINDS.length) % SPOTS.length]!;
    turn += 1;
    return { kind, at };
  };
  const withDistractor =
    (category: Category) =>
    (spec: PairSpec): PairSpec => {
      const distractor = next();
      return { ...spec, category, name: `${spec.name}+${distractor.kind}`, distractor };
    };
  return [
    ...[...noOps, ...noOps].map(withDistractor('distractor-only')),
    ...actions.map(withDistractor('distractor+action')),
  ];
}

/** Real actions plus an unrelated change injected elsewhere: the target is right, the step is not. */
function sideEffectSpecs(): PairSpec[] {
  const effects = (otherField: string) => ({
    'other-field': setValue(otherField, 'Changed by someone else'),
    'far-text': script(`document.querySelector('.recent li span:last-child').textContent = 'Rejected'`),
    restyle: script(`document.querySelector('.side-card').style.background = '#ffe1e1'`),
    'other-toggle': script(`document.querySelector('#receipt-attached').checked = true`),
  });
  const onDetails: Row[] = [
    typed('name-a', ER, '#employee-name', 'Employee name', 'Ada Lovelace'),
    typed('name-b', ER, '#employee-name', 'Employee name', 'Mei Chen'),
    selected(ER, '#department', 'Department', 'Sales'),
  ];
  const onExpense: Row[] = [
    typed('amount-a', ER, '#amount', 'Amount', '125.50', toExpense),
    typed('amount-b', ER, '#amount', 'Amount', '64.00', toExpense),
    clicked('meals', ER, "Choose 'Meals'", '#category-meals', ['#category-meals'], toExpense),
    clicked('lodging', ER, "Choose 'Lodging'", '#category-lodging', ['#category-lodging'], toExpense),
    typed('notes', ER, '#notes', 'Notes', 'Client dinner', toExpense),
  ];
  const specs: PairSpec[] = [];
  const combine = (list: readonly Row[], chosen: Record<string, (page: Page) => Promise<void>>) => {
    for (const [effect, sideEffect] of Object.entries(chosen)) {
      for (const spec of rows('side-effect', false, list, { sideEffect }))
        specs.push({ ...spec, name: `${spec.name}+${effect}` });
    }
  };
  const { 'other-toggle': _, ...detailEffects } = effects('#email');
  combine(onDetails, detailEffects);
  combine(onExpense.slice(0, 4), effects('#notes'));
  const { 'other-field': __, ...noteEffects } = effects('#amount');
  combine(onExpense.slice(4), noteEffects);
  combine(
    SERIES.map((name) =>
      clicked(`series-${name}`, SC, `Uncheck the '${capital(name)}' checkbox`, `#series-${name}`, [`#series-${name}`]),
    ),
    {
      'other-toggle': script(
        `document.querySelectorAll('.series-options input').forEach((box, index) => { if (index === 3) box.checked = !box.checked; })`,
      ),
    },
  );
  return specs;
}

interface Score {
  pairs: number;
  correct: number;
  predicted: number;
  predictedMatched: number;
  truths: number;
  truthsMatched: number;
}
const emptyScore = (): Score => ({
  pairs: 0,
  correct: 0,
  predicted: 0,
  predictedMatched: 0,
  truths: 0,
  truthsMatched: 0,
});

function iou(first: Box, second: Box): number {
  const left = Math.max(first.x, second.x);
  const top = Math.max(first.y, second.y);
  const right = Math.min(first.x + first.width, second.x + second.width);
  const bottom = Math.min(first.y + first.height, second.y + second.height);
  const shared = Math.max(0, right - left) * Math.max(0, bottom - top);
  const total = first.width * first.height + second.width * second.height - shared;
  return total <= 0 ? 0 : shared / total;
}

function score(into: Score, check: StepCheck, truth: readonly Box[], succeeds: boolean): void {
  const predicted = (check.reflection?.regions ?? []).filter((region) => region.relevance === 'action-relevant');
  into.pairs += 1;
  into.correct += check.passed === succeeds ? 1 : 0;
  into.predicted += predicted.length;
  into.predictedMatched += predicted.filter((region) => truth.some((box) => iou(box, region.box) >= IOU_MATCH)).length;
  into.truths += truth.length;
  into.truthsMatched += truth.filter((box) => predicted.some((region) => iou(box, region.box) >= IOU_MATCH)).length;
}

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

const percentile = (numbers: readonly number[], p: number) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ratio = (part: number, whole: number) => (whole === 0 ? Number.NaN : part / whole);
const percent = (value: number) => (Number.isNaN(value) ? '   n/a' : `${(value * 100).toFixed(1).padStart(5)}%`);

const actions = actionSpecs();
const noOps = noOpSpecs();
const distractorActions = [...actions.filter((_, index) => index % 2 === 0), ...dialogAndNavigationSpecs()];
const allSpecs = [
  ...actions,
  ...dialogAndNavigationSpecs(),
  ...noOps,
  ...distractorSpecs(noOps, distractorActions),
  ...sideEffectSpecs(),
].filter((spec) => values.only === undefined || `${spec.category}/${spec.name}`.includes(values.only));

/** One generated pair: the screens, what was done, and the truth. */
interface GeneratedPair {
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
async function generate(environment: Environment, spec: PairSpec, index: number): Promise<GeneratedPair> {
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
    const boxes = await Promise.all(selectors.map((selector) => clippedBox(page, selector.replace(/^before:/, ''))));
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

// Two browsers generate pairs side by side; reflection runs afterwards, alone, so its timings are
// not disturbed by a browser working at the same time.
const server = await startScenarioServer();
const started = performance.now();
const generated: GeneratedPair[] = [];
const environments = await Promise.all([0, 1].map(() => launchBrowserEnvironment({ viewport: VIEWPORT })));
try {
  let nextIndex = 0;
  await Promise.all(
    environments.map(async (environment) => {
      while (nextIndex < allSpecs.length) {
        const index = nextIndex;
        nextIndex += 1;
        generated[index] = await generate(environment, allSpecs[index]!, index);
      }
    }),
  );
} finally {
  await Promise.all(environments.map((environment) => environment.close()));
  await server.close();
}
const generatedSeconds = (performance.now() - started) / 1000;

/** The one-shot baseline twice: at its default pixel threshold, and sensitive enough to see a caret. */
const methods = ['evidence-first', 'one-shot', 'one-shot-20px'] as const;
type Method = (typeof methods)[number];
const scores = new Map<string, Score>();
const times: Record<Method, number[]> = { 'evidence-first': [], 'one-shot': [], 'one-shot-20px': [] };
const pairs: unknown[] = [];
const scoreFor = (method: string, category: string) => {
  const key = `${method}|${category}`;
  if (!scores.has(key)) scores.set(key, emptyScore());
  return scores.get(key)!;
};
const waitStep: readonly PerformedAction[] = [{ action: { type: 'wait', ms: 400 }, summary: 'wait', ok: true }];

for (const [index, pair] of generated.entries()) {
  const { spec, before, after, performed, truth } = pair;
  const step = { id: `step-${index}`, text: pair.step, status: 'executing' as const };
  const evidenceFirst = createEvidenceReflector();
  // The step before, as in a run: its screen after (idle) was taken a moment before this step's
  // screen before, with no action in between.
  await evidenceFirst.check(handle, {
    step: { ...step, text: 'Wait 400 ms' },
    performed: waitStep,
    before: pair.idle,
    after: pair.idle,
  });
  const reflectors: Record<Method, Reflector> = {
    'evidence-first': evidenceFirst,
    'one-shot': createOneShotReflector(),
    'one-shot-20px': createOneShotReflector({ changedPixelThreshold: 20 }),
  };
  const record: Record<string, unknown> = {
    category: spec.category,
    name: spec.name,
    step: pair.step,
    succeeds: spec.succeeds,
    truth,
  };
  for (const method of methods) {
    const clock = performance.now();
    const check = await reflectors[method].check(handle, { step, performed, before, after });
    times[method].push(performance.now() - clock);
    score(scoreFor(method, spec.category), check, truth, spec.succeeds);
    score(scoreFor(method, 'all'), check, truth, spec.succeeds);
    record[method] = { passed: check.passed, evidence: check.evidence, regions: check.reflection?.regions ?? [] };
    if (values.verbose && check.passed !== spec.succeeds) {
      console.log(`WRONG ${method} ${spec.category} ${spec.name}: ${check.evidence}`);
      if (method === 'evidence-first')
        console.log('   ', JSON.stringify(check.reflection?.regions), 'truth', JSON.stringify(truth));
    }
  }
  pairs.push(record);
}

const categories = ['all', ...new Set(allSpecs.map((spec) => spec.category))];
const table = categories.map((category) => {
  const row: Record<string, unknown> = { category, pairs: scoreFor('evidence-first', category).pairs };
  for (const method of methods) {
    const result = scoreFor(method, category);
    row[method] = {
      precision: ratio(result.predictedMatched, result.predicted),
      recall: ratio(result.truthsMatched, result.truths),
      accuracy: ratio(result.correct, result.pairs),
      predictedRegions: result.predicted,
      trueRegions: result.truths,
    };
  }
  return row;
});
console.log(`\n${'category'.padEnd(18)} pairs | ${methods.map((method) => method.padEnd(21)).join(' | ')}`);
console.log(`${''.padEnd(24)} | ${methods.map(() => 'prec.  recall accur.').join(' | ')}`);
for (const row of table) {
  const cells = methods.map((method) => {
    const result = row[method] as { precision: number; recall: number; accuracy: number };
    return `${percent(result.precision)} ${percent(result.recall)} ${percent(result.accuracy)}`;
  });
  console.log(`${String(row['category']).padEnd(18)} ${String(row['pairs']).padStart(5)} | ${cells.join(' | ')}`);
}
const timing = Object.fromEntries(
  methods.map((method) => [method, { medianMs: percentile(times[method], 50), p95Ms: percentile(times[method], 95) }]),
);
for (const method of methods) {
  console.log(
    `${method} reflection time at 1280x800: median ${timing[method]!.medianMs.toFixed(1)} ms, p95 ${timing[method]!.p95Ms.toFixed(1)} ms`,
  );
}
const wallSeconds = (performance.now() - started) / 1000;
console.log(
  `${allSpecs.length} pairs: generated in ${generatedSeconds.toFixed(0)} s, ${wallSeconds.toFixed(0)} s in all`,
);

const outputDirectory = path.join(import.meta.dirname, 'results');
mkdirSync(outputDirectory, { recursive: true });
writeFileSync(
  path.join(outputDirectory, 'change-evidence.json'),
  `${JSON.stringify({ viewport: VIEWPORT, iouMatch: IOU_MATCH, pairs: allSpecs.length, generatedSeconds, wallSeconds, timing, table, results: pairs }, null, 2)}\n`,
);
