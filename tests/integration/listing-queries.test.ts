/**
 * The runtime reads of the /products and /blogs listings (catalog/core/queries.ts productPage, and
 * blog/core/queries.ts blogPage, popularBlogPage, blogsByIds), and the build's popularity batches, as a
 * visitor runs them through supabase-js against the stand-in over the demo catalogue. What each
 * answer should be is worked out with SQL as the database owner, or with one ranking request.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { blogPage, blogsByIds, popularBlogClicks, popularBlogPage, popularBlogsBatch, type BlogRankingQuery } from '../../src/features/blog/core/queries.ts';
import { popularProducts, popularProductsBatch, productPage, type PopularityQuery } from '../../src/features/catalog/core/queries.ts';
import { httpStatus } from '../../src/lib/query-cache.ts';
import { idsOf, isSortedBy, openDemoShop, type DemoShop } from '../support/demo-stand-in.ts';

let shop: DemoShop;

beforeAll(async () => {
  // Seeded as of now, not the fixed DEMO_NOW: the listings rank clicks as of now, and from the
  // second Monday after DEMO_NOW its last week holds none of the demo's clicks.
  shop = await openDemoShop({ now: new Date() });
});

afterAll(async () => {
  await shop?.close();
});

const ids = async (sql: string, params?: unknown[]) => idsOf(await shop.sql<{ id: string }>(sql, params));
const count = async (sql: string, params?: unknown[]) => (await shop.sql<{ count: number }>(sql, params))[0]!.count;

/** A visible product category with products, and one of its subcategories that has some. */
async function categoryWithSubcategory(): Promise<{ category: string; subcategory: string }> {
  const [row] = await shop.sql<{ category: string; subcategory: string }>(`
    select c.id as category, s.id as subcategory
    from public.categories c join public.subcategories s on s.category_id = c.id
    where c.visible and 'product' = any (c.type)
      and exists (select 1 from public.products p where p.category_ids @> array[c.id] and p.subcategory_ids @> array[s.id])
    order by c.name, s.name limit 1`);
  return row!;
}

