import type { Reflector, Screen, StepCheck } from '@sandpiper/core';
import { throwIfCancelled } from '@sandpiper/core';
import type { AccessibilityNode, Box, Point } from '@sandpiper/protocol';
import type { Directive, PointerDirective } from '../grammar/index.js';
import { locateTarget } from '../grounding/grounder.js';
import { describeTarget, parseStep, quote } from '../grammar/index.js';
import type { ScreenReader } from '../screen/screen-reader.js';
import { findVisibleText } from '../screen/visible-text.js';
import { type CheckContext, didPerform, lastPointerPoint, pass, reject } from './check-context.js';
import { checkSelected, checkToggled, checkTyped } from './field-checks.js';
import { ANYWHERE_THRESHOLD, NEAR_THRESHOLD, measureChange } from './pixel-change.js';

const dialogRoles = new Set(['dialog', 'alertdialog']);

function signature(node: AccessibilityNode): string {
  return JSON.stringify([
    node.role,
    node.name,
    node.value ?? null,
    node.checked ?? null,
    node.expanded ?? null,
    node.disabled === true,
  ]);
}

/**
 * How the accessible content differs between two screens, ignoring positions and focus: the
 * first node that appeared, changed or disappeared. Undefined when it is the same, or when either
 * screen has no accessibility data.
 */
export function contentChange(reader: ScreenReader, before: Screen, after: Screen): string | undefined {
  const earlier = reader.nodes(before);
  const later = reader.nodes(after);
  if (earlier === undefined || later === undefined) return undefined;
  const remaining = new Map<string, number>();
  for (const node of earlier) remaining.set(signature(node), (remaining.get(signature(node)) ?? 0) + 1);
  for (const node of later) {
    const count = remaining.get(signature(node)) ?? 0;
    if (count === 0) return `the ${node.role} ${quote(node.name)} appeared or changed`;
    remaining.set(signature(node), count - 1);
  }
  const gone = earlier.find((node) => (remaining.get(signature(node)) ?? 0) > 0);
  return gone === undefined ? undefined : `the ${gone.role} ${quote(gone.name)} disappeared`;
}

function dialogCount(reader: ScreenReader, screen: Screen): number {
  return (reader.nodes(screen) ?? []).filter((node) => dialogRoles.has(node.role)).length;
}

/** Where the page is: its address and title, when the environment reports them. */
function place(screen: Screen): { url?: string; title?: string } {
  return {
    ...((screen.capture.url ?? screen.observation.url) === undefined
      ? {}
      : { url: screen.capture.url ?? screen.observation.url }),
    ...((screen.capture.title ?? screen.observation.title) === undefined
      ? {}
      : { title: screen.capture.title ?? screen.observation.title }),
  };
}

/** Margin around the clicked element whose pixels are ignored too (focus rings), in pixels. */
const OWN_MARGIN = 4;

/** The clicked element's box on the screen before, grown by a margin; undefined when the click was elsewhere. */
async function clickedBox(context: CheckContext, directive: PointerDirective, at: Point): Promise<Box | undefined> {
  const query = { text: directive.target, ...(directive.role === undefined ? {} : { role: directive.role }) };
  const found = await locateTarget(context.handle, context.reader, context.input.before, query);
  const box = found.best?.box;
  if (box === undefined || at.x < box.x || at.x > box.x + box.width || at.y < box.y || at.y > box.y + box.height) {
    return undefined;
  }
  return {
    x: box.x - OWN_MARGIN,
    y: box.y - OWN_MARGIN,
    width: box.width + 2 * OWN_MARGIN,
    height: box.height + 2 * OWN_MARGIN,
  };
}

/**
 * Click-like steps: the address or title changed, a dialog opened, the accessible content changed,
 * or pixels changed near the click or anywhere, not counting the clicked element itself (its hover
 * and focus styles change whether or not the click did anything).
 */
async function checkClicked(context: CheckContext, directive: PointerDirective): Promise<StepCheck> {
  const { before, after } = context.input;
  const target = describeTarget(directive);
  const at = lastPointerPoint(context);
  if (at === undefined) return reject(`No ${directive.kind} on ${target} was performed.`);
  const from = place(before);
  const to = place(after);
  if (from.url !== to.url && to.url !== undefined)
    return pass(`The address changed to ${to.url} after the ${directive.kind} on ${target}.`);
  if (from.title !== to.title && to.title !== undefined)
    return pass(`The title changed to ${quote(to.title)} after the ${directive.kind} on ${target}.`);
  if (dialogCount(context.reader, after) > dialogCount(context.reader, before))
    return pass(`A dialog opened after the ${directive.kind} on ${target}.`);
  const content = contentChange(context.reader, before, after);
  if (content !== undefined) return pass(`After the ${directive.kind} on ${target}, ${content}.`);
  const change = await measureChange(context.reader, before, after, at, await clickedBox(context, directive, at));
  if (change.near >= NEAR_THRESHOLD)
    return pass(`${change.near} pixels changed around the ${directive.kind} on ${target}.`);
  if (change.total >= ANYWHERE_THRESHOLD)
    return pass(`The screen changed (${change.total} pixels) after the ${directive.kind} on ${target}.`);
  return reject(`Nothing visible changed after the ${directive.kind} on ${target}.`);
}

