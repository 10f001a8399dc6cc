import type { AccessibilityNode, Action, EnvironmentInfo } from '@sandpiper/protocol';

type EnvironmentKind = EnvironmentInfo['kind'];
import { readScreenContext, type ScreenContext } from './sensitive-context.js';
import {
  clip,
  fromContext,
  hasValue,
  isCredentialField,
  readControl,
  submitsForm,
  type Finding,
  type NamedTarget,
} from './sensitive-control.js';
import { ARRANGES_ONLY, COMPOSER_FIELD, DISMISS, plain, type SensitiveCategory } from './sensitive-lexicon.js';
import { stepTargetName } from './sensitive-step.js';

export { sensitiveCategories, type SensitiveCategory } from './sensitive-lexicon.js';
export type { NamedTarget } from './sensitive-control.js';

/**
 * The action guard's reading of one action. Sensitive: it commits something the person may want
 * to decide, with the category and one sentence naming what was read. Not sensitive: nothing on
 * the screen says it commits anything; `uncertain` is set when the guard could not read what a
 * generic answer (OK, Continue, Save) answers, which the conservative policy treats as sensitive.
 */
export type SensitivityVerdict =
  | { readonly sensitive: false; readonly uncertain?: string }
  | { readonly sensitive: true; readonly category: SensitiveCategory; readonly reason: string };

/** One action about to run, with what is known about where it lands. */
export interface ActionUnderReview {
  readonly action: Action;
  /** The element acted on: a node of `nodes` when the snapshot shows it, else what grounding named. */
  readonly target?: AccessibilityNode | NamedTarget;
  /** The accessibility snapshot of the screen the action was decided on. */
  readonly nodes?: readonly AccessibilityNode[];
  /** The plan step being carried out; read last, and never for what a `type` action types. */
  readonly step?: string;
  /** What the environment is; on a desktop or a remote machine `open` starts a program. Browser when absent. */
  readonly environment?: EnvironmentKind;
}

const HARMLESS: SensitivityVerdict = { sensitive: false };
/** URL schemes that reach the local machine, the browser's own pages, or run script. */
const LOCAL_SCHEMES = new Set([
  'file',
  'javascript',
  'vbscript',
  'data',
  'chrome',
  'chrome-extension',
  'chrome-untrusted',
  'edge',
  'about',
  'view-source',
  'devtools',
  'filesystem',
]);
const SUBMIT_KEYS = /^(?:enter|return|numpadenter)$/i;
const PRESSABLE = new Set(['button', 'link', 'menuitem', 'switch']);

/**
 * Classify one action before it runs. Pure: reads only its input. The text a `type` action types
 * is never read: typing fills a field, and "Buy milk" in a to-do list buys nothing.
 */
export function classifyAction(input: ActionUnderReview): SensitivityVerdict {
  const { action } = input;
  switch (action.type) {
    case 'tool-call': {
      if (action.tool !== 'code') return HARMLESS;
      const command = ['command', 'code', 'script'].map((key) => action.input[key]).find((v) => typeof v === 'string');
      const shown = typeof command === 'string' ? `the shell command \`${clip(command)}\`` : 'a shell command';
      return sensitive('shell', `runs ${shown}`);
    }
    case 'open':
      return readOpen(action.target, input.environment ?? 'browser');
    case 'type':
      return readTyping(input);
    case 'key':
      return readKeys(input, action.keys);
    case 'hold-and-press':
      return readKeys(input, [...action.hold, ...action.press]);
    case 'click':
      // A right click opens a context menu; choosing from it is the next action.
      return action.button === 'right' ? HARMLESS : readPointer(input, 'clicks');
    case 'double-click':
      return readPointer(input, 'double-clicks');
    default:
      // Moving, scrolling, dragging, waiting and the agent's own done/fail change nothing by themselves.
      return HARMLESS;
  }
}

