import { interactiveRoles } from '@sandpiper/protocol';

/**
 * Role hints a step can carry (the grammar's nouns plus `field` and `dropdown`), and the ARIA roles
 * that satisfy each: `primary` roles fit exactly, `compatible` ones are plausible stand-ins (a link
 * styled as a button).
 */
interface RoleFit {
  readonly primary: readonly string[];
  readonly compatible: readonly string[];
}

export const fieldRoles: readonly string[] = ['textbox', 'searchbox', 'spinbutton', 'combobox', 'textarea'];
export const dropdownRoles: readonly string[] = ['combobox', 'listbox'];

const roleFits: Readonly<Record<string, RoleFit>> = {
  button: { primary: ['button'], compatible: ['link', 'menuitem', 'tab', 'switch'] },
  link: { primary: ['link'], compatible: ['button', 'menuitem'] },
  tab: { primary: ['tab'], compatible: ['button', 'link'] },
  checkbox: { primary: ['checkbox', 'switch', 'menuitemcheckbox'], compatible: [] },
  radio: { primary: ['radio', 'menuitemradio'], compatible: [] },
  header: { primary: ['columnheader', 'rowheader', 'heading'], compatible: ['button'] },
  'column header': { primary: ['columnheader'], compatible: ['rowheader', 'button'] },
  option: { primary: ['option', 'radio', 'menuitemradio'], compatible: ['menuitem', 'link', 'button'] },
  'menu item': { primary: ['menuitem', 'menuitemcheckbox', 'menuitemradio'], compatible: ['link', 'button', 'option'] },
  icon: { primary: ['img', 'button', 'link'], compatible: [] },
  field: { primary: fieldRoles, compatible: ['slider'] },
  dropdown: { primary: dropdownRoles, compatible: ['button'] },
  searchbox: { primary: ['searchbox', 'textbox', 'combobox'], compatible: [] },
  date: { primary: ['textbox', 'combobox', 'spinbutton'], compatible: ['button'] },
  time: { primary: ['textbox', 'combobox', 'spinbutton'], compatible: ['button'] },
  spinbutton: { primary: ['spinbutton'], compatible: ['textbox', 'slider'] },
  slider: { primary: ['slider'], compatible: ['spinbutton'] },
  switch: { primary: ['switch', 'checkbox', 'menuitemcheckbox'], compatible: ['button'] },
  listbox: { primary: ['listbox'], compatible: ['combobox', 'list'] },
  list: { primary: ['list', 'listbox', 'tree', 'grid', 'table'], compatible: [] },
  menu: { primary: ['menu', 'menubar'], compatible: ['button', 'menuitem'] },
  item: { primary: ['listitem', 'option', 'treeitem', 'menuitem', 'row', 'article'], compatible: ['link', 'button'] },
  row: { primary: ['row'], compatible: ['listitem', 'option'] },
  cell: { primary: ['cell', 'gridcell'], compatible: ['columnheader', 'rowheader'] },
  card: { primary: ['article', 'listitem', 'row', 'group', 'region'], compatible: ['link', 'option'] },
  dialog: { primary: ['dialog', 'alertdialog'], compatible: [] },
  section: { primary: ['region', 'group', 'tabpanel', 'form'], compatible: ['button', 'heading'] },
  notice: { primary: ['status', 'alert', 'alertdialog'], compatible: ['dialog', 'region', 'text'] },
  treeitem: { primary: ['treeitem'], compatible: ['link', 'button', 'row'] },
  image: { primary: ['img'], compatible: ['button', 'link'] },
  tooltip: { primary: ['tooltip'], compatible: [] },
  page: { primary: ['main'], compatible: [] },
};

/** Hints for things that take a value; found by their own name or through a nearby label. */
const fieldHints: Readonly<Record<string, readonly string[]>> = {
  field: [...fieldRoles, 'slider'],
  dropdown: dropdownRoles,
  searchbox: ['searchbox', 'textbox', 'combobox'],
  date: ['textbox', 'combobox', 'spinbutton'],
  time: ['textbox', 'combobox', 'spinbutton'],
  spinbutton: ['spinbutton', 'textbox'],
  slider: ['slider', 'spinbutton'],
};

/** How well a node's role suits the hint: 3 exact, 2 compatible or no hint, 1 mismatch. */
export type RoleRank = 1 | 2 | 3;

export function rankRole(hint: string | undefined, role: string): RoleRank {
  if (hint === undefined) return interactiveRoles.has(role) ? 3 : 2;
  const fit = roleFits[hint];
  // A hint that is itself an ARIA role (from a model planner's criterion) fits that role exactly.
  if (fit === undefined) return hint === role ? 3 : 2;
  if (fit.primary.includes(role)) return 3;
  return fit.compatible.includes(role) ? 2 : 1;
}

/** Score multiplier for a role rank. */
export function roleFactor(rank: RoleRank): number {
  return rank === 3 ? 1 : rank === 2 ? 0.9 : 0.6;
}

/** Hints whose target must be a field: only fields qualify, found by name or through a label. */
export function isFieldHint(hint: string | undefined): hint is string {
  return hint !== undefined && fieldHints[hint] !== undefined;
}

export function rolesForFieldHint(hint: string): readonly string[] {
  return fieldHints[hint] ?? fieldRoles;
}
