/**
 * Looking for a target that is not on screen yet: scroll the page, open collapsed sections and
 * tree nodes, open menus ("More", "Actions", "⋮"), switch tabs, go to the next page of a list,
 * close an overlay that covers the page. Bounded and logged: every exploring action's summary
 * starts with {@link EXPLORING}, names what it opened, and is never repeated within an attempt.
 * Everything it does is reversible navigation: it never types, submits or changes a value.
 */
import type { PerformedAction } from '@sandpiper/core';
import { quote, type AccessibilityNode, type TargetRef } from '@sandpiper/protocol';
import { nodeTree } from '../grounding/scope.js';
import { verbAt } from '../language/lexicon.js';
import { normalizeText, reaches, scoreText } from '../grounding/text-score.js';
import { isInViewport } from '../screen/screen-reader.js';
import { EXPLORING, clickAt, exploring, keyAction, pointIn, scrollByScreens, scrollToward } from './actions.js';
import type { DecisionContext } from './context.js';
import type { PlannedAction } from '@sandpiper/core';

/** Summary prefix of every exploring action. */
export { EXPLORING };

/** Most exploring actions in one attempt at a step. */
export const MAX_EXPLORATION = 8;
/** Most page scrolls while exploring. */
const MAX_PAGE_SCROLLS = 3;

/** Pages turned at most while exploring, and how a summary says one was. */
const MAX_PAGES = 6;
const NEXT_PAGE_WHAT = 'going to the next page with';

/** Names of buttons that open a menu of more actions. */
const MORE_MENU =
  /^(?:more(?: actions| options)?|actions|options|menu|open menu|show more actions|[⋮⋯…︙]|\.\.\.|kebab|overflow)$/i;
/** Names of controls that show the next page of a list. */
const NEXT_PAGE = /^(?:next(?: page)?|›|»|>|→|go to next page|load more|show more|more results)$/i;

export function isExploring(entry: PerformedAction): boolean {
  return entry.summary.startsWith(EXPLORING);
}

/** Exploring actions performed in this attempt. */
export function explorations(performed: readonly PerformedAction[]): PerformedAction[] {
  return performed.filter(isExploring);
}

/** Items a page selects with a click, for a menu elsewhere to act on. */
const selectableRoles = new Set(['treeitem', 'row', 'option', 'gridcell', 'listitem']);

function tried(performed: readonly PerformedAction[], label: string, what?: string): boolean {
  const marker = what === undefined ? `: ${quote(label)}` : `${what} ${quote(label)}`;
  return explorations(performed).some((entry) =>
    what === undefined
      ? entry.summary.endsWith(quote(label)) && !entry.summary.includes('scrolling to')
      : entry.summary.includes(marker),
  );
}

/** Words of the target (and of what holds it) that say where it might be. */
function hintWords(target: TargetRef): string[] {
  const words: string[] = [];
  for (let current: TargetRef | undefined = target; current !== undefined; current = current.within) {
    if (current.name !== undefined) words.push(...normalizeText(current.name).split(' '));
  }
  return words.filter((word) => word.length > 2);
}

/** How much a control's name suggests it leads to the target: shared words, then stems. */
function relatedness(name: string, words: readonly string[]): number {
  const own = normalizeText(name).split(' ');
  let score = 0;
  for (const word of words) {
    if (own.includes(word)) score += 2;
    else if (
      own.some(
        (candidate) =>
          candidate.length > 3 && (candidate.startsWith(word.slice(0, 5)) || word.startsWith(candidate.slice(0, 5))),
      )
    )
      score += 1;
  }
  return score;
}

function label(node: AccessibilityNode): string {
  return node.name !== '' ? node.name : (node.description ?? node.role);
}

/**
 * The next exploring action for `target`, or undefined when every way is exhausted. `scope`
 * is the node the target should be near (a card, a row), when known: menus inside it go first.
 */
