import { expect, test } from 'vitest';
import { popupShift } from './details-popup-shift.ts';

const phone = { left: 16, right: 374 };

test('a popup that fits where it is stays there', () => {
  expect(popupShift(350, 256, phone)).toBe(0);
});

test('a popup cut off at the left moves right until it clears the edge by 8 px', () => {
  // Right edge at 171: the left edge would be at -85, 101 px left of the clipping edge's margin.
  expect(popupShift(171, 256, phone)).toBe(16 + 8 - (171 - 256));
});

test('a popup never moves so far right that its right edge is cut off', () => {
  // Too wide for the room: it moves only as far as the right margin allows.
  expect(popupShift(300, 256, { left: 100, right: 320 })).toBe(12);
  expect(popupShift(320, 256, { left: 100, right: 320 })).toBe(0);
});
