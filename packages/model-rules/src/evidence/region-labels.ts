import type { AccessibilityNode, Box } from '@sandpiper/protocol';
import type { ChangeRegion } from '@sandpiper/vision';
import { quote } from '../grammar/index.js';
import type { ExecutedActions } from './executed-action.js';
import { area, containsBox, distanceToBox, formatBox, grow, intersects, union } from './geometry.js';
import type { LabelledRegion, RegionKind } from './labelled-region.js';
import type { NodeChange } from './node-changes.js';
import { animatesOnItsOwn, busyIndicator, caretShaped, tickingText } from './noise.js';
import type { ResolvedEvidenceOptions } from './options.js';

/** The element the executed action landed on, as far as the screen before tells. */
export interface ActedOn {
  readonly box: Box;
  readonly name: string;
  /** ARIA role; absent when only a position is known. */
  readonly role?: string;
}

/** Everything stage 1 looks at. */
export interface LabelInput {
  readonly regions: readonly ChangeRegion[];
  readonly screen: { readonly width: number; readonly height: number };
  readonly executed: ExecutedActions;
  readonly actedOn?: ActedOn;
  readonly changes: readonly NodeChange[];
  readonly beforeNodes?: readonly AccessibilityNode[];
  readonly afterNodes?: readonly AccessibilityNode[];
  /** Boxes that changed between the previous screen and this one with no action in between. */
  readonly idleChanges: readonly Box[];
  readonly options: ResolvedEvidenceOptions;
}

const POPUP_ROLES = new Set(['dialog', 'alertdialog', 'menu', 'listbox', 'tooltip']);
const TOGGLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);
const TEXT_FIELD_ROLES = new Set(['textbox', 'spinbutton', 'textarea']);
const MESSAGE_ROLES = new Set(['status', 'alert']);
const FIELD_ROLES = new Set([...TEXT_FIELD_ROLES, 'searchbox', 'combobox', 'listbox', 'slider']);
/** A pointer action's own element restyles within this many pixels of its box (focus rings, shadows). */
const OWN_LOOK_MARGIN = 6;
/** Controls an app shows in answer to input (a field's clear or accept button, an editing toolbar's Cancel). */
const OFFERED_ROLES = new Set(['button', 'link', 'menuitem', 'option']);
const SHORTCUT_MODIFIERS = new Set(['Control', 'Alt', 'Meta']);

type Verdict = {
  readonly kind: RegionKind;
  readonly description: string;
  readonly node?: AccessibilityNode;
  /** Elements whose change the verdict rests on; the region is widened to cover them. */
  readonly elements?: readonly AccessibilityNode[];
};

const named = (node: AccessibilityNode) => (node.name === '' ? `the ${node.role}` : `${quote(node.name)}`);

function overlapping(changes: readonly NodeChange[], box: Box): NodeChange[] {
  return changes.filter((change) => intersects(change.node.box, box));
}

/** Whether the change's element is the one the action landed on (or holds an action point). */
function actedElement(input: LabelInput, node: AccessibilityNode): boolean {
  if (input.actedOn !== undefined && intersects(grow(input.actedOn.box, 2), node.box)) return true;
  return input.executed.points.some((point) => distanceToBox(node.box, point) <= 2);
}

function nearAction(input: LabelInput, box: Box): boolean {
  if (input.executed.points.some((point) => distanceToBox(box, point) <= input.options.nearRadius)) return true;
  return input.actedOn !== undefined && intersects(grow(input.actedOn.box, input.options.targetMargin), box);
}

/**
 * Whether content far from the action may be its consequence. Typing into a plain text field
 * changes that field (and at most a validation message); anything else (a search box, a select,
 * a checkbox, a click, a key) routinely updates results, counts and panels elsewhere.
 */
function reachesFar(input: LabelInput, change: NodeChange): boolean {
  if (MESSAGE_ROLES.has(change.node.role)) return true;
  const role = input.actedOn?.role;
  return !(input.executed.typed && (role === undefined || TEXT_FIELD_ROLES.has(role)));
}

const LOCAL_ROLES = new Set([...TOGGLE_ROLES, ...TEXT_FIELD_ROLES, 'text', 'StaticText', 'heading', 'paragraph']);

/**
 * Whether a purely visual change far away (no accessibility change there: a highlighted step, a
 * recoloured row) may follow from the action. Pressing a button, link, tab or header, Enter, or a
 * shortcut (a chord with Control, Alt or Meta, a command to the whole application such as save)
 * routinely restyles other parts of the screen; a click on plain text or empty space, typing, and
 * toggling a checkbox do not reach that far.
 */
