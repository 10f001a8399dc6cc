import type { Screen } from '@sandpiper/core';
import type { Directive, PointerDirective } from '../grammar/index.js';
import { describeTarget, quote } from '../grammar/index.js';
import type { CheckContext } from '../step-checks/check-context.js';
import { findVisibleText } from '../screen/visible-text.js';
import type { StepEvidence } from './extract-evidence.js';
import type { RegionKind } from './labelled-region.js';
import { judgeSelected, judgeToggled, judgeTyped } from './judge-fields.js';
import { cite, fail, guardSideEffects, noiseNote, strongest, succeed, type Judgment } from './verdict.js';

const FIELD_ROLES = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox', 'textarea', 'listbox']);

function place(screen: Screen): { url?: string; title?: string } {
  const url = screen.capture.url ?? screen.observation.url;
  const title = screen.capture.title ?? screen.observation.title;
  return { ...(url === undefined ? {} : { url }), ...(title === undefined ? {} : { title }) };
}

/** A new address or title: the page itself says it changed. */
function pageMoved(context: CheckContext): string | undefined {
  const from = place(context.input.before);
  const to = place(context.input.after);
  if (to.url !== undefined && from.url !== to.url) return `the address changed to ${to.url}`;
  if (to.title !== undefined && from.title !== to.title) return `the title changed to ${quote(to.title)}`;
  return undefined;
}

/**
 * When the pixels could not be compared, what the accessibility snapshots alone show changed
 * (ignoring focus); undefined when the pixels were compared or nothing changed there.
 */
function accessibilityOnly(evidence: StepEvidence): string | undefined {
  if (evidence.pixels.type === 'pixels') return undefined;
  const change = evidence.changes.find((candidate) => candidate.kind !== 'focus');
  if (change === undefined) return undefined;
  const name = change.node.name === '' ? `a ${change.node.role}` : `the ${change.node.role} ${quote(change.node.name)}`;
  return `${name} ${change.kind === 'appeared' ? 'appeared' : change.kind === 'disappeared' ? 'went away' : 'changed'} (accessibility data${unreadable(evidence)})`;
}

function unreadable(evidence: StepEvidence): string {
  if (evidence.pixels.type === 'unreadable') return ` (${evidence.pixels.reason}, so no pixels were compared)`;
  if (evidence.pixels.type === 'resized') {
    const { before, after } = evidence.pixels;
    return ` (the screen changed size from ${before.width}×${before.height} to ${after.width}×${after.height}, so no pixels were compared)`;
  }
  return '';
}

/**
 * A click passes on an effect beyond the clicked element's own restyling: a dialog or menu, a new
 * view, a changed control, content updated near or far. Focus alone counts only for a field.
 */
function judgeClicked(context: CheckContext, evidence: StepEvidence, directive: PointerDirective): Judgment {
  const target = describeTarget(directive);
  if (evidence.executed.lastPoint === undefined) return fail(`No ${directive.kind} on ${target} was performed.`);
  const moved = pageMoved(context);
  if (moved !== undefined) return succeed(`After the ${directive.kind} on ${target}, ${moved}.`);
  const kinds: RegionKind[] = ['popup', 'navigation', 'toggle', 'field-text', 'consequence', 'near-action', 'scroll'];
  const role = evidence.actedOn?.role ?? evidence.target?.node?.role;
  if (role !== undefined && FIELD_ROLES.has(role)) kinds.push('focus', 'own-look');
  const effect = strongest(evidence.regions, kinds);
  if (effect !== undefined) {
    return guardSideEffects(succeed(`After the ${directive.kind} on ${target}, ${cite(effect)}.`), evidence.regions);
  }
  const structural = accessibilityOnly(evidence);
  if (structural !== undefined) return succeed(`After the ${directive.kind} on ${target}, ${structural}.`);
  const own = evidence.regions.find((region) => region.kind === 'own-look' || region.kind === 'focus');
  const others = evidence.regions.filter((region) => region.kind === 'side-effect');
  const elsewhere = others.length > 0 ? `; only unexplained places changed: ${others.map(cite).join('; ')}` : '';
  const restyle = own === undefined ? '' : ` beyond ${own.description}`;
  return fail(
    `Nothing action-relevant changed after the ${directive.kind} on ${target}${restyle}${elsewhere}${noiseNote(evidence.regions)}${unreadable(evidence)}: the click had no effect.`,
  );
}

