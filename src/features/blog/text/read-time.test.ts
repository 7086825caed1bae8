import { expect, test } from 'vitest';
import { readTimeLabel, readTimeMinutes } from './read-time.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

test('is words / 200 rounded up, at least 1 minute, counting text and not tags', () => {
  expect(readTimeMinutes('')).toBe(1);
  expect(readTimeMinutes(words(200))).toBe(1);
  expect(readTimeMinutes(words(201))).toBe(2);
  expect(readTimeMinutes(`**${words(400)}**`)).toBe(2);
  const longTag = `<product-embed productId="p1" description="${words(500)}"></product-embed>`;
  expect(readTimeMinutes(`${words(150)}\n${longTag}\n\n<div>${words(300)}</div>`)).toBe(1);
  expect(readTimeLabel(4)).toBe('4 min read');
});
