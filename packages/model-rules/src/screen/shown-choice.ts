import type { AccessibilityNode } from '@sandpiper/protocol';
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