describe('productPage', () => {
  test('pages the whole catalogue newest first with the exact total', async () => {
    const page2 = await productPage(shop.anon, { sort: 'newest', page: 2, perPage: 12 });
    const expected = await ids('select id from public.products order by created_at desc, id limit 12 offset 12');
    expect(idsOf(page2.products)).toEqual(expected);
    expect(page2.total).toBe(await count('select count(*)::int as count from public.products'));
  });

  test('filters by category (contains), subcategory (overlaps), price range and audience', async () => {
    const { category, subcategory } = await categoryWithSubcategory();
    const page = await productPage(shop.anon, {
      categoryId: category, subcategoryId: subcategory, priceMin: 10, priceMax: 500, gender: 'for_her',
      sort: 'lowToHigh', page: 1, perPage: 50,
    });
    const expected = await ids(`
      select id from public.products
      where category_ids @> array[$1::uuid] and subcategory_ids && array[$2::uuid]
        and price >= 10 and price <= 500 and gender_category in ('for_her', 'for_both')
      order by price, id`, [category, subcategory]);
    expect(idsOf(page.products)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  test("'Price drops' lists only products with a drop badge, with the other filters and the badges on each product", async () => {
    const page = await productPage(shop.anon, { priceDropsOnly: true, priceMax: 200, sort: 'newest', page: 1, perPage: 50 });
    const expected = await ids(`
      select id from public.products where price_drop_percent is not null and price <= 200
      order by created_at desc, id limit 50`);
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(page.products)).toEqual(expected);
    expect(page.total).toBe(await count('select count(*)::int as count from public.products where price_drop_percent is not null and price <= 200'));
    for (const product of page.products) expect(product.priceDropPercent).toBeGreaterThanOrEqual(10);
  });

  test('orders by price both ways', async () => {
    const low = await productPage(shop.anon, { sort: 'lowToHigh', page: 1, perPage: 30 });
    const high = await productPage(shop.anon, { sort: 'highToLow', page: 1, perPage: 30 });
    expect(isSortedBy(low.products, (p) => p.price)).toBe(true);
    expect(isSortedBy(high.products, (p) => p.price, 'desc')).toBe(true);
    expect(high.products[0]!.price).toBeGreaterThan(low.products[29]!.price);
  });

  test('matches part of the name in any case, wildcards taken literally', async () => {
    const page = await productPage(shop.anon, { nameContains: 'KIT', sort: 'newest', page: 1, perPage: 100 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.products.every((p) => /kit/i.test(p.name))).toBe(true);
    expect((await productPage(shop.anon, { nameContains: '%', sort: 'newest', page: 1, perPage: 12 })).total).toBe(0);
  });

  test('a page past the end is empty and still gives the total', async () => {
    const { category } = await categoryWithSubcategory();
    const page = await productPage(shop.anon, { categoryId: category, sort: 'newest', page: 500, perPage: 12 });
    const total = await count('select count(*)::int as count from public.products where category_ids @> array[$1::uuid]', [category]);
    expect(page).toEqual({ products: [], total });
  });

  test('a refused read carries its HTTP status, so it is not retried', async () => {
    const failure = await productPage(shop.anon, { categoryId: 'not-a-uuid', sort: 'newest', page: 1, perPage: 12 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(httpStatus(failure)).toBe(400);
  });
});

describe('blogPage', () => {
  test('lists blogs newest first for a category and an audience, with the total', async () => {
    const [busiest] = await ids('select category_id as id from public.blogs group by category_id order by count(*) desc, category_id limit 1');
    const category = busiest!;
    const page = await blogPage(shop.anon, { categoryId: category, gender: 'for_him', page: 1, perPage: 12 });
    const expected = await ids(`
      select id from public.blogs where category_id = $1 and gender_category in ('for_him', 'for_both')
      order by created_at desc, id`, [category]);
    expect(idsOf(page.blogs)).toEqual(expected.slice(0, 12));
    expect(page.total).toBe(expected.length);
  });

  test('a page past the end is empty and still gives the total', async () => {
    const page = await blogPage(shop.anon, { page: 99, perPage: 12 });
    expect(page).toEqual({ blogs: [], total: await count('select count(*)::int as count from public.blogs') });
  });
});

describe('popularBlogPage and blogsByIds', () => {
  test('pages through the ranking and reads the blogs in rank order', async () => {
    const ranking = await ids(`select id from public.popular_blogs('weekly', null, null, 1000, 0)`);
    const page2 = await popularBlogPage(shop.anon, { window: 'weekly', page: 2, perPage: 5 });
    expect(page2.ids).toEqual(ranking.slice(5, 10));
    expect(page2.total).toBe(ranking.length);
    const blogs = await blogsByIds(shop.anon, page2.ids);
    expect(idsOf(blogs)).toEqual(page2.ids);
  });

  test('keeps the audience filter and ends with an empty page', async () => {
    const ranking = await ids(`select id from public.popular_blogs('weekly', 'for_her', null, 1000, 0)`);
    const first = await popularBlogPage(shop.anon, { window: 'weekly', gender: 'for_her', page: 1, perPage: 12 });
    expect(first.ids).toEqual(ranking.slice(0, 12));
    const past = await popularBlogPage(shop.anon, { window: 'weekly', gender: 'for_her', page: 100, perPage: 12 });
    expect(past.ids).toEqual([]);
  });
});

describe('popularBlogPage with includeUnclicked (/blogs, sorted Most Popular)', () => {
  test('lists every blog: the clicked ones in rank order, then the others newest first', async () => {
    const clicked = await ids(`select id from public.popular_blogs('weekly', null, null, 1000, 0) where clicks > 0`);
    expect(clicked.length, 'the demo has blogs clicked last week').toBeGreaterThan(0);
    const others = await ids(
      'select id from public.blogs where not (id = any ($1::uuid[])) order by created_at desc, id',
      [clicked],
    );
    const total = await count('select count(*)::int as count from public.blogs');
    const pages = [];
    for (let page = 1; page <= Math.ceil(total / 12); page++) {
      const answer = await popularBlogPage(shop.anon, { window: 'weekly', includeUnclicked: true, page, perPage: 12 });
      expect(answer.total).toBe(total);
      pages.push(...answer.ids);
    }
    expect(pages).toEqual([...clicked, ...others]);
  });
});

describe('the build\'s popularity batches', () => {
  test('popularProductsBatch answers each question as one popular_products request does, in the order asked', async () => {
    const { category, subcategory } = await categoryWithSubcategory();
    const questions: PopularityQuery[] = [
      { window: 'daily', perPage: 5 },
      { window: 'monthly', categoryId: category, perPage: 1000, includeUnclicked: true },
      { window: 'daily', categoryId: category, perPage: 50, fallback: false },
      { window: 'monthly', subcategoryIds: [subcategory], gender: 'for_him', priceMax: 50, perPage: 21 },
      { window: 'monthly', perPage: 12, page: 2, includeUnclicked: true },
    ];
    const answers = await popularProductsBatch(shop.anon, questions);
    expect(answers).toEqual(await Promise.all(questions.map((question) => popularProducts(shop.anon, question))));
    expect(answers[1]!.ids.length).toBeGreaterThan(0);
  });

  test('popularBlogsBatch answers each question as one popular_blogs request does, in the order asked', async () => {
    const { category } = await categoryWithSubcategory();
    const questions: BlogRankingQuery[] = [
      { window: 'weekly', limit: 4 },
      { window: 'weekly', gender: 'for_her', limit: 6 },
      { window: 'weekly', gender: 'for_him', categoryId: category, limit: 4 },
      { window: 'daily', limit: 50 },
    ];
    const answers = await popularBlogsBatch(shop.anon, questions);
    const one = async (question: BlogRankingQuery) => (await popularBlogClicks(shop.anon, question)).map((blog) => blog.id);
    expect(answers).toEqual(await Promise.all(questions.map(one)));
    expect(answers[0]).toHaveLength(4);
  });
});
