import type { Screen } from '@sandpiper/core';
import type {
  Directive,
  DisclosureDirective,
  DismissDirective,
  GoToDirective,
  PickDirective,
  PointerDirective,
  SearchDirective,
  SetDirective,
} from '../grammar/index.js';
import {
  describeTarget as describeElement,
  interactiveRoles,
  type AccessibilityNode,
  type TargetRef,
} from '@sandpiper/protocol';
import { locateTarget, queryFor, type LocateQuery } from '../grounding/grounder.js';
import type { TargetMatch } from '../grounding/candidates.js';
import { headerOf, nodeTree, rowCheckbox } from '../grounding/scope.js';
import { choiceInGroup, choiceShownBeside } from '../screen/shown-choice.js';
import { containsText, normalizeText, reaches, scoreText, withoutItemNoun } from '../grounding/text-score.js';
import { verbAt } from '../language/lexicon.js';
import { numberMeant, parseDate, parseDateRange, parseNumber, parseTime } from '../language/values.js';
import { fieldShows, optionShows } from '../operator/field-values.js';
import { findOptionIndex } from '../operator/field-steps.js';
import { commandNames, onState, valueForField } from '../operator/intent-steps.js';
import { isInViewport } from '../screen/screen-reader.js';
import { describeTarget, quote } from '../grammar/index.js';
import type { CheckContext } from '../step-checks/check-context.js';
import { findVisibleText } from '../screen/visible-text.js';
import type { StepEvidence } from './extract-evidence.js';
import { formRefusal, readsAsError } from './form-refusal.js';
import { containsPoint, within } from './geometry.js';
import { IN_PROGRESS, LIVE_ROLES } from './live-regions.js';
import type { RegionKind } from './labelled-region.js';
import { judgeSelected, judgeToggled, judgeTyped } from './judge-fields.js';
import {
  changed,
  cite,
  fail,
  guardSideEffects,
  noiseNote,
  refusedBy,
  strongest,
  succeed,
  type Judgment,
} from './verdict.js';

/** Controls that do something when clicked, rather than hold a choice. */
const actionRoles = new Set(['button', 'link', 'menuitem']);

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
  if (to.url !== undefined && from.url !== to.url) return `${NAVIGATED} ${to.url}`;
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
function judgeClicked(
  context: CheckContext,
  evidence: StepEvidence,
  directive: Pick<PointerDirective, 'kind'>,
  target: string,
  asked: 'the click' | 'an effect',
): Judgment {
  // A click the person asked for is done once it visibly answers; a click made to reach some
  // other effect (like, archive, open) shows only that something changed, not that effect.
  const pass = asked === 'the click' ? succeed : changed;
  if (evidence.executed.lastPoint === undefined) return fail(`No ${directive.kind} on ${target} was performed.`);
  const refused = formRefusal(context.input.before, context.input.after);
  if (refused !== undefined) {
    return refusedBy(`After the ${directive.kind} on ${target}, the page refused it: ${refused}.`, refused);
  }
  const moved = pageMoved(context);
  if (moved !== undefined) return succeed(`After the ${directive.kind} on ${target}, ${moved}.`);
  const kinds: RegionKind[] = ['popup', 'navigation', 'toggle', 'field-text', 'consequence', 'near-action', 'scroll'];
  const role = evidence.actedOn?.role ?? evidence.target?.node?.role;
  if (role !== undefined && FIELD_ROLES.has(role)) kinds.push('focus', 'own-look');
  const effect = strongest(evidence.regions, kinds);
  if (effect !== undefined) {
    return guardSideEffects(pass(`After the ${directive.kind} on ${target}, ${cite(effect)}.`), evidence.regions);
  }
  const structural = accessibilityOnly(evidence);
  if (structural !== undefined) return pass(`After the ${directive.kind} on ${target}, ${structural}.`);
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
  const refused = /\benter\b/i.test(chord) ? formRefusal(context.input.before, context.input.after) : undefined;
  if (refused !== undefined) return refusedBy(`After pressing ${chord}, the page refused it: ${refused}.`, refused);
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
    : changed(`After opening ${target}, ${cite(effect)}.`);
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
      return judgeClicked(context, evidence, directive, describeTarget(directive), 'the click');
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
    case 'toggle':
      return judgeOnOff(context, evidence, directive.target, directive.on);
    case 'set':
      return judgeSet(context, evidence, directive);
    case 'pick':
      return judgePick(context, evidence, directive);
    case 'expand':
    case 'collapse':
      return judgeDisclosure(context, evidence, directive);
    case 'dismiss':
      return judgeDismissed(context, evidence, directive);
    case 'confirm':
      return judgeConfirmed(context, evidence);
    case 'search':
      return judgeSearched(context, evidence, directive);
    case 'find':
      return judgeFound(context, directive.target);
    case 'go-to':
      return judgeWentTo(context, evidence, directive);
    case 'command': {
      if (evidence.executed.lastPoint === undefined && evidence.executed.actions.length === 0)
        return fail(`Nothing was done for ${describeTarget(directive)}.`);
      const said = newTextForVerb(context, directive.verb);
      const other =
        said === undefined ? undefined : otherItemNamed(context, said, directive.object?.name, directive.verb);
      if (said !== undefined && other !== undefined) {
        return fail(
          `After ${directive.verb}, the page says ${quote(said)}: that names ${quote(other)}, not ${quote(directive.object!.name!)}.`,
        );
      }
      if (said !== undefined) {
        const left = stillListed(context, directive.verb, directive.object?.name, said);
        return left === undefined
          ? succeed(`After ${directive.verb}, the page says ${quote(said)}.`)
          : fail(
              `After ${directive.verb}, the page says ${quote(said)}, but ${quote(left)} is still there: the ${directive.verb} hit something else.`,
            );
      }
      const gone = removedObject(context, directive.verb, directive.object?.name);
      if (gone !== undefined) return succeed(`After ${directive.verb}, ${quote(gone)} ${GONE_FROM_PAGE}.`);
      const toggled = toggledBy(context, evidence, directive.verb);
      if (toggled !== undefined) return toggled;
      // "Apply", "Save": with no object to be wrong about, the page's own new announcement answers
      // it, unless the page turned it down.
      const refused = formRefusal(context.input.before, context.input.after);
      if (refused !== undefined) return refusedBy(`After ${directive.verb}, the page refused it: ${refused}.`, refused);
      // "Apply the filters", "Save the changes": the object is the form itself, nothing to be wrong about.
      const formItself =
        directive.object === undefined ||
        (directive.object.within === undefined &&
          directive.object.ordinal === undefined &&
          /^(?:filters?|changes?|settings?|form|preferences|options)$/i.test(directive.object.name ?? ''));
      const news = formItself ? announced(context) : undefined;
      if (news !== undefined) return succeed(`After ${directive.verb}, the page announces ${quote(news)}.`);
      return judgeClicked(context, evidence, { kind: 'click' }, describeTarget(directive), 'an effect');
    }
  }
}

