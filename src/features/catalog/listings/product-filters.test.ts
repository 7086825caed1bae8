import { describe, expect, test } from 'vitest';
import { parseProductFilters } from './listing.ts';
import type { ProductFacets } from '../core/queries.ts';
import { chosenCategory, facetQuery, filtersMatchNothing, isFiltered, isUnavailable, productFilterGroups, withNamesResolved, type FilterCategory, type FilterGroup } from './product-filters.ts';

const categories: FilterCategory[] = [
  { id: 'mugs', name: 'Mugs', subcategories: [{ id: 'travel', name: 'Travel Mugs' }, { id: 'tea', name: 'Tea Cups' }] },
  { id: 'books', name: 'Books', subcategories: [] },
];
const filters = (query: string) => parseProductFilters(new URLSearchParams(query));
const group = (groups: FilterGroup[], title: string) => groups.find((g) => g.title === title);
const chosen = (g: FilterGroup | undefined) => g?.choices.filter((c) => c.current).map((c) => c.label);

describe('productFilterGroups', () => {
  test('lists Categories, Price, Deals and Gender when no category with subcategories is chosen', () => {
    expect(productFilterGroups(categories, filters('')).map((g) => g.title)).toEqual(['Categories', 'Price', 'Deals', 'Gender']);
    expect(productFilterGroups(categories, filters('category=books')).map((g) => g.title)).toEqual(['Categories', 'Price', 'Deals', 'Gender']);
  });

  test('leads Categories with All, chosen while no category is', () => {
    const categoriesGroup = group(productFilterGroups(categories, filters('')), 'Categories');
    expect(categoriesGroup?.choices.map((c) => c.label)).toEqual(['All', 'Mugs', 'Books']);
    expect(chosen(categoriesGroup)).toEqual(['All']);
    expect(chosen(group(productFilterGroups(categories, filters('category=mugs')), 'Categories'))).toEqual(['Mugs']);
  });

  test('shows the chosen category’s subcategories, without an All', () => {
    const subcategories = group(productFilterGroups(categories, filters('category=mugs&subcategory=tea')), 'Subcategory');
    expect(subcategories?.choices.map((c) => c.label)).toEqual(['Travel Mugs', 'Tea Cups']);
    expect(chosen(subcategories)).toEqual(['Tea Cups']);
    expect(subcategories?.choices[0]?.change).toEqual({ subcategory: 'travel' });
  });

  test("'Price drops' is a filter choice: chosen from the address, and a filter like the others", () => {
    expect(chosen(group(productFilterGroups(categories, filters('')), 'Deals'))).toEqual(['All Products']);
    const deals = group(productFilterGroups(categories, filters('priceDrops=true')), 'Deals');
    expect(chosen(deals)).toEqual(['Price drops']);
    expect(deals?.choices.map((c) => c.change)).toEqual([{ priceDrops: null }, { priceDrops: true }]);
    expect(isFiltered(filters('priceDrops=true'))).toBe(true);
    expect(isFiltered(filters('priceDrops=yes'))).toBe(false);
  });

  test('leads Price with Any Price and marks the bucket the range selects', () => {
    expect(chosen(group(productFilterGroups(categories, filters('')), 'Price'))).toEqual(['Any Price']);
    const price = group(productFilterGroups(categories, filters('priceMin=50&priceMax=250')), 'Price');
    expect(chosen(price)).toEqual(['$50 to $250']);
    expect(price?.choices.find((c) => c.label === '$450 and up')?.change).toEqual({ priceMin: 450, priceMax: null });
    expect(chosen(group(productFilterGroups(categories, filters('priceMin=10&priceMax=20')), 'Price'))).toEqual([]);
  });

  test('marks For Both in Gender while no gender is chosen', () => {
    expect(chosen(group(productFilterGroups(categories, filters('')), 'Gender'))).toEqual(['For Both']);
    expect(chosen(group(productFilterGroups(categories, filters('gender=for_her')), 'Gender'))).toEqual(['For Her']);
  });
});

