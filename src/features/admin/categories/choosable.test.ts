import { describe, expect, test } from 'vitest';
import { choosableCategories } from './choosable.ts';

const categories = [
  { id: 'tech', types: ['product' as const] },
  { id: 'stories', types: ['blog' as const] },
  { id: 'both', types: ['product' as const, 'blog' as const] },
];

describe('choosableCategories', () => {
  test('offers the categories of the form type', () => {
    expect(choosableCategories(categories, 'product', []).map((c) => c.id)).toEqual(['tech', 'both']);
  });

  test('keeps a category the item already has, whatever its types', () => {
    expect(choosableCategories(categories, 'product', ['stories']).map((c) => c.id)).toEqual(['tech', 'stories', 'both']);
  });

  test('offers nothing when no category has the type and none is chosen', () => {
    expect(choosableCategories(categories, 'quiz', [])).toEqual([]);
  });
});
