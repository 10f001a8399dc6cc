import { accessibilityNodeSchema } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { mapAtspiNodes, type AtspiNode } from '../src/accessibility-roles.js';
import { mapAtspiRole } from '../src/index.js';

const node = (role: string, extra: Partial<AtspiNode> = {}): AtspiNode => ({
  role,
  name: extra.name ?? '',
  depth: 1,
  box: extra.box ?? [10, 20, 30, 40],
  states: extra.states ?? ['enabled'],
  ...(extra.value === undefined ? {} : { value: extra.value }),
});

describe('AT-SPI roles and states in the protocol vocabulary', () => {
  it('names roles as ARIA does', () => {
    expect(
      ['push button', 'text', 'table cell', 'menu item', 'check box', 'combo box', 'page tab', 'label'].map(
        mapAtspiRole,
      ),
    ).toEqual(['button', 'textbox', 'cell', 'menuitem', 'checkbox', 'combobox', 'tab', 'text']);
    expect(mapAtspiRole('filler')).toBeUndefined();
  });

  it('drops layout nodes and empty boxes, numbers the rest, and maps states to flags', () => {
    const mapped = mapAtspiNodes([
      node('panel'),
      node('push button', { name: 'Save', states: ['enabled', 'focused'] }),
      node('check box', { name: 'Wrap', states: ['enabled'] }),
      node('check box', { name: 'Bold', states: ['enabled', 'checked'] }),
      node('check box', { name: 'Some', states: ['enabled', 'mixed'] }),
      node('menu', { name: 'File', states: ['enabled', 'expandable'] }),
      node('table cell', { name: 'B2', value: '42', states: ['sensitive'] }),
      node('text', { name: 'Name Box', states: [] }),
      node('push button', { name: 'Hidden', box: [0, 0, 0, 12] }),
    ]);
    expect(mapped).toEqual([
      { ref: 'd1', role: 'button', name: 'Save', focused: true, box: { x: 10, y: 20, width: 30, height: 40 } },
      { ref: 'd2', role: 'checkbox', name: 'Wrap', checked: false, box: expect.any(Object) },
      { ref: 'd3', role: 'checkbox', name: 'Bold', checked: true, box: expect.any(Object) },
      { ref: 'd4', role: 'checkbox', name: 'Some', checked: 'mixed', box: expect.any(Object) },
      { ref: 'd5', role: 'menuitem', name: 'File', expanded: false, box: expect.any(Object) },
      { ref: 'd6', role: 'cell', name: 'B2', value: '42', box: expect.any(Object) },
      { ref: 'd7', role: 'textbox', name: 'Name Box', disabled: true, box: expect.any(Object) },
    ]);
    for (const mappedNode of mapped) expect(accessibilityNodeSchema.safeParse(mappedNode).success).toBe(true);
  });
});
