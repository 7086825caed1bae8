/**
 * The build ranks its popular lists in memory (catalog/ranking.ts) from each window's clicks, read
 * once; the islands ask the SQL functions popular_products and popular_blogs at run time. A prebuilt
 * first page and the pages an island fetches after it must come from one ranking, so every question
 * here is asked of both, as of the same moment, and must get the same ids, window and total: on the
 * demo catalogue, and on a fixture of ties, boundary days and filters that leave a window empty.
 *
 * The build's side is read with the build's own functions (the collection loaders' paged reads and
 * schemas, productClicks, blogClicks); the islands' side with theirs where they have one
 * (popularProducts, popularBlogPage). Neither passes as_of, so the database's clock would decide the
 * windows: a client that adds the same as_of to every RPC pins both sides to one moment.
 */
import { isDeepStrictEqual } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SECTION_PRODUCTS } from '../../src/features/catalog/category-sections.ts';
import { AUDIENCE_PAGE_LIMITS } from '../../src/features/audience/audience-page.ts';
import { TOP_BLOGS } from '../../src/features/blog/landing.ts';
import { blogSchema, type Blog } from '../../src/features/blog/model.ts';
import { blogClicks, blogsChangedSince, popularBlogPage } from '../../src/features/blog/queries.ts';
import { BUDGET_MAX_PRICE, CATEGORY_PAGE_LIMITS, rankingPageSize } from '../../src/features/catalog/category-page.ts';
import { LISTING_PAGE_SIZE } from '../../src/features/catalog/listing.ts';
import { productSchema, type Product } from '../../src/features/catalog/model.ts';
import { POPULARITY_WINDOWS, type PopularityWindow } from '../../src/features/catalog/popularity.ts';
import {
  popularProducts, productClicks, productsChangedSince, type PopularityQuery, type PopularityRanking,
} from '../../src/features/catalog/queries.ts';
import { rankBlogs, rankProducts, type WindowClicks } from '../../src/features/catalog/ranking.ts';
import { readChangedRows } from '../../src/lib/sync-loader.ts';
import type { Database as Schema } from '../../src/lib/database.types.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { DEMO_NOW, openDemoShop, type Db, type DemoShop } from '../support/demo-stand-in.ts';
import {
  addClickEvents, addClicksDaily, createCategory, createSubcategory, type ClickType, type Gender,
} from '../support/fixtures.ts';

// ---------------------------------------------------------------------------------------------
// Both sides of one question
// ---------------------------------------------------------------------------------------------

/** A client whose RPCs all run as of `moment` (the build and the islands leave as_of to now()). */
function asOf(db: Db, moment: string): Db {
  const rpc = ((fn: string, args?: Record<string, unknown>, options?: object) =>
    db.rpc(fn as never, { ...args, as_of: moment } as never, options)) as unknown as Db['rpc'];
  return new Proxy(db, { get: (target, key) => (key === 'rpc' ? rpc : Reflect.get(target, key, target)) });
}

/** What the build ranks from, and the islands' client, as of one moment. */
interface Shop {
  products: Product[];
  blogs: Blog[];
  productClicks: ReadonlyMap<PopularityWindow, WindowClicks>;
  blogClicks: ReadonlyMap<PopularityWindow, WindowClicks>;
  /** The visitor's client, every ranking asked as of the same moment. */
  db: Db;
}

/** A collection as its sync loader fills it on a first build: every row in pages, parsed by the collection's schema. */
async function readCollection<T>(readPage: (from: number, to: number) => Promise<{ data: unknown }[]>, parse: (data: unknown) => T): Promise<T[]> {
  const entries: T[] = [];
  await readChangedRows(readPage, async (rows) => {
    for (const row of rows) entries.push(parse(row.data));
  });
  return entries;
}

async function clicksPerWindow(read: (window: PopularityWindow) => Promise<Map<string, number>>) {
  return new Map(await Promise.all(POPULARITY_WINDOWS.map(async (window) => [window, await read(window)] as const)));
}

/** Reads what the build reads, with the visitor's (anon) client, as the build's client is. */
async function readAsTheBuild(anon: Db, moment: string): Promise<Shop> {
  const db = asOf(anon, moment);
  const [products, blogs, productCounts, blogCounts] = await Promise.all([
    readCollection((from, to) => productsChangedSince(anon, undefined, from, to), (data) => productSchema.parse(data)),
    readCollection((from, to) => blogsChangedSince(anon, undefined, from, to), (data) => blogSchema.parse(data)),
    clicksPerWindow((window) => productClicks(db, window)),
    clicksPerWindow((window) => blogClicks(db, window)),
  ]);
  return { products, blogs, productClicks: productCounts, blogClicks: blogCounts, db };
}

