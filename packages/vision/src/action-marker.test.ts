import { actionPoints, type Action } from '@sandpiper/protocol';
import { describe, expect, it } from 'vitest';
import { MARKER_RING, MARKER_TICKS, drawActionMarker } from './action-marker.js';
import { MARK_COLORS } from './mark-colors.js';
import { grayImage, pixelAt } from './test-support/synthetic.js';

const blue = [...MARK_COLORS.action, 255];
const white = [255, 255, 255, 255];
const canvas = grayImage(300, 200, 40);
const click: Action = { type: 'click', at: { x: 120.4, y: 80.9 }, button: 'left', count: 1, modifiers: [] };

function same(first: Uint8Array, second: Uint8Array): boolean {
  return Buffer.from(first).equals(Buffer.from(second));
}

describe('action marker', () => {
  it('puts a blue dot on the click point inside a blue ring with a white border', () => {
    const marked = drawActionMarker(canvas, click);
    expect(pixelAt(marked, 120, 80)).toEqual(blue);
    const ringMiddle = Math.round((MARKER_RING.inner + MARKER_RING.outer) / 2);
    for (const [dx, dy] of [
      [ringMiddle, 0],
      [-ringMiddle, 0],
      [0, ringMiddle],
      [0, -ringMiddle],
    ] as const) {
      expect(pixelAt(marked, 120 + dx, 80 + dy)).toEqual(blue);
    }
    const diagonal = Math.ceil((MARKER_RING.outer + 1) / Math.SQRT2);
    expect(pixelAt(marked, 120 + diagonal, 80 + diagonal)).toEqual(white);
    expect(pixelAt(marked, 120 + 5, 80)).toEqual([40, 40, 40, 255]);
    expect(pixelAt(marked, 160, 80)).toEqual([40, 40, 40, 255]);
  });

  it('adds crosshair ticks outside the ring in all four directions', () => {
    const marked = drawActionMarker(canvas, click);
    const middle = Math.round((MARKER_TICKS.from + MARKER_TICKS.to) / 2);
    for (const [dx, dy] of [
      [middle, 0],
      [-middle, 0],
      [0, middle],
      [0, -middle],
    ] as const) {
      expect(pixelAt(marked, 120 + dx, 80 + dy)).toEqual(blue);
    }
  });

  it('marks both ends of a drag and the line between them', () => {
    const drag: Action = { type: 'drag', from: { x: 40, y: 100 }, to: { x: 240, y: 100 }, button: 'left' };
    const marked = drawActionMarker(canvas, drag);
    expect(pixelAt(marked, 40, 100)).toEqual(blue);
    expect(pixelAt(marked, 240, 100)).toEqual(blue);
    expect(pixelAt(marked, 140, 100)).toEqual(blue);
    // The end has a filled disc, the start only a dot in a white border: four pixels above the
    // point is blue at the end and white at the start.
    expect(pixelAt(marked, 240, 96)).toEqual(blue);
    expect(pixelAt(marked, 40, 96)).toEqual(white);
  });

  it('marks a move, a double click and a scroll that names its point', () => {
    const actions: Action[] = [
      { type: 'move', to: { x: 30, y: 30 } },
      { type: 'double-click', at: { x: 30, y: 30 }, modifiers: [] },
      { type: 'scroll', at: { x: 30, y: 30 }, deltaX: 0, deltaY: 300 },
    ];
    for (const action of actions) expect(pixelAt(drawActionMarker(canvas, action), 30, 30)).toEqual(blue);
  });

  it('leaves the image unchanged for actions without coordinates', () => {
    const actions: Action[] = [
      { type: 'key', keys: ['Control', 'a'] },
      { type: 'type', text: 'hello' },
      { type: 'hold-and-press', hold: ['Shift'], press: ['ArrowDown'] },
      { type: 'wait', ms: 500 },
      { type: 'open', target: 'https://example.test/' },
      { type: 'done', summary: 'saved' },
      { type: 'fail', reason: 'no such page' },
      { type: 'tool-call', tool: 'search', input: {} },
      { type: 'scroll', deltaX: 0, deltaY: 200 },
    ];
    for (const action of actions) {
      expect(actionPoints(action)).toEqual([]);
      const marked = drawActionMarker(canvas, action);
      expect(same(marked.data, canvas.data)).toBe(true);
      expect(marked.data === canvas.data).toBe(false);
    }
  });

  it('draws a point beyond the image at the nearest edge pixel', () => {
    const outside: Action = { type: 'click', at: { x: 5000, y: 150 }, button: 'left', count: 1, modifiers: [] };
    const marked = drawActionMarker(canvas, outside);
    expect(pixelAt(marked, 299, 150)).toEqual(blue);
  });

  it('does not modify the input image', () => {
    const copy = new Uint8Array(canvas.data);
    drawActionMarker(canvas, click);
    expect(same(canvas.data, copy)).toBe(true);
  });
});
