/**
 * Turns a corpus case into what the action guard sees in a run: the action as the operator would
 * plan it, and the target grounded in the accessibility snapshot by role and exact name, the way
 * `page.getByRole(role, { name, exact: true })` finds it.
 */
import type { AccessibilityNode, Action } from '@sandpiper/protocol';
import type { SensitiveCase } from './case-schema.js';

/** The snapshot node a case's target names; undefined when the snapshot has no such node. */
export function groundTarget(
  nodes: readonly AccessibilityNode[],
  target: { readonly role: string; readonly name: string },
): AccessibilityNode | undefined {
  const matches = nodes.filter((node) => node.role === target.role && node.name === target.name);
  return matches.length === 1 ? matches[0] : undefined;
}

/** The action a case describes, aimed at the grounded target's centre for pointer actions. */
export function caseAction(item: SensitiveCase, target: AccessibilityNode | undefined): Action {
  switch (item.action) {
    case 'click': {
      const box = target?.box ?? { x: 0, y: 0, width: 0, height: 0 };
      const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      return { type: 'click', at, button: 'left', count: 1, modifiers: [] };
    }
    case 'type':
      return { type: 'type', text: item.typed };
    case 'key':
      return { type: 'key', keys: item.keys };
    case 'open':
      return { type: 'open', target: item.url };
    case 'shell':
      return { type: 'tool-call', tool: 'code', input: { command: item.command } };
  }
}