/**
 * A command carried out by a toggle button named for it ("Star", "Like", "Pin"): the button now
 * pressed (not pressed for "unstar", "unlike") is the state asked for, read on the screen; a
 * button left in the other state is a failure.
 */
function toggledBy(context: CheckContext, evidence: StepEvidence, verb: string): Judgment | undefined {
  const undoing = /^un/i.test(verb) && verb.length > 4;
  const stem = normalizeText(undoing ? verb.slice(2) : verb);
  const named = (name: string) => normalizeText(name).replace(/^un/, '').startsWith(stem);
  const change = evidence.changes.find(
    (candidate) =>
      candidate.kind === 'state' &&
      (candidate.what === 'pressed' || candidate.what === 'not pressed') &&
      named(candidate.node.name),
  );
  let toggle: { readonly name: string; readonly pressed: boolean } | undefined =
    change?.kind === 'state' ? { name: change.node.name, pressed: change.what === 'pressed' } : undefined;
  if (toggle === undefined) {
    // A toggle that renames itself as it turns ("♥ Liked" → "♡ Like") is read where it was clicked.
    const isToggle = (node: AccessibilityNode) => node.pressed !== undefined && named(node.name);
    const was = clickedControl(context, evidence, isToggle, context.input.lastActedOn);
    const now = clickedControl(context, evidence, isToggle, context.input.after);
    if (was !== undefined && now !== undefined && was.pressed !== now.pressed) {
      toggle = { name: now.name, pressed: now.pressed === true };
    }
  }
  if (toggle === undefined) return undefined;
  const wanted = !undoing;
  const name = quote(toggle.name);
  return toggle.pressed === wanted
    ? succeed(`${name} is now ${toggle.pressed ? 'pressed' : 'not pressed'}.`)
    : fail(`${name} became ${toggle.pressed ? 'pressed' : 'not pressed'}, the opposite of ${quote(verb)}.`);
}

/** Roles of the things a page lists and acts on, whose names a report of the effect may repeat. */
const itemRoles = new Set(['treeitem', 'row', 'listitem', 'gridcell', 'cell', 'option', 'article', 'link']);

/**
 * The name of another item that was on screen before, when `said` names it and not `wanted`
 * ("Deleted tests." after deleting 'button.test.tsx' inside the folder 'tests'): the verb took
 * effect on something else. Undefined when `said` names `wanted`, or no other item. An item
 * named for the verb itself ("Download" beside each invoice, for "Download started.") is none.
 */
function otherItemNamed(
  context: CheckContext,
  said: string,
  wanted: string | undefined,
  verb: string,
): string | undefined {
  if (wanted === undefined || containsText(said, wanted)) return undefined;
  const key = normalizeText(wanted);
  // A link named for the verb ("Download" beside each invoice) is the means, not another object.
  const means = normalizeText(verb);
  const names = (context.reader.nodes(context.input.before) ?? [])
    .filter((node) => itemRoles.has(node.role) && /\p{L}/u.test(node.name) && normalizeText(node.name).length >= 3)
    .map((node) => node.name)
    .filter((name) => normalizeText(name) !== key && normalizeText(name) !== means && containsText(said, name));
  return names.sort((first, second) => second.length - first.length)[0];
}

/** How a step check says the page went to a new address; the completion judge reads it back. */
export const NAVIGATED = 'the address changed to';

/** How a step check says a removal's object left the page; the completion judge reads it back. */
export const GONE_FROM_PAGE = 'is no longer on the page';