describe('facet counts', () => {
  const facets: ProductFacets = {
    total: 7,
    counts: {
      categories: { all: 7, mugs: 7, books: 0 },
      subcategories: { all: 7, travel: 3, tea: 4 },
      price: { any: 7, 'up-to-50': 5, '50-to-250': 2, '250-to-450': 0, '450-and-up': 0 },
      deals: { 'all-prices': 7, 'price-drops': 1 },
      gender: { for_both: 7, for_him: 6, for_her: 1 },
    },
  };
  const counts = (g: FilterGroup | undefined) => g?.choices.map((c) => `${c.label} (${c.count})`);

  test('gives each choice the count its facet has for its key', () => {
    const groups = productFilterGroups(categories, filters('category=mugs'), facets);
    expect(counts(group(groups, 'Categories'))).toEqual(['All (7)', 'Mugs (7)', 'Books (0)']);
    expect(counts(group(groups, 'Subcategory'))).toEqual(['Travel Mugs (3)', 'Tea Cups (4)']);
    expect(counts(group(groups, 'Price'))).toEqual(['Any Price (7)', 'Up to $50 (5)', '$50 to $250 (2)', '$250 to $450 (0)', '$450 and up (0)']);
    expect(counts(group(groups, 'Deals'))).toEqual(['All Products (7)', 'Price drops (1)']);
    expect(counts(group(groups, 'Gender'))).toEqual(['For Both (7)', 'For Him (6)', 'For Her (1)']);
  });

  test('leaves the counts out while they are unknown, and for a choice the answer does not name', () => {
    expect(productFilterGroups(categories, filters('')).flatMap((g) => g.choices).every((c) => c.count === undefined)).toBe(true);
    const withoutBooks = { ...facets, counts: { ...facets.counts, categories: { all: 7, mugs: 7 } } };
    expect(group(productFilterGroups(categories, filters(''), withoutBooks), 'Categories')?.choices[2]?.count).toBeUndefined();
  });

  test('a choice that would give no products is unavailable, unless it is the chosen one', () => {
    expect(isUnavailable({ count: 0, current: false })).toBe(true);
    expect(isUnavailable({ count: 0, current: true })).toBe(false);
    expect(isUnavailable({ count: 3, current: false })).toBe(false);
    expect(isUnavailable({ count: undefined, current: false })).toBe(false);
  });

  test('asks for the filters of the address, not its sort or page', () => {
    expect(facetQuery(filters('category=mugs&subcategory=tea&priceMin=50&priceMax=250&gender=for_her&priceDrops=true&sortBy=newest&page=3'))).toEqual({
      categoryId: 'mugs', subcategoryId: 'tea', gender: 'for_her', priceMin: 50, priceMax: 250, priceDropsOnly: true,
    });
    expect(JSON.stringify(facetQuery(filters('sortBy=lowToHigh&page=2')))).toBe('{}');
  });
});

describe('withNamesResolved: a category or subcategory given by name', () => {
  const resolved = (query: string) => {
    const { category, subcategory } = withNamesResolved(filters(query), categories);
    return { category, subcategory };
  };

  test('reads as the id of the one it names, in any letter case or as its slug', () => {
    expect(resolved('category=Mugs&subcategory=Tea%20Cups')).toEqual({ category: 'mugs', subcategory: 'tea' });
    expect(resolved('category=mugs&subcategory=travel-mugs')).toEqual({ category: 'mugs', subcategory: 'travel' });
    expect(resolved('subcategory=TEA%20CUPS')).toEqual({ category: null, subcategory: 'tea' });
  });

  test('leaves ids, and names it does not know, as they are', () => {
    expect(resolved('category=mugs&subcategory=tea')).toEqual({ category: 'mugs', subcategory: 'tea' });
    expect(resolved('category=Garden&subcategory=Rakes')).toEqual({ category: 'Garden', subcategory: 'Rakes' });
    // A subcategory of another category is not the chosen category's.
    expect(resolved('category=books&subcategory=Tea%20Cups')).toEqual({ category: 'books', subcategory: 'Tea Cups' });
  });
});

describe('filtersMatchNothing', () => {
  test('is true when a category or subcategory filter holds what is no id', () => {
    expect(filtersMatchNothing(filters('category=Garden'))).toBe(true);
    expect(filtersMatchNothing(filters('category=0b9f1c52-2a1e-4c7e-9a4f-3f1f0d6c2b11&subcategory=Rakes'))).toBe(true);
    expect(filtersMatchNothing(filters('category=0b9f1c52-2a1e-4c7e-9a4f-3f1f0d6c2b11'))).toBe(false);
    expect(filtersMatchNothing(filters('priceMin=10'))).toBe(false);
  });
});

describe('chosenCategory', () => {
  test('is the visible category of the filter, if any', () => {
    expect(chosenCategory(categories, filters('category=books'))?.name).toBe('Books');
    expect(chosenCategory(categories, filters('category=gone'))).toBeUndefined();
  });
});

describe('isFiltered', () => {
  test('counts category, subcategory, gender and price as filters, not the sort or the page', () => {
    expect(isFiltered(filters('sortBy=newest&page=3'))).toBe(false);
    expect(isFiltered(filters('gender=for_him'))).toBe(true);
    expect(isFiltered(filters('priceMax=50'))).toBe(true);
    expect(isFiltered(filters('subcategory=tea'))).toBe(true);
  });
});
