import type { AccessibilityNode } from '@sandpiper/protocol';
import { reaches, scoreText } from '../grounding/text-score.js';

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
  const middle = combobox.box.y + combobox.box.height / 2;
  const named = nodes.find((node) => {
    if (node === combobox || node.role === 'option' || node.box.height <= 0) return false;
    const sameLine = middle >= node.box.y && middle <= node.box.y + node.box.height;
    const near =
      node.box.x + node.box.width >= combobox.box.x - CHOICE_REACH &&
      node.box.x <= combobox.box.x + combobox.box.width + CHOICE_REACH;
    if (!sameLine || !near) return false;
    return reaches(scoreText(wanted, node.name), 'prefix');
  });
  return named?.name;
}