/** Roles of controls that act on something: their names may mention an object without being it. */
const commandRoles = new Set(['button', 'menuitem']);

/**
 * Whether a control's name is a verb on the object and little more ("Share project" for
 * "project"); a long name that happens to begin with a verb (a message "Review the Q3 budget…"
 * shown as one button) is an item's.
 */
function commandOn(name: string, object: string): boolean {
  const words = name.toLowerCase().split(/\s+/u).filter(Boolean);
  const objectWords = object.split(/\s+/u).filter(Boolean).length;
  return words.length <= objectWords + 2 && verbAt(words) !== undefined;
}

/** Commands whose effect is that their object leaves the page it was listed on. */
const removalVerbs = new Set(['remove', 'delete', 'archive', 'discard', 'clear', 'unassign', 'dismiss', 'trash']);

/**
 * For a removal of a named object: the name, the page the removal was done on (after paging to
 * it, say, rather than the step's first page) and the page after. Undefined for other commands.
 */
function removalPages(
  context: CheckContext,
  verb: string,
  object: string | undefined,
): { object: string; before: readonly AccessibilityNode[]; after: readonly AccessibilityNode[] } | undefined {
  if (object === undefined || !removalVerbs.has(normalizeText(verb))) return undefined;
  // The page the removal was done on: the last screen acted on, unless that was the dialog asking
  // to confirm it (a modal dialog hides the page), then the screen the step began carrying out on.
  const covered = (nodes: readonly AccessibilityNode[]) =>
    nodes.some((node) => node.role === 'dialog' || node.role === 'alertdialog');
  const last = context.input.lastActedOn === undefined ? undefined : context.reader.nodes(context.input.lastActedOn);
  const first = context.reader.nodes(context.input.before) ?? [];
  return {
    object,
    before: last === undefined || (covered(last) && !covered(first)) ? first : last,
    after: context.reader.nodes(context.input.after) ?? [],
  };
}

/**
 * The object of a removal ("Remove Mei Lin from Travellers") that was on the page before and is
 * gone after, while the page around it stayed (most of what was there still is, and no dialog
 * covers it, which would hide the page rather than change it). Undefined otherwise.
 */
function removedObject(context: CheckContext, verb: string, name: string | undefined): string | undefined {
  const removal = removalPages(context, verb, name);
  if (removal === undefined) return undefined;
  const { object, before, after: afterNodes } = removal;
  if (afterNodes.some((node) => node.role === 'dialog' || node.role === 'alertdialog')) return undefined;
  const naming = (node: AccessibilityNode): boolean => (scoreText(object, node.name)?.score ?? 0) >= 0.9;
  const was = before.find(naming);
  // A choice a list still offers, unchosen ("React" among the skills to pick), is not the item.
  const offered = (node: AccessibilityNode) => node.role === 'option' && node.selected !== true;
  if (
    was === undefined ||
    afterNodes.some((node) => !offered(node) && (scoreText(object, node.name)?.score ?? 0) >= 0.7)
  )
    return undefined;
  const names = new Set(afterNodes.map((node) => node.name));
  const named = before.filter((node) => node.name.trim() !== '');
  const kept = named.filter((node) => names.has(node.name)).length;
  return named.length > 0 && kept / named.length >= 0.6 ? was.name : undefined;
}

/**
 * The object of a removal still shown on the page after a message that the removal was done
 * ("Conversation deleted." while "Parking permits for 2026" is still listed), outside the message
 * itself and any live region: the removal hit something else.
 */
function stillListed(context: CheckContext, verb: string, name: string | undefined, said: string): string | undefined {
  const removal = removalPages(context, verb, name);
  if (removal === undefined) return undefined;
  const { object, before, after } = removal;
  // A message that names the object ("'Q3 report' archived") says which one went.
  if (reaches(scoreText(object, said), 'contains')) return undefined;
  // A control named for another command on the object ("Share project") is not the object.
  const naming = (node: AccessibilityNode): boolean =>
    (scoreText(object, node.name)?.score ?? 0) >= 0.7 && !(commandRoles.has(node.role) && commandOn(node.name, object));
  if (!before.some(naming)) return undefined;
  const shown = after.find(
    (node) => naming(node) && node.name !== said && node.role !== 'status' && node.role !== 'alert',
  );
  return shown?.name;
}

/**
 * A text that was not on screen before and names what the verb did ("Your account is scheduled
 * for deletion." after "delete", "Archived" after "archive"): the page reporting the effect.
 */
function newTextForVerb(context: CheckContext, verb: string): string | undefined {
  // "log in" is reported as "Signed in as …": each name the command goes by counts.
  for (const name of commandNames(verb)) {
    const said = newTextForWord(context, name);
    if (said !== undefined) return said;
  }
  return undefined;
}

function newTextForWord(context: CheckContext, verb: string): string | undefined {
  const word = normalizeText(verb).split(' ')[0] ?? '';
  const stem = word.length > 5 && word.endsWith('e') ? word.slice(0, -1) : word;
  if (stem.length < 4) return undefined;
  const pattern = new RegExp(`\\b${stem}\\p{L}*`, 'iu');
  // A control named by the verb itself ("Follow" for someone else) says nothing; "Following" does.
  // Nor does news of the command going wrong ("Archive failed").
  return newlyShown(context, (name) => normalizeText(name) !== word && pattern.test(name) && !readsAsError(name));
}

