import { expect, test } from 'vitest';
import { byName, indexById, newestFirst } from './order.ts';

test('newest first puts the latest created first and orders ties by id', () => {
  const items = [
    { id: 'b', createdAt: '2026-01-01T00:00:00Z' },
    { id: 'c', createdAt: '2026-03-01T00:00:00Z' },
    { id: 'a', createdAt: '2026-01-01T00:00:00Z' },
  ];
  expect(newestFirst(items).map((i) => i.id)).toEqual(['c', 'a', 'b']);
});

test('by name orders alphabetically', () => {
  expect(byName([{ name: 'Tech Savvy' }, { name: 'Anime Fans' }]).map((i) => i.name)).toEqual(['Anime Fans', 'Tech Savvy']);
});

test('index by id finds each item by its id', () => {
  const index = indexById([{ id: 'x', n: 1 }, { id: 'y', n: 2 }]);
  expect(index.get('y')).toEqual({ id: 'y', n: 2 });
  expect(index.get('z')).toBeUndefined();
});