/** Runs `work` over `items`, `limit` at a time; the answers in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return answers;
}

interface Answer<Q, A> {
  question: Q;
  memory: A;
  sql: A;
}

const disagreements = <Q, A>(answers: readonly Answer<Q, A>[]) => answers.filter((a) => !isDeepStrictEqual(a.memory, a.sql));

/** popular_products as the islands ask it, and rankProducts as the build asks it. */
function askProducts(shop: Shop, questions: readonly PopularityQuery[]): Promise<Answer<PopularityQuery, PopularityRanking>[]> {
  return mapLimited(questions, 6, async (question) => ({
    question,
    memory: rankProducts(shop.products, (window) => shop.productClicks.get(window)!, question),
    sql: await popularProducts(shop.db, question),
  }));
}

interface BlogQuestion {
  window: PopularityWindow;
  gender?: string;
  categoryId?: string;
  limit: number;
  offset?: number;
}

interface BlogRanking {
  ids: string[];
  /** As total_count: the blogs in the whole ranking, none when the page is empty. */
  total: number;
}

/** popular_blogs through supabase-js, and rankBlogs as the build asks it. */
function askBlogs(shop: Shop, questions: readonly BlogQuestion[]): Promise<Answer<BlogQuestion, BlogRanking>[]> {
  return mapLimited(questions, 6, async (question) => {
    const clicks = shop.blogClicks.get(question.window)!;
    const ids = rankBlogs(shop.blogs, clicks, question);
    const whole = rankBlogs(shop.blogs, clicks, { ...question, limit: 1000, offset: 0 });
    const { data, error } = await shop.db.rpc('popular_blogs', {
      time_window: question.window,
      gender_filter: question.gender,
      category_filter: question.categoryId,
      result_limit: question.limit,
      result_offset: question.offset ?? 0,
    });
    if (error) throw new Error(`popular_blogs(${JSON.stringify(question)})`, { cause: error });
    return {
      question,
      memory: { ids, total: ids.length > 0 ? whole.length : 0 },
      sql: { ids: data.map((r) => r.id), total: Number(data[0]?.total_count ?? 0) },
    };
  });
}

/** Every combination of the values given for each field (an undefined value leaves the field out). */
function combinations<T extends object>(fields: { [K in keyof T]: readonly T[K][] }): T[] {
  return Object.entries(fields).reduce<Record<string, unknown>[]>(
    (partial, [key, values]) =>
      partial.flatMap((question) =>
        (values as unknown[]).map((value) => (value === undefined ? question : { ...question, [key]: value }))),
    [{}],
  ) as T[];
}

const FLAGS = combinations<Pick<PopularityQuery, 'window' | 'fallback' | 'includeUnclicked'>>({
  window: POPULARITY_WINDOWS,
  fallback: [true, false],
  includeUnclicked: [false, true],
});

/** Every page of `perPage` until the first empty one (which must be empty on both sides too). */
function pagesOf(question: Omit<PopularityQuery, 'page' | 'perPage'>, perPage: number, count: number): PopularityQuery[] {
  return Array.from({ length: Math.ceil(count / perPage) + 1 }, (_, i) => ({ ...question, perPage, page: i + 1 }));
}

function blogPagesOf(question: Omit<BlogQuestion, 'limit' | 'offset'>, limit: number, count: number): BlogQuestion[] {
  return Array.from({ length: Math.ceil(count / limit) + 1 }, (_, i) => ({ ...question, limit, offset: i * limit }));
}

// ---------------------------------------------------------------------------------------------
// The demo catalogue
// ---------------------------------------------------------------------------------------------

