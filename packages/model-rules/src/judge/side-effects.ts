import type { Handle, Screen } from '@sandpiper/core';
import type { PlanVersion } from '@sandpiper/protocol';
import { parseStep, quote } from '../grammar/index.js';
import type { ScreenReader } from '../screen/screen-reader.js';
import { isInViewport } from '../screen/screen-reader.js';

/** Control labels whose click changes something outside the page: it must be confirmed on screen. */
const SIDE_EFFECT_LABEL =
  /\b(save|submit|send|pay|delete|remove|create|export|download|upload|publish|post|book|order|purchase|install|confirm)\b/i;

/** Words a page uses to confirm that such an action took effect. */
const CONFIRMATION =
  /\b(saved|submitted|sent|paid|deleted|removed|created|exported|downloaded|uploaded|published|posted|booked|ordered|installed|confirmed|complete|completed|success|successful|successfully|thank you|received)\b/i;

/** Roles whose text is a control's label, not a message from the page. */
const CONTROL_ROLES = new Set([
  'button',
  'link',
  'menuitem',
  'tab',
  'option',
  'checkbox',
  'radio',
  'textbox',
  'combobox',
]);

/** The side-effect click the plan ends with, if any: its target label. */
export function finalSideEffect(plan: PlanVersion): string | undefined {
  const steps = [...plan.completed, ...plan.pending];
  const last = steps.at(-1);
  const directive = last === undefined ? undefined : parseStep(last.text);
  if (directive === undefined) return undefined;
  if (directive.kind === 'click' || directive.kind === 'double-click') {
    return SIDE_EFFECT_LABEL.test(directive.target) ? directive.target : undefined;
  }
  return undefined;
}

export interface Confirmation {
  readonly confirmed: boolean;
  readonly detail: string;
}

/**
 * Look for a visible message that confirms the side effect: text in the viewport, outside any
 * control, with a confirming word ("Report submitted", "Saved"). Without accessibility data the
 * whole OCR text is searched, which cannot tell a message from a label, so it is less strict.
 */
export async function findConfirmation(
  handle: Handle,
  reader: ScreenReader,
  screen: Screen,
  label: string,
): Promise<Confirmation> {
  const nodes = reader.nodes(screen);
  if (nodes !== undefined) {
    const message = nodes.find(
      (node) =>
        !CONTROL_ROLES.has(node.role) &&
        isInViewport(node.box, screen) &&
        CONFIRMATION.test(`${node.name} ${node.value ?? ''}`),
    );
    return message === undefined
      ? { confirmed: false, detail: `No message on screen confirms that ${quote(label)} took effect.` }
      : {
          confirmed: true,
          detail: `The page confirms ${quote(label)}: ${quote(message.name || message.value || '')}.`,
        };
  }
  const lines = (await reader.ocrLines(handle, screen, 'normal')) ?? [];
  const line = lines.find((candidate) => CONFIRMATION.test(candidate.text));
  return line === undefined
    ? { confirmed: false, detail: `No text on screen confirms that ${quote(label)} took effect.` }
    : { confirmed: true, detail: `OCR reads a confirmation of ${quote(label)}: ${quote(line.text)}.` };
}