/**
 * What a live region on screen newly says after the step ("16 jobs match your filters." after
 * "Apply filters"): the page's own answer to the action. What it said before, an error, or news
 * of work still under way is none.
 */
function announced(context: CheckContext): string | undefined {
  const said = (screen: Screen): string[] => {
    const nodes = context.reader.nodes(screen) ?? [];
    return nodes
      .filter((node) => LIVE_ROLES.has(node.role) && isInViewport(node.box, screen))
      .map((region) => {
        if (region.name.trim() !== '') return region.name.trim();
        const held = nodes.filter((node) => node !== region && node.name !== '' && within(node.box, region.box));
        return held
          .map((node) => node.name.trim())
          .join(' ')
          .trim();
      })
      .filter((text) => text !== '');
  };
  const before = new Set(said(context.input.before));
  // A message that opens with a verb asks the person for something ("Agree to the terms to continue").
  const asks = (text: string) => verbAt([normalizeText(text).split(' ')[0] ?? '']) !== undefined;
  return said(context.input.after).find(
    (text) => !before.has(text) && !readsAsError(text) && !IN_PROGRESS.test(text) && !asks(text),
  );
}

/** Locate a target on the screen after the step. */
async function after(context: CheckContext, query: LocateQuery) {
  return locateTarget(context.handle, context.reader, context.input.after, query);
}

async function judgeOnOff(
  context: CheckContext,
  evidence: StepEvidence,
  target: TargetRef,
  on: boolean,
): Promise<Judgment> {
  const name = describeElement(target);
  const found = await after(context, queryFor(target, 'switch'));
  const state = onState(found.best?.node);
  if (state !== undefined) {
    return state === on
      ? succeed(`${capital(name)} is ${on ? 'on' : 'off'}.`)
      : fail(`${capital(name)} is ${state ? 'on' : 'off'}, not ${on ? 'on' : 'off'}.`);
  }
  if (evidence.executed.actions.length === 0)
    return fail(`${capital(name)} shows no state, and nothing was done to it.`);
  return judgeClicked(context, evidence, { kind: 'click' }, name, 'an effect');
}

/** Whether a control shows the wanted value, in any spelling of a number, date or time it may use. */
export function sameValue(shown: string | undefined, wanted: string, node: AccessibilityNode | undefined): boolean {
  if (shown === undefined) return false;
  if (fieldShows(shown, wanted) || optionShows(shown, wanted)) return true;
  const converted = valueForField(node, wanted);
  if (fieldShows(shown, converted)) return true;
  const wantedNumber =
    node?.role === 'slider' || node?.role === 'spinbutton' ? numberMeant(wanted) : parseNumber(wanted);
  const shownNumber = parseNumber(shown);
  if (wantedNumber !== undefined && shownNumber !== undefined && Math.abs(wantedNumber - shownNumber) < 1e-9)
    return true;
  const wantedRange = parseDateRange(wanted);
  const shownRange = parseDateRange(shown);
  if (wantedRange !== undefined && shownRange !== undefined)
    return JSON.stringify(wantedRange) === JSON.stringify(shownRange);
  const wantedDate = parseDate(wanted);
  const shownDate = parseDate(shown) ?? isoDate(shown);
  if (wantedDate !== undefined && shownDate !== undefined)
    return JSON.stringify(wantedDate) === JSON.stringify(shownDate);
  const wantedTime = parseTime(wanted);
  const shownTime = parseTime(shown);
  if (wantedTime !== undefined && shownTime !== undefined)
    return wantedTime.hour === shownTime.hour && wantedTime.minute === shownTime.minute;
  // The option the value stands for in this dropdown ("Berlin" → "(UTC+01:00) Berlin"), as the
  // operator chose it.
  const options = node?.options;
  const index = options === undefined ? undefined : findOptionIndex(options, wanted);
  if (index !== undefined && normalizeText(options![index] ?? '') === normalizeText(shown)) return true;
  // An option shown with more words than were asked for ("CC-330" → "CC-330 Research").
  const score = scoreText(wanted, shown);
  return reaches(score, 'prefix') && normalizeText(wanted).length >= 3;
}

function isoDate(text: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : undefined;
}

