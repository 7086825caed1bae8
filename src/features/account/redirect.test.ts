import { expect, test } from 'vitest';
import { safeNextPath } from './redirect.ts';
import { loginHref } from '../../lib/links.ts';

test('returns to a path on this site', () => {
  expect(['/wishlist', '/products?category=x'].map(safeNextPath)).toEqual(['/wishlist', '/products?category=x']);
});

test('never sends the shopper to another site, and goes home without a path', () => {
  for (const next of ['https://evil.example', '//evil.example', '/\\evil.example', null]) expect(safeNextPath(next), String(next)).toBe('/');
});

test("the sign-in link's next path comes back whole, query included", () => {
  const next = '/products?category=x&page=2';
  const link = new URL(loginHref(next), 'https://shop.example');
  expect(link.pathname).toBe('/login');
  expect(safeNextPath(link.searchParams.get('next'))).toBe(next);
});
