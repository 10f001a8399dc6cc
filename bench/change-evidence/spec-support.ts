/**
 * The pair specifications' building blocks: the spec type, actions measured on the live page,
 * scenario set-ups, and one-line row helpers.
 */
import type { Action } from '@sandpiper/protocol';
import type { ScenarioName } from '@sandpiper/scenarios';
import type { Page } from 'playwright-core';

export type Category =
  | 'typed'
  | 'select'
  | 'toggle'
  | 'dialog-menu'
  | 'navigation'
  | 'no-op'
  | 'distractor-only'
  | 'distractor+action'
  | 'side-effect';
export type DistractorKind = 'clock' | 'caret' | 'spinner' | 'spinner-silent';

/** One pair to generate: how to reach the state, what to do, and what truly changes. */
export interface PairSpec {
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

export const click = (x: number, y: number): Action => ({
  type: 'click',
  at: { x, y },
  button: 'left',
  count: 1,
  modifiers: [],
});

export async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (box === null) throw new Error(`${selector} is not rendered`);
  return { x: Math.round(box.x + Math.min(box.width / 2, 40)), y: Math.round(box.y + box.height / 2) };
}

export const clickOn = (selector: string) => async (page: Page) => {
  const at = await centre(page, selector);
  return [click(at.x, at.y)];
};
export const typeInto = (selector: string, text: string) => async (page: Page) => {
  const at = await centre(page, selector);
  return [click(at.x, at.y), { type: 'key', keys: ['Control', 'a'] } as Action, { type: 'type', text } as Action];
};
export const selectIn = (selector: string, option: string) => async (page: Page) => {
  const at = await centre(page, selector);
  return [click(at.x, at.y), { type: 'type', text: option } as Action, { type: 'key', keys: ['Enter'] } as Action];
};

// Scenario set-ups, through the page (they are not what is measured).
export async function fillDetails(page: Page, name = 'Dana Whitfield') {
  await page.fill('#employee-name', name);
  await page.fill('#email', 'dana@example.com');
  await page.selectOption('#department', 'Finance');
  await page.fill('#trip-date', '2026-03-14');
}
/** To the expense step, scrolled so the amount, the categories, the receipt box and the notes all show. */
export async function toExpense(page: Page) {
  await fillDetails(page);
  await page.click('#details-next');
  await page.evaluate(() => window.scrollTo(0, 300));
}
export async function toReview(page: Page, certify = false) {
  await toExpense(page);
  await page.fill('#amount', '64.00');
  await page.check('#category-travel');
  await page.click('#expense-next');
  if (certify) await page.check('#certify');
  await page.locator('#submit').scrollIntoViewIfNeeded();
}
export const script = (code: string) => async (page: Page) => void (await page.evaluate(code));
export const setValue = (selector: string, value: string) =>
  script(`(() => { const el = document.querySelector('${selector}'); el.value = '${value}'; })()`);
export type Extra = Partial<Pick<PairSpec, 'distractor' | 'sideEffect' | 'surprise'>>;
export type Setup = (page: Page) => Promise<void>;
/** One pair in a line: name, scenario, step, actions, truth selectors, set-up. */
export type Row = readonly [string, ScenarioName, PairSpec['step'], PairSpec['actions'], readonly string[], Setup?];

export function rows(category: Category, succeeds: boolean, list: readonly Row[], extra: Extra = {}): PairSpec[] {
  return list.map(([name, scenario, step, actions, truth, setup]) => ({
    ...{ category, name, scenario, step, actions, truth, succeeds, ...extra },
    ...(setup === undefined ? {} : { setup }),
  }));
}

export const ER = 'expense-report' as const;
export const MS = 'machine-status' as const;
export const SC = 'sales-charts' as const;
export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export const typed = (
  name: string,
  scenario: ScenarioName,
  selector: string,
  label: string,
  text: string,
  setup?: Setup,
): Row => [name, scenario, `Type '${text}' into the '${label}' field`, typeInto(selector, text), [selector], setup];
export const selected = (scenario: ScenarioName, selector: string, label: string, option: string): Row => [
  `${label}-${option}`,
  scenario,
  `Select '${option}' from the '${label}' dropdown`,
  selectIn(selector, option),
  [selector],
];
export const clicked = (
  name: string,
  scenario: ScenarioName,
  step: PairSpec['step'],
  selector: string,
  truth: readonly string[],
  setup?: Setup,
): Row => [name, scenario, step, clickOn(selector), truth, setup];
export const machineName = (row: number) => async (page: Page) =>
  (await page.locator(`#machine-rows tr:nth-child(${row}) .link-button`).textContent())?.trim() ?? '';
export const prefilled: Setup = (page) => page.fill('#employee-name', 'Someone');
export const withReceipt: Setup = async (page) => {
  await toExpense(page);
  await page.check('#receipt-attached');
};
export const reviewed: Setup = (page) => toReview(page);
export const certified: Setup = (page) => toReview(page, true);
export const afterSetup =
  (first: Setup, then: Setup): Setup =>
  async (page) => {
    await first(page);
    await then(page);
  };
export const RADIOS = ['travel', 'meals', 'lodging', 'supplies'];
export const SERIES = ['hardware', 'software', 'services', 'support'];
