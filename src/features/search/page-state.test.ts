import { describe, expect, test } from 'vitest';
import {
  blogHitCard, listedKinds, NO_SEARCH, parseSearchState, searchHeading, searchPageHref, tabAfterKey, tabCounts,
  tabPages, withPage, withSort, withTab, withText,
} from './page-state.ts';

const params = (query: string) => new URLSearchParams(query);

describe('the address', () => {
  test('reads q, tab, sort and page, falling back to All, Best Match and page 1', () => {
    expect(parseSearchState(params('q=Pasta%20Maker&tab=blogs&sort=lowToHigh&page=3'))).toEqual({ q: 'Pasta Maker', tab: 'blogs', sort: 'lowToHigh', page: 3 });
    expect(parseSearchState(params('q=mugs&tab=videos&sort=cheapest&page=-2'))).toEqual({ ...NO_SEARCH, q: 'mugs' });
    expect(parseSearchState(params('page=1.5'))).toEqual(NO_SEARCH);
  });

  test('keeps q URL-encoded and leaves the defaults out', () => {
    expect(searchPageHref({ ...NO_SEARCH, q: 'mugs & cups' })).toBe('/search?q=mugs%20%26%20cups');
    expect(searchPageHref({ q: 'mugs', tab: 'products', sort: 'highToLow', page: 2 })).toBe('/search?q=mugs&tab=products&sort=highToLow&page=2');
  });

  test('round-trips a state', () => {
    const state = { q: 'wool socks', tab: 'products', sort: 'newest', page: 4 } as const;
    expect(parseSearchState(new URL(searchPageHref(state), 'http://shop').searchParams)).toEqual(state);
  });
});

describe('changes', () => {
  const paged = { q: 'mugs', tab: 'products', sort: 'newest', page: 3 } as const;

  test('a new tab, sort or text starts at page 1', () => {
    expect(withTab(paged, 'blogs')).toEqual({ ...paged, tab: 'blogs', page: 1 });
    expect(withSort(paged, 'lowToHigh')).toEqual({ ...paged, sort: 'lowToHigh', page: 1 });
    expect(withText(paged, '  lamps ')).toEqual({ ...paged, q: 'lamps', page: 1 });
    expect(withPage(paged, 5)).toEqual({ ...paged, page: 5 });
  });

  test('All lists products and blogs; the other tabs one kind each', () => {
    expect(listedKinds('all')).toEqual({ products: true, blogs: true });
    expect(listedKinds('products')).toEqual({ products: true, blogs: false });
    expect(listedKinds('blogs')).toEqual({ products: false, blogs: true });
  });
});

describe('heading', () => {
  test('names the search as typed, trimmed', () => {
    expect(searchHeading('  Desk Lamps ')).toBe('Search results for “Desk Lamps”');
  });

  test('is just Search while the text is too short to search', () => {
    expect(searchHeading('')).toBe('Search');
    expect(searchHeading(' a ')).toBe('Search');
  });
});

describe('tabs by keyboard', () => {
  test('arrow keys move to the next or previous tab and stop at the ends', () => {
    expect(tabAfterKey('all', 'ArrowRight')).toBe('products');
    expect(tabAfterKey('products', 'ArrowLeft')).toBe('all');
    expect(tabAfterKey('blogs', 'ArrowRight')).toBe('blogs');
    expect(tabAfterKey('all', 'ArrowLeft')).toBe('all');
  });

  test('Home and End go to the first and the last tab; other keys move nothing', () => {
    expect(tabAfterKey('products', 'Home')).toBe('all');
    expect(tabAfterKey('products', 'End')).toBe('blogs');
    expect(tabAfterKey('products', 'Enter')).toBeUndefined();
  });
});

describe('tab counts and pages', () => {
  test('All counts both kinds once both are known', () => {
    expect(tabCounts(30, 4)).toEqual({ all: 34, products: 30, blogs: 4 });
    expect(tabCounts(30, null)).toEqual({ all: null, products: 30, blogs: null });
  });

  test('pages hold 24 results; All pages as far as the longer list', () => {
    const counts = tabCounts(50, 10);
    expect(tabPages('products', counts)).toBe(3);
    expect(tabPages('blogs', counts)).toBe(1);
    expect(tabPages('all', counts)).toBe(3);
    expect(tabPages('all', tabCounts(0, 0))).toBe(1);
  });
});

describe('cards', () => {
  test('a blog hit keeps what a blog card shows', () => {
    const hit = { id: 'b1', title: 'Gifts', excerpt: 'Ideas', imageUrl: null, publishDate: '2026-02-01', categoryId: 'c1', rank: 0.2 };
    expect(blogHitCard(hit)).toEqual({ id: 'b1', title: 'Gifts', excerpt: 'Ideas', imageUrl: null, publishDate: '2026-02-01', categoryId: 'c1' });
  });
});
