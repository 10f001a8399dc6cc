/**
 * Turns Chromium's full accessibility tree (CDP `Accessibility.getFullAXTree`) into the flat list
 * of nodes a grounder needs: controls, headings, landmarks of feedback, and runs of visible text.
 * Pure: boxes are attached later by whoever can measure them.
 */
import { interactiveRoles, structuralRoles } from '@sandpiper/protocol';

/** The parts of a CDP `AXValue` this module reads. */
export interface AxValue {
  readonly type: string;
  readonly value?: unknown;
}

/** The parts of a CDP `AXNode` this module reads. */
export interface AxNode {
  readonly nodeId: string;
  readonly ignored: boolean;
  readonly role?: AxValue;
  readonly name?: AxValue;
  readonly value?: AxValue;
  readonly properties?: readonly { readonly name: string; readonly value: AxValue }[];
  readonly childIds?: readonly string[];
  readonly parentId?: string;
  readonly backendDOMNodeId?: number;
  readonly description?: AxValue;
}

/** A node chosen for the snapshot, before its on-screen box is known. */
export interface SnapshotCandidate {
  readonly role: string;
  readonly name: string;
  readonly value?: string;
  readonly options?: readonly string[];
  readonly checked?: boolean | 'mixed';
  readonly disabled?: boolean;
  readonly focused?: boolean;
  readonly expanded?: boolean;
  readonly selected?: boolean;
  readonly pressed?: boolean | 'mixed';
  readonly popup?: string;
  readonly level?: number;
  readonly valueMin?: number;
  readonly valueMax?: number;
  readonly description?: string;
  readonly invalid?: boolean;
  readonly modal?: boolean;
  readonly editable?: boolean;
  /** Set for Chromium's date and time inputs, which it reports under roles of their own. */
  readonly inputType?: string;
  /** Index (in the returned list) of the nearest chosen node holding this one. */
  readonly parentIndex?: number;
  /** DOM nodes whose boxes, united, give this node's box (several for a run of text). */
  readonly backendNodeIds: readonly number[];
  /** Column and row headers carry `aria-sort` only as a DOM attribute, which Chromium's tree omits. */
  readonly needsSortAttribute: boolean;
}

/** The roles the snapshot keeps: what a person acts on, and what tells them where they are. */
const REPORTED_ROLES = new Set([...interactiveRoles, 'heading', 'dialog', 'alertdialog', 'status', 'alert', 'img']);

/** Controls whose inside is an implementation detail (the date field's spin buttons, a select's popup). */
const ATOMIC_ROLES = new Set([
  'button',
  'textbox',
  'searchbox',
  'spinbutton',
  'combobox',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'img',
  'option',
  'menuitemcheckbox',
  'menuitemradio',
]);

/** Roles whose accessible name already repeats their text, so the text is not listed again. */
const NAME_FROM_CONTENT_ROLES = new Set(['link', 'heading', 'tab', 'menuitem', 'columnheader', 'rowheader']);

/** Roles that show a value the user can change; their value is reported even when empty. */
const FIELD_ROLES = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox', 'slider']);

/** Chromium's internal roles for date and time inputs, which are text fields to a user. */
const INTERNAL_INPUT_TYPES: ReadonlyMap<string, string> = new Map([
  ['Date', 'date'],
  ['DateTime', 'datetime-local'],
  ['InputTime', 'time'],
]);

const INTERNAL_ROLE_ALIASES: ReadonlyMap<string, string> = new Map([
  // A <details> element's <summary>: a button that expands and collapses what follows it.
  ['DisclosureTriangle', 'button'],
  ['Date', 'textbox'],
  ['DateTime', 'textbox'],
  ['InputTime', 'textbox'],
]);

/** Live regions whose message is their content; an empty name is filled from it. */
const MESSAGE_ROLES = new Set(['status', 'alert']);

/**
 * Select the nodes worth showing, in document order, each with the index of the chosen node that
 * holds it. Holders are structural nodes (rows, list items, groups, regions...) and unnamed
 * `generic` boxes that group two or more chosen things (a card); a holder that ends up holding
 * fewer than two is dropped and its contents move up to its own holder.
 */
