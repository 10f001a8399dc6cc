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
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'columnheader',
  'rowheader',
]);
