import { expect, test } from 'vitest';
import { safeNextPath } from './redirect.ts';

test('returns to a path on this site', () => {
  expect(['/wishlist', '/products?category=x'].map(safeNextPath)).toEqual(['/wishlist', '/products?category=x']);
});

test('never sends the shopper to another site, and goes home without a path', () => {
  for (const next of ['https://evil.example', '//evil.example', '/\\evil.example', null]) expect(safeNextPath(next), String(next)).toBe('/');
});
