import type { Grounder, Handle, Screen, TargetQuery } from '@sandpiper/core';
import { throwIfCancelled } from '@sandpiper/core';
import type { AccessibilityNode, Box, TargetRef, TargetRelation } from '@sandpiper/protocol';
import { boxCentre, centreInside } from '../evidence/geometry.js';
import type { ScreenReader } from '../screen/screen-reader.js';
import { accessibilityCandidates, inViewport, labelToFieldDistance } from './accessibility.js';
import { chooseCandidate, tiedWithBest, toGrounding, type TargetCandidate, type TargetMatch } from './candidates.js';
import { findTextMatches } from '../ocr/index.js';
import { ocrCandidates } from './ocr-grounding.js';
import { placedCandidates } from './placement.js';
import { normalizeText, onlyItemNouns, readsAsName, scoreText, withoutItemNoun } from './text-score.js';
import { dropMisplaced, nodeTree, nthCandidate, peerCandidates, scopeCandidates, type NodeTree } from './scope.js';

/** Candidates below this score are not the target. */
const MIN_SCORE = 0.3;
/** Score bonus for a candidate inside the named group (right of or below its label). */
const NEAR_BONUS = 0.1;

/** Roles that hold text but are rarely what a click should land on when a control sits inside them. */
const containerRoles = new Set(['columnheader', 'rowheader', 'heading', 'text', 'cell', 'status', 'listitem']);
/** Roles whose element does something when clicked. */
const actionableRoles = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option']);
/** How much lower an actionable element inside the chosen one may score and still be preferred. */
const INSIDE_MARGIN = 0.15;

/**
 * When the best match is a container (a column header, a heading, a run of text) with a control
 * of about the same name inside it (the sort button of a header cell), the control is the target:
 * clicking the middle of the container can miss it.
 */
function preferActionableInside(match: TargetMatch): TargetMatch {
  const best = match.best;
  if (best?.role === undefined || !containerRoles.has(best.role)) return match;
  const inner = match.alternatives.find(
    (candidate) =>
      candidate.role !== undefined &&
      actionableRoles.has(candidate.role) &&
      candidate.score >= best.score - INSIDE_MARGIN &&
      centreInside(candidate.box, best.box),
  );
  if (inner === undefined) return match;
  return {
    ...match,
    best: inner,
    alternatives: [best, ...match.alternatives.filter((candidate) => candidate !== inner)],
  };
}

/** What to look for, optionally near another box (a radio option under its group's label). */
export interface LocateQuery extends TargetQuery {
  /** Prefer candidates to the right of or below this box; absent to look everywhere alike. */
  readonly near?: Box;
  /** Only candidates inside what this names (a row, a dialog, the card showing a text). */
  readonly within?: TargetRef | undefined;
  /** When set, `within` places the target (after it, below it…) instead of holding it. */
  readonly relation?: TargetRelation | undefined;
  /** Position among the matching candidates in reading order; negative from the end. */
  readonly ordinal?: number | undefined;
}

/** The grounding query for a target reference; `role` stands in when the reference names no kind. */
export function queryFor(target: TargetRef, role?: string): LocateQuery {
  const hint = target.role ?? role;
  return {
    text: target.name ?? '',
    ...(hint === undefined ? {} : { role: hint }),
    ...(target.within === undefined ? {} : { within: target.within }),
    ...(target.relation === undefined ? {} : { relation: target.relation }),
    ...(target.ordinal === undefined ? {} : { ordinal: target.ordinal }),
  };
}

/** Role hints that name holders: their candidates come from the whole tree, structure included. */
const holderHints = new Set(['row', 'card', 'item', 'section', 'list', 'dialog', 'notice', 'cell', 'treeitem', 'menu']);

/** Candidates this far below the best still "match" when an ordinal picks among them. */
const ORDINAL_BAND = 0.15;

/** How far outside a marked area a candidate's centre may lie and still count as inside, in pixels. */
const REGION_SLACK = 12;

/**
 * Keep only the candidates inside the area the person marked, when any are: the mark settles an
 * ambiguity the scores cannot. With none inside (the page scrolled since), every candidate stays.
 */
function insideRegion(candidates: readonly TargetCandidate[], region: Box | undefined): readonly TargetCandidate[] {
  if (region === undefined) return candidates;
  const grown = {
    x: region.x - REGION_SLACK,
    y: region.y - REGION_SLACK,
    width: region.width + 2 * REGION_SLACK,
    height: region.height + 2 * REGION_SLACK,
  };
  const inside = candidates.filter((candidate) => centreInside(candidate.box, grown));
  return inside.length > 0 ? inside : candidates;
}

