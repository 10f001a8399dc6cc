import type { AccessibilityNode, Action } from '@sandpiper/protocol';
import { classifyAction, type SensitivityVerdict } from './sensitive-action.js';

/**
 * Hand-written screens for the action guard's tests: a tree of nodes laid out top to bottom, in
 * document order, each container's box around its content. With `parents`, nodes also carry the
 * `parent` refs newer browser snapshots report, so both ways of reading containment are tested.
 */
export interface NodeSpec {
  readonly role: string;
  readonly name?: string;
  readonly value?: string;
  readonly checked?: boolean;
  readonly focused?: boolean;
  /** What activating it opens (menu, dialog), or whether the section it controls is open. */
  readonly popup?: string;
  readonly expanded?: boolean;
  readonly children?: readonly NodeSpec[];
}

export const heading = (name: string): NodeSpec => ({ role: 'heading', name });
export const text = (name: string): NodeSpec => ({ role: 'text', name });
export const button = (name: string): NodeSpec => ({ role: 'button', name });
export const link = (name: string): NodeSpec => ({ role: 'link', name });
export const tab = (name: string): NodeSpec => ({ role: 'tab', name });
export const field = (name: string, value = '', focused = false): NodeSpec => ({
  role: 'textbox',
  name,
  value,
  ...(focused ? { focused } : {}),
});
export const search = (name: string): NodeSpec => ({ role: 'searchbox', name, value: '' });
export const checkbox = (name: string, checked: boolean): NodeSpec => ({ role: 'checkbox', name, checked });
export const radio = (name: string, checked: boolean): NodeSpec => ({ role: 'radio', name, checked });
export const toggle = (name: string, checked: boolean): NodeSpec => ({ role: 'switch', name, checked });
export const dialog = (name: string, children: readonly NodeSpec[]): NodeSpec => ({ role: 'dialog', name, children });
export const form = (name: string, children: readonly NodeSpec[]): NodeSpec => ({ role: 'form', name, children });

const ROW = 24;

/** Lay the specs out as a snapshot. */
export function screenOf(
  specs: readonly NodeSpec[],
  options: { readonly parents?: boolean } = {},
): AccessibilityNode[] {
  const nodes: AccessibilityNode[] = [];
  let y = 0;
  const place = (spec: NodeSpec, depth: number, parent: string | undefined): void => {
    const ref = `n${nodes.length + 1}`;
    const { children, ...fields } = spec;
    const node: AccessibilityNode = {
      ref,
      role: fields.role,
      name: fields.name ?? '',
      ...(fields.value === undefined ? {} : { value: fields.value }),
      ...(fields.checked === undefined ? {} : { checked: fields.checked }),
      ...(fields.focused === undefined ? {} : { focused: fields.focused }),
      ...(fields.popup === undefined ? {} : { popup: fields.popup }),
      ...(fields.expanded === undefined ? {} : { expanded: fields.expanded }),
      ...(options.parents && parent ? { parent } : {}),
      box: { x: 10 + depth * 10, y, width: 400 - depth * 20, height: ROW - 4 },
    };
    const at = nodes.length;
    nodes.push(node);
    if (!children) {
      y += ROW;
      return;
    }
    y += 2;
    for (const child of children) place(child, depth + 1, ref);
    y += 2;
    nodes[at] = { ...node, box: { ...node.box, height: y - node.box.y } };
  };
  for (const spec of specs) place(spec, 0, undefined);
  return nodes;
}

/** The one node with this role and name. */
export function nodeNamed(nodes: readonly AccessibilityNode[], role: string, name: string): AccessibilityNode {
  const found = nodes.filter((node) => node.role === role && node.name === name);
  if (found.length !== 1) throw new Error(`expected one ${role} '${name}', found ${found.length}`);
  return found[0]!;
}

/** A click at the centre of a node. */
export function clickOn(node: AccessibilityNode): Action {
  const { x, y, width, height } = node.box;
  return { type: 'click', at: { x: x + width / 2, y: y + height / 2 }, button: 'left', count: 1, modifiers: [] };
}

/** The guard's verdict on one action aimed at the node with this role and name. */
export function verdictOn(
  nodes: readonly AccessibilityNode[],
  role: string,
  name: string,
  action?: Action,
  step?: string,
): SensitivityVerdict {
  const target = nodeNamed(nodes, role, name);
  return classifyAction({ action: action ?? clickOn(target), target, nodes, ...(step ? { step } : {}) });
}

/** Category when sensitive, else 'harmless' or 'uncertain': one word to compare verdicts by. */
export function reading(verdict: SensitivityVerdict): string {
  if (verdict.sensitive) return verdict.category;
  return verdict.uncertain === undefined ? 'harmless' : 'uncertain';
}
