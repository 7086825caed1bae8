import { describe, expect, test } from 'vitest';
import {
  categoryBreadcrumbs,
  categoryPageHref,
  categoryPageSeo,
  categorySeeMore,
  subcategoryChoices,
} from './category-page.ts';

const category = { id: 'c1', name: 'Builders & Fixers', description: 'Tools and kits for people who make and mend.', shortDescription: null };

describe('categoryPageSeo', () => {
  test('names the category, and the audience on a variant', () => {
    expect(categoryPageSeo(category, undefined).title).toBe('Builders & Fixers Gifts');
    expect(categoryPageSeo(category, 'for_him').title).toBe('Builders & Fixers Gifts for Him');
    expect(categoryPageSeo(category, 'for_her').title).toBe('Builders & Fixers Gifts for Her');
  });

  test('describes the page with the short description, else the description', () => {
    expect(categoryPageSeo({ ...category, shortDescription: 'Tools.' }, undefined).description).toBe('Tools.');
    expect(categoryPageSeo(category, undefined).description).toBe('Tools and kits for people who make and mend.');
  });

  test('keeps the description within the SEO limit of 155 characters', () => {
    const long = { ...category, description: 'Tools and kits for people who make and mend. '.repeat(6) };
    expect(categoryPageSeo(long, undefined).description.length).toBeLessThanOrEqual(155);
  });
});

describe('links', () => {
  test('the page links to itself with ?gender= on a variant', () => {
    expect(categoryPageHref(category, undefined)).toBe('/category/c1/builders-and-fixers');
    expect(categoryPageHref(category, 'for_her')).toBe('/category/c1/builders-and-fixers?gender=for_her');
  });

  test('see-more links keep the category and the audience', () => {
    const links = categorySeeMore(category, 'for_him');
    expect(links.newest).toBe('/products?category=c1&gender=for_him&sortBy=newest');
    expect(links.topBlogs).toBe('/blogs?category=c1&gender=for_him&sortBy=popular');
    expect(links.budget).toBe('/products?category=c1&priceMax=50&gender=for_him&sortBy=popular');
  });

  test('the main page does not narrow the listings to for_both', () => {
    expect(categorySeeMore(category, undefined).newest).toBe('/products?category=c1&sortBy=newest');
  });

  test('breadcrumbs pass through the audience page on a variant', () => {
    expect(categoryBreadcrumbs(category, 'for_him')).toEqual([
      { name: 'Home', href: '/' },
      { name: 'For Him', href: '/gender/for_him' },
      { name: 'Builders & Fixers', href: '/category/c1/builders-and-fixers?gender=for_him' },
    ]);
    expect(categoryBreadcrumbs(category, undefined).map((c) => c.name)).toEqual(['Home', 'Builders & Fixers']);
  });
});

describe('subcategoryChoices', () => {
  const subcategories = [{ id: 's1', name: 'Audio' }, { id: 's2', name: 'Video' }, { id: 's3', name: 'Lamps' }];

  test('leads with All, then each subcategory with the products it holds and the line over its list', () => {
    const choices = subcategoryChoices(subcategories, { all: 34, s1: 21, s2: 5, s3: 0 });
    expect(choices.map((c) => [c.key, c.name, c.count])).toEqual([['all', 'All', 34], ['s1', 'Audio', 21], ['s2', 'Video', 5], ['s3', 'Lamps', 0]]);
    expect(choices.map((c) => c.summary)).toEqual([
      'Showing 1–21 of 34 products', 'Showing 1–21 of 21 products', 'Showing 1–5 of 5 products', '0 products',
    ]);
  });

  test('a subcategory without products cannot be chosen; All always can', () => {
    const choices = subcategoryChoices(subcategories, { all: 0, s1: 0, s2: 2 });
    expect(choices.map((c) => c.unavailable)).toEqual([false, true, false, false]);
    expect(choices[3]).toMatchObject({ count: undefined, summary: '' });
  });
});
