import { expect, test } from 'vitest';
import { longDate, shortDate } from './dates.ts';

test('publish dates read in long US format', () => {
  expect(longDate('2026-11-22T10:00:00Z')).toBe('November 22, 2026');
});

test('a late-evening UTC date stays on its UTC day', () => {
  expect(longDate('2026-03-01T23:30:00Z')).toBe('March 1, 2026');
});

test('cards use the short form', () => {
  expect(shortDate('2026-11-22T10:00:00Z')).toBe('Nov 22, 2026');
});