async function judgeSet(context: CheckContext, evidence: StepEvidence, directive: SetDirective): Promise<Judgment> {
  const name = describeElement(
    directive.target.role === undefined ? { ...directive.target, role: 'field' } : directive.target,
  );
  // "Visit type" named by a group of radios: its value is the radio chosen (a label-based match
  // would take the field below the group for it).
  const group = choiceInGroup(
    context.reader.tree(context.input.after) ?? [],
    directive.target,
    directive.value,
    (shown, wanted) => sameValue(shown, wanted, undefined),
  );
  if (group !== undefined) return group.chosen ? succeed(group.detail) : fail(group.detail);
  const found = await after(context, queryFor(directive.target, directive.target.role ?? 'field'));
  // A column's order is its header's, whichever part of the header was found.
  const header =
    directive.target.role === 'column header'
      ? headerOf(nodeTree(context.reader.tree(context.input.after) ?? []), found.best?.node)
      : undefined;
  const node = header ?? found.best?.node;
  if (node === undefined) {
    // A radio group named by the field: the radio named by the value is chosen.
    const radio = await after(context, { text: directive.value, role: 'radio' });
    if (radio.best?.node?.checked === true) return succeed(`The ${quote(directive.value)} option is selected.`);
    const toggle = await after(context, queryFor(directive.target, 'switch'));
    if (onState(toggle.best?.node) !== undefined) {
      const state = onState(toggle.best?.node);
      return state === /^(?:on|yes|true|enabled?|checked|active|public|visible|shown)$/i.test(directive.value.trim())
        ? succeed(`${capital(name)} is ${state ? 'on' : 'off'}.`)
        : fail(`${capital(name)} is ${state ? 'on' : 'off'}.`);
    }
    if (found.best === undefined) return fail(`${capital(name)} is not on screen after setting it.`);
    // Found only by its text (OCR): a change where the pointer went says nothing about the value,
    // so the value itself must be on screen.
    // The value shown as the name of a choice not made ("Dark" beside an unticked radio) is no value.
    const choice = unmadeChoice(context.reader.nodes(context.input.after) ?? [], directive.value);
    if (choice !== undefined) return fail(`The ${quote(choice.name)} ${choice.role} is not selected.`);
    const shown = await judgeTextVisible(context, directive.value);
    return shown.passed
      ? shown
      : fail(`${capital(name)} does not show ${quote(directive.value)}: ${shown.keyEvidence}`);
  }
  const state = onState(node);
  if (state !== undefined && (node.role === 'checkbox' || node.role === 'switch' || node.role === 'menuitemcheckbox')) {
    const wanted = /^(?:on|yes|true|enabled?|checked|active|public|visible|shown)$/i.test(directive.value.trim());
    return state === wanted
      ? succeed(`${capital(name)} is ${state ? 'on' : 'off'}.`)
      : fail(`${capital(name)} is ${state ? 'on' : 'off'}.`);
  }
  if (sameValue(node.value, directive.value, node))
    return succeed(`${capital(name)} shows ${quote(node.value ?? '')}.`);
  // A searchable select shows its choice beside its text box, which empties once it is made.
  const shown = choiceShownBeside(context.reader.nodes(context.input.after) ?? [], node, directive.value);
  if (shown !== undefined) return succeed(`${capital(name)} shows ${quote(shown)}.`);
  return fail(`${capital(name)} shows ${quote(node.value ?? '')}, not ${quote(directive.value)}.`);
}

/** A radio, option, tab or checkbox named like the value that is not chosen (exported for tests). */
export function unmadeChoice(nodes: readonly AccessibilityNode[], value: string): AccessibilityNode | undefined {
  const choiceRoles = new Set(['radio', 'option', 'tab', 'checkbox', 'menuitemradio', 'switch']);
  return nodes.find(
    (node) =>
      choiceRoles.has(node.role) &&
      normalizeText(node.name) === normalizeText(value) &&
      node.checked !== true &&
      node.selected !== true,
  );
}

async function judgePick(context: CheckContext, evidence: StepEvidence, directive: PickDirective): Promise<Judgment> {
  const query: LocateQuery = {
    text: directive.option,
    ...(directive.within === undefined ? {} : { within: directive.within }),
  };
  const found = await after(context, query);
  const node = found.best?.node;
  const picked =
    node === undefined
      ? undefined
      : node.role === 'tab' || node.role === 'option' || node.role === 'treeitem'
        ? node.selected
        : onState(node);
  if (picked === true) return succeed(`${capital(quote(directive.option))} is selected.`);
  // A row of a table or grid is picked by its checkbox.
  const rowBox = node === undefined ? undefined : rowCheckbox(context.reader.tree(context.input.after) ?? [], node);
  if (rowBox?.checked === true) return succeed(`The row of ${quote(directive.option)} is ticked.`);
  // Chosen in a dropdown: a field now shows it.
  // Only the field the option was picked in counts, and not while its list is still open: text
  // typed into a combobox is not yet a choice.
  const holder = directive.within?.name;
  const fields = (context.reader.nodes(context.input.after) ?? []).filter(
    (candidate) =>
      candidate.value !== undefined &&
      (candidate.role === 'combobox' || candidate.role === 'listbox' || candidate.role === 'textbox') &&
      !(candidate.role === 'combobox' && candidate.expanded === true) &&
      (holder === undefined || (scoreText(holder, candidate.name)?.score ?? 0) >= 0.7),
  );
  const showing = fields.find(
    (candidate) =>
      optionShows(candidate.value, directive.option) ||
      (candidate.value ?? '').split(/,\s*/).some((part) => optionShows(part, directive.option)),
  );
  if (showing !== undefined)
    return succeed(
      `${capital(showing.name === '' ? 'a field' : quote(showing.name))} shows ${quote(showing.value ?? '')}.`,
    );
  if (picked === false) return fail(`${capital(quote(directive.option))} is not selected.`);
  // "Choose 'Save'", "choose 'Sign out'": picking a button or a menu command is clicking it. A
  // menu closes once its item is clicked: the item is read where it was clicked.
  const clicked =
    node ??
    (await locateTarget(context.handle, context.reader, context.input.lastActedOn ?? context.input.before, query)).best
      ?.node;
  const command = clicked !== undefined && actionRoles.has(clicked.role) ? 'the click' : 'an effect';
  return judgeClicked(context, evidence, { kind: 'click' }, quote(directive.option), command);
}

