/**
 * An edit left unsaved: the plan ends by giving a field a value inside a small editor (an inline
 * "change email" box, a dialog with one or two fields) that has its own Save button, and nothing
 * after the edit pressed it. The value shows on screen, yet the app has not taken it: claiming the
 * task done would be a false success. Pure over the final screen's accessibility nodes.
 */
import type { AccessibilityNode, PlanVersion } from '@sandpiper/protocol';
import { quote } from '@sandpiper/protocol';
import { directiveOfStep, type Directive } from '../grammar/index.js';
import { nodeTree } from '../grounding/scope.js';
import { normalizeText, scoreText } from '../grounding/text-score.js';

/** Buttons that commit what an editor holds. */
const COMMIT = /^(?:save|submit|apply|update|confirm|done|ok|send|create|book|finish)\b/i;
/** Buttons without which nothing chosen in their form takes effect: "Apply", "Apply filters". */
const APPLY = /^apply\b/i;
/** Kinds of step that leave a value in a field. */
const EDITS = new Set<Directive['kind']>(['type', 'set', 'clear', 'select']);
/** Kinds of step that commit or leave the editor. */
const COMMITS = new Set<Directive['kind']>([
  'click',
  'double-click',
  'press',
  'command',
  'confirm',
  'search',
  'open',
  'go-to',
  'dismiss',
  'pick',
]);
/** Editors with more fields than this are forms filled on purpose, not inline edits. */
const MAX_EDITOR_FIELDS = 2;

const DIALOG_ROLES = new Set(['dialog', 'alertdialog']);

const FIELD_ROLES = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox', 'slider', 'listbox']);

export interface UnsavedEdit {
  readonly field: string;
  readonly button: string;
}

function fieldName(directive: Directive): string | undefined {
  switch (directive.kind) {
    case 'type':
    case 'clear':
    case 'select':
      return directive.field?.name;
    case 'set':
      return directive.target.name;
    default:
      return undefined;
  }
}

/** The dropdown a pick's option now shows in, when it went into one. */
function pickedInto(directive: Directive, nodes: readonly AccessibilityNode[]): AccessibilityNode | undefined {
  if (directive.kind !== 'pick' || directive.option === '') return undefined;
  const wanted = normalizeText(directive.option);
  return nodes.find(
    (node) => (node.role === 'combobox' || node.role === 'listbox') && normalizeText(node.value ?? '') === wanted,
  );
}

/** The unsaved edit the final screen shows, if any. */
export function unsavedEdit(
  plan: PlanVersion,
  nodes: readonly AccessibilityNode[] | undefined,
): UnsavedEdit | undefined {
  if (nodes === undefined) return undefined;
  const steps = [...plan.completed, ...plan.pending];
  const directives = steps.map((step) => directiveOfStep(step));
  // "Pick 'Lisbon'" that landed in a dropdown: a value left in a field, like any other edit.
  const edits = (directive: Directive | undefined): boolean =>
    directive !== undefined && (EDITS.has(directive.kind) || pickedInto(directive, nodes) !== undefined);
  let last = -1;
  directives.forEach((directive, index) => {
    if (edits(directive)) last = index;
  });
  if (last < 0) return undefined;
  if (
    directives
      .slice(last + 1)
      .some((directive) => directive === undefined || (COMMITS.has(directive.kind) && !edits(directive)))
  )
    return undefined;
  const edited = directives[last]!;
  const picked = pickedInto(edited, nodes);
  const name = fieldName(edited) ?? picked?.name ?? (edited.kind === 'pick' ? edited.option : undefined);
  if (name === undefined) return undefined;
  const tree = nodeTree(nodes);
  const field =
    picked ??
    nodes
      .filter((node) => FIELD_ROLES.has(node.role))
      .map((node) => ({
        node,
        score: Math.max(scoreText(name, node.name)?.score ?? 0, scoreText(name, node.placeholder ?? '')?.score ?? 0),
      }))
      .filter((entry) => entry.score >= 0.7)
      .sort((first, second) => second.score - first.score)[0]?.node;
  if (field === undefined || !tree.structured) return undefined;
  // The nearest holder of the field that also holds a commit button: the editor.
  for (const ref of tree.ancestors(field.ref)) {
    const inside = nodes.filter((node) => tree.ancestors(node.ref).includes(ref));
    const buttons = inside.filter(
      (node) => node.role === 'button' && node.disabled !== true && COMMIT.test(node.name.trim()),
    );
    if (buttons.length === 0) continue;
    const fields = inside.filter((node) => FIELD_ROLES.has(node.role));
    // An "Apply" button holds back every field of its form, however many there are; so does the
    // Save of an item's edit dialog ("Edit Compressor-B"), opened to change one of its fields.
    const applies = buttons.length === 1 && APPLY.test(buttons[0]!.name.trim());
    const itemEditor = tree
      .ancestors(field.ref)
      .map((above) => tree.byRef(above))
      .some((above) => above !== undefined && DIALOG_ROLES.has(above.role) && /^edit\b/i.test(above.name.trim()));
    if ((fields.length > MAX_EDITOR_FIELDS && !applies && !itemEditor) || buttons.length !== 1) return undefined;
    return { field: field.name || name, button: buttons[0]!.name.trim() };
  }
  return undefined;
}

/** The judge's words for it, and the step that would finish it. */
export function describeUnsaved(edit: UnsavedEdit): { reason: string; missing: string } {
  return {
    reason: `${quote(edit.field)} shows the new value, but it is not saved: ${quote(edit.button)} was never clicked.`,
    missing: `Click the ${quote(edit.button)} button`,
  };
}
