import { expect, test } from 'vitest';
import { cacheKey } from './cache-key.ts';

const product = () => ({ id: 'p1', name: 'Knit Blanket', price: 49.5, categoryIds: ['c1', 'c2'] });

test('the same values give the same key, whether or not they are the same objects', () => {
  const shared = product();
  expect(cacheKey(shared, [shared], true, '2026-11-26')).toBe(cacheKey(shared, [shared], true, '2026-11-26'));
  expect(cacheKey(product(), [product()], true, '2026-11-26')).toBe(cacheKey(shared, [shared], true, '2026-11-26'));
});

test('a changed field, another list or a flipped fact gives another key', () => {
  const key = cacheKey(product(), [product()], [true, false], null);
  expect(cacheKey({ ...product(), name: 'Knit Blanket (new)' }, [product()], [true, false], null)).not.toBe(key);
  expect(cacheKey(product(), [product(), product()], [true, false], null)).not.toBe(key);
  expect(cacheKey(product(), [product()], [false, false], null)).not.toBe(key);
  expect(cacheKey(product(), [product()], [true, false], '2026-11-26')).not.toBe(key);
});

test('the parts count in their order, and a value is not its text', () => {
  expect(cacheKey('a', 'b')).not.toBe(cacheKey('b', 'a'));
  expect(cacheKey(1)).not.toBe(cacheKey('1'));
  expect(cacheKey(undefined)).not.toBe(cacheKey(null));
  expect(cacheKey(['a', 'b'])).not.toBe(cacheKey('a', 'b'));
});

test('long plain values are told apart too', () => {
  const long = 'x'.repeat(500);
  expect(cacheKey(long)).toBe(cacheKey('x'.repeat(500)));
  expect(cacheKey(long)).not.toBe(cacheKey(`${long}y`));
});