function restylesFar(input: LabelInput): boolean {
  if (input.executed.typed) return false;
  const shortcut = (keys: readonly string[]) =>
    keys.includes('Enter') || (keys.length > 1 && keys.some((key) => SHORTCUT_MODIFIERS.has(key)));
  if (input.executed.chords.some((chord) => shortcut(chord.split('+')))) return true;
  const role = input.actedOn?.role;
  return input.executed.lastPoint !== undefined && role !== undefined && !LOCAL_ROLES.has(role);
}

/**
 * With accessibility data on both screens, a small change far from the action that alters no
 * element's text, value or state is presentation only: a hover style ending where the pointer
 * used to be, a validation tint. Larger changes of that kind (a recoloured panel) still count.
 */
function cosmetic(input: LabelInput, region: ChangeRegion, changes: readonly NodeChange[]): boolean {
  if (input.beforeNodes === undefined || input.afterNodes === undefined || changes.length > 0) return false;
  return area(region.box) <= input.options.animationMaxArea || sameControlThere(input, region.box);
}

/**
 * Whether the changed place holds the same controls before and after, by role and name ("Edit" in
 * a row of a grid that highlighted or shifted): nothing there changed but its look.
 */
function sameControlThere(input: LabelInput, box: Box): boolean {
  const there = (nodes: readonly AccessibilityNode[]) =>
    nodes
      .filter((node) => CONTROL_ROLES.has(node.role) && node.name.trim() !== '' && intersects(node.box, box))
      .map((node) => `${node.role}\u0000${node.name}`)
      .sort()
      .join('\u0001');
  const before = there(input.beforeNodes ?? []);
  return before !== '' && before === there(input.afterNodes ?? []);
}

/** Roles of controls whose look may change on hover, focus or a highlighted row. */
const CONTROL_ROLES: ReadonlySet<string> = new Set([
  'button',
  'link',
  'menuitem',
  'tab',
  'checkbox',
  'radio',
  'switch',
]);

function describeActedOn(input: LabelInput): string {
  const actedOn = input.actedOn;
  if (actedOn === undefined) return 'the page';
  return actedOn.role === undefined ? quote(actedOn.name) : `the ${actedOn.role} ${quote(actedOn.name)}`;
}

/** Whether another control changing state would be a side effect of this kind of action. */
function controlsAreOffLimits(input: LabelInput): boolean {
  const role = input.actedOn?.role;
  if (input.actedOn !== undefined && /\ball\b/i.test(input.actedOn.name)) return false;
  return input.executed.typed || (role !== undefined && (TOGGLE_ROLES.has(role) || TEXT_FIELD_ROLES.has(role)));
}

function popupVerdict(changes: readonly NodeChange[]): Verdict | undefined {
  for (const change of changes) {
    if (!POPUP_ROLES.has(change.node.role)) continue;
    if (change.kind === 'appeared')
      return { kind: 'popup', description: `a ${change.node.role} ${named(change.node)} appeared`, node: change.node };
    if (change.kind === 'disappeared')
      return { kind: 'popup', description: `the ${change.node.role} ${named(change.node)} closed`, node: change.node };
    if (change.kind === 'state' && change.what === 'expanded')
      return { kind: 'popup', description: `${named(change.node)} opened its list`, node: change.node };
  }
  return undefined;
}

function valueVerdict(input: LabelInput, changes: readonly NodeChange[]): Verdict | undefined {
  const change = changes.find((candidate) => candidate.kind === 'value');
  if (change?.kind !== 'value') return undefined;
  const { node, previous } = change;
  const field = !FIELD_ROLES.has(node.role)
    ? `the ${node.role} ${named(node)}`
    : node.name === ''
      ? `an unnamed ${node.role}`
      : `the ${quote(node.name)} field`;
  const now = quote(node.value ?? '');
  if (actedElement(input, node) || (input.executed.points.length === 0 && node.focused === true)) {
    const what = FIELD_ROLES.has(node.role) ? `text in ${field}` : `the value of ${field}`;
    return { kind: 'field-text', description: `${what}: ${quote(previous)} → ${now}`, node };
  }
  if (controlsAreOffLimits(input)) {
    return { kind: 'side-effect', description: `${field} changed from ${quote(previous)} to ${now} as well`, node };
  }
  return { kind: 'consequence', description: `${field} changed to ${now} after the action`, node };
}

