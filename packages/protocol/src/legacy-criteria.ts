import type { CriterionCheck } from './criteria.js';
import { scanLiterals } from './quoting.js';

/**
 * Reading criteria written before criteria were typed (event schema version 1), where a
 * criterion was a sentence plus an optional exact value. Only the upgrade of old logs uses this:
 * new criteria carry their check, and no role parses another role's sentences.
 */

/** The sentence of the fallback criterion version 1 wrote. */
const STEPS_CONFIRMED = 'Every step was carried out and its visible effect was confirmed on screen';

/** The shapes the built-in planner of version 1 wrote, with `⟦n⟧` for the n-th quoted part. */
const shapes: readonly { readonly shape: RegExp; readonly check: (quoted: readonly string[]) => CriterionCheck }[] = [
  {
    shape: /^The ⟦0⟧ field shows ⟦1⟧$/,
    check: ([field = '', value = '']) => ({
      kind: 'field-value',
      target: { name: field, role: 'field' },
      value,
      exact: true,
    }),
  },
  {
    shape: /^The ⟦0⟧ field is empty$/,
    check: ([field = '']) => ({ kind: 'field-value', target: { name: field, role: 'field' }, value: '', exact: true }),
  },
  {
    shape: /^The ⟦0⟧ dropdown shows ⟦1⟧$/,
    check: ([field = '', value = '']) => ({
      kind: 'field-value',
      target: { name: field, role: 'dropdown' },
      value,
      exact: true,
    }),
  },
  {
    shape: /^The ⟦0⟧ option is selected$/,
    check: ([option = '']) => ({ kind: 'control-state', target: { name: option, role: 'option' }, state: 'selected' }),
  },
  {
    shape: /^The ⟦0⟧ checkbox is checked$/,
    check: ([box = '']) => ({ kind: 'control-state', target: { name: box, role: 'checkbox' }, state: 'checked' }),
  },
  {
    shape: /^The ⟦0⟧ checkbox is not checked$/,
    check: ([box = '']) => ({ kind: 'control-state', target: { name: box, role: 'checkbox' }, state: 'unchecked' }),
  },
  { shape: /^⟦0⟧ is visible$/, check: ([text = '']) => ({ kind: 'text-visible', text, exact: true }) },
  { shape: /^The address shows ⟦0⟧$/, check: ([value = '']) => ({ kind: 'address', value, exact: true }) },
];

/**
 * The typed check of a version-1 criterion: one of the built-in planner's sentence shapes when it
 * is one, the fallback, or else a `described` criterion that must show its exact value and every
 * quoted part (which is how version 1 judged sentences it did not recognise).
 */
export function checkOfLegacyCriterion(text: string, exactValue?: string): CriterionCheck {
  if (text === STEPS_CONFIRMED) return { kind: 'steps-confirmed' };
  const quoted: string[] = [];
  let shape = '';
  let cursor = 0;
  for (const span of scanLiterals(text)) {
    shape += `${text.slice(cursor, span.start)}\u27e6${quoted.length}\u27e7`;
    quoted.push(span.text);
    cursor = span.end;
  }
  shape += text.slice(cursor);
  for (const candidate of shapes) {
    if (candidate.shape.test(shape)) return candidate.check(quoted);
  }
  const mustShow = [...new Set([...(exactValue === undefined ? [] : [exactValue]), ...quoted])].filter(
    (part) => part !== '',
  );
  return { kind: 'described', mustShow: mustShow.slice(0, 10) };
}
