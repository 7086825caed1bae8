import { describe, expect, test } from 'vitest';
import {
  isRowId,
  blogsHref, listingSummary, parseBlogFilters, parseProductFilters, productsHref, withFilter, withoutForBoth, withPage,
  type ProductFilters,
} from './listing.ts';

const query = (text: string) => new URLSearchParams(text);
const noFilters: ProductFilters = parseProductFilters(query(''));

describe('products URL state', () => {
  test('defaults to sortBy popular, page 1 and no filters', () => {
    expect(noFilters).toEqual({
      category: null, subcategory: null, priceMin: null, priceMax: null, gender: null, priceDrops: null, sortBy: 'popular', page: 1,
    });
  });

  test('reads category, subcategory, priceMin, priceMax, gender, sortBy and page', () => {
    expect(parseProductFilters(query('category=c1&subcategory=s1&priceMin=50&priceMax=250&gender=for_her&sortBy=lowToHigh&page=3')))
      .toEqual({ category: 'c1', subcategory: 's1', priceMin: 50, priceMax: 250, gender: 'for_her', priceDrops: null, sortBy: 'lowToHigh', page: 3 });
  });

  test('drops bad values', () => {
    expect(parseProductFilters(query('category=%20&priceMin=cheap&priceMax=-5&gender=for_them&sortBy=random&page=0')))
      .toEqual(noFilters);
    expect(parseProductFilters(query('page=2.5')).page).toBe(1);
    expect(parseProductFilters(query('page=abc')).page).toBe(1);
    expect(parseProductFilters(query('priceMin=450&priceMax=50'))).toMatchObject({ priceMin: null, priceMax: null });
    expect(parseProductFilters(query(`category=${'x'.repeat(201)}&page=1000001`))).toEqual(noFilters);
  });

  test("reads and writes 'Price drops' as priceDrops=true, with the other filters", () => {
    const drops = parseProductFilters(query('priceDrops=true&priceMax=50&page=2'));
    expect(drops).toMatchObject({ priceDrops: true, priceMax: 50, page: 2 });
    expect(productsHref(drops)).toBe('/products?priceMax=50&priceDrops=true&page=2');
    expect(parseProductFilters(query('priceDrops=1')).priceDrops).toBeNull();
    expect(withFilter({ ...noFilters, page: 3 }, { priceDrops: true })).toMatchObject({ priceDrops: true, page: 1 });
  });

  test('trims ids and reads decimal prices', () => {
    expect(parseProductFilters(query('category=%20c1%20&priceMin=12.50&page=1000000')))
      .toMatchObject({ category: 'c1', priceMin: 12.5, page: 1_000_000 });
  });

  test('writes back without defaults', () => {
    expect(productsHref(noFilters)).toBe('/products');
    expect(productsHref({ ...noFilters, gender: 'for_him', sortBy: 'newest', page: 2, priceMax: 50 }))
      .toBe('/products?priceMax=50&gender=for_him&sortBy=newest&page=2');
    const href = productsHref({ ...noFilters, category: 'c 1', priceMin: 12.5 });
    expect(parseProductFilters(new URL(href, 'https://shop.example').searchParams))
      .toEqual({ ...noFilters, category: 'c 1', priceMin: 12.5 });
  });
});

describe('blogs URL state', () => {
  test('reads category, gender, sortBy newest or popular and page', () => {
    expect(parseBlogFilters(query('category=c1&gender=for_him&sortBy=newest&page=2')))
      .toEqual({ category: 'c1', gender: 'for_him', sortBy: 'newest', page: 2 });
  });

  test('lists blogs most popular first unless sortBy says newest (spec: default popular)', () => {
    expect(parseBlogFilters(query('sortBy=lowToHigh&page=-1'))).toEqual({ category: null, gender: null, sortBy: 'popular', page: 1 });
    expect(blogsHref({ category: 'c1', gender: null, sortBy: 'popular', page: 1 })).toBe('/blogs?category=c1');
    expect(blogsHref({ category: null, gender: null, sortBy: 'newest', page: 1 })).toBe('/blogs?sortBy=newest');
  });
});

describe('withFilter', () => {
  test('resets the page to 1 whenever a filter changes', () => {
    const onPage4 = { ...noFilters, category: 'c1', page: 4 };
    expect(withFilter(onPage4, { priceMin: 50, priceMax: 250 })).toMatchObject({ priceMin: 50, priceMax: 250, page: 1 });
    expect(withFilter(onPage4, { sortBy: 'newest' }).page).toBe(1);
    expect(withFilter(onPage4, { category: 'c1' })).toBe(onPage4);
  });

  test('choosing For Both clears the gender filter', () => {
    const forHim = { ...noFilters, gender: 'for_him' as const, page: 2 };
    expect(withFilter(forHim, { gender: 'for_both' })).toMatchObject({ gender: null, page: 1 });
    expect(withFilter({ category: null, gender: 'for_her' as const, sortBy: 'newest' as const, page: 3 }, { gender: 'for_both' }))
      .toEqual({ category: null, gender: null, sortBy: 'newest', page: 1 });
  });

  test('For Both in the address is no gender filter', () => {
    const forBoth = parseProductFilters(query('gender=for_both&page=3'));
    expect(withoutForBoth(forBoth)).toEqual({ ...noFilters, page: 3 });
    expect(withoutForBoth(parseBlogFilters(query('gender=for_both')))).toMatchObject({ gender: null });
    const forHer = parseProductFilters(query('gender=for_her'));
    expect(withoutForBoth(forHer)).toBe(forHer);
  });

  test('a new category clears the subcategory of the old one', () => {
    const chosen = { ...noFilters, category: 'c1', subcategory: 's1' };
    expect(withFilter(chosen, { category: 'c2' })).toMatchObject({ category: 'c2', subcategory: null });
    expect(withFilter(chosen, { category: 'c2', subcategory: 's9' })).toMatchObject({ category: 'c2', subcategory: 's9' });
    expect(withFilter(chosen, { subcategory: null })).toMatchObject({ category: 'c1', subcategory: null });
  });
});

describe('withPage', () => {
  test('moves to a page, at least 1', () => {
    expect(withPage(noFilters, 3).page).toBe(3);
    expect(withPage(noFilters, 0).page).toBe(1);
  });
});

describe('listingSummary', () => {
  const products = { one: 'product', many: 'products' };
  test('says which products of how many the page shows', () => {
    expect(listingSummary(1, 322, products)).toBe('Showing 1–12 of 322 products');
    expect(listingSummary(27, 322, products)).toBe('Showing 313–322 of 322 products');
    expect(listingSummary(1, 1, products)).toBe('Showing 1–1 of 1 product');
  });

  test('gives only the total past the last page', () => {
    expect(listingSummary(5, 13, products)).toBe('13 products');
  });
});

describe('isRowId', () => {
  test('a uuid in either case is an id; a name, a uuid with more around it, or a cut one is not', () => {
    expect(isRowId('6bbf480f-9a82-82cc-999f-1634ff4b6133')).toBe(true);
    expect(isRowId('6BBF480F-9A82-82CC-999F-1634FF4B6133')).toBe(true);
    expect(isRowId('nonexistent')).toBe(false);
    expect(isRowId('Tech Gadgets')).toBe(false);
    expect(isRowId(' 6bbf480f-9a82-82cc-999f-1634ff4b6133')).toBe(false);
    expect(isRowId('6bbf480f-9a82-82cc-999f-1634ff4b613')).toBe(false);
  });
});