function checkedVerdict(input: LabelInput, changes: readonly NodeChange[]): Verdict | undefined {
  const toggles = changes.filter((candidate) => candidate.kind === 'checked');
  const change = toggles.find((candidate) => actedElement(input, candidate.node)) ?? toggles[0];
  if (change?.kind !== 'checked') return undefined;
  const { node } = change;
  const state = node.checked === true ? 'checked' : node.checked === 'mixed' ? 'partly checked' : 'not checked';
  const description = `the ${node.role} ${named(node)} became ${state}`;
  if (actedElement(input, node)) return { kind: 'toggle', description, node };
  // A "select all" box goes partly checked when one row is ticked: it summarizes the others.
  if (node.checked === 'mixed' || change.previous === 'mixed' || /\ball\b/i.test(node.name)) {
    return { kind: 'consequence', description: `${description}, summing up the others`, node };
  }
  const pickedRadio = input.changes.some(
    (other) => other.kind === 'checked' && other.node.role === 'radio' && other.node.checked === true,
  );
  if (node.role === 'radio' && node.checked !== true && pickedRadio) {
    return { kind: 'toggle', description: `${description}, giving way to the new choice`, node };
  }
  if (controlsAreOffLimits(input)) return { kind: 'side-effect', description: `${description} as well`, node };
  return { kind: 'consequence', description: `${description} after the action`, node };
}

function noiseVerdict(input: LabelInput, region: ChangeRegion, changes: readonly NodeChange[]): Verdict | undefined {
  const ticking = tickingText(changes);
  if (ticking !== undefined)
    return {
      kind: 'noise',
      description: `a clock or counter ticked (${quote(ticking.before)} → ${quote(ticking.after)})`,
    };
  const busy = busyIndicator(region.box, input.beforeNodes, input.afterNodes);
  if (busy !== undefined) return { kind: 'noise', description: `a busy indicator (${busy.role} ${named(busy)})` };
  const substantive = changes.filter((change) => change.kind !== 'focus');
  if (substantive.length > 0) return undefined;
  if (caretShaped(region.box)) return { kind: 'noise', description: 'a blinking caret or cursor bar' };
  if (animatesOnItsOwn(region.box, input.idleChanges, input.options.animationMaxArea)) {
    return { kind: 'noise', description: 'an animation: it also changed while nothing was done' };
  }
  return undefined;
}

function describeChanges(changes: readonly NodeChange[]): string | undefined {
  const added = changes.find((change) => change.kind === 'appeared');
  if (added !== undefined) return `${named(added.node)} appeared`;
  const state = changes.find((change) => change.kind === 'state');
  if (state?.kind === 'state') return `${named(state.node)} became ${state.what}`;
  const gone = changes.find((change) => change.kind === 'disappeared');
  return gone === undefined ? undefined : `${named(gone.node)} went away`;
}

function placeVerdict(input: LabelInput, region: ChangeRegion, changes: readonly NodeChange[]): Verdict {
  const screenArea = input.screen.width * input.screen.height;
  if (screenArea > 0 && area(region.box) >= input.options.navigationCoverage * screenArea) {
    if (input.executed.scrolled) return { kind: 'scroll', description: 'the page scrolled' };
    if (input.executed.canNavigate)
      return {
        kind: 'navigation',
        description: describePage(changes) ?? 'most of the screen changed (a new page or view)',
      };
  }
  const focus = changes.find((change) => change.kind === 'focus' && change.gained);
  const actedOn = input.actedOn;
  if (nearAction(input, region.box)) {
    const inside = actedOn !== undefined && containsBox(grow(actedOn.box, OWN_LOOK_MARGIN), region.box);
    const substantive = changes.filter((change) => change.kind !== 'focus');
    if (focus !== undefined && substantive.length === 0)
      return { kind: 'focus', description: `focus moved to ${named(focus.node)}`, node: focus.node };
    if (inside && substantive.length === 0 && actedOn !== undefined) {
      const what = actedOn.role === undefined ? quote(actedOn.name) : `${actedOn.role} ${quote(actedOn.name)}`;
      return { kind: 'own-look', description: `the acted-on ${what} restyled (hover, pressed or focus look)` };
    }
    const elements = substantive.map((change) => change.node);
    return { kind: 'near-action', description: describeChanges(changes) ?? 'a change at the action point', elements };
  }
  if (focus !== undefined)
    return { kind: 'focus', description: `focus moved to ${named(focus.node)}`, node: focus.node };
  const blurred = changes.find((change) => change.kind === 'focus');
  if (blurred !== undefined && changes.every((change) => change.kind === 'focus')) {
    return { kind: 'focus', description: `focus left ${named(blurred.node)}`, node: blurred.node };
  }
  const explained = changes.filter((change) => change.kind !== 'focus' && reachesFar(input, change));
  const content = describeChanges(explained);
  if (content !== undefined) {
    const elements = explained.map((change) => change.node);
    return { kind: 'consequence', description: `${content} elsewhere after the action`, elements };
  }
  if (input.executed.scrolled) return { kind: 'scroll', description: 'content moved as the page scrolled' };
  if (restylesFar(input)) {
    return { kind: 'consequence', description: `a restyle elsewhere after the action on ${describeActedOn(input)}` };
  }
  const offered = offeredControls(changes);
  if (offered !== undefined) {
    return {
      kind: 'consequence',
      description: `the app now offers ${offered.map(named).join(', ')} after the action`,
      elements: offered,
    };
  }
  if (cosmetic(input, region, changes)) {
    return {
      kind: 'noise',
      description: 'a small cosmetic change (hover or focus styling): no text, value or state changed there',
    };
  }
  const around = describeChanges(changes) ?? nodesAround(input, region.box);
  return { kind: 'side-effect', description: `an unexplained change at ${formatBox(region.box)}${around}` };
}