function readOpen(address: string, environment: EnvironmentKind): SensitivityVerdict {
  const trimmed = address.trim();
  // A browser opens addresses; a desktop runs what it is given, and any file it names is read.
  if (environment !== 'browser' && !/^https?:\/\//i.test(trimmed)) {
    return sensitive('program', `starts '${clip(trimmed)}' on the machine`);
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (!scheme || !LOCAL_SCHEMES.has(scheme) || /^about:blank$/i.test(trimmed)) return HARMLESS;
  return sensitive('local-file', `opens the ${scheme}: address '${clip(trimmed)}'`);
}

/** Typing commits nothing, whatever the text says; only typing a secret is sensitive. */
function readTyping(input: ActionUnderReview): SensitivityVerdict {
  const target = resolveTarget(input, 'field');
  if (target && isCredentialField(target, contextOf(input, target))) {
    return sensitive('credentials', `types into the credential field '${clip(target.name)}'`);
  }
  return HARMLESS;
}

/** Enter submits the focused field's form (or presses the focused button); other keys commit nothing. */
function readKeys(input: ActionUnderReview, keys: readonly string[]): SensitivityVerdict {
  if (!keys.some((key) => SUBMIT_KEYS.test(key))) return HARMLESS;
  const target = resolveTarget(input, 'field');
  if (!target) return HARMLESS;
  const chord = keys.join('+');
  const role = target.role ?? '';
  const context = contextOf(input, target);
  if (PRESSABLE.has(role)) return toVerdict(readControl(target, context, input.step), `presses ${chord} on`, target);
  // Enter in a select or a list picks an option; in a search field it searches.
  if (['combobox', 'listbox', 'option', 'searchbox'].includes(role) || /\bsearch\b/.test(plain(target.name))) {
    return HARMLESS;
  }
  const field = `presses ${chord} in '${clip(target.name)}'`;
  // Enter presses the form's submit button; which of its buttons that is the snapshot does not
  // say, so each button that may submit is read, the first that commits something counting.
  const submits = context?.scope.following.filter(submitsForm) ?? [];
  const submit = submits[0];
  const readings = submits.map((button) => ({
    button,
    finding: readControl(button, contextOf(input, button), undefined),
  }));
  const pressed =
    readings.find((reading) => reading.finding.kind === 'sensitive') ??
    readings.find((reading) => reading.finding.kind === 'uncertain');
  if (pressed?.finding.kind === 'sensitive') {
    return sensitive(
      pressed.finding.category,
      `${field} to submit like '${clip(pressed.button.name)}'${pressed.finding.tail}`,
    );
  }
  if (pressed?.finding.kind === 'uncertain') {
    return {
      sensitive: false,
      uncertain: `${field} to submit like '${clip(pressed.button.name)}'${pressed.finding.tail}`,
    };
  }
  if (isCredentialField(target)) return sensitive('credentials', `${field}, which submits the secret in it`);
  if (COMPOSER_FIELD.test(plain(target.name)) && hasValue(target)) {
    return sensitive('publishing', `${field}, which sends what is written in it`);
  }
  if (submit) return HARMLESS;
  // A form whose only button recalculates, searches or filters ("Recalculate"): Enter does that,
  // unless that button itself commits something ("Show key" in a dialog about a private key).
  const arranges = context?.scope.following.some(
    (node) =>
      node.role === 'button' &&
      ARRANGES_ONLY.test(plain(node.name)) &&
      !DISMISS.test(plain(node.name)) &&
      readControl(node, contextOf(input, node), undefined).kind === 'harmless',
  );
  if (arranges) return HARMLESS;
  const inherited = fromContext(context, undefined);
  return inherited?.kind === 'sensitive' ? sensitive(inherited.category, `${field}${inherited.tail}`) : HARMLESS;
}

function readPointer(input: ActionUnderReview, verb: string): SensitivityVerdict {
  const target = resolveTarget(input, 'control');
  if (!target) return HARMLESS;
  return toVerdict(readControl(target, contextOf(input, target), input.step), verb, target);
}

function toVerdict(finding: Finding, verb: string, target: AccessibilityNode | NamedTarget): SensitivityVerdict {
  const shown = `${verb} '${clip(target.name)}'`;
  switch (finding.kind) {
    case 'sensitive':
      return sensitive(finding.category, `${shown}${finding.tail}`);
    case 'uncertain':
      return { sensitive: false, uncertain: `${shown}${finding.tail}` };
    case 'harmless':
      return HARMLESS;
  }
}

/** The target as given (a snapshot node, or what grounding named), else the name the step gives it. */
function resolveTarget(
  input: ActionUnderReview,
  kind: 'control' | 'field',
): AccessibilityNode | NamedTarget | undefined {
  if (input.target) return input.target;
  const name = input.step ? stepTargetName(input.step, kind) : undefined;
  return name ? { name } : undefined;
}

function contextOf(input: ActionUnderReview, target: AccessibilityNode | NamedTarget): ScreenContext | undefined {
  return input.nodes && 'ref' in target ? readScreenContext(input.nodes, target) : undefined;
}

function sensitive(category: SensitiveCategory, reason: string): SensitivityVerdict {
  return { sensitive: true, category, reason };
}