export function nextExploration(
  context: DecisionContext,
  target: TargetRef,
  description: string,
  scope?: AccessibilityNode,
  looking: { readonly field?: boolean } = {},
): PlannedAction | undefined {
  const performed = context.input.performed;
  if (explorations(performed).length >= MAX_EXPLORATION) return undefined;
  const nodes = context.reader.nodes(context.screen) ?? [];
  const all = context.reader.tree(context.screen) ?? nodes;
  const tree = nodeTree(all);
  const words = hintWords(target);
  const visible = nodes.filter((node) => node.disabled !== true && node.box.width > 0);
  // The thing the target acts on ("Delete" for 'notes.txt'), when it is an item on screen that a
  // page-wide menu would act on only once it is selected.
  const object = target.within?.name;
  const item =
    object === undefined
      ? undefined
      : visible.find(
          (node) =>
            selectableRoles.has(node.role) &&
            node.selected !== true &&
            isInViewport(node.box, context.screen) &&
            reaches(scoreText(object, node.name), 'same-words') &&
            !tried(performed, label(node), 'selecting'),
        );
  const act = (node: AccessibilityNode, what: string): PlannedAction => {
    if (what.startsWith('opening') && item !== undefined && !tree.ancestors(node.ref).includes(item.ref)) {
      // A menu outside the item acts on what is selected: select the item first.
      return exploring(
        clickAt(pointIn(item.box, context.screen)),
        `${EXPLORING} for ${description}: selecting ${quote(label(item))}`,
      );
    }
    return exploreWith(context, node, description, what);
  };
  const insideScope = (node: AccessibilityNode): boolean =>
    scope !== undefined && tree.ancestors(node.ref).includes(scope.ref);

  // 1. A modal dialog that the target is not in hides the page: close it with Escape.
  const modal = visible.find(
    (node) =>
      (node.role === 'dialog' || node.role === 'alertdialog') &&
      node.modal === true &&
      isInViewport(node.box, context.screen),
  );
  if (modal !== undefined && !tried(performed, label(modal)) && words.length > 0) {
    // What the dialog offers counts as in it: the options of its dropdowns too.
    const offered = all
      .filter((node) => node.options !== undefined && tree.ancestors(node.ref).includes(modal.ref))
      .flatMap((node) => node.options ?? []);
    const under = `${tree.textUnder(modal.ref)} ${offered.join(' ')}`;
    if (!words.some((word) => normalizeText(under).includes(word))) {
      return exploring(
        keyAction(['Escape']),
        `${EXPLORING} for ${description}: closing the dialog ${quote(label(modal))}`,
      );
    }
  }
  // 1b. A field of an item that the page edits in a form of its own ("the status of Compressor-B"
  // in a table with an Edit button in each row): that item's Edit opens the form.
  const editor = looking.field === true && object !== undefined ? editControlOf(context, object) : undefined;
  if (editor !== undefined && !tried(performed, label(editor)))
    return exploreWith(context, editor, description, EDITING);
  // 2. A menu button near the target's holder ("More actions" on the card).
  const menus = visible
    .filter((node) => node.role === 'button' || node.role === 'menuitem')
    .filter(
      (node) =>
        (node.popup !== undefined && node.popup !== 'listbox' && node.popup !== 'dialog') ||
        MORE_MENU.test(node.name) ||
        MORE_MENU.test(node.description ?? ''),
    )
    .filter((node) => node.expanded !== true && !tried(performed, label(node)));
  const scopedMenu = menus.find(insideScope);
  if (scopedMenu !== undefined) return act(scopedMenu, HOLDER_MENU);
  // 2b. The item itself, opened: a message or a file shows its actions once it is open or selected.
  const opener = scope === undefined ? undefined : itemOpener(context, scope, visible);
  if (opener !== undefined && !tried(performed, label(opener)))
    return exploreWith(context, opener, description, OPENING_ITEM);
  // 3. Collapsed sections, tree nodes and menus whose names relate to the target, best first.
  const collapsed = visible
    .filter((node) => node.expanded === false && node.role !== 'combobox' && !tried(performed, label(node)))
    .map((node) => ({ node, score: relatedness(label(node), words) + (insideScope(node) ? 3 : 0) }))
    .sort((first, second) => second.score - first.score);
  const related = collapsed.find((entry) => entry.score > 0);
  if (related !== undefined)
    return act(related.node, related.node.popup !== undefined ? 'opening the menu' : 'expanding');
  // 4. Tabs not selected, related ones first.
  const tabs = visible
    .filter((node) => node.role === 'tab' && node.selected !== true && !tried(performed, label(node)))
    .map((node) => ({ node, score: relatedness(label(node), words) }))
    .sort((first, second) => second.score - first.score);
  const tab = tabs[0];
  if (tab !== undefined && tab.score > 0) return act(tab.node, 'switching to the tab');
  // 5. Scroll the page when there is more below.
  const scrolls = performed.filter(scrollsDown).length;
  const below =
    context.reader.nodes(context.screen) === undefined ||
    nodes.some((node) => node.box.y + node.box.height > context.screen.capture.height + 1);
  if (scrolls < MAX_PAGE_SCROLLS && below) {
    return exploring(scrollByScreens(context.screen, 'down'), `${EXPLORING} for ${description}: scrolling down`);
  }
  // 6. Any other collapsed section or tree node, any other tab, any menu, the next page.
  if (collapsed[0] !== undefined && collapsed[0].node.popup === undefined) return act(collapsed[0].node, 'expanding');
  if (tab !== undefined) return act(tab.node, 'switching to the tab');
  const menu = menus.find((node) => MORE_MENU.test(node.name) || MORE_MENU.test(node.description ?? ''));
  if (menu !== undefined && scope === undefined) return act(menu, 'opening the menu');
  // Paging goes on page after page (the same "Next" each time) while the button is enabled.
  const paged = performed.filter((entry) => isExploring(entry) && entry.summary.includes(NEXT_PAGE_WHAT)).length;
  const next = visible.find(
    (node) => (node.role === 'button' || node.role === 'link') && NEXT_PAGE.test(node.name.trim()) && paged < MAX_PAGES,
  );
  if (next !== undefined) return act(next, NEXT_PAGE_WHAT);
  return undefined;
}