/**
 * Controls that appeared (in place of others, or alone), with nothing else changing there: an app
 * answering input with new choices (an editing toolbar swapping its buttons for Cancel and Accept,
 * a field's clear button). That changes no state of its own, so it is no side effect; undefined
 * when anything else changed or nothing appeared.
 */
function offeredControls(changes: readonly NodeChange[]): AccessibilityNode[] | undefined {
  const substantive = changes.filter((change) => change.kind !== 'focus');
  const nodes: AccessibilityNode[] = [];
  for (const change of substantive) {
    const control = OFFERED_ROLES.has(change.node.role);
    if (!control || (change.kind !== 'appeared' && change.kind !== 'disappeared')) return undefined;
    if (change.kind === 'appeared') nodes.push(change.node);
  }
  return nodes.length === 0 ? undefined : nodes;
}

function describePage(changes: readonly NodeChange[]): string | undefined {
  const heading = changes.find((change) => change.kind === 'appeared' && change.node.role === 'heading');
  return heading === undefined ? undefined : `the view changed: the heading ${named(heading.node)} appeared`;
}

function nodesAround(input: LabelInput, box: Box): string {
  const node = (input.afterNodes ?? []).find((candidate) => intersects(candidate.box, box));
  return node === undefined ? '' : ` (${named(node)})`;
}

function verdictFor(input: LabelInput, region: ChangeRegion): Verdict {
  const changes = overlapping(input.changes, region.box);
  return (
    popupVerdict(changes) ??
    valueVerdict(input, changes) ??
    checkedVerdict(input, changes) ??
    noiseVerdict(input, region, changes) ??
    placeVerdict(input, region, changes)
  );
}

/** Elements small enough that their whole box is a fair outline of their change. */
function snapped(region: ChangeRegion, verdict: Verdict, screenArea: number): Box {
  const small = (verdict.elements ?? []).filter((element) => area(element.box) <= screenArea / 4);
  if (small.length > 0) return small.reduce((box, element) => union(box, element.box), region.box);
  const node = verdict.node;
  if (node === undefined || area(node.box) > screenArea / 4) return region.box;
  if (verdict.kind === 'popup') return node.box;
  if (verdict.kind === 'field-text' || verdict.kind === 'toggle' || verdict.kind === 'side-effect') {
    return union(region.box, node.box);
  }
  return region.box;
}

/** Stage 1: label every changed region, conditioned on the executed actions only. */
export function labelRegions(input: LabelInput): LabelledRegion[] {
  const screenArea = input.screen.width * input.screen.height;
  const labelled: LabelledRegion[] = [];
  for (const region of input.regions) {
    const verdict = verdictFor(input, region);
    const box = snapped(region, verdict, screenArea);
    const twin = labelled.findIndex(
      (other) => verdict.node !== undefined && other.node === verdict.node && other.kind === verdict.kind,
    );
    if (twin !== -1) {
      const other = labelled[twin]!;
      labelled[twin] = {
        ...other,
        box: union(other.box, box),
        changedPixels: other.changedPixels + region.changedPixels,
      };
      continue;
    }
    labelled.push({
      id: labelled.length + 1,
      box,
      changedPixels: region.changedPixels,
      kind: verdict.kind,
      description: verdict.description,
      ...(verdict.node === undefined ? {} : { node: verdict.node }),
    });
  }
  return labelled;
}