export function selectSnapshotCandidates(nodes: readonly AxNode[]): SnapshotCandidate[] {
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const root = nodes.find((node) => node.parentId === undefined);
  const chosen: { candidate: SnapshotCandidate; parent: number | undefined; structural: boolean }[] = [];
  const childrenOf = (node: AxNode): AxNode[] =>
    (node.childIds ?? []).flatMap((id) => {
      const child = byId.get(id);
      return child === undefined ? [] : [child];
    });

  const visit = (node: AxNode, textOwned: boolean, parent: number | undefined): void => {
    let ownsText = textOwned;
    let holder = parent;
    const role = roleOf(node);
    if (!node.ignored && node.backendDOMNodeId !== undefined) {
      if (REPORTED_ROLES.has(role)) {
        const candidate = toCandidate(node, role, childrenOf);
        if (role !== 'img' || candidate.name !== '') {
          chosen.push({ candidate, parent, structural: false });
          holder = chosen.length - 1;
        }
        if (ATOMIC_ROLES.has(role)) return;
        const namedByContent = NAME_FROM_CONTENT_ROLES.has(role) || MESSAGE_ROLES.has(role);
        if (namedByContent && candidate.name !== '') ownsText = true;
      } else if (structuralRoles.has(role)) {
        chosen.push({ candidate: structuralCandidate(node, role), parent, structural: true });
        holder = chosen.length - 1;
      }
    }
    let run: AxNode[] = [];
    const flush = (): void => {
      const text = ownsText ? undefined : textCandidate(run);
      if (text !== undefined) chosen.push({ candidate: text, parent: holder, structural: false });
      run = [];
    };
    for (const child of childrenOf(node)) {
      if (roleOf(child) === 'StaticText' && !child.ignored) {
        run.push(child);
      } else {
        flush();
        visit(child, ownsText, holder);
      }
    }
    flush();
  };

  if (root !== undefined) visit(root, false, undefined);
  return pruneHolders(chosen);
}

/**
 * Drop structural nodes that hold fewer than two chosen nodes (an unnamed generic around one
 * button says nothing), moving what they held up to their own holder; renumber the rest.
 */
function pruneHolders(
  chosen: readonly { candidate: SnapshotCandidate; parent: number | undefined; structural: boolean }[],
): SnapshotCandidate[] {
  const held = new Array<number>(chosen.length).fill(0);
  for (const entry of chosen) if (entry.parent !== undefined) held[entry.parent] = (held[entry.parent] ?? 0) + 1;
  const keep = chosen.map((entry, index) => {
    if (!entry.structural) return true;
    const named = entry.candidate.name !== '' && entry.candidate.role !== 'generic';
    return (held[index] ?? 0) >= 2 || (named && (held[index] ?? 0) >= 1);
  });
  const holderOf = (index: number | undefined): number | undefined => {
    let current = index;
    while (current !== undefined && !keep[current]) current = chosen[current]?.parent;
    return current;
  };
  const renumbered = new Map<number, number>();
  const result: SnapshotCandidate[] = [];
  chosen.forEach((entry, index) => {
    if (!keep[index]) return;
    renumbered.set(index, result.length);
    const parent = holderOf(entry.parent);
    const parentIndex = parent === undefined ? undefined : renumbered.get(parent);
    result.push(parentIndex === undefined ? entry.candidate : { ...entry.candidate, parentIndex });
  });
  return result;
}

function structuralCandidate(node: AxNode, role: string): SnapshotCandidate {
  // Rows and cells are named from their content, which their text nodes already carry.
  const named = role !== 'row' && role !== 'cell' && role !== 'gridcell' && role !== 'generic';
  const name = named ? normalizeText(stringOf(node.name) ?? '') : '';
  const selected = propertyOf(node, 'selected');
  const expanded = propertyOf(node, 'expanded');
  return {
    role,
    name,
    ...(selected === true ? { selected: true } : {}),
    ...(typeof expanded === 'boolean' ? { expanded } : {}),
    backendNodeIds: node.backendDOMNodeId === undefined ? [] : [node.backendDOMNodeId],
    needsSortAttribute: false,
  };
}

function internalInputType(node: AxNode): string | undefined {
  const role = typeof node.role?.value === 'string' ? node.role.value : '';
  return INTERNAL_INPUT_TYPES.get(role);
}

function roleOf(node: AxNode): string {
  const role = typeof node.role?.value === 'string' ? node.role.value : '';
  return INTERNAL_ROLE_ALIASES.get(role) ?? role;
}

function stringOf(value: AxValue | undefined): string | undefined {
  if (value === undefined || value.value === undefined || value.value === null) return undefined;
  if (typeof value.value === 'number') return shortestFloat32(value.value);
  return String(value.value);
}

/**
 * Chromium reports numeric values (spin buttons, sliders) as 32-bit floats, so 84.2 arrives as
 * 84.19999694824219. The shortest decimal that rounds to the same float is what the page shows.
 */
function shortestFloat32(value: number): string {
  if (!Number.isFinite(value) || Number.isInteger(value)) return String(value);
  for (let digits = 1; digits <= 17; digits += 1) {
    const candidate = Number(value.toPrecision(digits));
    if (Math.fround(candidate) === Math.fround(value)) return String(candidate);
  }
  return String(value);
}

