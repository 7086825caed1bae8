import { describe, expect, test } from 'vitest';
import { parseProductFilters } from './listing.ts';
import { chosenCategory, isFiltered, productFilterGroups, type FilterCategory, type FilterGroup } from './product-filters.ts';

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
