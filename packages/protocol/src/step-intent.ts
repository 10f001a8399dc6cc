import { z } from 'zod';
import { describeTarget, targetRefSchema, type TargetRef } from './criteria.js';
import { QUOTED_TEXT_MAX, quote as quoteForPeople } from './quoting.js';
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
  z.object({ kind: z.literal('select'), option: z.string().min(1).max(QUOTED_TEXT_MAX), field: targetRefSchema }),
  /** Pick a radio option, optionally within a named group. */
  z.object({
    kind: z.literal('choose'),
    option: z.string().min(1).max(QUOTED_TEXT_MAX),
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
  z.object({ kind: z.literal('wait-for'), text: z.string().min(1).max(QUOTED_TEXT_MAX) }),
  /**
   * Pick something by its name and let the screen say how: tick a checkbox, choose a radio,
   * click an option or a tab, or select it in the dropdown that offers it (`within` when named).
   */
  z.object({
    kind: z.literal('pick'),
    option: z.string().min(1).max(QUOTED_TEXT_MAX),
    within: targetRefSchema.optional(),
  }),
  /** Put a switch, checkbox or toggle button into a state (on or off). */
  z.object({ kind: z.literal('toggle'), target: targetRefSchema, on: z.boolean() }),
  /**
   * Give a control a value, the way it takes one: type into a text field (dates and times in its
   * own format), move a slider or spin button, choose in a dropdown or combobox or radio group.
   */
  z.object({ kind: z.literal('set'), target: targetRefSchema, value: z.string().max(10_000) }),
  /** Open or close a collapsible section, tree node, disclosure or menu. */
  z.object({ kind: z.enum(['expand', 'collapse']), target: targetRefSchema }),
  /** Close a dialog, notice, menu or popup: its close button, or Escape. Absent target: whatever is open. */
  z.object({ kind: z.literal('dismiss'), target: targetRefSchema.optional() }),
  /** Accept the open dialog or prompt: its affirmative button, or the named one. */
  z.object({ kind: z.literal('confirm'), target: targetRefSchema.optional() }),
  /** Type a query into a search box (the named one, or the page's only one) and submit it. */
  z.object({
    kind: z.literal('search'),
    text: z.string().min(1).max(QUOTED_TEXT_MAX),
    field: targetRefSchema.optional(),
  }),
  /**
   * Go to a place on the page by its name: select a tab, follow a link, open a menu or section;
   * nothing to do when it is already there. ("Go to Members", "Switch to the Billing tab".)
   */
  z.object({ kind: z.literal('go-to'), target: targetRefSchema }),
  /**
   * Do what a verb asks ("Remove", "Archive", "Sign out", "Save profile") with the control that
   * names it, looked for near the object when there is one (the "Remove" button in the row of
   * "Jonas Berg"), in menus that hold it when it is not in view.
   */
  z.object({ kind: z.literal('command'), verb: z.string().min(1).max(100), object: targetRefSchema.optional() }),
  /** Bring a target into view, exploring (scroll, expand, switch tabs, open menus, page) until it shows. */
  z.object({ kind: z.literal('find'), target: targetRefSchema }),
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
  return describeTarget(target);
}

/** A field as "the 'Email' field" names it; a bare role keeps its own noun ("the second text box"). */
function fieldPhrase(field: TargetRef, noun: string): string {
  if (field.name !== undefined && field.ordinal === undefined && field.within === undefined)
    return `the ${quoteForPeople(field.name)} ${noun}`;
  return describeTarget(field.role === undefined ? { ...field, role: noun } : field);
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
      return isBareOpenTarget(intent.target)
        ? `Open ${intent.target}`
        : `Open the address ${quoteForPeople(intent.target)}`;
    case 'click':
    case 'double-click':
      return `${intent.kind === 'click' ? 'Click' : 'Double-click'} ${pointerTarget(intent.target)}`;
    case 'hover':
      return `Hover over ${pointerTarget(intent.target)}`;
    case 'type':
      return intent.field === undefined
        ? `Type ${quoteForPeople(intent.text)}`
        : `Type ${quoteForPeople(intent.text)} into ${fieldPhrase(intent.field, 'field')}`;
    case 'clear':
      return `Clear ${fieldPhrase(intent.field, 'field')}`;
    case 'select':
      return `Select ${quoteForPeople(intent.option)} from ${fieldPhrase(intent.field, 'dropdown')}`;
    case 'choose':
      return intent.group === undefined
        ? `Choose the ${quoteForPeople(intent.option)} radio button`
        : `Choose the ${quoteForPeople(intent.option)} radio button for ${quoteForPeople(intent.group)}`;
    case 'check':
    case 'uncheck':
      return `${intent.kind === 'check' ? 'Check' : 'Uncheck'} ${fieldPhrase(intent.target, 'checkbox')}`;
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
    case 'pick':
      return intent.within === undefined
        ? `Pick ${quoteForPeople(intent.option)}`
        : `Pick ${quoteForPeople(intent.option)} in ${describeTarget(intent.within)}`;
    case 'toggle':
      return `Turn ${intent.on ? 'on' : 'off'} ${describeTarget(intent.target)}`;
    case 'set':
      return `Set ${describeTarget(intent.target)} to ${quoteForPeople(intent.value)}`;
    case 'expand':
    case 'collapse':
      return `${intent.kind === 'expand' ? 'Expand' : 'Collapse'} ${describeTarget(intent.target)}`;
    case 'dismiss':
      return intent.target === undefined ? 'Close' : `Close ${describeTarget(intent.target)}`;
    case 'confirm':
      return intent.target === undefined ? 'Confirm in the dialog' : `Confirm with ${describeTarget(intent.target)}`;
    case 'search':
      return intent.field === undefined
        ? `Search for ${quoteForPeople(intent.text)}`
        : `Search for ${quoteForPeople(intent.text)} in ${fieldPhrase(intent.field, 'field')}`;
    case 'find':
      return `Find ${describeTarget(intent.target)}`;
    case 'go-to':
      return `Go to ${describeTarget(intent.target)}`;
    case 'command': {
      const verb = intent.verb.charAt(0).toUpperCase() + intent.verb.slice(1);
      return intent.object === undefined ? verb : `${verb} ${describeTarget(intent.object)}`;
    }
  }
}
