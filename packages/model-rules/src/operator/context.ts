import type { Handle, OperatorDecision, OperatorInput, Screen } from '@sandpiper/core';
import { quote, type Box, type Grounding, type TargetRef } from '@sandpiper/protocol';
import type { TargetCandidate, TargetMatch } from '../grounding/candidates.js';
import { AMBIGUITY_MARGIN, tiedWithBest, toGrounding } from '../grounding/candidates.js';
import { normalizeText } from '../grounding/text-score.js';
import { nodeTree } from '../grounding/scope.js';
import { itemOf, locateTarget, wordsBeyondName, type LocateQuery } from '../grounding/grounder.js';
import type { ScreenReader } from '../screen/screen-reader.js';
import { formatPoint, performedOfType, planned, pointIn, scrollToward } from './actions.js';
import { explorationNote, nextExploration, openedHolderMenu, openedItem } from './explore.js';
import { otherTabs } from './other-tabs.js';

/** Everything one decision needs, passed to the per-directive deciders. */
export interface DecisionContext {
  /** Cancellation and logging for the decision. */
  readonly handle: Handle;
  /** Reads nodes, OCR text and pixels of screens. */
  readonly reader: ScreenReader;
  /** What the loop passed to `decide`. */
  readonly input: OperatorInput;
  /** The screen to act on (the input's current screen). */
  readonly screen: Screen;
}

/** How a summary says a target was scrolled into view (read back: that is done once). */
const BRINGING_INTO_VIEW = 'Scrolling to bring';

/** Short waits for a disabled target to become enabled before the step fails. */
const MAX_ENABLE_WAITS = 2;

/** A target ready to act on, or the decision to make first (scroll, wait, fail). */
export type Targeting =
  | { readonly type: 'ready'; readonly candidate: TargetCandidate; readonly grounding: Grounding }
  | { readonly type: 'decided'; readonly decision: OperatorDecision };

/** How a target is looked for. */
export interface PrepareOptions {
  /** What the query names, for exploring (its words and holder say where to look). */
  readonly target?: TargetRef;
  /** Explore (open menus, expand, switch tabs, page) when it is not on screen; default true. */
  readonly explore?: boolean;
  /** Ask the person when the target sits in more than one equally fitting place; default true. */
  readonly askWhenAmbiguous?: boolean;
  /**
   * The step changes what it finds: when that sits in a tab panel the person did not name, look
   * in the other tabs for another fitting control first (see other-tabs.ts); default false.
   */
  readonly changes?: boolean;
  /**
   * What is looked for is a field given a value: one of an item ("the status of Compressor-B")
   * may be in the item's own edit form, which exploring then opens; default false.
   */
  readonly field?: boolean;
}

/**
 * Locate a query on the current screen. A menu that exploring just opened for the query's holder
 * may be drawn far from it (a popup at the end of the page): its items count as inside the holder.
 * So does the one control of its name that shows once exploring opened the holder itself (the
 * Delete button of a message's reading pane).
 */
export async function locateInStep(context: DecisionContext, query: LocateQuery): Promise<TargetMatch> {
  const match = await locateTarget(context.handle, context.reader, context.screen, query);
  if (match.best !== undefined || query.within === undefined) return match;
  const menu = openedHolderMenu(context);
  const opened = openedItem(context.input.performed);
  if (menu === undefined && !opened) return match;
  const loose = await locateTarget(context.handle, context.reader, context.screen, { ...query, within: undefined });
  if (loose.best === undefined) return match;
  if (menu !== undefined) return inside(loose.best.box, menu.box) ? loose : match;
  // The item was just opened: its actions show beside it (a reading pane, a toolbar), once. A
  // control of the same name in the page's navigation (an "Archive" folder) goes somewhere else.
  const tree = nodeTree(context.reader.tree(context.screen) ?? []);
  const acting = [loose.best, ...loose.alternatives].filter(
    (candidate) =>
      normalizeText(candidate.label) === normalizeText(loose.best!.label) &&
      !tree.ancestors(candidate.node?.ref ?? '').some((ref) => landmarkRoles.has(tree.byRef(ref)?.role ?? '')),
  );
  return acting.length === 1 ? { ...loose, best: acting[0], alternatives: [], ambiguous: false } : match;
}

/** Landmarks that hold ways to other places, not actions on what the page shows. */
const landmarkRoles = new Set(['navigation', 'banner', 'contentinfo']);