function preferNear(candidates: readonly TargetCandidate[], near: Box | undefined): TargetCandidate[] {
  if (near === undefined) return [...candidates];
  return candidates.map((candidate) =>
    labelToFieldDistance(near, candidate.box) === undefined
      ? candidate
      : { ...candidate, score: candidate.score + NEAR_BONUS },
  );
}

/**
 * A heading or cell picked by position that holds exactly one link or button: that control is
 * what acting on it means (the title link in a result's heading, which does not span its width).
 */
function onlyActionableInside(
  nodes: readonly AccessibilityNode[],
  chosen: TargetCandidate,
  viewport: { width: number; height: number },
): TargetCandidate {
  const holder = chosen.node;
  if (holder === undefined || !containerRoles.has(holder.role)) return chosen;
  const tree = nodeTree(nodes);
  const inner = nodes.filter(
    (node) =>
      actionableRoles.has(node.role) &&
      (tree.structured ? tree.ancestors(node.ref).includes(holder.ref) : centreInside(node.box, holder.box)),
  );
  if (inner.length !== 1) return chosen;
  const control = inner[0]!;
  return {
    ...chosen,
    label: control.name === '' ? chosen.label : control.name,
    role: control.role,
    box: control.box,
    node: control,
    inViewport: inViewport(control.box, viewport),
  };
}

/**
 * Headings counted by position are the ones of the most common level: "the first title" on a
 * results page is the first result's title, not the page's own heading above them.
 */
function sameLevelHeadings(candidates: readonly TargetCandidate[]): readonly TargetCandidate[] {
  if (!candidates.every((candidate) => candidate.node?.role === 'heading')) return candidates;
  const byLevel = new Map<number, TargetCandidate[]>();
  for (const candidate of candidates) {
    const level = candidate.node?.level ?? 0;
    byLevel.set(level, [...(byLevel.get(level) ?? []), candidate]);
  }
  if (byLevel.size < 2) return candidates;
  return [...byLevel.values()].reduce((most, group) => (group.length > most.length ? group : most));
}

/**
 * Find a target on a screen: by accessibility names when the screen has a snapshot, otherwise (or
 * when the snapshot has no match) by OCR. Never throws for "not found": the match has no `best`.
 */
export async function locateTarget(
  handle: Handle,
  reader: ScreenReader,
  screen: Screen,
  query: LocateQuery,
): Promise<TargetMatch> {
  throwIfCancelled(handle);
  let match = await findMatch(handle, reader, screen, query);
  // "the parking permits email": with nothing named so on screen, the noun names the kind of item
  // (not for a field: "the billing email" field is not the "Billing" tab).
  const item = query.role === undefined || holderHints.has(query.role) || query.role === 'link';
  // "the second project card": nothing is named so, and every word names a kind; count that kind.
  const kind = match.best === undefined && query.role === undefined ? onlyItemNouns(query.text) : undefined;
  if (kind !== undefined && reader.nodes(screen) !== undefined) {
    const hint = kind === 'card' || kind === 'tile' ? 'card' : kind === 'row' ? 'row' : 'item';
    return findMatch(handle, reader, screen, { ...query, text: '', role: hint });
  }
  // "Tick 'Pallet jack PJ-2'" where each box is named by nothing but its row: the box in the row
  // that shows the name, when no box has the name itself.
  const boxRoles = ['checkbox', 'switch', 'radio'];
  if (
    query.role !== undefined &&
    boxRoles.includes(query.role) &&
    query.text.trim() !== '' &&
    query.within === undefined &&
    !boxRoles.includes(match.best?.node?.role ?? '') &&
    reader.nodes(screen) !== undefined
  ) {
    const held = await findMatch(handle, reader, screen, { ...query, text: '', within: { name: query.text } });
    if (held.best !== undefined && !held.ambiguous && boxRoles.includes(held.best.node?.role ?? '')) match = held;
  }
  const shorter = match.best === undefined && item ? withoutItemNoun(query.text) : undefined;
  if (shorter !== undefined && reader.nodes(screen) !== undefined) {
    const retried = await findMatch(handle, reader, screen, { ...query, text: shorter });
    if (retried.best !== undefined) match = retried;
  }
  if (match.ambiguous && match.best !== undefined) {
    const others = match.alternatives.length;
    handle.log(
      `'${query.text}' matched ${others + 1} places about equally; took the ${match.best.role ?? 'text'} at the top left.`,
    );
  }
  return match;
}

