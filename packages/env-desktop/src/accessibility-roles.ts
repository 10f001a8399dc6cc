import type { AccessibilityNode } from '@sandpiper/protocol';

/** One node as the AT-SPI helper prints it. */
export interface AtspiNode {
  /** AT-SPI role name, such as `push button` or `table cell`. */
  readonly role: string;
  readonly name: string;
  /** Depth below the top-level window (0). */
  readonly depth: number;
  /** x, y, width, height in screen pixels. */
  readonly box: readonly [number, number, number, number];
  /** Reported states: focused, checked, mixed, expandable, expanded, selected, enabled, sensitive, active, checkable. */
  readonly states: readonly string[];
  /** Text of a field or cell, or the current value of a slider, spin button or scroll bar. */
  readonly value?: string;
}

/**
 * AT-SPI roles mapped to the ARIA role names the browser environment reports, so the grounder
 * and the checks read one vocabulary. Roles missing here are layout (panel, filler, viewport,
 * scroll pane, ...) and are left out of snapshots.
 */
const ARIA_ROLES: ReadonlyMap<string, string> = new Map([
  ['push button', 'button'],
  ['button', 'button'],
  ['toggle button', 'button'],
  ['check box', 'checkbox'],
  ['radio button', 'radio'],
  ['text', 'textbox'],
  ['entry', 'textbox'],
  ['password text', 'textbox'],
  ['spin button', 'spinbutton'],
  ['combo box', 'combobox'],
  ['list', 'listbox'],
  ['list box', 'listbox'],
  ['list item', 'option'],
  ['menu bar', 'menubar'],
  ['menu', 'menuitem'],
  ['menu item', 'menuitem'],
  ['check menu item', 'menuitemcheckbox'],
  ['radio menu item', 'menuitemradio'],
  ['tear off menu item', 'menuitem'],
  ['page tab list', 'tablist'],
  ['page tab', 'tab'],
  ['table', 'grid'],
  ['tree table', 'treegrid'],
  ['table cell', 'cell'],
  ['column header', 'columnheader'],
  ['table column header', 'columnheader'],
  ['row header', 'rowheader'],
  ['table row header', 'rowheader'],
  ['tree', 'tree'],
  ['tree item', 'treeitem'],
  ['heading', 'heading'],
  ['label', 'text'],
  ['static', 'text'],
  ['caption', 'text'],
  ['paragraph', 'paragraph'],
  ['link', 'link'],
  ['slider', 'slider'],
  ['scroll bar', 'scrollbar'],
  ['progress bar', 'progressbar'],
  ['tool bar', 'toolbar'],
  ['status bar', 'status'],
  ['dialog', 'dialog'],
  ['file chooser', 'dialog'],
  ['alert', 'alertdialog'],
  ['notification', 'alert'],
  ['tool tip', 'tooltip'],
  ['image', 'img'],
  ['icon', 'img'],
  ['document text', 'document'],
  ['document spreadsheet', 'document'],
  ['document presentation', 'document'],
  ['document frame', 'document'],
  ['document web', 'document'],
]);

/** Roles whose `checked` is meaningful even when the state is absent (then it is false). */
const CHECKABLE_ROLES = new Set(['checkbox', 'radio', 'menuitemcheckbox', 'menuitemradio']);

/** The ARIA-like role for an AT-SPI role name, or undefined for layout roles that snapshots leave out. */
export function mapAtspiRole(role: string): string | undefined {
  return ARIA_ROLES.get(role);
}

/**
 * Convert helper nodes to protocol nodes: layout nodes and empty boxes are dropped, refs are
 * numbered in document order (`d1`, `d2`, ...), and states become the protocol's flags.
 */
export function mapAtspiNodes(nodes: readonly AtspiNode[]): AccessibilityNode[] {
  const mapped: AccessibilityNode[] = [];
  for (const node of nodes) {
    const role = mapAtspiRole(node.role);
    const [x, y, width, height] = node.box;
    if (role === undefined || width <= 0 || height <= 0) continue;
    const states = new Set(node.states);
    const checkable = CHECKABLE_ROLES.has(role) || states.has('checkable');
    const checked = states.has('mixed') ? ('mixed' as const) : states.has('checked');
    const enabled = states.has('enabled') || states.has('sensitive');
    mapped.push({
      ref: `d${mapped.length + 1}`,
      role,
      name: node.name,
      ...(node.value === undefined || node.value === '' ? {} : { value: node.value }),
      ...(checkable || checked === true || checked === 'mixed' ? { checked } : {}),
      ...(enabled ? {} : { disabled: true }),
      ...(states.has('focused') ? { focused: true } : {}),
      ...(states.has('expandable') ? { expanded: states.has('expanded') } : {}),
      box: { x, y, width, height },
    });
  }
  return mapped;
}
