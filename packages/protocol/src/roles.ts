/**
 * ARIA roles of the elements a person can act on: click, type into, pick, toggle, drag. The
 * browser environment reports them in its accessibility snapshot and the grounder prefers them
 * over plain text when a step names no role.
 */
export const interactiveRoles: ReadonlySet<string> = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'spinbutton',
  'combobox',
  'listbox',
  'option',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'tab',
  'treeitem',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'columnheader',
  'rowheader',
]);

/**
 * Roles of nodes that only hold others: rows, list items, articles, groups, regions, tables,
 * and `generic` for an unnamed box that groups several things (a card). Snapshots report them
 * so that "the Delete button in the row of 'Boiler-02'" can be resolved through `parent`;
 * readers that look for something to act on or read skip them.
 */
export const structuralRoles: ReadonlySet<string> = new Set([
  'generic',
  'row',
  'rowgroup',
  'cell',
  'gridcell',
  'listitem',
  'list',
  'article',
  'group',
  'region',
  'form',
  'search',
  'tabpanel',
  'tablist',
  'menu',
  'menubar',
  'tree',
  'grid',
  'table',
  'treegrid',
  'toolbar',
  'navigation',
  'radiogroup',
  'feed',
  'figure',
  'banner',
  'main',
  'complementary',
  'contentinfo',
]);

/** Whether a node is there only to hold others (see {@link structuralRoles}). */
export function isStructural(node: { readonly role: string }): boolean {
  return structuralRoles.has(node.role);
}