function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function propertyOf(node: AxNode, name: string): unknown {
  return node.properties?.find((property) => property.name === name)?.value.value;
}

function toCandidate(node: AxNode, role: string, childrenOf: (node: AxNode) => AxNode[]): SnapshotCandidate {
  let name = normalizeText(stringOf(node.name) ?? '');
  if (name === '' && MESSAGE_ROLES.has(role)) name = subtreeText(node, childrenOf);
  let value = stringOf(node.value);
  if (value === undefined && FIELD_ROLES.has(role)) value = '';
  let options: string[] | undefined;
  if (role === 'combobox' || role === 'listbox') {
    const found = collectOptions(node, childrenOf);
    if (found.length > 0) options = found.map((option) => option.name);
    if (role === 'listbox') {
      const selected = found.filter((option) => option.selected).map((option) => option.name);
      if (selected.length > 0) value = selected.join(', ');
    }
  }
  const checked = propertyOf(node, 'checked');
  const expanded = propertyOf(node, 'expanded');
  const pressed = propertyOf(node, 'pressed');
  const popup = propertyOf(node, 'hasPopup');
  const level = propertyOf(node, 'level');
  const valueMin = propertyOf(node, 'valuemin');
  const valueMax = propertyOf(node, 'valuemax');
  const invalid = propertyOf(node, 'invalid');
  const description = normalizeText(stringOf(node.description) ?? '');
  return {
    role,
    name,
    ...(value === undefined ? {} : { value }),
    ...(options === undefined ? {} : { options }),
    ...(checked === 'true' || checked === 'false' ? { checked: checked === 'true' } : {}),
    ...(checked === 'mixed' ? { checked: 'mixed' as const } : {}),
    ...(propertyOf(node, 'disabled') === true ? { disabled: true } : {}),
    ...(propertyOf(node, 'focused') === true ? { focused: true } : {}),
    ...(typeof expanded === 'boolean' ? { expanded } : {}),
    ...(propertyOf(node, 'selected') === true ? { selected: true } : {}),
    ...(pressed === 'true' || pressed === 'false' ? { pressed: pressed === 'true' } : {}),
    ...(pressed === 'mixed' ? { pressed: 'mixed' as const } : {}),
    ...(typeof popup === 'string' && popup !== 'false' ? { popup: popup === 'true' ? 'menu' : popup } : {}),
    ...(typeof level === 'number' && Number.isInteger(level) && level > 0 ? { level } : {}),
    ...(typeof valueMin === 'number' && Number.isFinite(valueMin) ? { valueMin } : {}),
    ...(typeof valueMax === 'number' && Number.isFinite(valueMax) ? { valueMax } : {}),
    ...(description !== '' && description !== name ? { description } : {}),
    ...(invalid !== undefined && invalid !== 'false' && invalid !== false ? { invalid: true } : {}),
    ...(propertyOf(node, 'modal') === true ? { modal: true } : {}),
    ...(typeof propertyOf(node, 'editable') === 'string' ? { editable: true } : {}),
    ...(internalInputType(node) === undefined ? {} : { inputType: internalInputType(node)! }),
    backendNodeIds: node.backendDOMNodeId === undefined ? [] : [node.backendDOMNodeId],
    needsSortAttribute: role === 'columnheader' || role === 'rowheader',
  };
}

function collectOptions(node: AxNode, childrenOf: (node: AxNode) => AxNode[]): { name: string; selected: boolean }[] {
  const options: { name: string; selected: boolean }[] = [];
  for (const child of childrenOf(node)) {
    if (roleOf(child) === 'option' && !child.ignored) {
      options.push({
        name: normalizeText(stringOf(child.name) ?? ''),
        selected: propertyOf(child, 'selected') === true,
      });
    } else {
      options.push(...collectOptions(child, childrenOf));
    }
  }
  return options;
}

function subtreeText(node: AxNode, childrenOf: (node: AxNode) => AxNode[]): string {
  const parts: string[] = [];
  const walk = (current: AxNode): void => {
    for (const child of childrenOf(current)) {
      if (child.ignored) continue;
      if (roleOf(child) === 'StaticText') parts.push(stringOf(child.name) ?? '');
      else walk(child);
    }
  };
  walk(node);
  return normalizeText(parts.join(' '));
}

function textCandidate(run: readonly AxNode[]): SnapshotCandidate | undefined {
  const name = normalizeText(run.map((node) => stringOf(node.name) ?? '').join(''));
  const backendNodeIds = run.flatMap((node) => (node.backendDOMNodeId === undefined ? [] : [node.backendDOMNodeId]));
  if (name === '' || backendNodeIds.length === 0) return undefined;
  return { role: 'text', name, backendNodeIds, needsSortAttribute: false };
}