/** How a summary says exploring opened an item's edit form. */
const EDITING = "opening the item's edit form with";

/** The Edit control ("Edit", "Edit Compressor-B", a pencil titled so) of the one row or item named `object`. */
function editControlOf(context: DecisionContext, object: string): AccessibilityNode | undefined {
  const all = context.reader.tree(context.screen) ?? [];
  const tree = nodeTree(all);
  const holders = all.filter(
    (node) =>
      (node.role === 'row' || node.role === 'listitem' || node.role === 'article') &&
      reaches(scoreText(object, tree.textUnder(node.ref)), 'contains'),
  );
  // The innermost holders only: a table's body row, not the table around it.
  const innermost = holders.filter(
    (node) => !holders.some((other) => other !== node && tree.ancestors(other.ref).includes(node.ref)),
  );
  if (innermost.length !== 1) return undefined;
  const holder = innermost[0]!;
  const edits = all.filter(
    (node) =>
      (node.role === 'button' || node.role === 'link') &&
      node.disabled !== true &&
      /^edit\b/i.test(`${node.name || node.description || ''}`.trim()) &&
      tree.ancestors(node.ref).includes(holder.ref),
  );
  return edits.length === 1 ? edits[0] : undefined;
}

/** A control that adds the rest of a list to it: "Show more posts", "Load more", "See all". */
const SHOW_MORE = /^(?:show|load|see|view)\s+(?:more|all|older)\b/i;

/**
 * Before acting on an item named by what it shows ("Omar's post") in a list the page shows only
 * part of, show the rest once: another item may fit as well, and then the person is asked which.
 * Undefined when the list has no such control or it was used already.
 */
export function revealRest(context: DecisionContext, description: string): PlannedAction | undefined {
  const nodes = context.reader.nodes(context.screen) ?? [];
  const more = nodes.find(
    (node) =>
      (node.role === 'button' || node.role === 'link') &&
      node.disabled !== true &&
      SHOW_MORE.test(node.name.trim()) &&
      !tried(context.input.performed, label(node)),
  );
  return more === undefined ? undefined : exploreWith(context, more, description, 'showing the rest of the list with');
}

/** The share of the view's height at its bottom where a sticky bar may cover what lies under it. */
const EDGE_BAND = 0.1;

/** Click `node` to explore (`what` says how), or scroll to it first when it is out of view. */
function exploreWith(
  context: DecisionContext,
  node: AccessibilityNode,
  description: string,
  what: string,
): PlannedAction {
  const scrolling = `${EXPLORING} for ${description}: scrolling to ${quote(label(node))}`;
  // At the bottom edge of the view a sticky footer or bar may cover it: bring it to the middle
  // first (once; a page that cannot scroll further leaves it where it is).
  const atEdge = node.box.y + node.box.height / 2 > context.screen.capture.height * (1 - EDGE_BAND);
  const justScrolled = context.input.performed.at(-1)?.summary === scrolling;
  if (!isInViewport(node.box, context.screen) || (atEdge && !justScrolled)) {
    return exploring(scrollToward(node.box, context.screen), scrolling);
  }
  return exploring(
    clickAt(pointIn(node.box, context.screen)),
    `${EXPLORING} for ${description}: ${what} ${quote(label(node))}`,
  );
}

