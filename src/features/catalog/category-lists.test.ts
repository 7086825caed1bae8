import { describe, expect, test } from 'vitest';
import type { Blog } from '../blog/model.ts';
import { categoryPageLists, popularInCategory } from './category-lists.ts';
import type { Gender, Product } from './model.ts';
import type { PopularityQuery } from './queries.ts';

function product(id: string, fields: { gender?: Gender; price?: number; subcategoryIds?: string[] } = {}): Product {
  return {
    id, name: id, description: '', price: fields.price ?? 100, imageUrl: `/media/${id}.svg`, media: [], variants: [],
    affiliateLinks: [], categoryIds: ['c1'], subcategoryIds: fields.subcategoryIds ?? [], gender: fields.gender ?? 'for_both',
    tagline: null, seoTitle: null, seoDescription: null, seoKeywords: [], createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
  };
}

/** A catalogue whose popular() answers from fixed lists and records every distinct question. */
function fakeShop(inCategory: Product[], answers: { ranking: Product[]; daily?: Product[]; monthly?: Product[]; overall?: Product[] }) {
  const asked = new Set<string>();
  return {
    asked,
    productsIn: (id: string) => (id === 'c1' ? inCategory : []),
    async popular(query: PopularityQuery) {
      asked.add(JSON.stringify(query));
      if (query.includeUnclicked) {
        return answers.ranking
          .filter((p) => !query.subcategoryIds || p.subcategoryIds.some((s) => query.subcategoryIds!.includes(s)))
          .filter((p) => query.priceMax === undefined || p.price <= query.priceMax)
          .slice(0, query.perPage);
      }
      if (query.window === 'daily') return answers.daily ?? [];
      return (query.categoryId ? answers.monthly : answers.overall) ?? [];
    },
  };
}

const noBlogs = { popular: async () => [] as Blog[] };

describe('popularInCategory', () => {
  const ranked = [
    product('a', { gender: 'for_him', price: 20, subcategoryIds: ['s1'] }),
    product('b', { gender: 'for_her', price: 80, subcategoryIds: ['s2'] }),
    product('c', { gender: 'for_both', price: 50, subcategoryIds: ['s1'] }),
    product('d', { gender: 'for_him', price: 200, subcategoryIds: ['s2'] }),
  ];

  test('cuts subcategory, price and audience lists from one ranking of the whole category', async () => {
    const shop = fakeShop(ranked, { ranking: ranked });
    expect((await popularInCategory(shop, 'c1', { subcategoryId: 's1', limit: 21 })).map((p) => p.id)).toEqual(['a', 'c']);
    expect((await popularInCategory(shop, 'c1', { priceMax: 50, limit: 21 })).map((p) => p.id)).toEqual(['a', 'c']);
    expect((await popularInCategory(shop, 'c1', { gender: 'for_her', limit: 21 })).map((p) => p.id)).toEqual(['b', 'c']);
    expect((await popularInCategory(shop, 'c1', { gender: 'for_him', limit: 2 })).map((p) => p.id)).toEqual(['a', 'c']);
    expect(shop.asked).toEqual(new Set([JSON.stringify({ window: 'monthly', categoryId: 'c1', perPage: 4, includeUnclicked: true })]));
  });

  test('asks the database for a list the ranking could not hold (a category over 1000 products)', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => product(`p${i}`, { subcategoryIds: [i >= 1100 ? 's9' : 's1'] }));
    const shop = fakeShop(many, { ranking: many });
    const list = await popularInCategory(shop, 'c1', { subcategoryId: 's9', limit: 21 });
    expect(list.map((p) => p.id)).toEqual(many.slice(1100, 1121).map((p) => p.id));
    expect(shop.asked.size).toBe(2);
  });
});

describe('categoryPageLists', () => {
  const inCategory = [
    product('n1', { gender: 'for_her', subcategoryIds: ['s1'] }),
    product('n2', { gender: 'for_him', price: 30, subcategoryIds: ['s2'] }),
    product('n3', { gender: 'for_both', price: 45, subcategoryIds: ['s1'] }),
  ];
  const category = { id: 'c1', subcategories: [{ id: 's1', categoryId: 'c1', name: 'One', description: null }, { id: 's2', categoryId: 'c1', name: 'Two', description: null }] };

  test('lists All and then each subcategory, filtered to the audience on a variant', async () => {
    const shop = fakeShop(inCategory, { ranking: [inCategory[2]!, inCategory[0]!, inCategory[1]!] });
    const lists = await categoryPageLists(shop, noBlogs, category, 'for_him');
    expect(lists.popular.map((l) => [l.subcategoryId, l.products.map((p) => p.id)])).toEqual([
      [null, ['n3', 'n2']],
      ['s1', ['n3']],
      ['s2', ['n2']],
    ]);
    expect(lists.newest.map((p) => p.id)).toEqual(['n2', 'n3']);
    expect(lists.budget.map((p) => p.id)).toEqual(['n3', 'n2']);
  });

  test('the main page shows every audience', async () => {
    const shop = fakeShop(inCategory, { ranking: inCategory });
    const lists = await categoryPageLists(shop, noBlogs, category, undefined);
    expect(lists.newest.map((p) => p.id)).toEqual(['n1', 'n2', 'n3']);
    expect(lists.popular[0]!.products).toHaveLength(3);
  });

  test('daily top clicked falls back to monthly in the category, then to the general monthly popular', async () => {
    const other = [product('x1'), product('x2'), product('x3'), product('x4'), product('x5')];
    const shop = fakeShop(inCategory, { ranking: inCategory, daily: [inCategory[1]!], monthly: [inCategory[1]!, inCategory[0]!], overall: other });
    const lists = await categoryPageLists(shop, noBlogs, category, undefined);
    expect(lists.topClicked.map((p) => p.id)).toEqual(['n2', 'n1', 'x1', 'x2', 'x3']);
  });

  test('asks at most five popularity questions per page', async () => {
    const shop = fakeShop(inCategory, { ranking: inCategory });
    await categoryPageLists(shop, noBlogs, category, 'for_her');
    expect(shop.asked.size).toBeLessThanOrEqual(5);
  });
});
