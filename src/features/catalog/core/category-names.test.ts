import { expect, test } from 'vitest';
import { categoryByIdOrName, withCategoryResolved } from './category-names.ts';

const categories = [
  { id: '6bbf480f-9a82-82cc-999f-1634ff4b6133', name: 'Music Room' },
  { id: '7c1e2a4e-0000-4000-8000-000000000002', name: "Storyteller's Corner" },
];

test('a filter value finds its category by id, else by its name in any case or by its slug, else none', () => {
  expect(categoryByIdOrName(categories, '6bbf480f-9a82-82cc-999f-1634ff4b6133')?.name).toBe('Music Room');
  expect(categoryByIdOrName(categories, 'music room')?.name).toBe('Music Room');
  expect(categoryByIdOrName(categories, ' Music Room ')?.name).toBe('Music Room');
  expect(categoryByIdOrName(categories, 'storytellers-corner')?.name).toBe("Storyteller's Corner");
  expect(categoryByIdOrName(categories, 'Nonexistent')).toBeUndefined();
  expect(categoryByIdOrName(categories, '')).toBeUndefined();
});

test("a listing's filters read a category given by name as its id, and keep a value no category has", () => {
  const filters = (category: string | null) => ({ category, gender: null, page: 2 });
  expect(withCategoryResolved(filters('music room'), categories)).toEqual(filters('6bbf480f-9a82-82cc-999f-1634ff4b6133'));
  expect(withCategoryResolved(filters('nonexistent'), categories)).toEqual(filters('nonexistent'));
  expect(withCategoryResolved(filters(null), categories)).toEqual(filters(null));
});