async function judgeDisclosure(
  context: CheckContext,
  evidence: StepEvidence,
  directive: DisclosureDirective,
): Promise<Judgment> {
  const wanted = directive.kind === 'expand';
  const name = describeElement(directive.target);
  const found = await after(context, queryFor(directive.target));
  const node = found.best?.node;
  // An accordion's panel is named by its header, which carries the expanded state.
  const header =
    node === undefined || node.expanded !== undefined || node.name === ''
      ? undefined
      : (context.reader.nodes(context.input.after) ?? []).find(
          (candidate) => candidate.expanded !== undefined && candidate.name === node.name,
        );
  const expanded = node?.expanded ?? header?.expanded;
  if (expanded !== undefined)
    return expanded === wanted
      ? succeed(`${capital(name)} is ${wanted ? 'expanded' : 'collapsed'}.`)
      : fail(`${capital(name)} is ${expanded ? 'expanded' : 'collapsed'}.`);
  // A section that shows no state: expanding it shows controls that were hidden.
  const revealed = wanted ? newControls(context) : [];
  if (revealed.length > 0) return succeed(`${capital(name)} is expanded: ${listed(revealed)} appeared.`);
  return judgeClicked(context, evidence, { kind: 'click' }, name, 'an effect');
}

async function judgeDismissed(
  context: CheckContext,
  evidence: StepEvidence,
  directive: DismissDirective,
): Promise<Judgment> {
  const overlays = (screen: Screen) =>
    (context.reader.tree(screen) ?? []).filter(
      (node) =>
        (node.role === 'dialog' || node.role === 'alertdialog' || node.role === 'menu') &&
        isInViewport(node.box, screen),
    );
  if (directive.target !== undefined) {
    const name = describeElement(directive.target);
    const before = await locateTarget(context.handle, context.reader, context.input.before, queryFor(directive.target));
    const now = await after(context, queryFor(directive.target));
    // An open section closed by collapsing it: its header says so.
    const expandedIn = (screen: Screen, match: TargetMatch) => {
      const node = match.best?.node;
      if (node === undefined || node.expanded !== undefined) return node?.expanded;
      return (context.reader.nodes(screen) ?? []).find(
        (candidate) => candidate.expanded !== undefined && candidate.name === node.name,
      )?.expanded;
    };
    if (expandedIn(context.input.before, before) === true && expandedIn(context.input.after, now) === false)
      return succeed(`${capital(name)} is collapsed.`);
    // Gone from view, having been in view: a section only scrolled out of sight is still there.
    if (before.best?.inViewport === true && (now.best === undefined || !now.best.inViewport))
      return succeed(`${capital(name)} is gone.`);
    if (
      before.best !== undefined &&
      now.best !== undefined &&
      before.best.label === now.best.label &&
      Math.abs(before.best.box.y - now.best.box.y) < 2
    )
      return fail(`${capital(name)} is still on screen.`);
  }
  const was = overlays(context.input.before).length;
  const is = overlays(context.input.after).length;
  if (is < was)
    return succeed(`${was - is} dialog${was - is === 1 ? '' : 's'} or menu${was - is === 1 ? '' : 's'} closed.`);
  if (evidence.executed.actions.length === 0) return fail('Nothing was closed.');
  const effect = strongest(evidence.regions, ['popup', 'navigation', 'consequence', 'near-action', 'toggle']);
  return effect === undefined
    ? fail(`Nothing closed${unreadable(evidence)}.`)
    : changed(`After closing, ${cite(effect)}.`);
}

function judgeConfirmed(context: CheckContext, evidence: StepEvidence): Judgment {
  if (!evidence.executed.actions.some((action) => action.type === 'click')) {
    return succeed('No dialog asked for confirmation, so there was nothing to confirm.');
  }
  const dialogs = (screen: Screen) =>
    (context.reader.tree(screen) ?? []).filter(
      (node) => (node.role === 'dialog' || node.role === 'alertdialog') && isInViewport(node.box, screen),
    );
  const was = dialogs(context.input.before);
  const is = dialogs(context.input.after);
  if (was.length > 0 && is.length < was.length)
    return succeed(`The dialog ${quote(was.at(-1)?.name ?? '')} closed after confirming.`);
  const moved = pageMoved(context);
  if (moved !== undefined) return succeed(`After confirming, ${moved}.`);
  return judgeClicked(context, evidence, { kind: 'click' }, 'the confirming button', 'an effect');
}