async function findMatch(
  handle: Handle,
  reader: ScreenReader,
  screen: Screen,
  query: LocateQuery,
): Promise<TargetMatch> {
  const content = reader.nodes(screen);
  const all = reader.tree(screen);
  const viewport = { width: screen.capture.width, height: screen.capture.height };
  if (content !== undefined && all !== undefined) {
    const reachable = insideModal(all, content, viewport, query);
    const searched = query.role !== undefined && holderHints.has(query.role) ? reachable.all : reachable.content;
    let found = accessibilityCandidates(searched, query, viewport, all).filter(
      (candidate) => candidate.score >= MIN_SCORE,
    );
    // Named with no kind and nothing else fits: a holder named so (a sheet's cell "D3", a row) is meant.
    if (found.length === 0 && query.role === undefined && searched !== reachable.all) {
      found = accessibilityCandidates(reachable.all, query, viewport, all).filter(
        (candidate) => candidate.score >= MIN_SCORE,
      );
    }
    if (query.within === undefined) found = dropMisplaced(nodeTree(all), found, query.text);
    let rivals: readonly string[] = [];
    const placed =
      query.within !== undefined && query.relation !== undefined && found.length > 0
        ? placedCandidates(nodeTree(all), found, query.within, query.relation)
        : undefined;
    if (placed !== undefined) {
      found = [...placed];
      if (found.length === 0) return { query: query.text, method: 'none', alternatives: [], ambiguous: false };
    } else if (query.within !== undefined && found.length > 0) {
      const scoped = scopeCandidates(nodeTree(all), found, query.within, query.ordinal !== undefined);
      found = [...scoped.candidates];
      rivals = scoped.rivals;
      if (found.length === 0) return { query: query.text, method: 'none', alternatives: [], ambiguous: false };
    }
    if (query.ordinal !== undefined && found.length > 0) {
      const top = Math.max(...found.map((candidate) => candidate.score));
      const close = found.filter((candidate) => candidate.score >= top - ORDINAL_BAND);
      // Holders are counted among their peers: nested holders of the same kind are not items of it.
      const holders = query.role !== undefined && holderHints.has(query.role);
      const matching = sameLevelHeadings(holders ? peerCandidates(nodeTree(all), close) : close);
      const counted = nthCandidate(nodeTree(all), matching, query.ordinal);
      if (counted === undefined) return { query: query.text, method: 'none', alternatives: [], ambiguous: false };
      const chosen = onlyActionableInside(all, counted, viewport);
      return {
        query: query.text,
        method: 'accessibility',
        best: chosen,
        alternatives: matching.filter((candidate) => candidate !== chosen).slice(0, 10),
        ambiguous: false,
      };
    }
    if (found.length > 0) {
      const pool = preferNear(insideRegion(found, query.region), query.near);
      const match = labelledTwins(preferActionableInside(chooseCandidate(query, 'accessibility', pool)), query.text);
      // "the dark theme": the choice 'Dark' of the group 'Theme' has every word asked for, so it
      // is that choice by name, not a name that only holds part of the words.
      const withHolder = namedWithHolder(nodeTree(all), pool, query.text);
      // Only for the kind asked for, if any: a radio is no "dark theme" tab.
      const fitsKind = (named: TargetCandidate) => query.role === undefined || named.node?.role === query.role;
      const asNamed = (named: TargetCandidate): TargetMatch => ({
        ...match,
        best: fitsKind(named) ? { ...named, score: Math.max(named.score, HOLDER_NAMED) } : named,
        ambiguous: false,
      });
      if (match.ambiguous && rivals.length <= 1) {
        if (withHolder !== undefined) return asNamed(withHolder);
        const named = namedWithItem(nodeTree(all), match, query.text);
        if (named !== undefined) return { ...match, best: named, ambiguous: false };
      }
      if (withHolder !== undefined && !match.ambiguous && withHolder.node?.ref === match.best?.node?.ref)
        return asNamed(withHolder);
      return rivals.length > 1 ? { ...match, ambiguous: true, rivals } : match;
    }
    if (query.within !== undefined || query.ordinal !== undefined)
      return { query: query.text, method: 'none', alternatives: [], ambiguous: false };
  }
  const read = (await ocrCandidates(handle, reader, screen, query)) ?? [];
  let found = read.filter((candidate) => candidate.score >= MIN_SCORE);
  if (query.within?.name !== undefined && query.relation === undefined)
    found = await nearReadAnchor(handle, reader, screen, found, query.within);
  return chooseCandidate(query, 'ocr', preferNear(insideRegion(found, query.region), query.near));
}

