import { describe, expect, it } from 'vitest';
import { boxesInImage } from './geometry.js';

describe('boxes in screen points as image pixels', () => {
  it('scales by the image width over the screen width, both ways', () => {
    const box = { x: 10, y: 20, width: 100, height: 40 };
    expect(boxesInImage([box], 2560, 1280)).toEqual([{ x: 20, y: 40, width: 200, height: 80 }]);
    expect(boxesInImage([box], 640, 1280)).toEqual([{ x: 5, y: 10, width: 50, height: 20 }]);
  });

  it('leaves boxes as they are when the screen has no width to scale by', () => {
    expect(boxesInImage([{ x: 3, y: 4, width: 5, height: 6 }], 1, 0)).toEqual([{ x: 3, y: 4, width: 5, height: 6 }]);
  });
});
