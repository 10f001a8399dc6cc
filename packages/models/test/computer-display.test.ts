import { describe, expect, it } from 'vitest';
import { pointOnDisplay, wheelNotches } from '../src/computer-display.js';

const display = { displayWidth: 1280, displayHeight: 720 };

describe('what a computer tool may point at and scroll by', () => {
  it('keeps points on the display, edges included, and names the ones off it', () => {
    expect(pointOnDisplay(0, 0, display)).toEqual({ x: 0, y: 0 });
    expect(pointOnDisplay(1279, 719, display)).toEqual({ x: 1279, y: 719 });
    expect(pointOnDisplay(1280, 10, display)).toBe('(1280, 10) is off the 1280×720 display');
    expect(pointOnDisplay(5, -1, display)).toBe('(5, -1) is off the 1280×720 display');
  });

  it('turns any scroll amount into one to twenty whole notches', () => {
    expect(wheelNotches(0)).toBe(1);
    expect(wheelNotches(2.6)).toBe(3);
    expect(wheelNotches(1e308)).toBe(20);
  });
});