/**
 * Find the target and make sure it can be acted on: on screen and enabled. A target that is
 * scrolled out of view is scrolled to; a missing one is looked for by exploring (scrolling the
 * page, expanding sections, opening menus, switching tabs, paging; see explore.ts); a disabled
 * one is waited for briefly; one that fits several places equally is asked about.
 * `description` names the target in summaries and reasons ("the 'Next' button").
 */
export async function prepareTarget(
  context: DecisionContext,
  query: LocateQuery,
  description: string,
  options: PrepareOptions = {},
): Promise<Targeting> {
  const region = context.input.step.region?.box;
  const located = region === undefined ? query : { ...query, region };
  const match = await locateInStep(context, located);
  const grounding = toGrounding(match);
  // A control of another kind whose name only partly matches (the 'Profile' tab for the 'Public
  // profile' switch) is not the target: it is looked for further instead.
  const best = match.best !== undefined && weakOtherKind(match.best) ? undefined : match.best;
  const performed = context.input.performed;
  if (match.rivals !== undefined && match.rivals.length > 1 && options.askWhenAmbiguous !== false) {
    return decided({
      type: 'clarify',
      question: `I found ${description} in more than one place: ${match.rivals.join('; ')}. Which one do you mean?`,
    });
  }
  const alike =
    options.askWhenAmbiguous === false ? [] : equallyGoodNames(match.ambiguous, best, match.alternatives, query.text);
  if (alike.length > 1) {
    const listed = alike.map((name) => `'${name}'`);
    return decided({
      type: 'clarify',
      question: `More than one thing fits ${description}: ${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}. Which one do you mean?`,
    });
  }
  const places = options.askWhenAmbiguous === false ? [] : twinPlaces(context, match, best);
  if (places.length > 1) {
    const listed = places.map((name) => `'${name}'`);
    return decided({
      type: 'clarify',
      question: `${capitalize(description)} is in ${places.length} places: in ${listed.slice(0, -1).join(', ')} and in ${listed.at(-1)}. Which one do you mean?`,
    });
  }
  const items = options.askWhenAmbiguous === false ? undefined : tiedAcrossItems(context, match, query.text);
  if (items !== undefined) {
    return decided({
      type: 'clarify',
      question: `There is ${description} in each of ${items.count} rows or items, and none shows ${quote(items.words)}. Which one do you mean?`,
    });
  }
  if (options.changes === true && query.within === undefined) {
    const tabs = otherTabs(context, best, query.text, description);
    if (tabs.type === 'ask') return decided({ type: 'clarify', question: tabs.question });
    if (tabs.type === 'show') return decided({ type: 'act', actions: [{ ...tabs.action, grounding }] });
  }
  if (best === undefined) {
    const target = options.target ?? {
      name: query.text,
      ...(query.role ? { role: query.role } : {}),
      ...(query.within === undefined || query.relation !== undefined ? {} : { within: query.within }),
    };
    const exploring =
      options.explore === false
        ? undefined
        : nextExploration(context, target, description, undefined, { field: options.field === true });
    if (exploring !== undefined) return decided({ type: 'act', actions: [{ ...exploring, grounding }] });
    return decided({
      type: 'fail',
      reason: `Could not find ${description} on the screen${explorationNote(performed)}.`,
    });
  }
  // Cut by the edge of the view, a target may sit under a sticky bar or take no click there:
  // bring it fully into view once.
  const clipped = best.box.y < 0 || best.box.y + best.box.height > context.screen.capture.height;
  const broughtIn = performed.some((entry) => entry.summary.startsWith(BRINGING_INTO_VIEW));
  if (!best.inViewport || (clipped && !broughtIn)) {
    const action = scrollToward(best.box, context.screen);
    return decided({
      type: 'act',
      actions: [planned(action, `${BRINGING_INTO_VIEW} ${description} into view`, grounding)],
    });
  }
  if (best.disabled) {
    const waits = performedOfType(performed, 'wait').length;
    if (waits < MAX_ENABLE_WAITS) {
      const action = { type: 'wait', ms: 500 } as const;
      return decided({
        type: 'act',
        actions: [planned(action, `Waiting for ${description} to become enabled`, grounding)],
      });
    }
    return decided({
      type: 'fail',
      reason: `${capitalize(description)} is disabled (found at ${formatPoint(pointIn(best.box, context.screen))}).`,
    });
  }
  return { type: 'ready', candidate: best, grounding };
}

