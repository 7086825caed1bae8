import { describe, expect, test } from 'vitest';
import { LISTING_PAGE_SIZE, pageCount, pageRange, pageWindow, previousPage } from './paging.ts';

describe('pagination', () => {
  test('pages hold 12 items', () => {
    expect(LISTING_PAGE_SIZE).toBe(12);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
    expect(pageRange(3)).toEqual({ from: 24, to: 35 });
  });

  test('numbers a window of pages around the current one', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(7, 20, 8)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    expect(pageWindow(99, 0)).toEqual([1]);
  });

  test('Previous leads to the page before, or to the last page from past the end', () => {
    expect(previousPage(1, 3)).toBeUndefined();
    expect(previousPage(3, 3)).toBe(2);
    expect(previousPage(9, 2)).toBe(2);
  });
});
