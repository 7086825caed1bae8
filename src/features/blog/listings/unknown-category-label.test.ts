import { expect, test } from 'vitest';
import { unknownCategoryLabel } from './unknown-category-label.ts';

test('an unknown blog category shows the id its address carries (spec: the raw id is shown)', () => {
  expect(unknownCategoryLabel('/blog/categories/0b5e-unknown')).toBe('0b5e-unknown');
  expect(unknownCategoryLabel('/blog/categories/Garden%20Shed/for_him')).toBe('Garden Shed');
  expect(unknownCategoryLabel('/blog/categories/%E0%A4%A')).toBe('%E0%A4%A');
});

test('an address with no category in its place (/blog/categories) is headed as the page is titled', () => {
  expect(unknownCategoryLabel('/blog/categories')).toBe('Blog category not found');
  expect(unknownCategoryLabel('/blog/categories/')).toBe('Blog category not found');
});