/** How a summary says exploring opened the target's holder itself (a message in a list). */
const OPENING_ITEM = 'opening the item';

/**
 * The control that opens or selects an item of a list (the row, or its main button or link: a
 * message's subject, a file's name), to show what can be done with it. Not a control named by a
 * verb ("Star", "Delete"): those act on the item instead of showing it.
 */
function itemOpener(
  context: DecisionContext,
  scope: AccessibilityNode,
  visible: readonly AccessibilityNode[],
): AccessibilityNode | undefined {
  const tree = nodeTree(context.reader.tree(context.screen) ?? visible);
  const openers = [scope, ...visible.filter((node) => tree.ancestors(node.ref).includes(scope.ref))].filter(
    (node) =>
      itemRoles.has(node.role) &&
      node.name.trim() !== '' &&
      node.popup === undefined &&
      node.expanded === undefined &&
      node.selected !== true &&
      verbAt(normalizeText(node.name).split(' ')) === undefined,
  );
  // The one that says most about the item: its longest name.
  return openers.sort((first, second) => second.name.length - first.name.length)[0];
}

/** Roles of what opens or selects an item when clicked. */
const itemRoles = new Set(['button', 'link', 'row', 'treeitem', 'option', 'listitem', 'gridcell']);

/** Whether the last thing this attempt did was to open the target's holder itself (see {@link OPENING_ITEM}). */
export function openedItem(performed: readonly PerformedAction[]): boolean {
  const last = performed.at(-1);
  return last !== undefined && isExploring(last) && last.summary.includes(`: ${OPENING_ITEM} `);
}

/** How a summary says exploring opened the menu inside the target's holder (the card's "More actions"). */
const HOLDER_MENU = 'opening its menu';

/**
 * The menu exploring just opened for the target's holder, whose items may be drawn far from it (a
 * popup at the end of the page): the menu inside the holder, or a page-wide one after the holder's
 * item was selected for it to act on. Undefined for any other menu, which acts on something else.
 */
export function openedHolderMenu(context: DecisionContext): AccessibilityNode | undefined {
  const performed = context.input.performed;
  const last = performed.at(-1);
  if (last === undefined || !isExploring(last)) return undefined;
  const selectedFirst = performed
    .slice(0, -1)
    .some((entry) => isExploring(entry) && entry.summary.includes(': selecting '));
  const forHolder = last.summary.includes(HOLDER_MENU) || (selectedFirst && last.summary.includes('opening the menu'));
  if (!forHolder) return undefined;
  const all = context.reader.tree(context.screen) ?? [];
  return all.find(
    (node) => (node.role === 'menu' || node.role === 'listbox') && isInViewport(node.box, context.screen),
  );
}

/** A short account of what exploring did, for a failure reason. */
export function explorationNote(performed: readonly PerformedAction[]): string {
  const what = performed
    .filter((entry) => isExploring(entry) || scrollsDown(entry))
    .map((entry) => (isExploring(entry) ? entry.summary.replace(/^Exploring for [^:]*: /, '') : 'scrolling down'));
  if (what.length === 0) return '';
  // Repeats read as a count: "scrolling down 3 times".
  const runs: { text: string; count: number }[] = [];
  for (const text of what) {
    const previous = runs.at(-1);
    if (previous?.text === text) previous.count += 1;
    else runs.push({ text, count: 1 });
  }
  return ` after ${runs.map((run) => (run.count > 1 ? `${run.text} ${run.count} times` : run.text)).join(', then ')}`;
}

function scrollsDown(entry: PerformedAction): boolean {
  return entry.action.type === 'scroll' && entry.action.deltaY > 0;
}

/** Whether any text on screen matches the target name (for "is it even on the page?"). */
export function anyMention(nodes: readonly AccessibilityNode[], name: string): boolean {
  return nodes.some((node) => (scoreText(name, node.name)?.score ?? 0) >= 0.7);
}
