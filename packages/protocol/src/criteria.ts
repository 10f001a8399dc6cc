import { z } from 'zod';
import { QUOTED_TEXT_MAX, quote } from './quoting.js';

/**
 * An element on screen, named the way a person finds it: by its label or text, by what kind of
 * element it is, by position among its kind ("the 3rd result"), and by what holds it ("the Delete
 * button in the row of 'Boiler-02'"). Criteria and step intents point at targets with it;
 * grounders resolve it against the screen at the time the step runs.
 */
export interface TargetRef {
  /** The accessible name or visible text: "Email", "Submit", "Boiler-02". Absent: any name (the role says which). */
  readonly name?: string | undefined;
  /**
   * The kind of element as people call it or as ARIA does: button, link, field, dropdown,
   * checkbox, radio, option, tab, menu item, column header, row, dialog, card... Absent: any kind.
   */
  readonly role?: string | undefined;
  /** Position among the matching elements in reading order, from 1; negative counts from the end (-1 is the last). */
  readonly ordinal?: number | undefined;
  /** The element it is inside: a row, a card, a dialog, a section (its name may be text it contains). */
  readonly within?: TargetRef | undefined;
  /**
   * When `within` places the target rather than holding it: the element right after it (or
   * before it) in reading order, just below (or above) it, or beside it on the same line ("the
   * field after Password", "the box under 'Email'"). Absent: inside `within`.
   */
  readonly relation?: TargetRelation | undefined;
}

/** How a target is placed by the element it is named against; see {@link TargetRef.relation}. */
export const targetRelations = ['after', 'before', 'below', 'above', 'beside'] as const;
export type TargetRelation = (typeof targetRelations)[number];

export const targetRefSchema: z.ZodType<TargetRef> = z.lazy(() =>
  z
    .object({
      name: z.string().min(1).max(300).optional(),
      role: z.string().min(1).max(40).optional(),
      ordinal: z
        .number()
        .int()
        .min(-1000)
        .max(1000)
        .refine((ordinal) => ordinal !== 0, 'ordinals count from 1, or from -1 at the end')
        .optional(),
      within: targetRefSchema.optional(),
      relation: z.enum(targetRelations).optional(),
    })
    .refine((target) => target.name !== undefined || target.role !== undefined, {
      message: 'a target needs a name or a role',
    })
    .refine((target) => nesting(target) <= MAX_TARGET_NESTING, {
      message: `a target may sit within at most ${MAX_TARGET_NESTING} others`,
      path: ['within'],
    }),
);

/** How many holders a target may name around it ("the button in the row in the table in the dialog…"). */
export const MAX_TARGET_NESTING = 8;

function nesting(target: TargetRef): number {
  let depth = 0;
  for (let holder = target.within; holder !== undefined; holder = holder.within) depth += 1;
  return depth;
}

/** States a control can be seen in. */
export const controlStateSchema = z.enum([
  'checked',
  'unchecked',
  'selected',
  'not-selected',
  'expanded',
  'collapsed',
  'pressed',
  'not-pressed',
  'enabled',
  'disabled',
]);
export type ControlState = z.infer<typeof controlStateSchema>;

/**
 * What must be visible for a success criterion to hold, as typed data: roles check it by kind
 * instead of parsing a sentence. `exact` means the text must appear as written (case and spacing
 * aside); otherwise a close reading counts.
 */
export const criterionCheckSchema = z.discriminatedUnion('kind', [
  /** A field (text box, dropdown, combobox, spin button, slider) holds a value; '' means empty. */
  z.object({
    kind: z.literal('field-value'),
    target: targetRefSchema,
    value: z.string().max(QUOTED_TEXT_MAX),
    exact: z.boolean(),
  }),
  /** A control is in a state: a checkbox checked, a tab selected, a section expanded. */
  z.object({ kind: z.literal('control-state'), target: targetRefSchema, state: controlStateSchema }),
  /** A text is on screen: a confirmation, a heading, a result. */
  z.object({ kind: z.literal('text-visible'), text: z.string().min(1).max(QUOTED_TEXT_MAX), exact: z.boolean() }),
  /** An element is on screen (a dialog opened, a row was added). */
  z.object({ kind: z.literal('element-visible'), target: targetRefSchema }),
  /** An element is no longer on screen (a dialog closed, a row was deleted). */
  z.object({ kind: z.literal('element-gone'), target: targetRefSchema }),
  /** How many elements of a kind are on screen ("4 rows selected"). */
  z.object({
    kind: z.literal('count'),
    target: targetRefSchema,
    count: z.number().int().nonnegative().max(100_000),
    comparison: z.enum(['exactly', 'at-least', 'at-most']),
  }),
  /** The page's address contains a value (a path, a query, a whole URL); `exact` keeps its case. */
  z.object({ kind: z.literal('address'), value: z.string().min(1).max(2048), exact: z.boolean() }),
  /** Every step was carried out with its effect confirmed: the fallback when no state shows the outcome. */
  z.object({ kind: z.literal('steps-confirmed') }),
  /**
   * A condition only a reader of the whole screen can judge, stated in the criterion's text.
   * `mustShow` lists texts that must all be on screen for it to hold; a judge that cannot read
   * the condition itself checks only those, and counts it unmet when there are none.
   */
  z.object({ kind: z.literal('described'), mustShow: z.array(z.string().min(1).max(QUOTED_TEXT_MAX)).max(10) }),
]);
export type CriterionCheck = z.infer<typeof criterionCheckSchema>;
export type CriterionKind = CriterionCheck['kind'];

