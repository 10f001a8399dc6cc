import { describe, expect, it } from 'vitest';
import { node } from '../test-support/screens.js';
import { withHiddenInputsPlaced } from './screen-reader.js';

describe('inputs hidden off the page behind a control of their own', () => {
  const holder = node('generic', '', [141, 239, 660, 36], { ref: 'h' });
  const shown = node('text', 'Any city', [150, 249, 52, 15], { parent: 'h' });

  it('take the box of their holder on the page, which is what a person clicks', () => {
    const input = node('combobox', 'City', [-9854, 248, 240, 18], { parent: 'h', editable: true });
    const placed = withHiddenInputsPlaced([holder, shown, input]);
    expect(placed.find((item) => item.name === 'City')?.box).toEqual(holder.box);
    expect(placed[1]).toBe(shown);
  });

  it('leave a snapshot with none as it is, and a box only scrolled aside in place', () => {
    const aside = node('textbox', 'Notes', [-300, 248, 240, 18], { parent: 'h' });
    const nodes = [holder, shown, aside];
    expect(withHiddenInputsPlaced(nodes)).toBe(nodes);
  });
});
