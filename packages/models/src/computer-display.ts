import type { ComputerToolRequest, DisplayPoint } from './contract.js';

/** The most wheel notches one computer-tool scroll may turn, whatever distance a model asks for. */
const MAX_NOTCHES = 20;

/** A point a vendor's computer tool named, or why it cannot be used: it lies off the display. */
export function pointOnDisplay(x: number, y: number, display: ComputerToolRequest): DisplayPoint | string {
  return x < 0 || y < 0 || x >= display.displayWidth || y >= display.displayHeight
    ? `(${x}, ${y}) is off the ${display.displayWidth}×${display.displayHeight} display`
    : { x, y };
}

/** A scroll amount as whole wheel notches, at least one and at most {@link MAX_NOTCHES}. */
export function wheelNotches(amount: number): number {
  return Math.min(MAX_NOTCHES, Math.max(1, Math.round(amount)));
}