describe('on the demo catalogue', () => {
  let demo: DemoShop;
  let shop: Shop;
  let productCategories: { id: string; subcategories: string[] }[];
  let blogCategories: string[];

  beforeAll(async () => {
    demo = await openDemoShop();
    shop = await readAsTheBuild(demo.anon, DEMO_NOW.toISOString());
    const categories = await demo.sql<{ id: string; type: string[]; subcategories: string[] }>(`
      select c.id, c.type, coalesce(array_agg(s.id order by s.name) filter (where s.id is not null), '{}') as subcategories
      from public.categories c left join public.subcategories s on s.category_id = c.id
      where c.visible group by c.id order by c.name`);
    productCategories = categories.filter((c) => c.type.includes('product'));
    blogCategories = categories.filter((c) => c.type.includes('blog')).map((c) => c.id);
  });

  afterAll(async () => {
    await demo?.close();
  });

  test('the build reads every product and blog, and clicks in every window', async () => {
    const [counts] = await demo.sql<{ products: number; blogs: number }>(
      'select (select count(*)::int from public.products) as products, (select count(*)::int from public.blogs) as blogs');
    expect([shop.products.length, shop.blogs.length]).toEqual([counts!.products, counts!.blogs]);
    for (const window of POPULARITY_WINDOWS) {
      expect(shop.productClicks.get(window)!.size, window).toBeGreaterThan(50);
      expect(shop.blogClicks.get(window)!.size, window).toBeGreaterThan(10);
    }
  });

  test('whole-catalogue rankings agree for every window, fallback, unclicked flag and audience, whole and at the home and audience pages\' sizes', async () => {
    const questions: PopularityQuery[] = [
      ...FLAGS.flatMap((flags) => [undefined, 'for_him', 'for_her', 'for_both'].map((gender) => ({ ...flags, gender, perPage: 1000 }))),
      { window: 'monthly', perPage: CATEGORY_PAGE_LIMITS.popular },
      ...[undefined, 'for_him', 'for_her', 'for_both'].flatMap((gender) => [
        { window: 'daily' as const, gender, perPage: AUDIENCE_PAGE_LIMITS.topClicked },
        { window: 'monthly' as const, gender, perPage: CATEGORY_PAGE_LIMITS.popular },
      ]),
    ];
    const answers = await askProducts(shop, questions);
    expect(disagreements(answers)).toEqual([]);
    expect(answers.filter((a) => a.sql.ids.length >= Math.min(a.question.perPage, 10))).toHaveLength(questions.length);
  });

  test('each product category ranks alike, whole and at the sizes its pages and sections ask', async () => {
    // Every demo category has clicks in every window, so fallback never fires here (the fixture's filters
    // make it), and the ranking with the unclicked products holds the one without as its head.
    const audiences = ['for_him', 'for_her', undefined] as const;
    const questions = productCategories.flatMap(({ id: categoryId }, i) => {
      const gender = audiences[i % audiences.length];
      const count = shop.products.filter((p) => p.categoryIds.includes(categoryId)).length;
      return [
        ...POPULARITY_WINDOWS.map((window) => ({ window, categoryId, perPage: 1000, includeUnclicked: true })),
        { window: 'monthly' as const, categoryId, perPage: rankingPageSize(count), includeUnclicked: true },
        { window: 'monthly' as const, categoryId, perPage: SECTION_PRODUCTS, includeUnclicked: true },
        { window: 'daily' as const, categoryId, gender, perPage: CATEGORY_PAGE_LIMITS.topClicked, fallback: false },
        { window: 'monthly' as const, categoryId, gender, perPage: CATEGORY_PAGE_LIMITS.topClicked },
      ];
    });
    const answers = await askProducts(shop, questions);
    expect(disagreements(answers)).toEqual([]);
    expect(answers.filter((a) => a.sql.ids.length > 0).length).toBeGreaterThan(questions.length * 0.9);
  });

  test('each subcategory ranks alike, for each audience and under $50, as the subcategory lists ask', async () => {
    const audiences = [undefined, 'for_him', 'for_her'] as const;
    const questions = productCategories.flatMap(({ id: categoryId, subcategories }) =>
      subcategories.map((subcategory, i) => ({
        window: 'monthly' as const,
        categoryId,
        subcategoryIds: [subcategory],
        gender: audiences[i % audiences.length],
        priceMax: i % 2 === 0 ? BUDGET_MAX_PRICE : undefined,
        perPage: CATEGORY_PAGE_LIMITS.popular,
        includeUnclicked: true,
      })));
    const answers = await askProducts(shop, questions);
    expect(disagreements(answers)).toEqual([]);
    expect(answers.filter((a) => a.sql.ids.length > 0).length).toBeGreaterThan(questions.length / 2);
  });

  test('the pages of the popular /products sort continue the ranking of the prebuilt first page', async () => {
    const [category] = productCategories;
    const states: Omit<PopularityQuery, 'page' | 'perPage'>[] = [
      { window: 'monthly', includeUnclicked: true },
      { window: 'monthly', includeUnclicked: true, gender: 'for_her', priceMin: 20, priceMax: 200 },
      { window: 'monthly', includeUnclicked: true, categoryId: category!.id, subcategoryIds: category!.subcategories.slice(0, 1) },
    ];
    const whole = await askProducts(shop, states.map((state) => ({ ...state, perPage: 1000 })));
    const pages = await askProducts(shop, states.flatMap((state, i) => pagesOf(state, LISTING_PAGE_SIZE, whole[i]!.sql.total)));
    expect(disagreements([...whole, ...pages])).toEqual([]);
    // Page after page, the islands list the whole catalogue once, in the build's order.
    const unfiltered = pages.filter((a) => a.question.gender === undefined && a.question.categoryId === undefined).flatMap((a) => a.sql.ids);
    expect(unfiltered).toEqual(whole[0]!.memory.ids);
    expect(unfiltered).toHaveLength(shop.products.length);
  });

  test('blog rankings agree for every window, audience and blog category', async () => {
    const audiences = [undefined, 'for_him', 'for_her', 'for_both'] as const;
    const questions = POPULARITY_WINDOWS.flatMap((window) => [
      ...[...audiences, '', 'nobody'].map((gender) => ({ window, gender, limit: 1000 })),
      ...blogCategories.map((categoryId) => ({ window, categoryId, limit: 1000 })),
    ]);
    // The blog landing page's sections: last week's, by category and audience.
    questions.push(...blogCategories.map((categoryId, i) => ({ window: 'weekly' as const, categoryId, gender: audiences[1 + (i % 3)], limit: TOP_BLOGS })));
    const answers = await askBlogs(shop, questions);
    expect(disagreements(answers)).toEqual([]);
    expect(answers.filter((a) => a.sql.ids.length > 0).length).toBeGreaterThan(questions.length / 2);
  });

  test('the pages of the popular /blogs sort continue the ranking of the prebuilt top blogs', async () => {
    const memory = (gender?: string) => rankBlogs(shop.blogs, shop.blogClicks.get('weekly')!, { gender, limit: 1000 });
    for (const gender of [undefined, 'for_him', 'for_her'] as const) {
      const pages = await mapLimited([1, 2, 3, 4, 5, 6], 3, (page) =>
        popularBlogPage(shop.db, { window: 'weekly', gender, page, perPage: LISTING_PAGE_SIZE }));
      expect(pages.flatMap((p) => p.ids), gender).toEqual(memory(gender));
      expect(pages[0]!.total, gender).toBe(memory(gender).length);
      expect(memory(gender).slice(0, TOP_BLOGS)).toEqual(rankBlogs(shop.blogs, shop.blogClicks.get('weekly')!, { gender, limit: TOP_BLOGS }));
    }
  });
});