/** How well a field's own name must fit the words for a label above it to be no tie-breaker. */
const OWN_NAME_FIT = 0.5;

/**
 * A label over a group ("Salary range (per year)") matched the words and was taken for the first
 * field under it. When that field's own name fits the words no better than another field's of
 * its kind ("Minimum salary", "Maximum salary" for "salary"), the label told nothing apart: the
 * match is the fields, tied, by their own names.
 */
function labelledTwins(match: TargetMatch, text: string): TargetMatch {
  const best = match.best;
  const node = best?.node;
  if (best?.via !== 'label' || node === undefined || node.name.trim() === '') return match;
  const own = scoreText(text, node.name)?.score ?? 0;
  if (own < OWN_NAME_FIT) return match;
  const twins = match.alternatives.filter(
    (candidate) =>
      candidate.via === 'name' &&
      candidate.node !== undefined &&
      candidate.node.ref !== node.ref &&
      candidate.node.role === node.role &&
      Math.abs((scoreText(text, candidate.label)?.score ?? 0) - own) < 0.02,
  );
  if (twins.length === 0) return match;
  const self: TargetCandidate = { ...best, label: node.name, via: 'name', score: twins[0]!.score };
  const others = match.alternatives.filter((candidate) => !twins.includes(candidate));
  return { ...match, best: self, alternatives: [...twins, ...others], ambiguous: true };
}

/** Lowest score at which read text counts as the holder a target is named against. */
const ANCHOR_SCORE = 0.7;

/**
 * With only the screenshot to read, what holds a target ("the Delete button of the row with
 * Boiler-02") is the text it is named by: candidates nearest that text (rows weigh three times
 * columns) are kept, and none when the text, or what it is named inside, is not on screen.
 */
async function nearReadAnchor(
  handle: Handle,
  reader: ScreenReader,
  screen: Screen,
  found: readonly TargetCandidate[],
  within: TargetRef,
): Promise<TargetCandidate[]> {
  const lines = (await reader.ocrLines(handle, screen)) ?? [];
  const shown = (name: string): readonly Box[] =>
    findTextMatches(lines, name)
      .filter((match) => match.score >= ANCHOR_SCORE && readsAsName(name, match.text, ANCHOR_SCORE))
      .map((match) => match.box);
  for (let outer = within.within; outer !== undefined; outer = outer.within)
    if (outer.name !== undefined && shown(outer.name).length === 0) return [];
  const anchors = shown(within.name!);
  if (anchors.length === 0 || found.length === 0) return [];
  const gap = (box: Box): number =>
    Math.min(
      ...anchors.map((anchor) =>
        Math.hypot(boxCentre(box).x - boxCentre(anchor).x, (boxCentre(box).y - boxCentre(anchor).y) * 3),
      ),
    );
  const nearest = Math.min(...found.map((candidate) => gap(candidate.box)));
  return found.filter((candidate) => gap(candidate.box) <= nearest * 1.25 + 8);
}

/**
 * While a modal dialog is open, only what it holds can be reached: a click anywhere else lands
 * on its backdrop (and often closes it). The nodes to search, the whole snapshot otherwise, and
 * also when the query asks for a dialog itself.
 */
function insideModal(
  all: readonly AccessibilityNode[],
  content: readonly AccessibilityNode[],
  viewport: { width: number; height: number },
  query: LocateQuery,
): { all: readonly AccessibilityNode[]; content: readonly AccessibilityNode[] } {
  if (query.role === 'dialog') return { all, content };
  const modal = all
    .filter(
      (node) =>
        (node.role === 'dialog' || node.role === 'alertdialog') &&
        node.modal === true &&
        inViewport(node.box, viewport),
    )
    .at(-1);
  if (modal === undefined) return { all, content };
  const tree = nodeTree(all);
  const held = (node: AccessibilityNode) => node.ref === modal.ref || tree.ancestors(node.ref).includes(modal.ref);
  return { all: all.filter(held), content: content.filter(held) };
}

