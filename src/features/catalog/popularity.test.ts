import { describe, expect, test } from 'vitest';
import {
  appendUnclicked, fallbackWindows, firstNonEmpty, popularFetchLimit, popularityCounter, popularityWindow, topClickedTiles,
} from './popularity.ts';

const p = (id: string) => ({ id });
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('popularity windows', () => {
  test('daily uses yesterday, weekly last_week, anything else last_month', () => {
    expect(popularityCounter('daily')).toBe('yesterday_clicks');
    expect(popularityCounter('weekly')).toBe('last_week');
    expect(popularityCounter('monthly')).toBe('last_month');
    expect(popularityCounter('annually')).toBe('last_month');
    expect(popularityWindow(undefined)).toBe('monthly');
  });

  test('falls back from daily to weekly to monthly', () => {
    expect(fallbackWindows('daily')).toEqual(['daily', 'weekly', 'monthly']);
    expect(fallbackWindows('weekly')).toEqual(['weekly', 'monthly']);
    expect(fallbackWindows('yearly')).toEqual(['monthly']);
  });

  test('fetches max(3 × items per page, 50)', () => {
    expect(popularFetchLimit(12)).toBe(50);
    expect(popularFetchLimit(21)).toBe(63);
  });
});

describe('firstNonEmpty', () => {
  test('takes the first list with items: daily, then monthly in category, then monthly overall', () => {
    expect(ids(firstNonEmpty([], [p('m1')], [p('o1')]))).toEqual(['m1']);
    expect(ids(firstNonEmpty([p('d1')], [p('m1')]))).toEqual(['d1']);
    expect(firstNonEmpty([], [])).toEqual([]);
  });
});

describe('topClickedTiles', () => {
  test('shows at most 5 tiles, de-duplicated by id, filled from primary then fallbacks', () => {
    expect(ids(topClickedTiles([p('a'), p('b')], [p('b'), p('c')], [p('d'), p('a'), p('e'), p('f')])))
      .toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(topClickedTiles([p('a'), p('a')]))).toEqual(['a']);
    expect(topClickedTiles([])).toEqual([]);
  });
});

describe('appendUnclicked', () => {
  test('puts products with no clicks after the ranked ones, in source order', () => {
    expect(ids(appendUnclicked([p('c'), p('a')], [p('a'), p('b'), p('c'), p('d')]))).toEqual(['c', 'a', 'b', 'd']);
  });
});