async function judgeSearched(
  context: CheckContext,
  evidence: StepEvidence,
  directive: SearchDirective,
): Promise<Judgment> {
  if (!evidence.executed.actions.some((action) => action.type === 'key'))
    return fail(`The search for ${quote(directive.text)} was not submitted.`);
  // A search that finds nothing did not find what was looked for: the person says what to search for.
  const said = newlyShown(context, (name) => NO_RESULTS.test(name));
  const empty = said === undefined ? emptiedList(context) : `the page says ${quote(said)}`;
  if (empty !== undefined) return refusedBy(`The search for ${quote(directive.text)} found nothing: ${empty}.`, empty);
  const moved = pageMoved(context);
  if (moved !== undefined) return succeed(`After searching, ${moved}.`);
  const effect = strongest(evidence.regions, [
    'navigation',
    'consequence',
    'popup',
    'near-action',
    'field-text',
    'scroll',
  ]);
  if (effect !== undefined) return succeed(`After searching for ${quote(directive.text)}, ${cite(effect)}.`);
  return judgeTextVisible(context, directive.text);
}

/** Words of a page that shows no results. */
const NO_RESULTS =
  /\b(?:no (?:\w+ )?(?:results?|rows?|matches|items?|records?|entries|books?|documents?|products?)(?: (?:to show|found|match\w*))?|nothing (?:found|matches|to show)|0 (?:results?|matches|items?))\b/i;

/**
 * "No item is listed any more": the page listed several items (rows with cells, list items,
 * articles) before the step and none after, though the page is still there. Undefined otherwise.
 */
function emptiedList(context: CheckContext): string | undefined {
  const items = (screen: Screen): number => {
    const nodes = context.reader.tree(screen) ?? [];
    const withCells = new Set(
      nodes.filter((node) => node.role === 'cell' || node.role === 'gridcell').map((node) => node.parent),
    );
    return nodes.filter(
      (node) => (node.role === 'row' && withCells.has(node.ref)) || node.role === 'listitem' || node.role === 'article',
    ).length;
  };
  const before = items(context.input.before);
  return before >= 2 && items(context.input.after) === 0
    ? `none of the ${before} items listed before is shown`
    : undefined;
}

/** A visible name that was not on screen before the step and that `fits`. */
function newlyShown(context: CheckContext, fits: (name: string) => boolean): string | undefined {
  const before = new Set((context.reader.nodes(context.input.before) ?? []).map((node) => node.name));
  return (context.reader.nodes(context.input.after) ?? []).find(
    (node) =>
      node.name !== '' && !before.has(node.name) && isInViewport(node.box, context.input.after) && fits(node.name),
  )?.name;
}

async function judgeFound(context: CheckContext, target: TargetRef): Promise<Judgment> {
  const found = await after(context, queryFor(target));
  const name = describeElement(target);
  if (found.best !== undefined && found.best.inViewport) return succeed(`${capital(name)} is in view.`);
  return fail(found.best === undefined ? `${capital(name)} is not on screen.` : `${capital(name)} is out of view.`);
}

async function judgeWentTo(context: CheckContext, evidence: StepEvidence, directive: GoToDirective): Promise<Judgment> {
  const name = describeElement(directive.target);
  const found = await after(context, queryFor(directive.target));
  const node = found.best?.node;
  if (node?.role === 'tab')
    return node.selected === true
      ? succeed(`${capital(name)} is the selected tab.`)
      : fail(`${capital(name)} is not selected.`);
  // "Switch to the dark theme": a choice gone to is made.
  if (node !== undefined && (node.role === 'radio' || node.role === 'menuitemradio'))
    return node.checked === true ? succeed(`${capital(name)} is selected.`) : fail(`${capital(name)} is not selected.`);
  // A cell is gone to when it has the cursor: that is a state, read the same after any action.
  if (node !== undefined && (node.role === 'cell' || node.role === 'gridcell')) {
    return node.focused === true || node.selected === true
      ? succeed(`${capital(name)} has the cursor.`)
      : fail(`${capital(name)} does not have the cursor.`);
  }
  if (evidence.executed.actions.length === 0) {
    return found.best?.inViewport === true
      ? succeed(`${capital(name)} is in view.`)
      : fail(`${capital(name)} is not in view.`);
  }
  // "Open the Scenes menu": the control that opens it now says it is expanded (the control named
  // so, not one whose name the target's only holds: "components" is not the "Modal component").
  const named =
    directive.target.name === undefined || reaches(scoreText(directive.target.name, node?.name ?? ''), 'contains');
  if (node?.expanded === true && node.role !== 'combobox' && named) return succeed(`${capital(name)} is open.`);
  const shown = openedOnItsOwn(context, evidence) ?? openedBeside(context, evidence);
  if (shown !== undefined) return succeed(shown);
  // "Opened package.json in the editor.": the page reports the named item opened.
  const reported = newTextForWord(context, 'open');
  const target = directive.target.name;
  // "the package.json file": the kind of item is not part of the name the page reports.
  const reportedName = (text: string, name: string) =>
    containsText(text, name) || containsText(text, withoutItemNoun(name) ?? name);
  if (
    reported !== undefined &&
    /\bopened\b|\b(?:is|now) open\b/i.test(reported) &&
    target !== undefined &&
    reportedName(reported, target)
  )
    return succeed(`The page says ${quote(reported)}.`);
  // A menu that opened: its items are new on screen (other new controls say less: a tab that
  // matched part of the name shows its panel's buttons too).
  const items = newControls(context).filter((node) => menuItemRoles.has(node.role));
  if (items.length > 0) return succeed(`${capital(name)} is open: ${listed(items)} appeared.`);
  // "Go to page 2": the list shows other items than before, some gone and others new in their place.
  if (
    directive.target.role === 'page' &&
    directive.target.name === undefined &&
    directive.target.ordinal !== undefined
  ) {
    const fresh = newControls(context).filter((node) => node.role === 'link' || node.role === 'button');
    const key = (node: AccessibilityNode) => `${node.role}\u0000${node.name}`;
    const now = new Set((context.reader.nodes(context.input.after) ?? []).map(key));
    const gone = (context.reader.nodes(context.input.before) ?? []).filter(
      (node) => (node.role === 'link' || node.role === 'button') && node.name !== '' && !now.has(key(node)),
    );
    if (fresh.length > 0 && gone.length > 0)
      return succeed(`${capital(name)} shows other items: ${listed(fresh)} in place of ${listed(gone)}.`);
  }
  return judgeClicked(context, evidence, { kind: 'click' }, name, 'an effect');
}