/** How well a choice named with its group's name ("the Dark theme") matches. */
const HOLDER_NAMED = 0.9;

/** Roles of the choices a group names ("the Dark theme" is the radio Dark of the group Theme). */
const choiceRoles = new Set(['radio', 'menuitemradio', 'option', 'checkbox', 'switch', 'tab', 'button']);

/**
 * "the Dark theme", "the Express shipping option": a name made of a choice's own name and the
 * name of the group holding it. The one candidate whose name and whose group's name together
 * give every word asked for, when there is exactly one.
 */
function namedWithHolder(
  tree: NodeTree,
  candidates: readonly TargetCandidate[],
  text: string,
): TargetCandidate | undefined {
  const wanted = normalizeText(text).split(' ');
  if (wanted.length < 2) return undefined;
  const fits = candidates.filter((candidate) => {
    const node = candidate.node;
    if (node === undefined || !choiceRoles.has(node.role)) return false;
    const own = normalizeText(node.name).split(' ');
    if (own.length === 0 || !own.every((word) => wanted.includes(word))) return false;
    const rest = wanted.filter((word) => !own.includes(word));
    return tree.ancestors(node.ref).some((ref) => {
      const holder = normalizeText(tree.byRef(ref)?.name ?? '').split(' ');
      return rest.length > 0 && rest.every((word) => holder.includes(word));
    });
  });
  return fits.length === 1 ? fits[0] : undefined;
}

/** Roles of the items a list, table or feed repeats, whose text tells controls of one name apart. */
const repeatedItemRoles = new Set(['row', 'listitem', 'article', 'treeitem', 'option']);

/** The nearest item (row, list item, card) holding a node. */
export function itemOf(tree: NodeTree, node: AccessibilityNode): AccessibilityNode | undefined {
  return tree
    .ancestors(node.ref)
    .map((ref) => tree.byRef(ref))
    .find((holder) => holder !== undefined && repeatedItemRoles.has(holder.role));
}

/**
 * The words asked for that the name of tied candidates does not have ("chidi obis" of "chidi
 * obis role" against several "Role" selects); empty unless every tied candidate has one name.
 */
export function wordsBeyondName(match: TargetMatch, text: string): string[] {
  const tied = tiedWithBest(match);
  if (tied.length === 0) return [];
  const name = normalizeText(tied[0]!.label);
  if (tied.length < 2 || tied.some((candidate) => normalizeText(candidate.label) !== name)) return [];
  const own = new Set(name.split(' '));
  return normalizeText(text)
    .split(' ')
    .filter((word) => word.length > 1 && !own.has(word) && !fillerWords.has(word));
}

/** Words that name nothing in particular: articles, joining words, pronouns of the person. */
const fillerWords = new Set([
  'the',
  'a',
  'an',
  'of',
  'for',
  'in',
  'on',
  'at',
  'to',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
]);

/** Whether an item's text holds a word, or the word without a possessive "s" ("obis" for Obi). */
function itemHas(text: string, word: string): boolean {
  return (
    text.includes(` ${word} `) || (word.length > 3 && word.endsWith('s') && text.includes(` ${word.slice(0, -1)} `))
  );
}

/**
 * "chidi obis role" against one "Role" select per member row: the candidate, of several tied
 * with one name, whose row or item shows the other words asked for, when exactly one does.
 */
function namedWithItem(tree: NodeTree, match: TargetMatch, text: string): TargetCandidate | undefined {
  const rest = wordsBeyondName(match, text);
  if (rest.length === 0 || !tree.structured) return undefined;
  const fits = tiedWithBest(match).filter((candidate) => {
    const item = candidate.node === undefined ? undefined : itemOf(tree, candidate.node);
    if (item === undefined) return false;
    const shown = ` ${normalizeText(tree.textUnder(item.ref))} `;
    return rest.every((word) => itemHas(shown, word));
  });
  return fits.length === 1 ? fits[0] : undefined;
}

/** The engine's grounder role: {@link locateTarget} in the contract's shape. */
export function createRulesGrounder(reader: ScreenReader): Grounder {
  return {
    async ground(handle, input) {
      const match = await locateTarget(handle, reader, input.screen, input.query);
      if (match.best?.disabled === true) handle.log(`The only match for '${input.query.text}' is disabled.`);
      return toGrounding(match);
    },
  };
}
