import { describe, expect, test } from 'vitest';
import { BLOG_CATEGORY_PAGE_SIZE, categoryListingFile, pageCount, pageHref, pageItems, paginationControls } from './pagination.ts';

describe('category listing pages', () => {
  test('hold 9 blogs each', () => {
    expect(BLOG_CATEGORY_PAGE_SIZE).toBe(9);
    expect([0, 1, 9, 10, 18, 19].map((n) => pageCount(n))).toEqual([1, 1, 1, 2, 2, 3]);
    const blogs = Array.from({ length: 20 }, (_, i) => i);
    expect(pageItems(blogs, 1)).toHaveLength(9);
    expect(pageItems(blogs, 3)).toEqual([18, 19]);
  });

  test('page 1 is prebuilt at the route, later pages under /{gender}/page/{n}', () => {
    expect(categoryListingFile('c1', undefined, 1)).toBe('/blog/categories/c1');
    expect(categoryListingFile('c1', 'for_him', 1)).toBe('/blog/categories/c1/for_him');
    expect(categoryListingFile('c1', undefined, 2)).toBe('/blog/categories/c1/for_both/page/2');
    expect(categoryListingFile('c1', 'for_her', 3)).toBe('/blog/categories/c1/for_her/page/3');
  });

  test('controls link to ?page=n on the route, page 1 to the route itself', () => {
    expect(pageHref('/blog/categories/c1', 1)).toBe('/blog/categories/c1');
    expect(pageHref('/blog/categories/c1/for_him', 2)).toBe('/blog/categories/c1/for_him?page=2');
  });
});

describe('paginationControls', () => {
  test('disables Previous on page 1 and Next on the last page', () => {
    const first = paginationControls('/r', 1, 3);
    expect(first.previous.href).toBeNull();
    expect(first.next).toEqual({ page: 2, href: '/r?page=2' });
    const last = paginationControls('/r', 3, 3);
    expect(last.previous).toEqual({ page: 2, href: '/r?page=2' });
    expect(last.next.href).toBeNull();
  });

  test('numbers every page and marks the current one, which is not a link', () => {
    expect(paginationControls('/r', 2, 3).pages).toEqual([
      { page: 1, href: '/r', current: false },
      { page: 2, href: null, current: true },
      { page: 3, href: '/r?page=3', current: false },
    ]);
  });

  test('a single page disables both Previous and Next', () => {
    const only = paginationControls('/r', 1, 1);
    expect([only.previous.href, only.next.href]).toEqual([null, null]);
  });
});
