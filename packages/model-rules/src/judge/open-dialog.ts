import type { Screen } from '@sandpiper/core';
import type { AccessibilityNode } from '@sandpiper/protocol';
import { centreInside } from '../evidence/geometry.js';
import { nodeTree } from '../grounding/scope.js';
import { quote } from '../grammar/index.js';
import { isInViewport } from '../screen/screen-reader.js';

/** Controls a dialog asks a person to set before it does anything. */
const CHOICE_ROLES = new Set(['textbox', 'combobox', 'listbox', 'checkbox', 'radio', 'spinbutton', 'slider', 'tab']);

/**
 * Why a claim cannot stand while the final screen shows a dialog of choices (a sort dialog, a
 * form in a modal): what the run asked for is waiting in it, unanswered. A bare message or a
 * confirmation ("Saved", "Delete 3 files?") holds no choices and does not count. Undefined when
 * no such dialog is open.
 */
export function pendingDialog(nodes: readonly AccessibilityNode[] | undefined, screen: Screen): string | undefined {
  if (nodes === undefined) return undefined;
  const dialog = nodes.filter((node) => node.role === 'dialog' && isInViewport(node.box, screen)).at(-1);
  if (dialog === undefined) return undefined;
  const tree = nodeTree(nodes);
  // Without parent links (a desktop snapshot), what lies inside the dialog's box belongs to it.
  const within = (node: AccessibilityNode) =>
    tree.structured
      ? tree.ancestors(node.ref).includes(dialog.ref)
      : node !== dialog && centreInside(node.box, dialog.box);
  const choices = nodes.filter(
    (node) => CHOICE_ROLES.has(node.role) && node.name !== '' && node.disabled !== true && within(node),
  );
  if (choices.length === 0) return undefined;
  const named = dialog.name === '' ? 'A dialog' : `The dialog ${quote(dialog.name)}`;
  const listed = choices
    .slice(0, 3)
    .map((node) => quote(node.name))
    .join(', ');
  return `${named} is still open, with choices (${listed}) that nothing answered, so what it is for has not happened yet.`;
}
