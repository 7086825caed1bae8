import { describe, expect, test } from 'vitest';
import {
  ADMIN_PRODUCTS_PAGE_SIZE, copyBadgeText, FIRST_PAGE_QUERY, listSummary, pageAfterDelete, pageCount, pageLinks,
  withCategoryFilter, withPage, withSearch, withSubcategoryFilter, type PageLink,
} from './list.ts';

/** The links as text: « 1 … 4 [5] 6 » style, for readable expectations. */
function show(links: PageLink[]): string {
  return links
    .map((l) => {
      if (l.kind === 'gap') return '…';
      if (l.kind === 'page') return l.current ? `[${l.page}]` : String(l.page);
      return `${l.kind}${l.disabled ? '(off)' : ''}`;
    })
    .join(' ');
}

describe('the list query', () => {
  const onPage3 = { search: 'lamp', categoryId: 'c1', subcategoryId: 's1', page: 3 };

  test('a new search goes back to page 1 (spec: page resets on search change)', () => {
    expect(withSearch(onPage3, 'mug')).toEqual({ ...onPage3, search: 'mug', page: 1 });
  });

  test('the same search keeps the page', () => {
    expect(withSearch(onPage3, 'lamp')).toBe(onPage3);
  });

  test('a new category goes back to page 1 and drops the subcategory filter', () => {
    expect(withCategoryFilter(onPage3, 'c2')).toEqual({ ...onPage3, categoryId: 'c2', subcategoryId: null, page: 1 });
    expect(withCategoryFilter(onPage3, null)).toEqual({ ...onPage3, categoryId: null, subcategoryId: null, page: 1 });
  });

  test('a new subcategory goes back to page 1', () => {
    expect(withSubcategoryFilter(onPage3, 's2')).toEqual({ ...onPage3, subcategoryId: 's2', page: 1 });
  });

  test('choosing a page keeps the filters', () => {
    expect(withPage(FIRST_PAGE_QUERY, 4)).toEqual({ ...FIRST_PAGE_QUERY, page: 4 });
  });

  test.each([
    ['the last row of a page goes back a page', 3, 1, 2],
    ['another row stays on the page', 3, 4, 3],
    ['the last row of the first page stays on it', 1, 1, 1],
  ])('after a delete: %s', (_, page, rowsOnPage, next) => {
    expect(pageAfterDelete(page, rowsOnPage)).toBe(next);
  });

  test('pages of 10 (spec), at least one', () => {
    expect(ADMIN_PRODUCTS_PAGE_SIZE).toBe(10);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(322)).toBe(33);
  });

  test('the summary counts the rows shown', () => {
    expect(listSummary(2, 322)).toBe('Showing 11–20 of 322 products');
    expect(listSummary(33, 322)).toBe('Showing 321–322 of 322 products');
    expect(listSummary(1, 1)).toBe('Showing 1–1 of 1 product');
    expect(listSummary(1, 0)).toBe('');
  });
});


describe('pageLinks (spec: 8 page-number links with ellipsis and first/last links)', () => {
  test('one page needs no pagination', () => expect(pageLinks(1, 1)).toEqual([]));

  test('up to 8 pages are all shown, without ellipsis', () => {
    expect(show(pageLinks(1, 3))).toBe('first(off) [1] 2 3 last');
    expect(show(pageLinks(8, 8))).toBe('first 1 2 3 4 5 6 7 [8] last(off)');
  });

  test('near the start: the first 8 and an ellipsis before Last', () => {
    expect(show(pageLinks(1, 33))).toBe('first(off) [1] 2 3 4 5 6 7 8 … last');
    expect(show(pageLinks(4, 33))).toBe('first 1 2 3 [4] 5 6 7 8 … last');
  });

  test('in the middle: 8 numbers with the current page fourth, ellipsis on both sides', () => {
    expect(show(pageLinks(10, 33))).toBe('first … 7 8 9 [10] 11 12 13 14 … last');
  });

  test('near the end: the last 8 and an ellipsis after First', () => {
    expect(show(pageLinks(33, 33))).toBe('first … 26 27 28 29 30 31 32 [33] last(off)');
    expect(show(pageLinks(30, 33))).toBe('first … 26 27 28 29 [30] 31 32 33 last');
  });

  test('always exactly 8 numbers when there are more pages', () => {
    for (let page = 1; page <= 20; page++) {
      expect(pageLinks(page, 20).filter((l) => l.kind === 'page')).toHaveLength(8);
    }
  });

  test('a page beyond the end shows the last page as current', () => {
    expect(show(pageLinks(40, 12))).toBe('first … 5 6 7 8 9 10 11 [12] last(off)');
  });
});

describe('copyBadgeText (spec: Copied! for 1.2 seconds)', () => {
  const id = '09789f9c-218b-8db0-8346-f38959a00e55';

  test('shows the short ID before any copy', () => expect(copyBadgeText(id, null, 5000)).toBe('ID: 09789f9c'));
  test('says Copied! right after a copy', () => expect(copyBadgeText(id, 5000, 5000)).toBe('Copied!'));
  test('still says Copied! at 1199 ms', () => expect(copyBadgeText(id, 5000, 6199)).toBe('Copied!'));
  test('shows the ID again at 1200 ms', () => expect(copyBadgeText(id, 5000, 6200)).toBe('ID: 09789f9c'));
});