/**
 * A key press passes on any action-relevant change; one that changes nothing passes too, saying
 * so, because many presses legitimately show nothing new (Enter in a box that filters as you
 * type) and pressing again would not change that. A press whose only effect is elsewhere fails.
 */
function judgePressed(context: CheckContext, evidence: StepEvidence, chord: string): Judgment {
  if (!evidence.executed.actions.some((action) => action.type === 'key')) return fail(`${chord} was not pressed.`);
  const moved = pageMoved(context);
  if (moved !== undefined) return succeed(`After pressing ${chord}, ${moved}.`);
  const effect = strongest(evidence.regions, [
    'popup',
    'navigation',
    'toggle',
    'field-text',
    'consequence',
    'near-action',
    'scroll',
    'focus',
    'own-look',
  ]);
  if (effect !== undefined)
    return guardSideEffects(succeed(`After pressing ${chord}, ${cite(effect)}.`), evidence.regions);
  const structural = accessibilityOnly(evidence);
  if (structural !== undefined) return succeed(`After pressing ${chord}, ${structural}.`);
  const others = evidence.regions.filter((region) => region.kind === 'side-effect');
  if (others.length > 0) {
    return fail(`Pressing ${chord} changed only places it does not explain: ${others.map(cite).join('; ')}.`);
  }
  return succeed(
    `Pressed ${chord}; nothing action-relevant changed, so the key had no visible effect here${noiseNote(evidence.regions)}.`,
  );
}

function judgeScrolled(evidence: StepEvidence, edge: 'top' | 'bottom'): Judgment {
  const moved = evidence.regions.find((region) => region.kind !== 'noise');
  if (moved !== undefined) return succeed(`The page moved toward the ${edge}: ${cite(moved)}.`);
  return succeed(`Nothing moved: the page was already at the ${edge}, or it does not scroll${unreadable(evidence)}.`);
}

function judgeOpened(context: CheckContext, evidence: StepEvidence, target: string): Judgment {
  if (!evidence.executed.actions.some((action) => action.type === 'open')) return fail(`${target} was not opened.`);
  const to = place(context.input.after).url;
  const from = place(context.input.before).url;
  if (to !== undefined && (to !== from || to.includes(target))) return succeed(`The browser shows ${to}.`);
  const effect = strongest(evidence.regions, ['navigation', 'consequence', 'near-action', 'popup']);
  return effect === undefined
    ? fail(`Nothing changed after opening ${target}${unreadable(evidence)}.`)
    : succeed(`After opening ${target}, ${cite(effect)}.`);
}

async function judgeTextVisible(context: CheckContext, text: string): Promise<Judgment> {
  const { handle, reader, input } = context;
  const seen = await findVisibleText(handle, reader, input.after, text, { ocrFallback: true });
  if (seen?.place === 'on-screen') return succeed(`${quote(text)} is visible (${seen.source}: "${seen.seen}").`);
  if (seen?.place === 'off-screen') return fail(`${quote(text)} is on the page but scrolled out of view.`);
  return fail(`${quote(text)} is not visible on screen.`);
}

/** Stage 2: does the cleaned evidence show the step's intended effect? */
export async function judgeStep(
  context: CheckContext,
  evidence: StepEvidence,
  directive: Directive,
  radius: number,
): Promise<Judgment> {
  switch (directive.kind) {
    case 'open':
      return judgeOpened(context, evidence, directive.target);
    case 'click':
    case 'double-click':
      return judgeClicked(context, evidence, directive);
    case 'hover':
      return evidence.executed.actions.some((action) => action.type === 'move')
        ? succeed(`The pointer is on ${describeTarget(directive)}; hovering needs no visible change.`)
        : fail(`The pointer was not moved onto ${describeTarget(directive)}.`);
    case 'type':
    case 'clear':
      return judgeTyped(context, evidence, directive, radius);
    case 'select':
      return judgeSelected(context, evidence, directive, radius);
    case 'choose':
    case 'check':
    case 'uncheck':
      return judgeToggled(context, evidence, directive, radius);
    case 'press':
      return judgePressed(context, evidence, directive.keys.join('+'));
    case 'scroll':
      return judgeScrolled(evidence, directive.direction === 'down' ? 'bottom' : 'top');
    case 'scroll-to':
      return judgeScrolled(evidence, directive.edge);
    case 'wait':
      return evidence.executed.actions.some((action) => action.type === 'wait')
        ? succeed(`Waited ${directive.ms} ms.`)
        : fail('The wait did not happen.');
    case 'wait-for':
      return judgeTextVisible(context, directive.text);
  }
}
