import { describe, expect, test } from 'vitest';
import { testProduct as product } from './fixtures.ts';
import { LISTING_PAGE_SIZE } from './paging.ts';
import {
  categoryClicks, categoryRanking, clickedInCategory, cutRanking, dailyTopClicked, firstPopularPage, mostPopular,
  popularInCategory, prebuiltQuestions, rankingPageSize,
} from './popular-lists.ts';
import type { Product } from './model.ts';
import type { PopularityQuery } from './queries.ts';

/** A catalogue whose popular() answers a category's ranking from a fixed list and records every question. */
function fakeShop(inCategory: Product[]) {
  const asked: PopularityQuery[] = [];
  return {
    asked,
    productsIn: (id: string) => (id === 'c1' ? inCategory : []),
    async popular(query: PopularityQuery) {
      asked.push(query);
      return inCategory
        .filter((p) => !query.subcategoryIds || p.subcategoryIds.some((s) => query.subcategoryIds!.includes(s)))
        .slice(0, query.perPage);
    },
  };
}

describe('popularInCategory', () => {
  const ranked = [
    product('a', { gender: 'for_him', price: 20, subcategoryIds: ['s1'] }),
    product('b', { gender: 'for_her', price: 80, subcategoryIds: ['s2'] }),
    product('c', { gender: 'for_both', price: 50, subcategoryIds: ['s1'] }),
    product('d', { gender: 'for_him', price: 200, subcategoryIds: ['s2'] }),
  ];
  const ids = (list: Product[]) => list.map((p) => p.id);

  test('cuts subcategory, price and audience lists from one ranking of the whole category', async () => {
    const shop = fakeShop(ranked);
    expect(ids(await popularInCategory(shop, 'c1', { subcategoryId: 's1', limit: 21 }))).toEqual(['a', 'c']);
    expect(ids(await popularInCategory(shop, 'c1', { priceMax: 50, limit: 21 }))).toEqual(['a', 'c']);
    expect(ids(await popularInCategory(shop, 'c1', { gender: 'for_her', limit: 21 }))).toEqual(['b', 'c']);
    expect(ids(await popularInCategory(shop, 'c1', { gender: 'for_him', limit: 2 }))).toEqual(['a', 'c']);
    expect(ids(await popularInCategory(shop, 'c1', { limit: 3 }))).toEqual(['a', 'b', 'c']);
    expect(new Set(shop.asked.map((q) => JSON.stringify(q)))).toEqual(new Set([JSON.stringify(categoryRanking('c1', 4))]));
  });

  test('cuts the top clicked of an audience from the category\'s clicks in the window, without fallback', async () => {
    const shop = fakeShop(ranked);
    expect(ids(await clickedInCategory(shop, 'c1', 'daily', { gender: 'for_her', limit: 5 }))).toEqual(['b', 'c']);
    expect(shop.asked).toEqual([categoryClicks('c1', 4, 'daily')]);
    expect(categoryClicks('c1', 4, 'daily')).toEqual({ window: 'daily', categoryId: 'c1', perPage: 4, fallback: false });
  });

  test('asks the database for a list the ranking could not hold (a category over 1000 products)', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => product(`p${i}`, { subcategoryIds: [i >= 1100 ? 's9' : 's1'] }));
    const shop = fakeShop(many);
    expect(ids(await popularInCategory(shop, 'c1', { subcategoryId: 's9', limit: 21 }))).toEqual(ids(many.slice(1100, 1121)));
    expect(shop.asked).toHaveLength(2);
  });
});

describe('cutRanking', () => {
  const ranking = [1, 2, 3, 4, 5, 6, 7, 8];
  const even = (n: number) => n % 2 === 0;

  test('keeps the first items that pass, in rank order, up to the limit', () => {
    expect(cutRanking(ranking, true, even, 3)).toEqual([2, 4, 6]);
  });

  test('a complete ranking answers even when fewer items pass than the limit', () => {
    expect(cutRanking(ranking, true, even, 10)).toEqual([2, 4, 6, 8]);
    expect(cutRanking(ranking, true, () => false, 5)).toEqual([]);
  });

  test('an incomplete ranking answers only when it filled the limit', () => {
    expect(cutRanking(ranking, false, even, 4)).toEqual([2, 4, 6, 8]);
    expect(cutRanking(ranking, false, even, 5)).toBeUndefined();
  });
});

test('ranks a whole category in one request of at least 1 and at most 1000 rows', () => {
  expect(rankingPageSize(0)).toBe(1);
  expect(rankingPageSize(37)).toBe(37);
  expect(rankingPageSize(25_000)).toBe(1000);
});

describe('the popular lists (spec: document 2, constants)', () => {
  test("'Most Popular' is 21 monthly-popular products", () => {
    expect(mostPopular()).toEqual({ window: 'monthly', perPage: 21 });
    expect(mostPopular('for_her')).toEqual({ window: 'monthly', gender: 'for_her', perPage: 21 });
  });

  test('the daily top clicked are 5, falling back to weekly and monthly', () => {
    expect(dailyTopClicked('for_him')).toEqual({ window: 'daily', gender: 'for_him', perPage: 5 });
  });

  test('the first page of /products ranks last month with the unclicked products after', () => {
    expect(firstPopularPage()).toEqual({ window: 'monthly', perPage: LISTING_PAGE_SIZE, includeUnclicked: true });
  });
});

describe('prebuiltQuestions', () => {
  const shop = {
    categories: [{ id: 'c1' }, { id: 'blog-only' }],
    productCategories: [{ id: 'c1' }],
    productsIn: (id: string) => (id === 'c1' ? [1, 2, 3] : []),
  };
  const questions = prebuiltQuestions(shop).map((q) => JSON.stringify(q));

  test.each<[string, PopularityQuery]>([
    ["the home page's Most Popular", mostPopular()],
    ["a category page variant's Most Popular", mostPopular('for_him')],
    ["the home page's daily top clicked", dailyTopClicked()],
    ["an audience page's daily top clicked", dailyTopClicked('for_both')],
    ['the first page of /products', firstPopularPage()],
    ["a category's whole ranking", categoryRanking('c1', 3)],
    ["a blog category's whole ranking", categoryRanking('blog-only', 0)],
    ["a category's clicks of yesterday", categoryClicks('c1', 3, 'daily')],
    ["a category's clicks of last month", categoryClicks('c1', 3, 'monthly')],
  ])('include %s', (_, question) => {
    expect(questions).toContain(JSON.stringify(question));
  });

  test('ask each question once', () => {
    expect(new Set(questions).size).toBe(questions.length);
  });
});
