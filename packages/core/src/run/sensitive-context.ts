import type { AccessibilityNode } from '@sandpiper/protocol';
import { interactiveRoles } from '@sandpiper/protocol';
import { SHORTEST_NAME_WORD, plain } from './sensitive-lexicon.js';

/**
 * Reads, from one accessibility snapshot, what an action on a target answers: the dialog that
 * holds it, else the form it submits, else the part of the page under the nearest heading; and
 * the page's main heading. A node holds another when the snapshot says so (`parent` refs), or,
 * in snapshots without them, when its box holds the other's and the other follows it in document
 * order (the order browser snapshots list their nodes in). A heading introduces what follows it.
 */

/** Where the target sits and what surrounds it. */
export interface ActionScope {
  readonly kind: 'dialog' | 'form' | 'section';
  /** The dialog's or form's title, or the heading of the section; absent when there is none. */
  readonly title?: string;
  /** Text that is not a control's label: descriptions, notes, legends, messages. */
  readonly texts: readonly string[];
  /**
   * Texts that name what the scope is for rather than describe it: fieldset legends, and a short
   * first text that reads like one (a legend in a snapshot without group nodes).
   */
  readonly legends: readonly string[];
  /** Checked options and selected values: the state the target would commit. */
  readonly chosen: readonly string[];
  /** Text fields, combo boxes and spin buttons in the scope. */
  readonly fields: readonly AccessibilityNode[];
  /** Buttons, links and menu items after the target in the scope, in order: what Enter may press. */
  readonly following: readonly AccessibilityNode[];
  /** How many other buttons, links and menu items the scope offers besides the target. */
  readonly others: number;
}

/** What the screen says around one target. */
export interface ScreenContext {
  readonly scope: ActionScope;
  /** The heading above a form, when the form has a title of its own. */
  readonly heading?: string;
  /** The page's top heading outside dialogs: level 1, else the tallest (browsers draw h1 largest). */
  readonly mainHeading?: string;
  /**
   * Text anywhere on the page outside dialogs that speaks of the target by its name's first word
   * ("Reorder places the same order…", "Reminders are emailed to…"): a note explaining it.
   */
  readonly explains?: readonly string[];
}

/**
 * What newer snapshots add to a node: the ref of the node holding it, a heading's level, and a
 * description (aria-describedby, title). Read when present; older snapshots work without them.
 */
type SnapshotNode = AccessibilityNode & {
  readonly parent?: string;
  readonly level?: number;
  readonly description?: string;
};

interface Placed {
  readonly node: SnapshotNode;
  readonly at: number;
}

const DIALOG_ROLES = new Set(['dialog', 'alertdialog']);
const TEXT_ROLES = new Set(['text', 'status', 'alert', 'note']);
/** Named groups are fieldsets and radio groups: their name is their legend. */
const LEGEND_ROLES = new Set(['group', 'radiogroup']);
const OPTION_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);
const FIELD_ROLES = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox']);
const PRESSABLE_ROLES = new Set(['button', 'link', 'menuitem']);
/** Slack for boxes that a browser rounds differently from their container. */
const TOLERANCE = 2;

