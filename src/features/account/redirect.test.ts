import { expect, test } from 'vitest';
import { safeNextPath } from './redirect.ts';

test('returns to a path on this site', () => {
  expect(safeNextPath('/wishlist')).toBe('/wishlist');
  expect(safeNextPath('/products?category=x')).toBe('/products?category=x');
});

test('never sends the shopper to another site', () => {
  expect(safeNextPath('https://evil.example')).toBe('/');
  expect(safeNextPath('//evil.example')).toBe('/');
  expect(safeNextPath('/\\evil.example')).toBe('/');
  expect(safeNextPath(null)).toBe('/');
});