async function checkScreenChanged(context: CheckContext, what: string): Promise<StepCheck> {
  const from = place(context.input.before);
  const to = place(context.input.after);
  if (from.url !== to.url && to.url !== undefined) return pass(`The address changed to ${to.url} after ${what}.`);
  const change = await measureChange(context.reader, context.input.before, context.input.after);
  return change.total >= NEAR_THRESHOLD
    ? pass(`The screen changed (${change.total} pixels) after ${what}.`)
    : reject(`Nothing visible changed after ${what}.`);
}

/**
 * A key press passes when the screen changed; when nothing changed it still passes, saying so,
 * because many presses legitimately show nothing new (Enter in a search box that filters as you
 * type) and pressing again would not change that. The judge still checks the task's outcome.
 */
async function checkPressed(context: CheckContext, chord: string): Promise<StepCheck> {
  if (!didPerform(context, 'key')) return reject(`${chord} was not pressed.`);
  const changed = await checkScreenChanged(context, `pressing ${chord}`);
  if (changed.passed) return changed;
  return pass(`Pressed ${chord}; nothing visible changed, so the key had no visible effect here.`);
}

async function checkScrolled(context: CheckContext, edge: 'top' | 'bottom'): Promise<StepCheck> {
  const change = await measureChange(context.reader, context.input.before, context.input.after);
  if (change.total > 0) return pass(`The page moved toward the ${edge} (${change.total} pixels changed).`);
  return pass(`Nothing moved: the page was already at the ${edge}, or it does not scroll.`);
}

async function checkOpened(context: CheckContext, target: string): Promise<StepCheck> {
  if (!didPerform(context, 'open')) return reject(`${target} was not opened.`);
  const to = place(context.input.after).url;
  const from = place(context.input.before).url;
  if (to !== undefined && (to !== from || to.includes(target))) return pass(`The browser shows ${to}.`);
  return checkScreenChanged(context, `opening ${target}`);
}

function checkDirective(context: CheckContext, directive: Directive): Promise<StepCheck> | StepCheck {
  switch (directive.kind) {
    case 'open':
      return checkOpened(context, directive.target);
    case 'click':
    case 'double-click':
      return checkClicked(context, directive);
    case 'hover':
      return didPerform(context, 'move')
        ? pass(`The pointer is on ${describeTarget(directive)}; hovering needs no visible change.`)
        : reject(`The pointer was not moved onto ${describeTarget(directive)}.`);
    case 'type':
    case 'clear':
      return checkTyped(context, directive);
    case 'select':
      return checkSelected(context, directive);
    case 'choose':
    case 'check':
    case 'uncheck':
      return checkToggled(context, directive);
    case 'press':
      return checkPressed(context, directive.keys.join('+'));
    case 'scroll':
      return checkScrolled(context, directive.direction === 'down' ? 'bottom' : 'top');
    case 'scroll-to':
      return checkScrolled(context, directive.edge);
    case 'wait':
      return didPerform(context, 'wait') ? pass(`Waited ${directive.ms} ms.`) : reject('The wait did not happen.');
    case 'wait-for':
      return checkTextVisible(context, directive.text);
  }
}

async function checkTextVisible(context: CheckContext, text: string): Promise<StepCheck> {
  const seen = await findVisibleText(context.handle, context.reader, context.input.after, text, { ocrFallback: true });
  if (seen?.place === 'on-screen') return pass(`${quote(text)} is visible (${seen.source}: "${seen.seen}").`);
  if (seen?.place === 'off-screen') return reject(`${quote(text)} is on the page but scrolled out of view.`);
  return reject(`${quote(text)} is not visible on screen.`);
}

/** The rules reflector: checks the visible effect each kind of step should have. */
export function createRulesReflector(reader: ScreenReader): Reflector {
  return {
    async check(handle, input) {
      throwIfCancelled(handle);
      const directive = parseStep(input.step.text);
      if (directive === undefined)
        return reject(`The step text "${input.step.text}" cannot be read, so its effect cannot be checked.`);
      return checkDirective({ handle, reader, input }, directive);
    },
  };
}