/** The context of `target`, one of `nodes` (the same object or the same ref); undefined when it is not. */
export function readScreenContext(
  snapshot: readonly AccessibilityNode[],
  target: AccessibilityNode,
): ScreenContext | undefined {
  const nodes: readonly SnapshotNode[] = snapshot;
  const same = nodes.indexOf(target);
  const index = same >= 0 ? same : nodes.findIndex((node) => node.ref === target.ref && node.name === target.name);
  if (index < 0) return undefined;
  const holds = containment(nodes);
  const holders = (roles: ReadonlySet<string>) =>
    nodes
      .map((node, at) => ({ node, at }))
      .filter(({ node, at }) => roles.has(node.role) && holds(at, index))
      // The innermost holder is the last one in document order.
      .at(-1);
  const dialogs = nodes.flatMap((node, at) => (DIALOG_ROLES.has(node.role) ? [at] : []));
  const dialogMember = nodes.map((_node, at) => dialogs.some((dialog) => dialog !== at && holds(dialog, at)));
  const inAnyDialog = (at: number) => dialogMember[at] === true;
  const dialog = holders(DIALOG_ROLES);
  const form = dialog ? undefined : holders(new Set(['form']));
  const headingBefore = (from: number, floor: number) => {
    for (let at = from - 1; at >= floor; at -= 1) {
      if (nodes[at]!.role === 'heading' && !inAnyDialog(at)) return { node: nodes[at]!, at };
    }
    return undefined;
  };
  const top = nodes
    .filter((node, at) => node.role === 'heading' && node.name !== '' && !inAnyDialog(at))
    .reduce<SnapshotNode | undefined>((best, node) => (!best || outranks(node, best) ? node : best), undefined);
  const targetNode = nodes[index]!;
  const notes = explanations(nodes, targetNode, inAnyDialog);
  const mainHeading = { ...(top ? { mainHeading: top.name } : {}), ...(notes.length > 0 ? { explains: notes } : {}) };

  if (dialog) {
    const members = membersOf(nodes, dialog.at, holds).filter(({ at }) => at !== index);
    const title = dialog.node.name || members.find(({ node }) => node.role === 'heading')?.node.name;
    const texts = dialog.node.description ? [dialog.node.description] : [];
    const before = sinceRepeat(
      members.filter(({ at }) => at < index),
      targetNode,
    );
    const after = members.filter(({ at }) => at > index);
    return { scope: describe('dialog', title, [...before, ...after], after, texts), ...mainHeading };
  }
  if (form) {
    // A form that holds whole sections (a page-wide form) is read from the heading above the target.
    const inner = headingBefore(index, form.at + 1);
    const members = membersOf(nodes, form.at, holds).filter(
      ({ at }) => at !== index && (!inner || at > inner.at) && !inAnyDialog(at),
    );
    const above = headingBefore(form.at + 1, 0);
    const title = form.node.name || inner?.node.name || above?.node.name;
    const after = members.filter(({ at }) => at > index);
    const heading = above && above.node.name !== title ? { heading: above.node.name } : {};
    // What introduces the form, between its heading and its start ("This space is public…").
    const intro: string[] = [];
    for (let at = (above?.at ?? form.at) + 1; at < form.at; at += 1) {
      const node = nodes[at]!;
      if (TEXT_ROLES.has(node.role) && node.name !== '' && !inAnyDialog(at)) intro.push(node.name);
    }
    return { scope: describe('form', title, members, after, intro), ...heading, ...mainHeading };
  }
  const start = headingBefore(index, 0);
  const before: Placed[] = [];
  for (let at = (start?.at ?? -1) + 1; at < index; at += 1) if (!inAnyDialog(at)) before.push({ node: nodes[at]!, at });
  const after: Placed[] = [];
  for (let at = index + 1; at < nodes.length && nodes[at]!.role !== 'heading'; at += 1) {
    if (!inAnyDialog(at)) after.push({ node: nodes[at]!, at });
  }
  // In a page section only what is above the target concerns it; below may be the next item.
  const read = sinceRepeat(before, targetNode);
  return { scope: describe('section', start?.node.name || undefined, read, after, []), ...mainHeading };
}

/** The notes outside dialogs that speak of the target by its name's first word, or its stem. */
function explanations(
  nodes: readonly SnapshotNode[],
  target: SnapshotNode,
  inAnyDialog: (at: number) => boolean,
): string[] {
  const word = /^\p{L}+/u.exec(plain(target.name))?.[0];
  if (word === undefined || word.length < SHORTEST_NAME_WORD) return [];
  const stem = word.length > 5 && word.endsWith('e') ? word.slice(0, -1) : word;
  const names = new RegExp(`(?:^|[^\\p{L}])${stem}\\p{L}*`, 'u');
  return nodes
    .filter((node, at) => TEXT_ROLES.has(node.role) && !inAnyDialog(at) && node !== target)
    .map((node) => node.name)
    .filter((text) => text.length > word.length + 10 && names.test(plain(text)));
}

/**
 * How to tell whether the node at one index holds the node at another: by `parent` refs when the
 * snapshot has them, else by geometry and order.
 */