// ---------------------------------------------------------------------------------------------
// A fixture of ties and edge cases
// ---------------------------------------------------------------------------------------------

/**
 * Wednesday 4 March 2026, noon UTC: daily is 3 March, weekly 23 February to 1 March, monthly
 * February. The other moments move the windows over the same clicks: Sunday 1 March at midnight
 * (daily 28 February, weekly 16 to 22 February) and the last microsecond of Monday 2 March
 * (daily 1 March, weekly 23 February to 1 March).
 */
const MOMENTS = ['2026-03-04T12:00:00Z', '2026-03-01T00:00:00Z', '2026-03-02T23:59:59.999999Z'] as const;

const id = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

interface FixtureProduct {
  id: string;
  categories: string[];
  subcategories: string[];
  gender: Gender;
  price: string;
  created: string;
  /** [day or moment, clicks]; a moment ('T') is written as raw events, a day as a rolled-up row. */
  clicks: [string, number][];
}

describe('on a fixture of ties and edge cases', () => {
  let db: TestDatabase;
  let standIn: StandIn;
  let anon: Db;
  const shops = new Map<string, Shop>();
  /** Ids by name: of categories and subcategories, of products, of blogs. */
  const idOf: Record<string, string> = {};
  const productIdOf: Record<string, string> = {};
  const blogIdOf: Record<string, string> = {};

  beforeAll(async () => {
    db = await openTestDatabase();
    for (const name of ['gadgets', 'home', 'quiet', 'empty']) idOf[name] = (await createCategory(db, { name })).id;
    for (const name of ['stories', 'guides', 'silent']) idOf[name] = (await createCategory(db, { name, type: ['blog'] })).id;
    idOf.audio = (await createSubcategory(db, { category_id: idOf.gadgets!, name: 'audio' })).id;
    idOf.video = (await createSubcategory(db, { category_id: idOf.gadgets!, name: 'video' })).id;
    idOf.lamps = (await createSubcategory(db, { category_id: idOf.home!, name: 'lamps' })).id;

    const products: Record<string, FixtureProduct> = {
      // Same clicks, same created_at: the smaller id (…091 before …0a1) first.
      tieByIdHigh: { id: id('1', 0xa1), categories: ['gadgets'], subcategories: ['audio'], gender: 'for_him', price: '19.99', created: '2026-01-10T09:00:00Z', clicks: [['2026-03-03T08:00:00Z', 5]] },
      tieByIdLow: { id: id('1', 0x91), categories: ['gadgets'], subcategories: ['audio'], gender: 'for_him', price: '20.00', created: '2026-01-10T09:00:00Z', clicks: [['2026-03-03', 5]] },
      // Same clicks, created a microsecond apart, and half a second later.
      microOld: { id: id('1', 1), categories: ['gadgets'], subcategories: ['video'], gender: 'for_her', price: '49.99', created: '2026-01-11T09:00:00.000001Z', clicks: [['2026-03-03', 3]] },
      microNew: { id: id('1', 2), categories: ['gadgets'], subcategories: ['video'], gender: 'for_her', price: '50.00', created: '2026-01-11T09:00:00.000002Z', clicks: [['2026-03-03', 3]] },
      halfSecond: { id: id('1', 3), categories: ['home'], subcategories: ['lamps'], gender: 'for_both', price: '50.01', created: '2026-01-11T09:00:00.5Z', clicks: [['2026-03-03', 3]] },
      // Half its day rolled up, half still events; in two categories; free.
      split: { id: id('1', 4), categories: ['gadgets', 'home'], subcategories: ['audio', 'lamps'], gender: 'for_both', price: '0.00', created: '2026-01-12T00:00:00Z', clicks: [['2026-03-03', 2], ['2026-03-03T23:59:59.999999Z', 2]] },
      dearest: { id: id('1', 5), categories: ['home'], subcategories: [], gender: 'for_her', price: '99999999.99', created: '2026-01-09T00:00:00Z', clicks: [['2026-03-03', 4], ['2026-02-26', 1]] },
      // Clicked only today and in January: in no window at any moment.
      todayOnly: { id: id('1', 6), categories: ['gadgets'], subcategories: [], gender: 'for_him', price: '10.00', created: '2026-01-13T00:00:00Z', clicks: [['2026-03-04T00:00:00Z', 100], ['2026-01-31', 50]] },
      sundayOnly: { id: id('1', 7), categories: ['home'], subcategories: ['lamps'], gender: 'for_her', price: '120.00', created: '2026-01-16T00:00:00Z', clicks: [['2026-03-01T23:59:59.999999Z', 6], ['2026-02-23', 1]] },
      lastOfFebruary: { id: id('1', 8), categories: ['home'], subcategories: [], gender: 'for_her', price: '45.00', created: '2026-01-17T00:00:00Z', clicks: [['2026-02-28', 8]] },
      // More clicks than a 32-bit integer holds.
      firstOfFebruary: { id: id('1', 9), categories: ['gadgets'], subcategories: ['video'], gender: 'for_him', price: '75.00', created: '2026-01-18T00:00:00Z', clicks: [['2026-02-01', 3_000_000_000]] },
      sunday22: { id: id('1', 10), categories: ['gadgets'], subcategories: [], gender: 'for_both', price: '15.00', created: '2026-01-19T00:00:00Z', clicks: [['2026-02-22', 2]] },
      monthTieA: { id: id('1', 11), categories: [], subcategories: [], gender: 'for_both', price: '5.00', created: '2026-01-21T00:00:00Z', clicks: [['2026-02-10', 3]] },
      monthTieB: { id: id('1', 12), categories: [], subcategories: [], gender: 'for_him', price: '5.00', created: '2026-01-21T00:00:00Z', clicks: [['2026-02-10', 3]] },
      // Never clicked: they follow the clicked ones newest first, ties by id.
      quietA: { id: id('1', 13), categories: ['quiet'], subcategories: [], gender: 'for_both', price: '25.00', created: '2026-01-10T09:00:00Z', clicks: [] },
      quietB: { id: id('1', 14), categories: ['quiet'], subcategories: [], gender: 'for_him', price: '25.00', created: '2026-01-10T09:00:00Z', clicks: [] },
      quietNewest: { id: id('1', 15), categories: ['quiet'], subcategories: [], gender: 'for_her', price: '25.00', created: '2026-02-20T00:00:00Z', clicks: [] },
      // Only clicks that do not count: affiliate ones, a day row of 0, other kinds of click.
      affiliateOnly: { id: id('1', 16), categories: ['gadgets'], subcategories: [], gender: 'for_both', price: '30.00', created: '2026-01-14T00:00:00Z', clicks: [] },
      otherKinds: { id: id('1', 17), categories: ['home'], subcategories: [], gender: 'for_him', price: '30.00', created: '2026-01-15T00:00:00Z', clicks: [] },
    };
    for (const [name, product] of Object.entries(products)) {
      productIdOf[name] = product.id;
      await db.query(
        `insert into public.products (id, name, price, image_url, category_ids, subcategory_ids, gender_category, created_at)
         values ($1, $2, $3, 'https://img.example.com/p.jpg', $4, $5, $6, $7)`,
        [product.id, name, product.price, product.categories.map((k) => idOf[k]), product.subcategories.map((k) => idOf[k]),
          product.gender, product.created],
      );
      for (const [when, clicks] of product.clicks) await addClicks(db, product.id, 'product', when, clicks);
    }
    await addClickEvents(db, { item_id: productIdOf.affiliateOnly!, at: '2026-03-03T08:00:00Z', count: 9, affiliate: true });
    await addClicksDaily(db, { item_id: productIdOf.affiliateOnly!, day: '2026-02-27', clicks: 0, affiliate_clicks: 4 });
    await addClickEvents(db, { item_id: productIdOf.otherKinds!, click_type: 'quiz', at: '2026-03-03T08:00:00Z', count: 9 });
    await addClicksDaily(db, { item_id: productIdOf.otherKinds!, click_type: 'category', day: '2026-02-26', clicks: 9 });
    // Clicks on a product since deleted.
    await addClicksDaily(db, { item_id: id('f', 1), day: '2026-03-03', clicks: 50 });

    const blogs: [string, string, string | null, Gender, string, [string, number][]][] = [
      ['tieByIdHigh', id('2', 0xb2), 'stories', 'for_him', '2026-01-05T08:00:00Z', [['2026-02-25', 4]]],
      ['tieByIdLow', id('2', 0xb1), 'stories', 'for_her', '2026-01-05T08:00:00Z', [['2026-02-25', 3], ['2026-03-01T12:00:00Z', 1]]],
      ['microOld', id('2', 1), 'guides', 'for_both', '2026-01-06T08:00:00.000001Z', [['2026-02-24', 2]]],
      ['microNew', id('2', 2), 'guides', 'for_him', '2026-01-06T08:00:00.000002Z', [['2026-02-24', 2]]],
      ['uncategorised', id('2', 3), null, 'for_both', '2026-01-07T00:00:00Z', [['2026-03-03', 1], ['2026-03-01', 1]]],
      ['februaryOnly', id('2', 4), 'stories', 'for_her', '2026-01-08T00:00:00Z', [['2026-02-03', 9]]],
      ['todayOnly', id('2', 5), 'guides', 'for_her', '2026-01-09T00:00:00Z', [['2026-03-04T09:00:00Z', 30]]],
      ['silentOld', id('2', 6), 'silent', 'for_both', '2026-01-02T00:00:00Z', []],
      ['silentNew', id('2', 7), 'silent', 'for_her', '2026-02-25T00:00:00Z', []],
      ['silentTie', id('2', 8), 'silent', 'for_him', '2026-02-25T00:00:00Z', []],
    ];
    for (const [title, key, category, gender, created, clicks] of blogs) {
      blogIdOf[title] = key;
      await db.query(
        `insert into public.blogs (id, title, content, category_id, gender_category, created_at) values ($1, $2, 'Text.', $3, $4, $5)`,
        [key, title, category && idOf[category], gender, created],
      );
      for (const [when, count] of clicks) await addClicks(db, key, 'blog', when, count);
    }
    // A blog's id clicked as a product does not make the blog popular.
    await addClicksDaily(db, { item_id: blogIdOf.silentOld!, day: '2026-02-25', clicks: 50 });

    standIn = await startStandIn({ port: 0, db });
    anon = createClient<Schema>(standIn.url, standIn.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    for (const moment of MOMENTS) shops.set(moment, await readAsTheBuild(anon, moment));
  });

  afterAll(async () => {
    await standIn?.close();
    await db?.drop();
  });

  const at = (moment: string) => shops.get(moment)!;
  const names = (ids: readonly string[], of: Record<string, string>) => {
    const byId = new Map(Object.entries(of).map(([name, key]) => [key, name]));
    return ids.map((key) => byId.get(key) ?? key);
  };

  test('ties in clicks go to the newest, to the microsecond, then to the smaller id, on both sides', async () => {
    const question = { window: 'daily', perPage: 1000 } as const;
    const [answer] = await askProducts(at(MOMENTS[0]), [question]);
    expect(answer!.sql).toEqual(answer!.memory);
    expect(names(answer!.sql.ids, productIdOf)).toEqual(['tieByIdLow', 'tieByIdHigh', 'split', 'dearest', 'halfSecond', 'microNew', 'microOld']);
    const [blogs] = await askBlogs(at(MOMENTS[0]), [{ window: 'weekly', limit: 1000 }]);
    expect(blogs!.sql).toEqual(blogs!.memory);
    expect(names(blogs!.sql.ids, blogIdOf)).toEqual(['tieByIdLow', 'tieByIdHigh', 'microNew', 'microOld', 'uncategorised']);
  });

  test('clicks that count in no window leave a product unclicked on both sides', async () => {
    const counted = new Set(MOMENTS.flatMap((moment) => POPULARITY_WINDOWS.flatMap((w) => [...at(moment).productClicks.get(w)!.keys()])));
    for (const name of ['todayOnly', 'affiliateOnly', 'otherKinds', 'quietA']) expect(counted.has(productIdOf[name]!), name).toBe(false);
    expect(counted.has(id('f', 1))).toBe(false);
    const [monthly] = await askProducts(at(MOMENTS[0]), [{ window: 'monthly', perPage: 1000 }]);
    expect(monthly!.sql).toEqual(monthly!.memory);
    expect(monthly!.sql.ids[0]).toBe(productIdOf.firstOfFebruary);
  });

  // The first moment asks every combination; the others move the windows over the same clicks, where
  // the ranking with the unclicked products (the clicked ones, then the rest) shows each window's answer.
  describe.each([
    { moment: MOMENTS[0], flags: FLAGS },
    { moment: MOMENTS[1], flags: FLAGS.filter((flags) => flags.includeUnclicked) },
    { moment: MOMENTS[2], flags: FLAGS.filter((flags) => flags.includeUnclicked) },
  ])('as of $moment', ({ moment, flags }) => {
    test('every window, fallback, unclicked flag and filter ranks alike, whole', async () => {
      const filters: Omit<PopularityQuery, 'window' | 'perPage'>[] = [
        {}, { gender: 'for_him' }, { gender: 'for_her' }, { gender: 'for_both' }, { gender: '' }, { gender: 'FOR_HIM' },
        { categoryId: idOf.gadgets }, { categoryId: idOf.home, gender: 'for_her' }, { categoryId: idOf.quiet }, { categoryId: idOf.empty },
        { categoryId: id('9', 9) }, { categoryId: idOf.gadgets, subcategoryIds: [idOf.video!], gender: 'for_him' },
        { subcategoryIds: [idOf.lamps!], priceMin: 100 }, { subcategoryIds: [idOf.audio!, idOf.lamps!] }, { subcategoryIds: [] },
        { priceMin: 50, priceMax: 50 }, { priceMax: 49.99 }, { priceMin: 0, priceMax: 0 }, { priceMin: 50.005 },
        { categoryId: idOf.home, priceMax: 46, gender: 'for_her' },
      ];
      const questions = flags.flatMap((flag) => filters.map((filter) => ({ ...flag, ...filter, perPage: 1000 })));
      const answers = await askProducts(at(moment), questions);
      expect(disagreements(answers)).toEqual([]);
      // The fixture must exercise each rule: fallbacks to both later windows, empty answers, unclicked tails.
      const fell = new Set(answers.filter((a) => a.sql.window && a.sql.window !== a.question.window).map((a) => `${a.question.window}>${a.sql.window}`));
      expect([...fell]).toEqual(expect.arrayContaining(['daily>monthly', 'daily>weekly']));
      expect(answers.some((a) => a.sql.ids.length === 0)).toBe(true);
      const clicked = (a: (typeof answers)[number]) => (key: string) => at(moment).productClicks.get(a.sql.window as PopularityWindow)!.has(key);
      expect(answers.some((a) => a.sql.ids.some(clicked(a)) && !a.sql.ids.every(clicked(a)))).toBe(true);
    });

    test('blogs rank alike for every window and filter, the newest answering where none was clicked', async () => {
      const filters: Omit<BlogQuestion, 'window' | 'limit'>[] = [
        {}, { gender: 'for_him' }, { gender: 'for_her' }, { gender: 'for_both' }, { gender: '' }, { gender: 'nobody' },
        { categoryId: idOf.stories }, { categoryId: idOf.guides }, { categoryId: idOf.silent }, { categoryId: idOf.gadgets },
        { categoryId: idOf.stories, gender: 'for_him' }, { categoryId: idOf.guides, gender: 'for_her' }, { categoryId: idOf.silent, gender: 'for_her' },
      ];
      const questions = POPULARITY_WINDOWS.flatMap((window) => filters.map((filter) => ({ window, ...filter, limit: 1000 })));
      const answers = await askBlogs(at(moment), questions);
      expect(disagreements(answers)).toEqual([]);
      expect(answers.some((a) => a.question.categoryId === idOf.silent && a.sql.ids.length === 3)).toBe(true);
    });
  });

  test('every page size and offset pages through the same ranking', async () => {
    const shop = at(MOMENTS[0]);
    const products = [1, 5, LISTING_PAGE_SIZE].flatMap((perPage) => [
      ...pagesOf({ window: 'daily', includeUnclicked: true }, perPage, shop.products.length),
      ...pagesOf({ window: 'weekly', gender: 'for_her' }, perPage, shop.products.length),
    ]);
    const blogs = [1, TOP_BLOGS].flatMap((limit) =>
      POPULARITY_WINDOWS.flatMap((window) => [
        ...blogPagesOf({ window }, limit, shop.blogs.length),
        ...blogPagesOf({ window, categoryId: idOf.silent }, limit, 3),
      ]));
    const [productAnswers, blogAnswers] = await Promise.all([askProducts(shop, products), askBlogs(shop, blogs)]);
    expect(disagreements(productAnswers)).toEqual([]);
    expect(disagreements(blogAnswers)).toEqual([]);
    expect(productAnswers.filter((a) => a.question.page! > 1 && a.sql.ids.length > 0).length).toBeGreaterThan(10);
  });

  test('a window no blog was clicked in lists every blog, newest first, on both sides', async () => {
    // Sunday 1 March at midnight: daily is 28 February, when no blog was clicked.
    const shop = at(MOMENTS[1]);
    expect(shop.blogClicks.get('daily')!.size).toBe(0);
    const [answer] = await askBlogs(shop, [{ window: 'daily', limit: 1000 }]);
    expect(answer!.sql).toEqual(answer!.memory);
    expect(names(answer!.sql.ids, blogIdOf)).toEqual([
      'silentNew', 'silentTie', 'todayOnly', 'februaryOnly', 'uncategorised', 'microNew', 'microOld', 'tieByIdLow', 'tieByIdHigh', 'silentOld',
    ]);
  });

  test('a window name the functions do not know counts as monthly on both sides', async () => {
    const shop = at(MOMENTS[0]);
    for (const window of ['yearly', 'Daily']) {
      const question = { window, perPage: 1000 } as unknown as PopularityQuery;
      const [answer] = await askProducts(shop, [question]);
      expect(answer!.sql, window).toEqual(answer!.memory);
      expect(answer!.sql.window).toBe('monthly');
    }
  });

  test('both refuse the same pages, with the same message', async () => {
    const shop = at(MOMENTS[0]);
    for (const question of [{ page: 0, perPage: 5 }, { perPage: 0 }, { perPage: 1001 }]) {
      const query = { window: 'monthly', ...question } as const;
      const memory = (() => {
        try {
          rankProducts(shop.products, (w) => shop.productClicks.get(w)!, query);
        } catch (error) {
          return (error as Error).message;
        }
      })();
      const sql = await popularProducts(shop.db, query).then(() => undefined, (error: Error) => (error.cause as Error).message);
      expect(memory, JSON.stringify(question)).toBeDefined();
      expect(sql).toBe(memory);
    }
    for (const question of [{ limit: 0 }, { limit: 1001 }, { limit: 4, offset: -1 }]) {
      const memory = (() => {
        try {
          rankBlogs(shop.blogs, shop.blogClicks.get('weekly')!, question);
        } catch (error) {
          return (error as Error).message;
        }
      })();
      const { error } = await shop.db.rpc('popular_blogs', { time_window: 'weekly', result_limit: question.limit, result_offset: question.offset });
      expect(memory, JSON.stringify(question)).toBeDefined();
      expect(error?.message).toBe(memory);
    }
  });
});

/** Clicks at a moment ('…T…', raw events) or on a day (one rolled-up row). */
async function addClicks(db: TestDatabase, item: string, type: ClickType, when: string, count: number): Promise<void> {
  if (when.includes('T')) await addClickEvents(db, { item_id: item, click_type: type, at: when, count });
  else await addClicksDaily(db, { item_id: item, click_type: type, day: when, clicks: count });
}
