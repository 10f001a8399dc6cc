import { z } from 'zod';
import { targetRefSchema, type TargetRef } from './criteria.js';
import { quote as quoteForPeople } from './quoting.js';
import { keyNameSchema } from './action.js';

/**
 * What one plan step does, as typed data. Planners that know it (the built-in planner, the run's
 * own recovery rules) attach it to the step; the step's text is its rendering for people, so no
 * role has to parse another role's English. A step a person rewrites loses its intent and is
 * read from its text again.
 */
export const stepIntentSchema = z.discriminatedUnion('kind', [
  /** Go to an address: an absolute URL, a path on the current site, or a bare domain. */
  z.object({ kind: z.literal('open'), target: z.string().min(1).max(2048) }),
  /** Click, double-click or hover over a named element. */
  z.object({ kind: z.enum(['click', 'double-click', 'hover']), target: targetRefSchema }),
  /** Type literal text into a named field, or into whatever has focus when `field` is absent. */
  z.object({ kind: z.literal('type'), text: z.string().max(10_000), field: targetRefSchema.optional() }),
  /** Empty a named field. */
  z.object({ kind: z.literal('clear'), field: targetRefSchema }),
  /** Pick an option of a named dropdown (native select, listbox or combobox). */
  z.object({ kind: z.literal('select'), option: z.string().min(1).max(1000), field: targetRefSchema }),
  /** Pick a radio option, optionally within a named group. */
  z.object({
    kind: z.literal('choose'),
    option: z.string().min(1).max(1000),
    group: z.string().min(1).max(300).optional(),
  }),
  /** Put a checkbox into a state: `check` ticks it, `uncheck` clears it. */
  z.object({ kind: z.enum(['check', 'uncheck']), target: targetRefSchema }),
  /** Press a key or a chord, canonical key names (see key-names), modifiers first. */
  z.object({ kind: z.literal('press'), keys: z.array(keyNameSchema).min(1).max(6) }),
  /** Scroll the page by screens (`times`, one when absent) or by exact `pixels`. */
  z.object({
    kind: z.literal('scroll'),
    direction: z.enum(['up', 'down']),
    times: z.number().int().positive().max(100).optional(),
    pixels: z.number().int().positive().max(100_000).optional(),
  }),
  /** Scroll to one end of the page. */
  z.object({ kind: z.literal('scroll-to'), edge: z.enum(['top', 'bottom']) }),
  /** Pause for a fixed time, in milliseconds. */
  z.object({ kind: z.literal('wait'), ms: z.number().int().nonnegative().max(600_000) }),
  /** Wait until a text is on screen. */
  z.object({ kind: z.literal('wait-for'), text: z.string().min(1).max(1000) }),
]);
export type StepIntent = z.infer<typeof stepIntentSchema>;
export type StepIntentKind = StepIntent['kind'];

const urlCharacters = String.raw`[^\s'"\u201c\u201d\u2018\u2019,;\u27e6\u27e7]`;
const bareUrl = new RegExp(
  String.raw`^(?:[a-z][a-z0-9+.-]*:\/\/${urlCharacters}+|\/${urlCharacters}*|(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:\/${urlCharacters}*)?)$`,
  'i',
);

/** Whether an address can be written after "Open" without quotes and read back unchanged. */
export function isBareOpenTarget(target: string): boolean {
  return bareUrl.test(target) && !/[.!?:]$/.test(target);
}

function pointerTarget(target: TargetRef): string {
  return target.role === undefined ? quoteForPeople(target.name) : `the ${quoteForPeople(target.name)} ${target.role}`;
}

function fieldName(field: TargetRef): string {
  return quoteForPeople(field.name);
}

function duration(ms: number): string {
  if (ms % 1000 !== 0) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/**
 * The step's text for people: one imperative sentence ("Type 'Ada' into the 'Name' field",
 * "Click the 'Next' button", "Press Escape"), in the canonical wording the built-in grammar reads.
 */
export function renderStepIntent(intent: StepIntent): string {
  switch (intent.kind) {
    case 'open':
      return `Open ${isBareOpenTarget(intent.target) ? intent.target : quoteForPeople(intent.target)}`;
    case 'click':
    case 'double-click':
      return `${intent.kind === 'click' ? 'Click' : 'Double-click'} ${pointerTarget(intent.target)}`;
    case 'hover':
      return `Hover over ${pointerTarget(intent.target)}`;
    case 'type':
      return intent.field === undefined
        ? `Type ${quoteForPeople(intent.text)}`
        : `Type ${quoteForPeople(intent.text)} into the ${fieldName(intent.field)} field`;
    case 'clear':
      return `Clear the ${fieldName(intent.field)} field`;
    case 'select':
      return `Select ${quoteForPeople(intent.option)} from the ${fieldName(intent.field)} dropdown`;
    case 'choose':
      return intent.group === undefined
        ? `Choose ${quoteForPeople(intent.option)}`
        : `Choose ${quoteForPeople(intent.option)} for ${quoteForPeople(intent.group)}`;
    case 'check':
    case 'uncheck':
      return `${intent.kind === 'check' ? 'Check' : 'Uncheck'} the ${quoteForPeople(intent.target.name)} checkbox`;
    case 'press':
      return `Press ${intent.keys.join('+')}`;
    case 'scroll': {
      const base = `Scroll ${intent.direction}`;
      if (intent.pixels !== undefined) return `${base} by ${intent.pixels} pixels`;
      return intent.times === undefined ? base : `${base} ${intent.times} times`;
    }
    case 'scroll-to':
      return `Scroll to the ${intent.edge}`;
    case 'wait':
      return `Wait ${duration(intent.ms)}`;
    case 'wait-for':
      return `Wait for ${quoteForPeople(intent.text)} to appear`;
  }
}