function containment(nodes: readonly SnapshotNode[]): (holder: number, held: number) => boolean {
  if (nodes.some((node) => node.parent !== undefined)) {
    const indexOf = new Map(nodes.map((node, at) => [node.ref, at]));
    return (holder, held) => {
      let current = nodes[held]?.parent;
      for (let steps = 0; current !== undefined && steps < nodes.length; steps += 1) {
        const at = indexOf.get(current);
        if (at === holder) return true;
        current = at === undefined ? undefined : nodes[at]!.parent;
      }
      return false;
    };
  }
  // Without refs, a holder's content is the run of nodes right after it that its box holds.
  const runEnd = nodes.map((node, at) => {
    let end = at;
    while (end + 1 < nodes.length && contains(node.box, nodes[end + 1]!.box)) end += 1;
    return end;
  });
  return (holder, held) => held > holder && held <= runEnd[holder]!;
}

function membersOf(
  nodes: readonly SnapshotNode[],
  holder: number,
  holds: (holder: number, held: number) => boolean,
): Placed[] {
  return nodes.map((node, at) => ({ node, at })).filter(({ at }) => holds(holder, at));
}

/**
 * In a list of rows that each have the same control (an "Open" per download, a "Revoke" per
 * token), what concerns the target starts after the previous row's control.
 */
function sinceRepeat(before: readonly Placed[], target: AccessibilityNode): Placed[] {
  let from = 0;
  before.forEach(({ node }, position) => {
    if (node.role === target.role && node.name === target.name && node.name !== '') from = position + 1;
  });
  return before.slice(from);
}

function describe(
  kind: ActionScope['kind'],
  title: string | undefined,
  read: readonly Placed[],
  after: readonly Placed[],
  extraTexts: readonly string[],
): ActionScope {
  // A text that repeats a control's name is that control's label, not something it says.
  const labels = new Set(
    read.filter(({ node }) => interactiveRoles.has(node.role)).map(({ node }) => plain(node.name)),
  );
  const texts = [
    ...extraTexts,
    ...read
      .filter(
        ({ node }) =>
          TEXT_ROLES.has(node.role) || LEGEND_ROLES.has(node.role) || (node.role === 'heading' && node.name !== title),
      )
      .map(({ node }) => node.name),
    ...read.flatMap(({ node }) => (node.description && !interactiveRoles.has(node.role) ? [node.description] : [])),
  ].filter((text, position, all) => text !== '' && !labels.has(plain(text)) && all.indexOf(text) === position);
  const groups = read
    .filter(({ node }) => LEGEND_ROLES.has(node.role) && node.name !== '')
    .map(({ node }) => node.name);
  const first = texts.find((candidate) => !extraTexts.includes(candidate));
  const legends = [...groups, ...(first && labelLike(first) ? [first] : [])];
  const chosen = read.flatMap(({ node }) => {
    if (OPTION_ROLES.has(node.role)) return node.checked === true ? [node.name] : [];
    if ((node.role === 'combobox' || node.role === 'listbox') && node.value) return [node.value];
    return [];
  });
  return {
    kind,
    ...(title ? { title } : {}),
    texts,
    legends: [...new Set(legends)],
    chosen,
    fields: read.filter(({ node }) => FIELD_ROLES.has(node.role)).map(({ node }) => node),
    following: after.filter(({ node }) => PRESSABLE_ROLES.has(node.role)).map(({ node }) => node),
    others: new Set([...read, ...after].filter(({ node }) => PRESSABLE_ROLES.has(node.role)).map(({ at }) => at)).size,
  };
}

/** A short text without sentence punctuation reads like a legend or a heading, not like prose. */
function labelLike(text: string): boolean {
  return text.split(/\s+/).length <= 6 && !/[.!?]$/.test(text.trim());
}

/** Level 1 beats any other level; among equals, the taller box, then the first. */
function outranks(candidate: SnapshotNode, best: SnapshotNode): boolean {
  const rank = (node: SnapshotNode) => (node.level === 1 ? 1 : 0);
  if (rank(candidate) !== rank(best)) return rank(candidate) > rank(best);
  return candidate.box.height > best.box.height;
}

function contains(outer: AccessibilityNode['box'], inner: AccessibilityNode['box']): boolean {
  return (
    inner.x >= outer.x - TOLERANCE &&
    inner.y >= outer.y - TOLERANCE &&
    inner.x + inner.width <= outer.x + outer.width + TOLERANCE &&
    inner.y + inner.height <= outer.y + outer.height + TOLERANCE
  );
}