/**
 * The different names of candidates that fit a query equally well when none of them is the name
 * asked for ("the 12-seat room" against "Harbour room, 12 seats" and "Dune room, 12 seats"):
 * guessing between them would be a coin toss, so the person is asked. Empty when one is exact.
 */
function equallyGoodNames(
  ambiguous: boolean,
  best: TargetCandidate | undefined,
  alternatives: readonly TargetCandidate[],
  wanted: string | undefined,
): string[] {
  if (!ambiguous || best === undefined || wanted === undefined || wanted.trim() === '') return [];
  const close = [best, ...alternatives].filter((candidate) => candidate.score >= best.score - AMBIGUITY_MARGIN);
  const key = normalizeText(wanted);
  if (close.some((candidate) => normalizeText(candidate.label) === key)) return [];
  const names = new Map<string, string>();
  for (const candidate of close) {
    const label = candidate.label.trim();
    if (label !== '' && !names.has(normalizeText(label))) names.set(normalizeText(label), label);
  }
  return [...names.values()].slice(0, 5);
}

/** Roles of the named parts of a page that tell two controls of one name apart. */
const PLACE_ROLES = new Set([
  'navigation',
  'banner',
  'main',
  'complementary',
  'contentinfo',
  'region',
  'form',
  'search',
  'toolbar',
  'menubar',
  'dialog',
  'alertdialog',
  'article',
  'group',
]);

/**
 * The named places of controls with the very name and kind of the best one, when there are
 * several and they sit in different places ("Archive" in the 'Folders' navigation and in the
 * 'Message actions' toolbar): which one is meant is the person's to say. Empty otherwise.
 */
function twinPlaces(context: DecisionContext, match: TargetMatch, best: TargetCandidate | undefined): string[] {
  if (!match.ambiguous || best?.node === undefined) return [];
  const key = normalizeText(best.label);
  const twins = [best, ...match.alternatives].filter(
    (candidate) =>
      candidate.node !== undefined &&
      candidate.node.role === best.node!.role &&
      normalizeText(candidate.label) === key &&
      candidate.score >= best.score - AMBIGUITY_MARGIN,
  );
  if (twins.length < 2) return [];
  const tree = nodeTree(context.reader.tree(context.screen) ?? []);
  const placeOf = (ref: string) =>
    tree
      .ancestors(ref)
      .map((up) => tree.byRef(up))
      .find((node) => node !== undefined && PLACE_ROLES.has(node.role) && node.name.trim() !== '')
      ?.name.trim();
  const places = twins.map((candidate) => placeOf(candidate.node!.ref));
  if (places.some((place) => place === undefined)) return [];
  const distinct = [...new Set(places as string[])];
  return distinct.length === twins.length ? distinct : [];
}

/**
 * Controls of one name tied for words that say more than that name ("chidi obis role" against
 * a "Role" select in each member row), each in its own row or item, none of which the grounder
 * could single out by the other words: taking the top one would change a row nobody named.
 */
function tiedAcrossItems(
  context: DecisionContext,
  match: TargetMatch,
  text: string,
): { count: number; words: string } | undefined {
  const rest = match.ambiguous ? wordsBeyondName(match, text) : [];
  if (rest.length === 0) return undefined;
  const tree = nodeTree(context.reader.tree(context.screen) ?? []);
  const items = new Set(tiedWithBest(match).map((candidate) => (candidate.node && itemOf(tree, candidate.node))?.ref));
  if (items.has(undefined) || items.size < 2) return undefined;
  return { count: items.size, words: rest.join(' ') };
}

/** Below this score a candidate of another kind than asked for (role rank 1) is no match. */
const OTHER_KIND_FLOOR = 0.5;

function weakOtherKind(candidate: TargetCandidate): boolean {
  return candidate.rank === 1 && candidate.score < OTHER_KIND_FLOOR;
}

function inside(inner: Box, outer: Box): boolean {
  const x = inner.x + inner.width / 2;
  const y = inner.y + inner.height / 2;
  return x >= outer.x && x <= outer.x + outer.width && y >= outer.y && y <= outer.y + outer.height;
}

function decided(decision: OperatorDecision): Targeting {
  return { type: 'decided', decision };
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
