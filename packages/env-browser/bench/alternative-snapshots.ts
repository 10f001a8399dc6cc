/**
 * Two alternative ways to build the accessibility snapshot, kept only to measure them against the
 * one the package ships (CDP accessibility tree + one `DOMSnapshot.captureSnapshot`).
 */
import type { Box } from '@sandpiper/protocol';
import type { CDPSession, Page } from 'playwright-core';
import { buildAccessibilitySnapshot, unite } from '../src/accessibility-snapshot.js';
import { selectSnapshotCandidates, type AxNode } from '../src/accessibility-tree.js';

/** Accessibility tree from CDP, boxes from one `DOM.getContentQuads` per node, all in flight at once. */
export async function snapshotWithContentQuads(session: CDPSession) {
  const tree = await session.send('Accessibility.getFullAXTree', {});
  const nodes = tree.nodes as readonly AxNode[];
  const candidates = selectSnapshotCandidates(nodes);
  const ids = [...new Set(candidates.flatMap((candidate) => candidate.backendNodeIds))];
  const headers = candidates
    .filter((candidate) => candidate.needsSortAttribute)
    .map((candidate) => candidate.backendNodeIds[0]!);
  const [boxes, sorts] = await Promise.all([
    Promise.all(
      ids.map(async (backendNodeId) => {
        try {
          const { quads } = await session.send('DOM.getContentQuads', { backendNodeId });
          return unite(quads.map(quadBounds));
        } catch {
          return undefined;
        }
      }),
    ),
    Promise.all(
      headers.map(async (backendNodeId) => {
        const { node } = await session.send('DOM.describeNode', { backendNodeId });
        const attributes = node.attributes ?? [];
        const index = attributes.indexOf('aria-sort');
        return index >= 0 && index % 2 === 0 ? attributes[index + 1] : undefined;
      }),
    ),
  ]);
  const boxById = new Map(ids.map((id, index) => [id, boxes[index]]));
  const sortById = new Map(headers.map((id, index) => [id, sorts[index]]));
  return buildAccessibilitySnapshot(nodes, {
    box: (id) => boxById.get(id),
    attribute: (id, name) => (name === 'aria-sort' ? sortById.get(id) : undefined),
  });
}

function quadBounds(quad: readonly number[]): Box | undefined {
  const xs = quad.filter((_, index) => index % 2 === 0);
  const ys = quad.filter((_, index) => index % 2 === 1);
  if (xs.length === 0) return undefined;
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * Everything computed in the page by one `evaluate`: roles and names approximated from the DOM.
 * Kept as source text because the TypeScript loaders rename inner functions with helpers that do
 * not exist inside the page.
 */
export function snapshotByDomWalk(page: Page): Promise<unknown[]> {
  return page.evaluate(DOM_WALK_SOURCE);
}

const DOM_WALK_SOURCE = String.raw`(() => {
    const implicitRoles = {
      A: 'link',
      BUTTON: 'button',
      SELECT: 'combobox',
      TEXTAREA: 'textbox',
      H1: 'heading',
      H2: 'heading',
      H3: 'heading',
      H4: 'heading',
      TH: 'columnheader',
      DIALOG: 'dialog',
      OPTION: 'option',
    };
    const inputRoles = {
      checkbox: 'checkbox',
      radio: 'radio',
      number: 'spinbutton',
      search: 'searchbox',
      button: 'button',
      submit: 'button',
    };
    const roleOf = (element) => {
      const explicit = element.getAttribute('role');
      if (explicit !== null) return explicit;
      if (element instanceof HTMLInputElement) return element.type === 'hidden' ? undefined : (inputRoles[element.type] ?? 'textbox');
      if (element instanceof HTMLSelectElement && (element.multiple || element.size > 1)) return 'listbox';
      if (element.tagName === 'A' && !element.hasAttribute('href')) return undefined;
      return implicitRoles[element.tagName];
    };
    const nameOf = (element) => {
      const label = element.getAttribute('aria-label');
      if (label) return label;
      const labelledBy = element.getAttribute('aria-labelledby');
      if (labelledBy) return labelledBy.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      if ('labels' in element) {
        const labels = element.labels;
        if (labels !== null && labels.length > 0) {
          return [...labels].map((item) => item.innerText).join(' ');
        }
      }
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) {
        return element.getAttribute('title') ?? element.getAttribute('placeholder') ?? '';
      }
      return element.innerText ?? element.textContent ?? '';
    };
    const nodes = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        const parent = node.parentElement;
        if (text === '' || parent === null || roleOf(parent) !== undefined || parent.closest('select,button,a,label')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0 && rect.height > 0 && parent.checkVisibility({ visibilityProperty: true })) {
          nodes.push({ role: 'text', name: text, box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height } });
        }
        continue;
      }
      const element = node;
      const role = roleOf(element);
      if (role === undefined || role === 'option' || !element.checkVisibility({ visibilityProperty: true })) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const entry = { role, name: nameOf(element).replace(/\s+/g, ' ').trim(), box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height } };
      if (element instanceof HTMLInputElement && (role === 'checkbox' || role === 'radio')) entry.checked = element.checked;
      else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) entry.value = element.value;
      if (element instanceof HTMLSelectElement) {
        entry.value = element.selectedOptions[0]?.text ?? '';
        entry.options = [...element.options].map((option) => option.text);
      }
      if (element.disabled) entry.disabled = true;
      nodes.push(entry);
    }
    return nodes;
})()`;