const menuItemRoles = new Set(['menuitem', 'menuitemcheckbox', 'menuitemradio', 'option']);

/** Controls on screen after the step that were not there before (a menu's items, a section's fields). */
function newControls(context: CheckContext): AccessibilityNode[] {
  const key = (node: AccessibilityNode) => `${node.role}\u0000${node.name}`;
  const before = new Set((context.reader.nodes(context.input.before) ?? []).map(key));
  return (context.reader.nodes(context.input.after) ?? []).filter(
    (node) =>
      interactiveRoles.has(node.role) &&
      node.name !== '' &&
      !before.has(key(node)) &&
      isInViewport(node.box, context.input.after),
  );
}

function listed(nodes: readonly AccessibilityNode[]): string {
  const names = nodes.slice(0, 3).map((node) => quote(node.name));
  return nodes.length > 3 ? `${names.join(', ')} and ${nodes.length - 3} more` : names.join(', ');
}

/**
 * A link that opened its item: a heading or dialog with its name appeared (a details panel), or
 * the link is gone and such a title shows ("Compost Made Simple" becomes the title of the view).
 * Undefined when neither is seen.
 */
function openedOnItsOwn(context: CheckContext, evidence: StepEvidence): string | undefined {
  // The link under the pointer before the click: the one that was followed.
  const link = clickedControl(context, evidence, (node) => node.role === 'link');
  if (link === undefined) return undefined;
  const visible = (screen: Screen) =>
    (context.reader.nodes(screen) ?? []).filter((node) => isInViewport(node.box, screen));
  const named = (node: AccessibilityNode) => scoreText(link.name, node.name)?.tier === 'exact';
  const isTitle = (node: AccessibilityNode) => (node.role === 'heading' || node.role === 'dialog') && named(node);
  const after = visible(context.input.after);
  const titles = after.filter(isTitle);
  const title = titles[0];
  if (title === undefined) return undefined;
  // A details view that opened beside the list: one more title of that name than before.
  if (titles.length > visible(context.input.before).filter(isTitle).length)
    return `${capital(quote(link.name))} is open: the ${title.role} ${quote(title.name)} appeared.`;
  if (after.some((node) => node.role === 'link' && named(node))) return undefined;
  return `${capital(quote(link.name))} is shown on its own: its link is gone and the ${title.role} ${quote(title.name)} is on screen.`;
}

/**
 * An item of a list opened by its button ("Marco Ruiz · 09:42 Dock schedule for Friday"): a
 * heading or dialog whose title the button's text ends with, or is, appeared beside the list.
 */
function openedBeside(context: CheckContext, evidence: StepEvidence): string | undefined {
  const opener = clickedControl(
    context,
    evidence,
    (node) => node.role === 'button' && node.popup === undefined && node.pressed === undefined,
  );
  if (opener === undefined) return undefined;
  const said = normalizeText(opener.name);
  const isTitle = (node: AccessibilityNode) => {
    const title = normalizeText(node.name);
    return (
      (node.role === 'heading' || node.role === 'dialog') &&
      title.split(' ').length >= 2 &&
      (said === title || said.endsWith(` ${title}`))
    );
  };
  const visible = (screen: Screen) =>
    (context.reader.nodes(screen) ?? []).filter((node) => isInViewport(node.box, screen) && isTitle(node));
  const titles = visible(context.input.after);
  if (titles.length <= visible(context.input.before).length) return undefined;
  return `${capital(quote(opener.name))} is open: the ${titles[0]!.role} ${quote(titles[0]!.name)} appeared.`;
}

/**
 * The smallest named control of a kind under the last click's point, on the screen before it
 * (or on `screen`).
 */
function clickedControl(
  context: CheckContext,
  evidence: StepEvidence,
  kind: (node: AccessibilityNode) => boolean,
  screen: Screen = context.input.before,
): AccessibilityNode | undefined {
  const point = evidence.executed.lastPoint;
  if (point === undefined) return undefined;
  return (context.reader.nodes(screen) ?? [])
    .filter((node) => kind(node) && node.name.trim() !== '' && containsPoint(node.box, point))
    .sort((a, b) => a.box.width * a.box.height - b.box.width * b.box.height)[0];
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
