import { describe, expect, it } from 'vitest';
import { locateTarget } from './sensitive-target.js';
import { button, dialog, field, heading, nodeNamed, screenOf } from './sensitive-test-support.js';

const nodes = screenOf([
  heading('Trash'),
  field('Search mail', '', true),
  dialog('Empty Trash?', [button('Cancel'), button('OK')]),
]);
const ok = nodeNamed(nodes, 'button', 'OK');

describe('locating the target of an action in the snapshot', () => {
  it('takes the control with the grounded box, preferring the grounded name', () => {
    expect(locateTarget(nodes, { box: ok.box, name: 'OK' })).toBe(ok);
    const nudged = { ...ok.box, x: ok.box.x + 1 };
    expect(locateTarget(nodes, { box: nudged })).toBe(ok);
  });

  it('takes the smallest control under the pointer, not the dialog around it', () => {
    const centre = { x: ok.box.x + ok.box.width / 2, y: ok.box.y + ok.box.height / 2 };
    expect(locateTarget(nodes, { at: centre })).toBe(ok);
  });

  it('falls back to the focused element for keyboard actions only', () => {
    const nowhere = { x: 2000, y: 2000 };
    expect(locateTarget(nodes, { at: nowhere, focused: true })?.name).toBe('Search mail');
    expect(locateTarget(nodes, { at: nowhere })).toBeUndefined();
  });
});
