import { describe, expect, test } from 'vitest';
import type { Blog } from '../blog/core/model.ts';
import { categoryPageLists } from './category-lists.ts';
import { testProduct as product } from '../catalog/core/fixtures.ts';
import type { Product } from '../catalog/core/model.ts';
import { prebuiltQuestions } from '../catalog/core/popular-lists.ts';
import type { PopularityQuery } from '../catalog/core/queries.ts';

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

  test('asks only questions the build asked ahead', async () => {
    const shop = fakeShop(inCategory, { ranking: inCategory });
    for (const audience of [undefined, 'for_him', 'for_her'] as const) await categoryPageLists(shop, noBlogs, category, audience);
    const ahead = prebuiltQuestions({ categories: [category], productCategories: [category], productsIn: shop.productsIn });
    expect([...shop.asked].filter((asked) => !ahead.some((question) => JSON.stringify(question) === asked))).toEqual([]);
  });
});
