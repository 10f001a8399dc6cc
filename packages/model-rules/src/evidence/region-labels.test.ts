import type { PerformedAction } from '@sandpiper/core';
import type { AccessibilityNode, Action, Box } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { summarizeExecuted } from './executed-action.js';
import { compareNodes } from './node-changes.js';
import { resolveOptions } from './options.js';
import { labelRegions, type ActedOn } from './region-labels.js';

const screen = { width: 1280, height: 800 };

function node(ref: string, role: string, name: string, box: Box, extra: Partial<AccessibilityNode> = {}) {
  return { ref, role, name, box, ...extra } satisfies AccessibilityNode;
}

function label(
  actions: readonly Action[],
  before: readonly AccessibilityNode[],
  after: readonly AccessibilityNode[],
  region: Box,
  actedOn?: ActedOn,
) {
  const performed: PerformedAction[] = actions.map((action) => ({ action, summary: action.type, ok: true }));
  return labelRegions({
    regions: [{ box: region, changedPixels: 400, density: 0.5 }],
    screen,
    executed: summarizeExecuted(performed),
    ...(actedOn === undefined ? {} : { actedOn }),
    changes: compareNodes(before, after),
    beforeNodes: before,
    afterNodes: after,
    idleChanges: [],
    options: resolveOptions({}),
  });
}

const cell = node('c1', 'cell', 'G5', { x: 626, y: 250, width: 110, height: 17 }, { focused: true });

describe('labelRegions', () => {
  it('reads an editing toolbar swapping its buttons for Cancel and Accept as the app answering the typing', () => {
    const toolbar = { x: 150, y: 124, width: 120, height: 24 };
    const before = [
      cell,
      node('b1', 'button', 'Select Function', { x: 199, y: 128, width: 20, height: 16 }),
      node('b2', 'button', 'Formula', { x: 235, y: 128, width: 20, height: 16 }),
    ];
    const after = [
      { ...cell, value: '42' },
      node('b3', 'button', 'Cancel', { x: 199, y: 128, width: 20, height: 16 }),
      node('b4', 'button', 'Accept', { x: 224, y: 128, width: 20, height: 16 }),
    ];
    const [region] = label([{ type: 'type', text: '42' }], before, after, toolbar);
    expect(region).toMatchObject({ kind: 'consequence' });
    expect(region?.description).toContain("'Cancel'");
  });

  it('still calls another field changing its value while typing a side effect', () => {
    const other = node('f2', 'textbox', 'Total', { x: 200, y: 128, width: 80, height: 20 }, { value: '1' });
    const [region] = label(
      [{ type: 'type', text: '42' }],
      [cell, other],
      [
        { ...cell, value: '42' },
        { ...other, value: '2' },
      ],
      other.box,
    );
    expect(region).toMatchObject({ kind: 'side-effect' });
  });

  it('still calls a text appearing far away while typing unexplained, even next to a new button', () => {
    const far = { x: 900, y: 600, width: 200, height: 40 };
    const [region] = label(
      [{ type: 'type', text: '42' }],
      [cell],
      [
        { ...cell, value: '42' },
        node('t1', 'text', 'Order placed', { x: 900, y: 600, width: 120, height: 16 }),
        node('b5', 'button', 'Undo', { x: 1030, y: 600, width: 60, height: 16 }),
      ],
      far,
    );
    expect(region).toMatchObject({ kind: 'side-effect' });
  });

  it('lets a shortcut chord restyle a far part of the screen (a save indicator), but not a plain key', () => {
    const statusBar = { x: 4, y: 744, width: 1266, height: 55 };
    const nodes = [cell, node('s1', 'status', '', statusBar)];
    const [saved] = label([{ type: 'key', keys: ['Control', 's'] }], nodes, nodes, statusBar);
    expect(saved).toMatchObject({ kind: 'consequence' });
    const [typed] = label([{ type: 'key', keys: ['a'] }], nodes, nodes, statusBar);
    expect(typed).toMatchObject({ kind: 'side-effect' });
  });

  it('reads a far place that holds the same controls before and after as a restyle, not a side effect', () => {
    const click: Action = { type: 'click', at: { x: 1160, y: 520 }, button: 'left', count: 1, modifiers: [] };
    const row = { x: 1054, y: 621, width: 170, height: 41 };
    const edit = (ref: string) => node(ref, 'button', 'Edit', { x: 1085, y: 622, width: 54, height: 40 });
    const [shifted] = label([click], [edit('e1')], [edit('e2')], row);
    expect(shifted).toMatchObject({ kind: 'noise' });
    // Another control in its place is a change, and nothing named there leaves it unexplained.
    const other = node('x1', 'button', 'Approve', { x: 1085, y: 622, width: 54, height: 40 });
    const [swapped] = label([click], [edit('e1')], [other], row);
    expect(swapped?.kind).not.toBe('noise');
    const [bare] = label([click], [], [], row);
    expect(bare).toMatchObject({ kind: 'side-effect' });
  });
});
