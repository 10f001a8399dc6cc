import { quote, type AccessibilityNode, type TargetRef } from '@sandpiper/protocol';
import { nodeTree } from '../grounding/scope.js';
import { normalizeText, reaches, scoreText } from '../grounding/text-score.js';

/** How far beside a combobox's text box its shown choice may sit, in pixels. */
const CHOICE_REACH = 320;

/**
 * The name of a node on a combobox's line, just beside its text box, that names `wanted` (the
 * same words, or starting with them): the choice a searchable select shows next to a text box
 * that is empty once the choice is made. Undefined when no such node names it, and for a combobox
 * that holds text or has its list open (typed text is not yet a choice). Pure.
 */
export function choiceShownBeside(
  nodes: readonly AccessibilityNode[],
  combobox: AccessibilityNode,
  wanted: string,
): string | undefined {
  if (combobox.role !== 'combobox' || (combobox.value ?? '') !== '' || combobox.expanded === true) return undefined;
  return nodesBeside(nodes, combobox)
    .map((node) => node.name)
    .find((name) => reaches(scoreText(wanted, name), 'prefix'));
}

/**
 * The named nodes on a combobox's line, just beside its text box (its shown choice, a
 * placeholder), in the order of the snapshot. Pure.
 */
function nodesBeside(nodes: readonly AccessibilityNode[], combobox: AccessibilityNode): AccessibilityNode[] {
  const middle = combobox.box.y + combobox.box.height / 2;
  return nodes.filter((node) => {
    if (node === combobox || node.role === 'option' || node.box.height <= 0 || node.name.trim() === '') return false;
    const sameLine = middle >= node.box.y && middle <= node.box.y + node.box.height;
    const near =
      node.box.x + node.box.width >= combobox.box.x - CHOICE_REACH &&
      node.box.x <= combobox.box.x + combobox.box.width + CHOICE_REACH;
    return sameLine && near;
  });
}

/**
 * What a searchable select shows beside its empty text box: `chosen`, the text there in the box
 * that holds it (its siblings, when it has a holder) other than its own name, its placeholder and
 * buttons (a chip's remove button); `placeholder`, whether its placeholder shows there, which
 * such widgets show only while nothing is chosen. Pure.
 */
export function besideComboBox(
  nodes: readonly AccessibilityNode[],
  combobox: AccessibilityNode,
): { readonly chosen: readonly string[]; readonly placeholder: boolean } {
  const own = normalizeText(combobox.name);
  const hints = new Set(
    [combobox.description ?? '', combobox.placeholder ?? ''].map((text) => normalizeText(text)).filter(Boolean),
  );
  const beside = nodesBeside(nodes, combobox).filter(
    (node) => combobox.parent === undefined || node.parent === combobox.parent,
  );
  return {
    chosen: beside
      .filter((node) => node.role !== 'button')
      .map((node) => node.name)
      .filter((name) => normalizeText(name) !== own && !hints.has(normalizeText(name))),
    placeholder: beside.some((node) => hints.has(normalizeText(node.name))),
  };
}

/** The group of radios named as the target (a fieldset's legend, a radiogroup's label), when there is exactly one. */
function radioGroupNamed(
  nodes: readonly AccessibilityNode[],
  target: TargetRef,
): { name: string; radios: AccessibilityNode[] } | undefined {
  if (target.name === undefined || target.within !== undefined) return undefined;
  const tree = nodeTree(nodes);
  const groups = nodes
    .filter((node) => (node.role === 'group' || node.role === 'radiogroup') && node.name.trim() !== '')
    .filter((node) => reaches(scoreText(target.name!, node.name), 'same-words'))
    .map((node) => ({
      name: node.name,
      radios: nodes.filter((item) => item.role === 'radio' && tree.ancestors(item.ref).includes(node.ref)),
    }))
    .filter((group) => group.radios.length > 0);
  return groups.length === 1 ? groups[0] : undefined;
}

/**
 * What a group of radios named as the target has chosen, against the value wanted: whether it is
 * that value (compared with `same`), and what was seen. Undefined unless exactly one such group.
 */
export function choiceInGroup(
  nodes: readonly AccessibilityNode[],
  target: TargetRef,
  wanted: string,
  same: (shown: string, wanted: string) => boolean,
): { readonly chosen: boolean; readonly detail: string } | undefined {
  const group = radioGroupNamed(nodes, target);
  if (group === undefined) return undefined;
  const chosen = group.radios.find((radio) => radio.checked === true);
  if (chosen === undefined) return { chosen: false, detail: `No option of ${quote(group.name)} is selected.` };
  return same(chosen.name, wanted)
    ? { chosen: true, detail: `The ${quote(chosen.name)} option of ${quote(group.name)} is selected.` }
    : { chosen: false, detail: `${quote(chosen.name)} is selected in ${quote(group.name)}, not ${quote(wanted)}.` };
}
