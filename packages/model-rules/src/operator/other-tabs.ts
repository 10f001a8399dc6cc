/**
 * Before changing something that sits in a tab panel the person did not name, look at the other
 * tabs of that tab list: panels often repeat the same controls (a "Lights" switch in every room,
 * a "Maintenance mode" toggle per environment), and the one that happens to be shown is then a
 * guess. Each other tab is shown once; the first one that holds a control fitting the target
 * makes the step ask which is meant, and when none does, the tab it started on is shown again and
 * the step goes on. Only tabs are switched: showing a tab changes no data. Text fields are not
 * looked for this way (see {@link stateRoles}).
 */
import type { PerformedAction, PlannedAction } from '@sandpiper/core';
import { quote, type AccessibilityNode } from '@sandpiper/protocol';
import type { TargetCandidate } from '../grounding/candidates.js';
import { nodeTree } from '../grounding/scope.js';
import { normalizeText } from '../grounding/text-score.js';
import { EXPLORING, clickAt, exploring, pointIn } from './actions.js';
import { capitalize, type DecisionContext } from './context.js';

/** How a summary says a tab was shown to look for another fitting control, and how it is read back. */
const LOOKING = 'looking for another in the tab';
const RETURNING = 'back to the tab';

/** What to do about the other tabs before acting on `best`. */
export type OtherTabs =
  /** Nothing: no unnamed tab panel holds the target, or every other tab was looked in. */
  | { readonly type: 'none' }
  /** Show the next tab (or the first one again). */
  | { readonly type: 'show'; readonly action: PlannedAction }
  /** Another tab holds a fitting control too: ask which. */
  | { readonly type: 'ask'; readonly question: string };

interface TabPlace {
  readonly tab: AccessibilityNode;
  readonly siblings: readonly AccessibilityNode[];
}

/** The selected tab whose panel holds `node`, with the other tabs of its list; undefined outside a tab panel. */
function tabPlaceOf(all: readonly AccessibilityNode[], node: AccessibilityNode): TabPlace | undefined {
  const tree = nodeTree(all);
  const panel = tree
    .ancestors(node.ref)
    .map((ref) => tree.byRef(ref))
    .find((holder) => holder?.role === 'tabpanel');
  if (panel === undefined) return undefined;
  const tabs = all.filter((candidate) => candidate.role === 'tab');
  const selected = tabs.filter((tab) => tab.selected === true);
  const tab =
    selected.find((candidate) => panel.name !== '' && normalizeText(candidate.name) === normalizeText(panel.name)) ??
    (selected.length === 1 ? selected[0] : undefined);
  if (tab === undefined) return undefined;
  const list = tree.ancestors(tab.ref)[0];
  const siblings = tabs.filter(
    (candidate) =>
      candidate.ref !== tab.ref && candidate.disabled !== true && tree.ancestors(candidate.ref)[0] === list,
  );
  return siblings.length === 0 ? undefined : { tab, siblings };
}

/** Tab names this attempt showed while looking, in order, and whether it went back to the first tab. */
function lookedIn(performed: readonly PerformedAction[]): { readonly shown: string[]; readonly returned: boolean } {
  const shown: string[] = [];
  let returned = false;
  for (const entry of performed) {
    if (!entry.summary.startsWith(EXPLORING)) continue;
    const looking = entry.summary.indexOf(`${LOOKING} `);
    if (looking !== -1) shown.push(entry.summary.slice(looking + LOOKING.length + 1));
    if (entry.summary.includes(`: ${RETURNING} `)) returned = true;
  }
  return { shown, returned };
}

/** Whether the person named the tab (or the step's target carries the tab's name itself). */
function named(context: DecisionContext, tab: AccessibilityNode, query: string): boolean {
  const name = normalizeText(tab.name);
  if (name === '') return true;
  const said = normalizeText(`${context.input.task.instruction} ${context.input.step.text} ${query}`);
  return ` ${said} `.includes(` ${name} `) || ` ${said} `.includes(` ${name.replace(/s$/, '')} `);
}

/**
 * Controls that hold a state of their own (on/off, a level, a choice), the kind parallel panels
 * repeat; text fields are left out: switching tabs may drop what was typed in the panel left.
 */
const stateRoles = new Set([
  'switch',
  'checkbox',
  'radio',
  'slider',
  'spinbutton',
  'menuitemcheckbox',
  'menuitemradio',
]);

/**
 * What the other tabs call for before acting on the target found for `query` (`best`, undefined
 * when the tab now shown has none). Looking starts only from a tab panel the person did not name;
 * once started it goes on through the siblings, then back to the tab it started on.
 */
export function otherTabs(
  context: DecisionContext,
  best: TargetCandidate | undefined,
  query: string,
  description: string,
): OtherTabs {
  const all = context.reader.tree(context.screen) ?? [];
  const { shown, returned } = lookedIn(context.input.performed);
  if (returned) return { type: 'none' };
  if (shown.length === 0) {
    const node = best?.node;
    if (node === undefined || !stateRoles.has(node.role)) return { type: 'none' };
    const place = tabPlaceOf(all, node);
    if (place === undefined || named(context, place.tab, query)) return { type: 'none' };
    const next = place.siblings[0]!;
    return {
      type: 'show',
      action: exploring(
        clickAt(pointIn(next.box, context.screen)),
        `${EXPLORING} for ${description} (it is in ${quote(place.tab.name)}): ${LOOKING} ${quote(next.name)}`,
      ),
    };
  }
  const origin = shownFirst(context.input.performed);
  const current = shown.at(-1)!;
  // The grounder's own threshold decides what fits, as it did for the control found first.
  const inPanel = best?.node !== undefined && tabPlaceOf(all, best.node) !== undefined;
  if (best !== undefined && inPanel) {
    return {
      type: 'ask',
      question: `${capitalize(description)} is in more than one tab: ${origin ?? 'the first one'} and ${current}. Which one do you mean?`,
    };
  }
  const tabs = all.filter((candidate) => candidate.role === 'tab' && candidate.disabled !== true);
  const siblings = tabs.filter((tab) => sameList(all, tab, tabs, origin));
  const next = siblings.find((tab) => quote(tab.name) !== origin && !shown.includes(quote(tab.name)));
  if (next !== undefined) {
    return {
      type: 'show',
      action: exploring(
        clickAt(pointIn(next.box, context.screen)),
        `${EXPLORING} for ${description}: ${LOOKING} ${quote(next.name)}`,
      ),
    };
  }
  const back = tabs.find((tab) => quote(tab.name) === origin);
  if (back === undefined) return { type: 'none' };
  return {
    type: 'show',
    action: exploring(
      clickAt(pointIn(back.box, context.screen)),
      `${EXPLORING} for ${description}: ${RETURNING} ${quote(back.name)}`,
    ),
  };
}

/** Whether `tab` is in the same tab list as the tab named `origin`. */
function sameList(
  all: readonly AccessibilityNode[],
  tab: AccessibilityNode,
  tabs: readonly AccessibilityNode[],
  origin: string | undefined,
): boolean {
  const tree = nodeTree(all);
  const first = tabs.find((candidate) => quote(candidate.name) === origin);
  return first === undefined || tree.ancestors(first.ref)[0] === tree.ancestors(tab.ref)[0];
}

/** The tab the looking started from, as the first looking summary recorded it. */
function shownFirst(performed: readonly PerformedAction[]): string | undefined {
  for (const entry of performed) {
    const match = /\(it is in ('.*')\): /.exec(entry.summary);
    if (entry.summary.startsWith(EXPLORING) && match !== null) return match[1];
  }
  return undefined;
}
