/**
 * Pairs where the screen must not count as the step's success, or must not be taken at face
 * value: clicks that change nothing, distractors that change on their own, and side effects.
 */
import type { Page } from 'playwright-core';
import type { ScenarioName } from '@sandpiper/scenarios';
import { actionSpecs, dialogAndNavigationSpecs } from './action-specs.js';
import {
  capital,
  click,
  clicked,
  ER,
  MS,
  reviewed,
  rows,
  SC,
  script,
  selected,
  SERIES,
  setValue,
  toExpense,
  typed,
  type Category,
  type DistractorKind,
  type PairSpec,
  type Row,
  type Setup,
} from './spec-support.js';

/** Clicks that change nothing: empty space (the operator missed) and disabled buttons. */
export function noOpSpecs(): PairSpec[] {
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

const DISTRACTOR_KINDS: readonly DistractorKind[] = ['clock', 'caret', 'spinner', 'spinner-silent'];
const SPOTS = [
  { x: 1180, y: 762 },
  { x: 1210, y: 84 },
  { x: 14, y: 770 },
  { x: 1220, y: 420 },
];

/** Distractors alone (beside a no-op click) and beside real actions. */
export function distractorSpecs(noOps: readonly PairSpec[], actions: readonly PairSpec[]): PairSpec[] {
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
export function sideEffectSpecs(): PairSpec[] {
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

/** Every pair of the benchmark, in a fixed order; `only` keeps those whose "category/name" contains it. */
export function allPairSpecs(only?: string): PairSpec[] {
  const actions = actionSpecs();
  const noOps = noOpSpecs();
  const distractorActions = [...actions.filter((_, index) => index % 2 === 0), ...dialogAndNavigationSpecs()];
  return [
    ...actions,
    ...dialogAndNavigationSpecs(),
    ...noOps,
    ...distractorSpecs(noOps, distractorActions),
    ...sideEffectSpecs(),
  ].filter((spec) => only === undefined || `${spec.category}/${spec.name}`.includes(only));
}