/** Quote a value for a sentence people read, so that the quote scanner reads it back unchanged. */
const quoteForPeople = quote;

/** English ordinal words for people: 1 → "first", -1 → "last", 12 → "12th". */
export function ordinalWord(ordinal: number): string {
  const fromEnd = ['last', 'second to last', 'third to last'];
  if (ordinal < 0) return fromEnd[-ordinal - 1] ?? `${ordinalWord(-ordinal)} from the end`;
  const words = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
  const word = words[ordinal - 1];
  if (word !== undefined) return word;
  const tens = ordinal % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[ordinal % 10] ?? 'th');
  return `${ordinal}${suffix}`;
}

/**
 * "the 'Email' field", "'Submit'", "the second 'Delete' button in the row of 'Boiler-02'", "the
 * 3rd link": a target as a sentence names it.
 */
export function describeTarget(target: TargetRef): string {
  const position = target.ordinal === undefined ? '' : `${ordinalWord(target.ordinal)} `;
  const name = target.name === undefined ? '' : quoteForPeople(target.name);
  let text: string;
  if (target.role === undefined) text = position === '' ? name : `the ${position}${name === '' ? 'element' : name}`;
  else text = `the ${position}${name === '' ? '' : `${name} `}${target.role}`;
  if (target.within === undefined) return text;
  const holder = target.within;
  if (target.relation !== undefined) return `${text} ${relationWords[target.relation]} ${describeTarget(holder)}`;
  const holderText =
    holder.role !== undefined &&
    holder.name !== undefined &&
    holder.ordinal === undefined &&
    holder.within === undefined
      ? `the ${holder.role} of ${quoteForPeople(holder.name)}`
      : describeTarget(holder);
  return `${text} in ${holderText}`;
}

const relationWords: Readonly<Record<TargetRelation, string>> = {
  after: 'right after',
  before: 'right before',
  below: 'below',
  above: 'above',
  beside: 'next to',
};

const stateWords: Readonly<Record<ControlState, string>> = {
  checked: 'is checked',
  unchecked: 'is not checked',
  selected: 'is selected',
  'not-selected': 'is not selected',
  expanded: 'is expanded',
  collapsed: 'is collapsed',
  pressed: 'is pressed',
  'not-pressed': 'is not pressed',
  enabled: 'is enabled',
  disabled: 'is disabled',
};

/**
 * The criterion in one sentence for people (the plan, the report, a model's prompt). For
 * `described` criteria the sentence is the criterion itself and is kept as written.
 */
export function describeCriterionCheck(check: CriterionCheck): string {
  switch (check.kind) {
    case 'field-value': {
      const subject = capitalize(describeTarget(check.target));
      return check.value === '' ? `${subject} is empty` : `${subject} shows ${quoteForPeople(check.value)}`;
    }
    case 'control-state':
      return `${capitalize(describeTarget(check.target))} ${stateWords[check.state]}`;
    case 'text-visible':
      return `${quoteForPeople(check.text)} is visible`;
    case 'element-visible':
      return `${capitalize(describeTarget(check.target))} is visible`;
    case 'element-gone':
      return `${capitalize(describeTarget(check.target))} is no longer visible`;
    case 'count': {
      const bound = { exactly: 'Exactly', 'at-least': 'At least', 'at-most': 'At most' }[check.comparison];
      const noun = `${check.target.role ?? 'element'}${check.count === 1 ? '' : 's'}`;
      return check.target.name === undefined
        ? `${bound} ${check.count} visible ${noun}`
        : `${bound} ${check.count} visible ${noun} match ${quoteForPeople(check.target.name)}`;
    }
    case 'address':
      return `The address shows ${quoteForPeople(check.value)}`;
    case 'steps-confirmed':
      return 'Every step was carried out and its visible effect was confirmed on screen';
    case 'described':
      return check.mustShow.length === 0
        ? 'A condition stated in words'
        : `${check.mustShow.map(quoteForPeople).join(', ')} ${check.mustShow.length === 1 ? 'is' : 'are'} visible`;
  }
}

/** The value that must appear exactly as written for the criterion to hold; undefined for qualitative ones. */
export function criterionExactValue(check: CriterionCheck): string | undefined {
  switch (check.kind) {
    case 'field-value':
      return check.exact && check.value !== '' ? check.value : undefined;
    case 'text-visible':
    case 'address':
      return check.exact ? (check.kind === 'text-visible' ? check.text : check.value) : undefined;
    case 'described':
      return check.mustShow[0];
    default:
      return undefined;
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A criterion as a planner or a person writes it: what to check, and optionally the sentence
 * people read (rendered from the check when absent; required for `described` checks).
 */
export const criterionDraftSchema = z
  .object({
    check: criterionCheckSchema,
    text: z.string().trim().min(1).max(QUOTED_TEXT_MAX).optional(),
  })
  .refine((draft) => draft.check.kind !== 'described' || draft.text !== undefined, {
    message: 'a described criterion needs its text',
    path: ['text'],
  });
export type CriterionDraft = z.infer<typeof criterionDraftSchema>;

/** The sentence people read for a draft: its own text, or the check rendered. */
export function criterionText(draft: { readonly check: CriterionCheck; readonly text?: string | undefined }): string {
  return draft.text ?? describeCriterionCheck(draft.check);
}

/** A key equal for two criteria exactly when they read the same and check the same thing. */
export function criterionIdentity(criterion: { readonly text: string; readonly check: CriterionCheck }): string {
  return JSON.stringify([criterion.text, sortedKeys(criterion.check)]);
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}
